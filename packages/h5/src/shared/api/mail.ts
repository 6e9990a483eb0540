import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { useToken } from '../auth/session';

export const unreadKey = ['mail', 'unread'] as const;
/** Unread internal mail, shown as a badge in the header and on /mine. */
export function useUnreadCount(): number {
  const token = useToken();
  const { data } = useQuery({
    queryKey: unreadKey,
    queryFn: () => request<{ count: number }>('message/unread'),
    enabled: !!token,
    staleTime: 30_000,
  });
  return data?.count ?? 0;
}
