import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AgentDownline, AgentDownlineDetail, AgentMembersQuery, Page } from '@app/contract';
import { api } from '../../shared/api';

export type MembersFilter = Omit<AgentMembersQuery, 'page'>;

export function useDownline(filter: MembersFilter, enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: ['members', filter],
    queryFn: ({ pageParam }) => api.get<Page<AgentDownline>>('/members', { ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

export function useDownlineMember(id: number) {
  return useQuery({
    queryKey: ['member', id],
    queryFn: () => api.get<AgentDownlineDetail>(`/members/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}
