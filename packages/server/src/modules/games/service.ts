import { ELECTRONIC_PROVIDERS, GAME_CATEGORIES, MSG, gamePlayOf, type GameCategory, type GameEntry, type ProviderGame } from '@app/contract';
import type { Tx } from '../ledger/service.js';
import { badRequest } from '../../http/errors.js';
import type { VenueRegistry } from '../venues/registry.js';

/** The hall's game catalogue: provider tiles per category (spec §3 Game entry). */

const categoryOrder = new Map<string, number>(GAME_CATEGORIES.map((c, i) => [c, i]));

export function isGameCategory(value: string): value is GameCategory {
  return categoryOrder.has(value);
}

/** Shown entries (app_state 1) of one category, or of all when `category` is empty. */
export async function listGames(db: Tx, category: string): Promise<GameEntry[]> {
  if (category && !isGameCategory(category)) throw badRequest(MSG.badRequest);
  let q = db
    .selectFrom('game_entries as g')
    .leftJoin('venues as v', 'v.code', 'g.platform_name')
    .select(['g.id', 'g.category_id', 'g.app_state', 'g.platform_name', 'g.game_code', 'g.name', 'g.image', 'g.sort', 'v.adapter'])
    .where('g.app_state', '=', 1);
  if (category) q = q.where('g.category_id', '=', category);
  const rows = await q.orderBy('g.sort').orderBy('g.id').execute();
  rows.sort((a, b) => (categoryOrder.get(a.category_id) ?? 99) - (categoryOrder.get(b.category_id) ?? 99));
  return rows.map(({ sort: _sort, adapter, ...r }) => {
    const play = adapter ? gamePlayOf(adapter, r.category_id) : undefined;
    return { ...r, app_state: r.app_state === 1 ? 1 : 0, ...(play && { play }) };
  });
}

/**
 * POST /api/gamelistBycode: one electronic-game provider's games (its slots, then fishing), from the
 * game list of the venue of that provider (its adapter); each picture is
 * /assets/games/slots/<code>.svg (seed/assets/generate.ts).
 */
/** A provider game's picture (the generated art under the member app's assets). */
export const providerGamePicture = (code: string): string => `/assets/games/slots/${code}.svg`;

export async function providerGames(venues: VenueRegistry, gamecode: string): Promise<ProviderGame[]> {
  if (!(ELECTRONIC_PROVIDERS as readonly string[]).includes(gamecode)) throw badRequest(MSG.gameProviderMissing);
  const venue = await venues.find(gamecode);
  if (!venue) throw badRequest(MSG.gameProviderMissing);
  return (await venues.games(venue)).filter((d) => d.provider === gamecode).map((d) => ({
    catecode: gamecode,
    gamecode: d.code,
    gamename: d.name,
    gamepic: providerGamePicture(d.code),
    ...(d.fishing && { fishing: true as const }),
  }));
}
