import { useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type GameCategory, type GameEntry } from '@app/contract';
import { request } from '../../shared/api/client';

/** The announcement strings scrolled by the notice bars. */
export function useHomeNotices() {
  return useQuery({ queryKey: ['homenotice'], queryFn: () => request<string[]>('homenotice'), staleTime: 60_000 });
}

/** The catalogue kept for the next visit only while it stays this small (it is a few KB). */
const KEPT_GAMES_MAX_CHARS = 100_000;

/** The catalogue as this device last saw it: public (what any visitor sees), so kept in localStorage. */
function keptGames(): GameEntry[] | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEYS.games) ?? 'null') as unknown;
    return Array.isArray(kept) ? (kept as GameEntry[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every shown game entry (app_state 1), fetched once and split by category on the client. A repeat
 * visit paints the tiles it last saw at once (the service worker paints the shell without the
 * network, the API is never cached there) and fetches the list again behind them.
 */
export function useGames() {
  return useQuery({
    queryKey: ['games'],
    queryFn: async () => {
      const list = (await request<GameEntry[]>('game/list?category=', { method: 'GET' })).filter((g) => g.app_state === 1);
      const kept = JSON.stringify(list);
      try {
        if (kept.length <= KEPT_GAMES_MAX_CHARS) localStorage.setItem(STORAGE_KEYS.games, kept);
      } catch {
        // storage full or refused (private mode): the next visit simply waits for the list
      }
      return list;
    },
    initialData: keptGames,
    // as old as can be: fetched again on every visit, as before
    initialDataUpdatedAt: 0,
    // Staff change the catalogue in the console; an open app picks it up within a minute (the server keeps no cache).
    staleTime: 60_000,
  });
}

/** A hall tab: a game category, or 捕鱼 (fishing games belong to the electronic-game providers). */
export type HallTab = GameCategory | 'fishing';

export interface CategoryTab {
  category: HallTab;
  title: string;
  /** A short English caption under the title, as the tiles show. */
  caption: string;
}

/**
 * The hall's tabs in the spec's order (slots, sports, lottery, e-sports/board, live, fishing). The
 * spec's e-sports/board pair is split into 电竞 and 棋牌 so each has its own tiles. Fishing is no
 * category of the game list: its games are the electronic-game providers', so its tab lists the
 * providers that have one, each opening its grid on /concise?type=<provider>.
 */
export const HALL_TABS: CategoryTab[] = [
  { category: 'concise', title: '电子', caption: 'SLOTS' },
  { category: 'sport', title: '体育', caption: 'SPORTS' },
  { category: 'lottery', title: '彩票', caption: 'LOTTERY' },
  { category: 'gaming', title: '电竞', caption: 'E-SPORTS' },
  { category: 'realbet', title: '真人', caption: 'LIVE' },
  { category: 'joker', title: '棋牌', caption: 'CARDS' },
  { category: 'fishing', title: '捕鱼', caption: 'FISHING' },
];

/** /home's category sidebar, in the spec's order: live, sports, e-sports, board, slots, lottery. */
export const HOME_SIDEBAR: GameCategory[] = ['realbet', 'sport', 'gaming', 'joker', 'concise', 'lottery'];

export function categoryTitle(category: HallTab): string {
  return HALL_TABS.find((t) => t.category === category)?.title ?? category;
}

/**
 * Where a tile leads: an electronic-game (concise) provider opens its game grid on /concise (its
 * game_code is the provider key), every other provider the game frame with its category as game_type.
 */
export function gamePath(g: GameEntry): string {
  if (g.category_id === 'concise') return `/concise?type=${encodeURIComponent(g.game_code)}`;
  return `/gamePage?name=${encodeURIComponent(g.platform_name)}&type=${encodeURIComponent(g.category_id)}&code=${encodeURIComponent(g.game_code)}`;
}
