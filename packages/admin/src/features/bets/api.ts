import type { AdminBetRow, AdminLotteryOrderRow, AdminTransferRow, BetListFilter, BetListOptions, LotteryOrderFilter, Page, TransferListFilter, TransferResolveAnswer } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 注单与转账 calls (/admin/api/bets, /lottery-orders, /transfers), typed by the contract's shapes. */

export const betKeys = {
  options: ['bet-options'] as const,
  bets: (f: BetListFilter) => ['bets', f] as const,
  lotteryOrders: (f: LotteryOrderFilter) => ['lottery-orders', f] as const,
  transfers: ['transfers'] as const,
  transferList: (f: TransferListFilter) => ['transfers', f] as const,
};

export const betApi = {
  options: async () => (await api.get<BetListOptions>('/bets/options')).data,
  bets: async (f: BetListFilter) => (await api.get<Page<AdminBetRow>>('/bets', { ...f })).data,
  lotteryOrders: async (f: LotteryOrderFilter) => (await api.get<Page<AdminLotteryOrderRow>>('/lottery-orders', { ...f })).data,
  transfers: async (f: TransferListFilter) => (await api.get<Page<AdminTransferRow>>('/transfers', { ...f })).data,
  resolveTransfer: (id: number) => api.post<TransferResolveAnswer>(`/transfers/${id}/resolve`),
};
