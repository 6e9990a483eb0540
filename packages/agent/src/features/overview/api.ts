import { useQuery } from '@tanstack/react-query';
import type { AgentOverview } from '@app/contract';
import { api } from '../../shared/api';

/** The overview refreshes every minute while open (a large team's figures are at most that old). */
const REFRESH_MS = 60_000;

export function useOverview() {
  return useQuery({ queryKey: ['overview'], queryFn: () => api.get<AgentOverview>('/overview'), refetchInterval: REFRESH_MS });
}
