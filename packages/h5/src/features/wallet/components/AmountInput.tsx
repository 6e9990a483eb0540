import Input from 'antd-mobile/es/components/input';
import { FieldMessage, useFieldError } from '../../../shared/components/FieldErrors';

/** Keeps what a money field may hold: digits and one point with at most two decimals. */
export function cleanAmount(raw: string): string {
  const s = raw.replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  const int = (dot < 0 ? s : s.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, 12);
  if (dot < 0) return int;
  return `${int || '0'}.${s.slice(dot + 1).replace(/\./g, '').slice(0, 2)}`;
}

/** A yuan amount: ¥, a large figure, and an action on the right (最大金额, 全部转入…); its error under it. */
export function AmountInput({
  value,
  onChange,
  placeholder,
  action,
  onAction,
  actionTestId,
  name = 'amount',
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  action?: string;
  onAction?: () => void;
  actionTestId?: string;
  name?: string;
}) {
  const error = useFieldError(name, value);
  return (
    <>
      <div className={`amount-input${error.message ? ' invalid' : ''}`}>
        <span className="amount-input-currency">¥</span>
        <Input ref={error.inputRef} name={name} data-testid={`field-${name}`} className="amount-input-field" inputMode="decimal" placeholder={placeholder} value={value} onChange={(v) => onChange(cleanAmount(v))} autoComplete="off" clearable />
        {action && (
          <button type="button" className="amount-input-action" data-testid={actionTestId} onClick={onAction}>
            {action}
          </button>
        )}
      </div>
      <FieldMessage error={error} />
    </>
  );
}
