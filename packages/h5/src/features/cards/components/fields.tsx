import { useState, type ReactNode } from 'react';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Picker from 'antd-mobile/es/components/picker';
import { EyeInvisibleOutline, EyeOutline, RightOutline } from 'antd-mobile-icons';
import { LIMITS } from '@app/contract';
import { FieldMessage, type FieldError, useFieldError } from '../../../shared/components/FieldErrors';
import { useBankList } from '../api';

/** One labelled row of the add-card forms, with the field's error under its control. */
export function FieldRow({ label, children, extra, error }: { label: string; children: ReactNode; extra?: ReactNode; error?: FieldError }) {
  return (
    <List.Item className={error?.message ? 'field-invalid' : undefined} prefix={<span className="cards-label">{label}</span>} extra={extra}>
      {children}
      {error && <FieldMessage error={error} />}
    </List.Item>
  );
}

export function TextField({ name, label, placeholder, value, onChange, maxLength = 50, inputMode }: { name: string; label: string; placeholder: string; value: string; onChange: (v: string) => void; maxLength?: number; inputMode?: 'numeric' | 'text' }) {
  const error = useFieldError(name, value);
  return (
    <FieldRow label={label} error={error}>
      <Input ref={error.inputRef} className="cards-input" name={name} data-testid={`field-${name}`} placeholder={placeholder} value={value} onChange={onChange} maxLength={maxLength} inputMode={inputMode} autoComplete="off" clearable />
    </FieldRow>
  );
}

/** The payment password (6–18 characters) with a show/hide toggle. */
export function PayPasswordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [visible, setVisible] = useState(false);
  const error = useFieldError('pay_pass', value);
  return (
    <FieldRow
      label="支付密码"
      error={error}
      extra={
        <button type="button" className="cards-eye" aria-label={visible ? '隐藏密码' : '显示密码'} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <Input ref={error.inputRef} className="cards-input" name="pay_pass" data-testid="field-pay_pass" type={visible ? 'text' : 'password'} placeholder="请输入支付密码" value={value} onChange={onChange} maxLength={LIMITS.payPasswordMax} autoComplete="new-password" />
    </FieldRow>
  );
}

/** 银行: a bottom picker over /api/banklist. */
export function BankField({ label = '银行', value, onChange, placeholder = '请选择银行' }: { label?: string; value: string; onChange: (bank: string) => void; placeholder?: string }) {
  const [open, setOpen] = useState(false);
  const { data: banks = [] } = useBankList();
  const columns = [banks.map((b) => ({ label: b.bank_name, value: b.bank_name }))];
  const error = useFieldError('bank', value);
  return (
    <>
      <FieldRow label={label} extra={<RightOutline className="cards-arrow" />} error={error}>
        <button type="button" className={`cards-select${value ? '' : ' cards-select-empty'}`} data-testid="field-bank" {...error.aria} onClick={() => setOpen(true)}>
          {value || placeholder}
        </button>
      </FieldRow>
      <Picker
        title={placeholder}
        columns={columns}
        visible={open}
        value={value ? [value] : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          if (v[0]) onChange(String(v[0]));
        }}
      />
    </>
  );
}
