import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { COMMISSION_STATE, type AgentStatement, type CommissionPlanView, type Page } from '@app/contract';
import { api } from '../../shared/api';

export function useStatements() {
  return useInfiniteQuery({
    queryKey: ['statements'],
    queryFn: ({ pageParam }) => api.get<Page<AgentStatement>>('/statements', { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

export function useStatement(id: number) {
  return useQuery({ queryKey: ['statement', id], queryFn: () => api.get<AgentStatement>(`/statements/${id}`), enabled: Number.isInteger(id) && id > 0 });
}

/** The plan in force as the member app's 奖金介绍 reads it (public member API). */
export function useCommissionPlan() {
  return useQuery({ queryKey: ['commission-plan'], queryFn: () => api.member<CommissionPlanView>('/commissionplan'), staleTime: 5 * 60_000 });
}

/** A tier's rate as the plan words it: percent of the net loss, or yuan per 10,000 of valid bets. */

/** The figure the model measures (计算基数). */
export const baseLabel = (model: AgentStatement['model']): string => (model === 'net_loss' ? '团队负盈利' : '团队有效投注');

export const STATE_COLORS: Record<number, string> = {
  [COMMISSION_STATE.pending]: 'processing',
  [COMMISSION_STATE.paid]: 'success',
  [COMMISSION_STATE.rejected]: 'error',
  [COMMISSION_STATE.none]: 'default',
};
