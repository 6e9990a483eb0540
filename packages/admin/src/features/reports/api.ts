import type { Dashboard, Report, ReportKind } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 数据概览 and 报表 calls (/admin/api/reports), typed by the contract's shapes. */

export interface ReportRange {
  /** Beijing days YYYY-MM-DD; the server answers the last 30 days when both are '' */
  from: string;
  to: string;
}

export const reportKeys = {
  dashboard: (r: ReportRange) => ['reports-dashboard', r] as const,
  report: (kind: ReportKind, r: ReportRange) => ['reports-report', kind, r] as const,
};

export const reportsApi = {
  /** `fresh`: today's figures read anew rather than the few seconds old ones the server keeps */
  dashboard: async (r: ReportRange, fresh = false) => (await api.get<Dashboard>('/reports/dashboard', { ...r, ...(fresh ? { fresh: 1 } : {}) })).data,
  report: async <K extends ReportKind>(kind: K, r: ReportRange) => (await api.get<Report<K>>('/reports/report', { kind, ...r })).data,
  /** The report of the range as a CSV file download; answers the file name. */
  exportReport: (kind: ReportKind, r: ReportRange) => api.download('/reports/report.csv', { kind, ...r }),
};
