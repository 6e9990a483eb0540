import { useQuery } from '@tanstack/react-query';
import { LIMITS, type PayInfo, type PayMethod, type PayRange, type PayWay, type RechargePaytype, type ReceivingAccount, type UsdtNetwork } from '@app/contract';
import { call, refusal, request } from '../../shared/api/client';

/** The deposit calls of spec §7: pay ways, ranges, receiving accounts, recharge and payinfo. */

export function usePayWay() {
  return useQuery({ queryKey: ['payWay'], queryFn: () => request<PayWay>('get_pay_way', { method: 'GET' }) });
}

/** Defaults of spec §5 (100–10000) until the method's own range has loaded. */
export const DEFAULT_RANGE: PayRange = { min_price: LIMITS.depositDefaultMinYuan, max_price: LIMITS.depositDefaultMaxYuan };

export function usePayRange(method: PayMethod) {
  const q = useQuery({ queryKey: ['payRange', method], queryFn: () => request<PayRange>('getPayRange', { body: { type: method } }) });
  return q.data ?? DEFAULT_RANGE;
}

export function useReceivingAccounts() {
  return useQuery({ queryKey: ['payBank'], queryFn: () => request<ReceivingAccount[]>('getpaybank', { body: {} }) });
}

export interface RechargeBody {
  paytype: RechargePaytype;
  /** yuan, at most 2 decimals */
  amount: number;
  catepay?: UsdtNetwork;
  bank_owner?: string;
  bank?: string;
  bank_no?: string;
  bank_address?: string;
}

/**
 * POST /api/recharge. Bank deposits answer 提交成功，等待后台审核; the others carry the new
 * deposit_no in the message (spec §4), which is what this returns for them.
 */
export async function recharge(body: RechargeBody): Promise<{ message: string; depositNo: string }> {
  const json = await call<{ deposit_no?: string } | null>('recharge', { body, overlay: true });
  if (json.code !== 200) throw refusal(json);
  return { message: json.message, depositNo: json.message || json.data?.deposit_no || '' };
}

/** POST /api/payinfo: the order and where to pay; the message is the pay type (usdtpay for USDT). */
export function usePayInfo(depositNo: string) {
  return useQuery({
    queryKey: ['payInfo', depositNo],
    enabled: !!depositNo,
    queryFn: async () => {
      const json = await call<PayInfo>('payinfo', { body: { deposit_no: depositNo } });
      if (json.code !== 200) throw refusal(json);
      return { order: json.data, payType: json.message, receivedAtMs: Date.now() };
    },
  });
}
