import { useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/client';

export function useServiceUrl() {
  return useQuery({ queryKey: ['serviceUrl'], queryFn: () => request<{ url: string }>('getservicerurl'), staleTime: 5 * 60_000 });
}

/**
 * Whether /iframepage may frame `url`: our own origin (a path starting with one '/', or an absolute
 * URL on this origin) or a host in the allow-list.
 */
export function isFrameable(url: string, allowedHosts: readonly string[] = []): boolean {
  if (!url) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
    return u.origin === window.location.origin || allowedHosts.includes(u.host);
  } catch {
    return false;
  }
}
