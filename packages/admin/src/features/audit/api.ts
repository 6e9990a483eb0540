import type { AdminAuditEntry, Page } from '@app/contract';
import { api } from '../../shared/api';

/** The console's audit-log calls (/admin/api/audit-log), typed by the contract. */
export interface AuditFilter {
  staff: string;
  action: string;
  /** Beijing days YYYY-MM-DD, '' for an open end */
  from: string;
  to: string;
  page: number;
}

export const auditKeys = { list: (f: AuditFilter) => ['audit', f] as const };

export const auditApi = {
  list: async (f: AuditFilter) => (await api.get<Page<AdminAuditEntry>>('/audit-log', { ...f })).data,
  /** The filter's rows (every page) as a CSV download; answers the file name. */
  exportCsv: ({ page: _page, ...f }: AuditFilter) => api.download('/audit-log.csv', f),
};
