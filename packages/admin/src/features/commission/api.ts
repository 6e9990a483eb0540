import type { AdminCommissionPeriod, AdminCommissionPlan, AdminCommissionStatement, AdminCommissionStatementPage, CommissionPlan } from '@app/contract';
import { api } from '../../shared/api';

/** The console's commission calls (/admin/api/commission), typed by the contract's shapes. */

export interface StatementsFilter {
  /** '' all, '0' 待审核, '1' 已发放, '2' 已拒绝, '3' 无佣金 */
  state: string;
  /** a period's first day, '' for all */
  period: string;
  keyword: string;
  page: number;
}

export const commissionKeys = {
  statements: ['commission-statements'] as const,
  statementsOf: (f: StatementsFilter) => ['commission-statements', f] as const,
  periods: ['commission-periods'] as const,
  plan: ['commission-plan'] as const,
};

export const commissionApi = {
  statements: async (f: StatementsFilter) => (await api.get<AdminCommissionStatementPage>('/commission/statements', { ...f })).data,
  periods: async () => (await api.get<AdminCommissionPeriod[]>('/commission/periods')).data,
  approve: (id: number) => api.post<AdminCommissionStatement>(`/commission/statements/${id}/approve`),
  reject: ({ id, reason }: { id: number; reason: string }) => api.post<AdminCommissionStatement>(`/commission/statements/${id}/reject`, { reason }),
  /** The statements of the filter (every page) as a CSV file download; answers the file name. */
  exportStatements: ({ page: _page, ...f }: StatementsFilter) => api.download('/commission/statements.csv', f),
  plan: async () => (await api.get<AdminCommissionPlan>('/commission/plan')).data,
  savePlan: (plan: CommissionPlan) => api.post<AdminCommissionPlan>('/commission/plan', plan),
};
