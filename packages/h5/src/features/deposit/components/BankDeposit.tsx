import { useState } from 'react';
import Input from 'antd-mobile/es/components/input';
import Picker from 'antd-mobile/es/components/picker';
import { RightOutline } from 'antd-mobile-icons';
import { depositBankRules, LIMITS } from '@app/contract';
import { FieldErrorsScope, FieldMessage, refusalFields, useFieldError, useFieldErrors, type FieldError } from '../../../shared/components/FieldErrors';
import { useBankList } from '../../cards/api';
import { usePayRange, useReceivingAccounts } from '../api';
import { AmountCard } from './AmountCard';
import { CopyRow } from './CopyRow';
import { SubmitBar } from './SubmitBar';
import { useSubmitDeposit } from './useSubmitDeposit';

/** One depositor row: label, control, and the field's error under the control. */
function Row({ label, name, value, children }: { label: string; name: string; value: string; children: (error: FieldError) => React.ReactNode }) {
  const error = useFieldError(name, value);
  return (
    <div className={`dep-field${error.message ? ' invalid' : ''}`}>
      <span className="dep-field-label">{label}</span>
      <div className="dep-field-control">
        {children(error)}
        <FieldMessage error={error} />
      </div>
    </div>
  );
}

/** The server's refusals about the payer's fields (it runs the same rules), shown under them. */
const REFUSED_FIELD = refusalFields(depositBankRules);

/** 银行卡转账: the house's receiving account to copy, the depositor's details, the amount. */
export function BankDeposit() {
  const { data: accounts, isLoading } = useReceivingAccounts();
  const account = accounts?.find((a) => a.type === 'bank');
  const { data: banks = [] } = useBankList();
  const range = usePayRange('bank');
  const errors = useFieldErrors();
  const { submit, busy } = useSubmitDeposit(errors, REFUSED_FIELD);
  const [owner, setOwner] = useState('');
  const [bank, setBank] = useState('');
  const [bankNo, setBankNo] = useState('');
  const [branch, setBranch] = useState('');
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState(false);

  const onSubmit = () => {
    const form = { bank_owner: owner.trim(), bank, bank_no: bankNo.replace(/\s+/g, ''), bank_address: branch.trim() };
    if (busy || !errors.check(form, depositBankRules)) return;
    void submit(amount, range, { paytype: 'bank', ...form });
  };

  return (
    <FieldErrorsScope errors={errors}>
      <section className="dep-card dep-account" data-testid="receiving-account">
        <div className="dep-card-title">
          收款账户
          <span className="dep-card-tag">请转账至以下账户</span>
        </div>
        {account ? (
          <>
            <div className="dep-account-bank">
              <span className="dep-account-mark">{account.bank_data.bank_name.replace(/^中国/, '').slice(0, 1)}</span>
              <span data-testid="receiving-bank">{account.bank_data.bank_name}</span>
            </div>
            <CopyRow label="收款人" value={account.bank_owner} testId="receiving-owner" />
            <CopyRow label="收款卡号" value={account.bank_no} testId="receiving-no" mono />
            <CopyRow label="开户行" value={account.bank_address} testId="receiving-address" />
          </>
        ) : (
          <div className="dep-muted">{isLoading ? '加载中…' : '暂无可用的收款账户，请联系在线客服'}</div>
        )}
      </section>

      <section className="dep-card">
        <div className="dep-card-title">存款人信息</div>
        <Row label="存款人姓名" name="bank_owner" value={owner}>
          {(error) => <Input ref={error.inputRef} name="bank_owner" data-testid="field-bank_owner" placeholder="请输入存款人姓名" value={owner} onChange={setOwner} maxLength={LIMITS.inputMaxLength} clearable />}
        </Row>
        <Row label="银行类型" name="bank" value={bank}>
          {(error) => (
            <button type="button" className={`dep-select${bank ? '' : ' empty'}`} data-testid="field-bank" {...error.aria} onClick={() => setPicking(true)}>
              <span>{bank || '请选择银行类型'}</span>
              <RightOutline />
            </button>
          )}
        </Row>
        <Row label="银行卡号" name="bank_no" value={bankNo}>
          {(error) => <Input ref={error.inputRef} name="bank_no" data-testid="field-bank_no" inputMode="numeric" placeholder="请输入付款银行卡号" value={bankNo} onChange={(v) => setBankNo(v.replace(/[^\d ]/g, ''))} maxLength={40} clearable />}
        </Row>
        <Row label="开户行地址" name="bank_address" value={branch}>
          {(error) => <Input ref={error.inputRef} name="bank_address" data-testid="field-bank_address" placeholder="请输入开户行地址" value={branch} onChange={setBranch} maxLength={50} clearable />}
        </Row>
      </section>
      <Picker
        title="请选择银行类型"
        columns={[banks.map((b) => ({ label: b.bank_name, value: b.bank_name }))]}
        visible={picking}
        value={bank ? [bank] : undefined}
        onClose={() => setPicking(false)}
        onConfirm={(v) => {
          if (v[0]) setBank(String(v[0]));
        }}
      />

      <AmountCard value={amount} onChange={setAmount} range={range} />
      <SubmitBar busy={busy} onSubmit={onSubmit} />
    </FieldErrorsScope>
  );
}
