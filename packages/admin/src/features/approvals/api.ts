import type { AdminApproval, ApprovalPending, FinanceSettings, Page } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 待复核 calls (maker–checker, /admin/api/approvals) and the review threshold, typed by the contract. */

/** '0' 待复核, '1' 已通过, '2' 已拒绝, 'all' 全部 */
export type ApprovalState = '0' | '1' | '2' | 'all';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (state: ApprovalState, page: number) => ['approvals', state, page] as const,
  settings: ['finance-settings'] as const,
};

/** What a change that may need a second staff member answers: applied, or waiting with its request id. */
export const isPending = (data: unknown): data is ApprovalPending => typeof data === 'object' && data !== null && (data as ApprovalPending).pending === true;

export const approvalsApi = {
  list: async (state: ApprovalState, page: number) => (await api.get<Page<AdminApproval>>('/approvals', { state, page })).data,
  approve: (id: number) => api.post<AdminApproval>(`/approvals/${id}/approve`),
  reject: ({ id, reason }: { id: number; reason: string }) => api.post<AdminApproval>(`/approvals/${id}/reject`, { reason }),
  settings: async () => (await api.get<FinanceSettings>('/finance-settings')).data,
  saveSettings: (v: FinanceSettings) => api.post<FinanceSettings>('/finance-settings', v),
};
