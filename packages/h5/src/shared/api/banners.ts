import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@app/contract';
import { request } from './client';

/** Banner sets by type: 2 the hall, 3 the app-download page. */
export const BANNER_TYPE = { hall: 2, appDownload: 3 } as const;

export function useBanners(type: number) {
  return useQuery({
    queryKey: ['banners', type],
    queryFn: () => request<Banner[]>('bannerList', { body: { type } }),
    staleTime: 60_000,
  });
}
