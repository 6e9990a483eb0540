import { SEAMLESS_CURRENCY } from '../seamless.js';

/**
 * What the conformance kit needs from the wallet under test and cannot make itself: players. A kit
 * cannot create members on another platform's wallet, so the wallet's operator prepares them (our
 * platform: `packages/server/src/cli/seamless-fixtures.ts`) and hands the kit their tokens as JSON
 * (docs/conformance.md).
 */
export interface FixturePlayer {
  /** the player id the wallet knows (every request's `user`) */
  user: string;
  /** a live token of the player for `game` */
  token: string;
}

export interface SeamlessFixtures {
  /** the game every token names */
  game: string;
  /** the wallet's currency (the protocol knows only CNY) */
  currency: string;
  /** a player with at least MIN_FUNDED_FEN: most cases bet, win and roll back with it */
  funded: FixturePlayer;
  /** another player with at least MIN_SECOND_FEN: another user's transactions, and the 50 concurrent bets */
  second: FixturePlayer;
  /** a player in a self-exclusion (or time-out): bets refused RS_ERROR_USER_DISABLED */
  excluded: FixturePlayer;
  /** optional: a player with money whose wager or loss limit leaves less than `stakeFen` */
  limited?: FixturePlayer & { stakeFen: number };
  /** an expired token of the funded player (same game) */
  expiredToken: string;
  /** optional: a live token of the funded player for another game, so a transaction may be resent under another game */
  otherGame?: { game: string; token: string };
}

/** The funded player's least balance: the cases' stakes together stay well under it. */
export const MIN_FUNDED_FEN = 10_000;
/** The second player's least balance: 50 concurrent bets split it in about 30 stakes. */
export const MIN_SECOND_FEN = 1_000;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 1024;

function player(v: unknown, name: string, problems: string[]): void {
  const p = v as Partial<FixturePlayer> | undefined;
  if (!p || typeof p !== 'object') return void problems.push(`${name}: missing ({ "user", "token" })`);
  if (!isText(p.user)) problems.push(`${name}.user: a non-empty text`);
  if (!isText(p.token)) problems.push(`${name}.token: a non-empty text`);
}

/** Checks a parsed fixtures file; throws one error listing every problem. */
export function readFixtures(json: unknown): SeamlessFixtures {
  const f = json as Partial<SeamlessFixtures> | null;
  const problems: string[] = [];
  if (!f || typeof f !== 'object' || Array.isArray(f)) throw new Error('fixtures: a JSON object is expected');
  if (!isText(f.game)) problems.push('game: the game code every token names');
  if (f.currency !== undefined && f.currency !== SEAMLESS_CURRENCY) problems.push(`currency: the protocol's currency is ${SEAMLESS_CURRENCY}`);
  player(f.funded, 'funded', problems);
  player(f.second, 'second', problems);
  player(f.excluded, 'excluded', problems);
  if (f.limited !== undefined) {
    player(f.limited, 'limited', problems);
    if (!Number.isSafeInteger(f.limited?.stakeFen) || (f.limited?.stakeFen ?? 0) <= 0) problems.push('limited.stakeFen: a stake in fen (> 0) the limits refuse');
  }
  if (!isText(f.expiredToken)) problems.push('expiredToken: an expired token of the funded player');
  if (f.otherGame !== undefined && (!isText(f.otherGame?.game) || !isText(f.otherGame?.token) || f.otherGame.game === f.game)) problems.push('otherGame: { "game", "token" } of another game than `game`');
  if (f.funded && f.second && f.funded.user === f.second.user) problems.push('second: another player than funded');
  if (problems.length > 0) throw new Error(`fixtures: ${problems.join('; ')}`);
  return { ...(f as SeamlessFixtures), currency: f.currency ?? SEAMLESS_CURRENCY };
}
