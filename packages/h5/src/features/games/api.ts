import { useQuery } from '@tanstack/react-query';
import { CODE, ELECTRONIC_PROVIDERS, type BetRecord, type BetRecordPage, type GameUrl, type Page, type ProviderGame } from '@app/contract';
import { call, refusal, request } from '../../shared/api/client';

/** The game calls of spec §7: launch URLs, a provider's game list and the bet records. */

export type ElectronicProvider = (typeof ELECTRONIC_PROVIDERS)[number];
export const isElectronicProvider = (v: unknown): v is ElectronicProvider => (ELECTRONIC_PROVIDERS as readonly unknown[]).includes(v);

/** The game_type of a game opened from an electronic-game grid (/concise). */
export const CONCISE_GAME_TYPE = 'concise';

/** The game frame of one game: /gamePage?name=<venue>&type=<game_type>&code=<game_code>. */
export function gamePagePath(name: string, type: string, code: string): string {
  return `/gamePage?name=${encodeURIComponent(name)}&type=${encodeURIComponent(type)}&code=${encodeURIComponent(code)}`;
}

/** A URL call's answer: data (its url), or the server's message (a failed call or an empty url). */
async function urlOf(path: string, method: 'GET' | 'POST', body?: unknown): Promise<GameUrl> {
  const json = await call<Partial<GameUrl> | null>(path, { method, body, overlay: false });
  const url = json.code === CODE.ok ? json.data?.url : undefined;
  if (typeof url === 'string' && url) return { ...json.data, url };
  // an ok answer without a url is refused like any other
  throw refusal(json.code === CODE.ok ? { ...json, code: CODE.badRequest } : json);
}

/**
 * A fresh launch URL (getGameUrl). Launch URLs are single-use and expire within a minute, so every
 * launch asks again: nothing here is cached.
 */
export function fetchGameUrl(name: string, type: string, code: string): Promise<GameUrl> {
  return urlOf('getGameUrl', 'POST', { plat_name: name, game_type: type || '0', game_code: code, is_mobile_url: 1 });
}

/** The agent back-office login (GET /api/getAgentLoginUrl). */
export async function fetchAgentLoginUrl(): Promise<string> {
  return (await urlOf('getAgentLoginUrl', 'GET')).url;
}

/** One electronic-game provider's games (gamelistBycode {gamecode}), as a query (the hall's 捕鱼 tab asks all four at once). */
export function providerGamesQuery(provider: ElectronicProvider) {
  return {
    queryKey: ['games', 'provider', provider],
    queryFn: () => request<ProviderGame[]>('gamelistBycode', { body: { gamecode: provider } }),
    staleTime: 5 * 60_000,
  };
}

/** One electronic-game provider's games (gamelistBycode {gamecode}). */
export function useProviderGames(provider: ElectronicProvider, enabled = true) {
  return useQuery({ enabled, ...providerGamesQuery(provider) });
}

export interface BetFilter {
  /** DATE_FILTER_DAYS key: 1 today, 2 last 7 days, 3 last 15, 4 last 30 */
  date: 1 | 2 | 3 | 4;
  /** a venue code, '' for every platform */
  api_type: string;
}
export const betRecordsKey = (f: BetFilter) => ['games', 'betrecord', f.date, f.api_type] as const;

export function fetchBetRecords(filter: BetFilter, page: number): Promise<BetRecordPage<BetRecord>> {
  return request<BetRecordPage<BetRecord>>('betrecord', { body: { date: filter.date, api_type: filter.api_type, page } });
}
