import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgentDaily } from '@app/contract';
import { api } from '../../shared/api';
import type { DayRange } from '../../shared/days';

export function useDaily(range: DayRange, enabled: boolean) {
  return useQuery({
    queryKey: ['daily', range.start, range.end],
    queryFn: () => api.get<AgentDaily>('/daily', { start: range.start, end: range.end }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
