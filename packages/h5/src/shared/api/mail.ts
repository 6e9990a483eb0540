import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { useToken } from '../auth/session';

export const unreadKey = ['mail', 'unread'] as const;
/** Unread internal mail, shown as a badge in the header and on /mine; `pollMs` keeps it live while the caller is shown. */
export function useUnreadCount(pollMs?: number): number {
  const token = useToken();
  const { data } = useQuery({
    queryKey: unreadKey,
    queryFn: () => request<{ count: number }>('message/unread'),
    enabled: !!token,
    staleTime: pollMs ? 0 : 30_000,
    refetchInterval: pollMs ?? false,
    refetchIntervalInBackground: false,
  });
  return data?.count ?? 0;
}
