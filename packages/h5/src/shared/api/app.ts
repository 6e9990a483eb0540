import { useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@app/contract';
import { request } from './client';

export const appKey = ['app'] as const;
export function useAppInfo() {
  return useQuery({ queryKey: appKey, queryFn: () => request<AppInfo>('app'), staleTime: 60_000 });
}
