/**
 * Rebate (返水, spec §3 rebate record, §4, §9; DESIGN §8): the rule the server pays by and the
 * screens show. Kept tiny: it is part of the member app's first paint.
 */

/** The six rebate categories, each a rate column of a VIP tier (spec §3 VIP tier). */
export const REBATE_CATEGORIES = ['realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery'] as const;
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];
export const REBATE_CATEGORY_LABELS: Record<RebateCategory, string> = {
  realperson: '真人',
  sport: '体育',
  e_sport: '电竞',
  joker: '棋牌',
  electron: '电子',
  lottery: '彩票',
};

/**
 * The hall's game categories (GAME_CATEGORIES) onto the rebate categories. concise is the
 * electronic-game hall (slots and fishing: spec /concise), so it earns the 电子 rate; a category the
 * hall may add later falls there too (rebateCategoryOf).
 */
export const REBATE_CATEGORY_OF_HALL: Record<string, RebateCategory> = {
  realbet: 'realperson',
  sport: 'sport',
  gaming: 'e_sport',
  joker: 'joker',
  concise: 'electron',
  lottery: 'lottery',
};
export function rebateCategoryOf(hallCategory: string): RebateCategory {
  return REBATE_CATEGORY_OF_HALL[hallCategory] ?? 'electron';
}

/** Rebate record states (spec §3: 0 = not claimed). */
export const REBATE_STATE = { pending: 0, claimed: 1 } as const;

/**
 * A day's rebate for one category: valid bets × the rate, rounded down to the fen (spec §4). Rates
 * are basis points of a percent, as in vip_tiers: 80 = 0.80 %. Integer arithmetic only, so no
 * float can round a fen up.
 */
export function rebateFen(validFen: number, rateBp: number): number {
  if (!(validFen > 0) || !(rateBp > 0)) return 0;
  const product = Math.trunc(validFen) * Math.trunc(rateBp);
  return (product - (product % 10_000)) / 10_000;
}
