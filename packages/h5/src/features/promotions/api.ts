import { useQuery } from '@tanstack/react-query';
import type { Activity, ActivityApplyRow, ActivityType, Envelope, Page } from '@app/contract';
import { call, request } from '../../shared/api/client';

export function useActivityTypes() {
  return useQuery({ queryKey: ['activitytype'], queryFn: () => request<ActivityType[]>('activitytype'), staleTime: 5 * 60_000 });
}

/** Activities of one type, or all of them (type 0). */
export function useActivities(type: number) {
  return useQuery({
    queryKey: ['activitylist', type],
    queryFn: async () => (await request<Page<Activity>>('activitylist', { body: type ? { type } : {} })).data,
    staleTime: 60_000,
  });
}

export function useActivity(id: number) {
  return useQuery({
    queryKey: ['activity', id],
    queryFn: () => request<Activity>('activitydeatil', { body: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Applies for an activity; the answer's message is what the member sees, whatever the code. */
export function applyForActivity(activityid: number): Promise<Envelope<unknown>> {
  return call('doactivityapply', { body: { activityid }, overlay: true });
}

/** The member's applications (spec §2 /activityRecord), newest first; an application moves the list. */
export const applyLogKey = ['promotions', 'applyLog'] as const;

/** POST /api/activityApplyLog {page}: one page of the member's applications. */
export async function fetchApplyLog(page: number): Promise<Page<ActivityApplyRow>> {
  const answer = await request<Pick<Page<ActivityApplyRow>, 'data' | 'total' | 'last_page'> & Partial<Page<ActivityApplyRow>>>('activityApplyLog', { body: { page } });
  return { per_page: answer.data.length, current_page: page, ...answer };
}
