import type { AdminWithdrawal } from '@app/contract';
import { api } from '../../shared/api';

/** The console's withdrawal calls beyond the shared review queue, typed by the contract. */
export const withdrawalKeys = { all: ['withdrawals'] as const };

export const withdrawalsApi = {
  /** Approves a USDT payout with its transaction hash (kept on the order). */
  approveUsdt: ({ id, txid }: { id: number; txid: string }) => api.post<AdminWithdrawal>(`/withdrawals/${id}/approve`, { txid }),
};
