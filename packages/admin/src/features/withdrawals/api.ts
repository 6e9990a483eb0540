import type { AdminWithdrawal, WithdrawalContext } from '@app/contract';
import { api } from '../../shared/api';

/** The console's withdrawal calls beyond the shared review queue, typed by the contract. */
export const withdrawalKeys = { all: ['withdrawals'] as const, context: (id: number) => ['withdrawals', 'context', id] as const };

export const withdrawalsApi = {
  /** What a finance person decides the withdrawal on (GET /withdrawals/:id/context). */
  context: async (id: number) => (await api.get<WithdrawalContext>(`/withdrawals/${id}/context`)).data,
  /** Approves a USDT payout with its transaction hash (kept on the order). */
  approveUsdt: ({ id, txid }: { id: number; txid: string }) => api.post<AdminWithdrawal>(`/withdrawals/${id}/approve`, { txid }),
};
