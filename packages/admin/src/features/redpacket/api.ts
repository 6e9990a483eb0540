import type { AdminRedPacketDays, AdminRedPacketDrawPage, AdminRedPacketRules, RedPacketRules } from '@app/contract';
import { api } from '../../shared/api';

/** The console's red-packet calls (/admin/api/redpacket), typed by the contract's shapes. */

export interface RedPacketDaysFilter {
  from: string;
  to: string;
  page: number;
}
export interface RedPacketDrawsFilter {
  from: string;
  to: string;
  /** username prefix or member id */
  keyword: string;
  page: number;
}

export const redPacketKeys = {
  rules: ['redpacket-rules'] as const,
  days: (f: RedPacketDaysFilter) => ['redpacket-days', f] as const,
  draws: (f: RedPacketDrawsFilter) => ['redpacket-draws', f] as const,
  /** every days and draws query, refreshed together */
  allDays: ['redpacket-days'] as const,
  allDraws: ['redpacket-draws'] as const,
};

export const redPacketApi = {
  rules: async () => (await api.get<AdminRedPacketRules>('/redpacket/rules')).data,
  saveRules: (rules: RedPacketRules) => api.post<AdminRedPacketRules>('/redpacket/rules', { rules }),
  days: async (f: RedPacketDaysFilter) => (await api.get<AdminRedPacketDays>('/redpacket/days', { ...f })).data,
  draws: async (f: RedPacketDrawsFilter) => (await api.get<AdminRedPacketDrawPage>('/redpacket/draws', { ...f })).data,
  /** The draws of the filter (every page) as a CSV file download; answers the file name. */
  exportDraws: ({ page: _page, ...f }: RedPacketDrawsFilter) => api.download('/redpacket/draws.csv', f),
};
