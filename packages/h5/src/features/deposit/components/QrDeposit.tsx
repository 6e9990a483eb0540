import { useState } from 'react';
import { FieldErrorsScope, useFieldErrors } from '../../../shared/components/FieldErrors';
import { usePayRange } from '../api';
import { AmountCard } from './AmountCard';
import { SubmitBar } from './SubmitBar';
import { useSubmitDeposit } from './useSubmitDeposit';

/** 微信 / 支付宝: the amount with quick chips; the QR to pay is on /payInfo. WeChat travels as wxpay. */
export function QrDeposit({ method }: { method: 'wechat' | 'alipay' }) {
  const [amount, setAmount] = useState('');
  const range = usePayRange(method);
  const errors = useFieldErrors();
  const { submit, busy } = useSubmitDeposit(errors);
  return (
    <FieldErrorsScope errors={errors}>
      <AmountCard value={amount} onChange={setAmount} range={range} />
      <SubmitBar busy={busy} onSubmit={() => void submit(amount, range, { paytype: method === 'wechat' ? 'wxpay' : 'alipay' })} />
    </FieldErrorsScope>
  );
}
