import { useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/client';

export function useServiceUrl() {
  return useQuery({ queryKey: ['serviceUrl'], queryFn: () => request<{ url: string }>('getservicerurl'), staleTime: 5 * 60_000 });
}
