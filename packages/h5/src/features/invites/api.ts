import { useQuery } from '@tanstack/react-query';
import type { CommissionPlanView, InviteBonus, InviteCounters, InviteFriend, InviteRange, Page } from '@app/contract';
import { request } from '../../shared/api/client';

/** 邀请好友 (spec §2 /inviter): the team's live figures, its two lists, the commission plan. */

export const invitesKey = ['invites'] as const;
const countersKey = [...invitesKey, 'counters'] as const;
const planKey = [...invitesKey, 'plan'] as const;

/** POST /api/invitecounters: the nine figures, fresh each time the 明细记录 tab opens. */
export function useInviteCounters() {
  return useQuery({ queryKey: countersKey, queryFn: () => request<InviteCounters>('invitecounters'), staleTime: 0 });
}

/** POST /api/commissionplan: the plan in force and its text (public). */
export function useCommissionPlan() {
  return useQuery({ queryKey: planKey, queryFn: () => request<CommissionPlanView>('commissionplan'), staleTime: 60_000 });
}

export type InviteList = 'bonus' | 'friends';

/** The pages of 礼金记录 (POST /api/invitebonus) or 好友明细 (POST /api/invitefriends) for a date range. */
export function invitePages<L extends InviteList>(list: L, range: InviteRange) {
  return {
    queryKey: [...invitesKey, list, range.start, range.end] as const,
    fetchPage: (page: number) => request<Page<L extends 'bonus' ? InviteBonus : InviteFriend>>(list === 'bonus' ? 'invitebonus' : 'invitefriends', { body: { page, ...range } }),
  };
}
