import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useQueryClient } from '@tanstack/react-query';
import { BANK_MSG, bankCardRules, CARD_TYPE, CARD_NUMBER_MAX, LIMITS, MSG, type BindCardInput } from '@app/contract';
import { FieldErrorsScope, refusalFields, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { needsPayPassword, usePayPasswordGate } from '../../../shared/auth/payPassword';
import { bankListKey, useBindCard } from '../api';
import { BankCardFace, previewBankNumber } from '../components/CardFaces';
import { BankField, PayPasswordField, TextField } from '../components/fields';
import { SafetyNote } from '../components/SafetyNote';
import { useBindDone } from '../components/useBindDone';
import { failureMessage } from '../../../shared/api/client';
import '../components/cards.css';

/** Groups a card number in fours as it is typed: 6214830112345678 → 6214 8301 1234 5678. */
function groupDigits(value: string): string {
  return value
    .replace(/[^\d]/g, '')
    .slice(0, CARD_NUMBER_MAX)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The server's refusals that are about one field (it runs the same rules, and checks the bank is one
 * the list offers, the payment password and a duplicate), shown under it.
 */
const REFUSED_FIELD = refusalFields(bankCardRules, {}, { [MSG.payPasswordWrong]: 'pay_pass', [MSG.cardDuplicate]: 'bank_no', [BANK_MSG.unavailable]: 'bank' });

/** /addBankCard (spec §2, §5 bank card binding): holder, bank, branch, number, payment password. */
export default function AddBankCard() {
  const [owner, setOwner] = useState('');
  const [bank, setBank] = useState('');
  const [branch, setBranch] = useState('');
  const [number, setNumber] = useState('');
  const [payPass, setPayPass] = useState('');
  const bind = useBindCard();
  const client = useQueryClient();
  const errors = useFieldErrors();
  const done = useBindDone(CARD_TYPE.bank);
  // DESIGN §4: no payment password of its own yet → set it first, then back here.
  const toSetup = usePayPasswordGate();

  const submit = async () => {
    if (bind.isPending) return;
    const input: BindCardInput = { bank_owner: owner.trim(), bank, bank_address: branch.trim(), bank_no: number.trim(), pay_pass: payPass };
    if (!errors.check(input, bankCardRules)) return;
    try {
      await bind.mutateAsync(input);
      done();
    } catch (e) {
      if (needsPayPassword(e)) {
        toSetup();
        return;
      }
      const message = failureMessage(e);
      // a bank switched off since the picker loaded: the picker offers the list as it is now
      if (message === BANK_MSG.unavailable) void client.invalidateQueries({ queryKey: bankListKey });
      errors.refuse(message, REFUSED_FIELD);
    }
  };

  return (
    <Page title="添加银行卡" className="cards-page">
      <div className="cards-preview">
        <BankCardFace bank={bank} holder={owner} number={previewBankNumber(number)} branch={branch} testId="bank-preview" />
      </div>
      <div className="cards-section-title">持卡人信息</div>
      <div className="cards-form">
        <FieldErrorsScope errors={errors}>
          <List>
            <TextField name="bank_owner" label="持卡人姓名" placeholder="请输入持卡人真实姓名" value={owner} onChange={setOwner} maxLength={LIMITS.inputMaxLength} />
            <BankField value={bank} onChange={setBank} />
            <TextField name="bank_address" label="开户行地址" placeholder="如：招商银行深圳分行" value={branch} onChange={setBranch} maxLength={50} />
            <TextField name="bank_no" label="银行卡号" placeholder="请输入银行卡号" value={number} onChange={(v) => setNumber(groupDigits(v))} maxLength={CARD_NUMBER_MAX + 10} inputMode="numeric" />
            <PayPasswordField value={payPass} onChange={setPayPass} />
          </List>
        </FieldErrorsScope>
      </div>
      <SafetyNote>为保障资金安全，请绑定持卡人本人的银行卡；每位会员最多可绑定{LIMITS.maxCardsPerType}张银行卡。</SafetyNote>
      <div className="cards-actions">
        <Button block color="primary" shape="rounded" className="cards-primary" data-testid="bind-submit" loading={bind.isPending} onClick={() => void submit()}>
          确认绑定
        </Button>
      </div>
    </Page>
  );
}
