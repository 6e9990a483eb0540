import { useState } from 'react';
import { useNavigate } from 'react-router';
import { depositAmountFailure, fmt, MSG, yuanToFen, fenToYuan, type PayRange } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldErrors } from '../../../shared/components/FieldErrors';
import { toast } from '../../../shared/lib/toast';
import { recharge, type RechargeBody } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { DEPOSIT_RECORDS } from './records';

/**
 * 立即存款: the amount range check (shown under the form's amount; the form has run its own rules
 * first), then /api/recharge; a refusal about one of the form's fields (the amount's, or those of
 * `extraFields`: message → field) is shown under it. A bank deposit
 * says 提交成功，等待后台审核 and opens /transRecord; the others open /payInfo with the new order.
 */
export function useSubmitDeposit(errors: FieldErrors, extraFields: Readonly<Record<string, string>> = {}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async (amount: string, range: PayRange, body: Omit<RechargeBody, 'amount'>) => {
    if (busy) return;
    const problem = depositAmountFailure(amount, range);
    if (problem) {
      errors.fail(problem, 'amount');
      return;
    }
    setBusy(true);
    try {
      const res = await recharge({ ...body, amount: fenToYuan(yuanToFen(amount) ?? 0) });
      // Account details (the wallet feature's ['wallet', 'records', …]) must show the new order.
      void qc.invalidateQueries({ queryKey: ['wallet', 'records'] });
      if (body.paytype === 'bank') {
        void toast({ icon: 'success', content: MSG.depositSubmitted });
        navigate(...DEPOSIT_RECORDS);
      } else {
        navigate(`/payInfo?deposit_no=${encodeURIComponent(res.depositNo)}`);
      }
    } catch (e) {
      // The server's range refusal (the same rule) is about the amount; others are about no field.
      errors.refuse(failureMessage(e), { [fmt(MSG.depositRange, { min: range.min_price, max: range.max_price })]: 'amount', ...extraFields });
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy };
}
