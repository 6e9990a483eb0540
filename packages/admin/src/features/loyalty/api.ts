import type { AdminMemberVip, AdminRebatePlatform, AdminRebateDay, AdminRebateRecordPage, AdminVipTier, Page, RebateCategory, VipChangeResult } from '@app/contract';
import { api } from '../../shared/api';

/** The console's VIP and rebate calls (/admin/api), typed by the contract's shapes. */

export interface RebateDaysFilter {
  from: string;
  to: string;
  page: number;
}
export interface RebateRecordsFilter {
  from: string;
  to: string;
  keyword: string;
  category: RebateCategory | '';
  platform: string;
  /** '' all, 0 pending, 1 claimed */
  state: '' | 0 | 1;
  page: number;
}

export const loyaltyKeys = {
  tiers: ['vip-tiers'] as const,
  memberVip: (id: number) => ['member-vip', id] as const,
  rebateDays: (f: RebateDaysFilter) => ['rebate-days', f] as const,
  rebateRecords: (f: RebateRecordsFilter) => ['rebate-records', f] as const,
};

export const loyaltyApi = {
  tiers: async () => (await api.get<AdminVipTier[]>('/vip-tiers')).data,
  saveTiers: (tiers: AdminVipTier[]) => api.post<AdminVipTier[]>('/vip-tiers', { tiers }),
  memberVip: async (id: number) => (await api.get<AdminMemberVip>(`/members/${id}/vip`)).data,
  changeMemberVip: (id: number, level: number, reason: string) => api.post<VipChangeResult>(`/members/${id}/vip`, { level, reason }),
  rebateDays: async (f: RebateDaysFilter) => (await api.get<Page<AdminRebateDay>>('/rebate/days', { ...f })).data,
  rebateRecords: async (f: RebateRecordsFilter) => (await api.get<AdminRebateRecordPage>('/rebate/records', { ...f })).data,
  platforms: async () => (await api.get<AdminRebatePlatform[]>('/rebate/platforms')).data,
  /** The records of the filter (every page) as a CSV file download; answers the file name. */
  exportRebateRecords: ({ page: _page, ...f }: RebateRecordsFilter) => api.download('/rebate/records.csv', f),
};
