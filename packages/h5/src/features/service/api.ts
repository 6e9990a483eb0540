import { useQuery } from '@tanstack/react-query';
import { SERVICE_VISITOR_KEY } from '@app/contract';
import { request } from '../../shared/api/client';

/** The configured service page: '' means the built-in live chat (POST /api/getservicerurl). */
export function useServiceUrl() {
  return useQuery({ queryKey: ['serviceUrl'], queryFn: () => request<{ url: string }>('getservicerurl'), staleTime: 5 * 60_000 });
}

/** A visitor's device token: kept in localStorage, issued by the server on first use (POST /api/service/visitor). */
export async function visitorToken(): Promise<string> {
  const kept = localStorage.getItem(SERVICE_VISITOR_KEY);
  if (kept) return kept;
  const { token } = await request<{ token: string }>('service/visitor');
  localStorage.setItem(SERVICE_VISITOR_KEY, token);
  return token;
}

/** The visitor's token was not recognised (a database reset): forget it so a new one is issued. */
export function forgetVisitorToken(): void {
  localStorage.removeItem(SERVICE_VISITOR_KEY);
}
