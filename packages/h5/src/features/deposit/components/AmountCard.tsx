import type { ReactNode } from 'react';
import Input from 'antd-mobile/es/components/input';
import { formatYuan, type PayRange } from '@app/contract';
import { FieldMessage, useFieldError } from '../../../shared/components/FieldErrors';
import { QUICK_AMOUNTS } from '../texts';

/** Keeps what can become a yuan amount: digits and at most two decimals. */
export function cleanAmount(value: string): string {
  const v = value.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = v.split('.');
  const head = int.replace(/^0+(?=\d)/, '').slice(0, 9);
  return rest.length ? `${head}.${rest.join('').slice(0, 2)}` : head;
}

/** 存款金额: a large yuan input, the method's range and quick-amount chips within it. */
export function AmountCard({ value, onChange, range, footer }: { value: string; onChange: (v: string) => void; range: PayRange; footer?: ReactNode }) {
  const chips = QUICK_AMOUNTS.filter((a) => a >= range.min_price && a <= range.max_price).slice(0, 8);
  const error = useFieldError('amount', value);
  return (
    <section className="dep-card">
      <div className="dep-card-title">存款金额</div>
      <div className={`amount-box${error.message ? ' invalid' : ''}`}>
        <span className="amount-currency">¥</span>
        <Input ref={error.inputRef} className="amount-input" name="amount" data-testid="field-amount" inputMode="decimal" placeholder={`${range.min_price} - ${range.max_price}`} value={value} onChange={(v) => onChange(cleanAmount(v))} clearable />
      </div>
      <FieldMessage error={error} />
      <div className="amount-range" data-testid="amount-range">
        单笔限额 {formatYuan(range.min_price)} ~ {formatYuan(range.max_price)} 元
      </div>
      {footer}
      {chips.length > 0 && (
        <div className="amount-chips">
          {chips.map((a) => (
            <button key={a} type="button" className={`amount-chip${value === String(a) ? ' active' : ''}`} data-testid={`chip-${a}`} onClick={() => onChange(String(a))}>
              {a >= 10000 ? `${a / 10000}万` : a}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
