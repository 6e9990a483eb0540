/**
 * # The demo venue's games (pure engines)
 *
 * Honest, tested games for every hall category of the built-in demo venue (DESIGN §6). This folder is
 * pure: no HTTP, no database, no clock (callers pass `nowMs`), no wallet. The wiring code debits the
 * stake from the member's venue wallet, calls the engine with `cryptoRng`, credits `payoutFen`, and
 * writes the bet record from `stakeFen` / `validFen` / `payoutFen − stakeFen`.
 *
 * ## Games (stated RTPs are proven exactly in test/games-rtp.test.ts)
 * | kind        | code(s)                                     | category | provider                |
 * |-------------|---------------------------------------------|----------|-------------------------|
 * | slot        | obgdy_fruit, obgdy_caishen, obgdy_mahjong, obgdy_panda, fgdz_dragon, fgdz_sanguo, fgdz_journey, fgdz_tiger, pp_egypt, pp_candy, pp_olympus, pp_vegas, ae_ocean, ae_gems, ae_space, ae_lucky | concise | obgdy, fgdz, pp, ae (4 each) |
 * | fishing     | fgdz_fishing, ae_fishing                    | concise  | fgdz, ae (the hall's 捕鱼 tab lists kind 'fishing') |
 * | baccarat    | demo_baccarat                               | realbet  | —                       |
 * | dragontiger | demo_dragontiger                            | joker    | —                       |
 * | football    | demo_football                               | sport    | —                       |
 * | esports     | demo_esports                                | gaming   | —                       |
 * | dice        | demo_k3 (快三骰宝)                           | lottery  | — (until the in-house lottery rooms) |
 *
 * ## Interface
 * - `Rng` (rng.ts): `int(maxExclusive)` uniform and unbiased. `cryptoRng` (node:crypto randomInt) for
 *   real money; `seededRng(seed)` (SHA-256 counter mode, rejection sampling) for simulations, schedules
 *   and reproducible tests. `Shoe` (cards.ts) deals without replacement from 8 decks.
 * - Every game has a `GameDefinition` (types.ts): code, kind, Chinese name, category, provider, stated
 *   `rtp` in [0.90, 0.99], Chinese `rules`, `maxStakeFen`, and per-option RTPs for table games.
 * - Instant games (slot, baccarat, dragontiger, fishing), from `instantGame(code)`:
 *   `validate(input)` → `{ ok: true, bet } | { ok: false, message }` (Chinese, from MSG), then
 *   `play(rng, bet)` → `{ stakeFen, payoutFen, validFen, outcome }`. Inputs, all money in integer fen:
 *   slot `{ stakeFen }` (total of all lines); fishing `{ stakeFen }` (one of CANNON_LEVELS_FEN);
 *   baccarat `{ stakes: { banker?, player?, tie? } }`, dragon-tiger `{ stakes: { dragon?, tiger?, tie? } }`
 *   (several options on one deal; each checked against maxStakeFen; outcome.lines settles each).
 * - Virtual matches (football, esports), from `virtualSport(code)`: `schedule(fromMs, toMs)` (pure
 *   function of the time slot, identical on every instance, nothing to store), `matchById(id)`,
 *   `validate(input, nowMs)` for `{ matchId, market, selection, stakeFen }` (closes at kickoff, locks the
 *   odds into the bet), `simulate(rng, match)` (call once with cryptoRng at `resultAtMs` and store the
 *   result), `settle(bet, result)` → `{ payoutFen, validFen, won }`.
 *
 * ## Money rules
 * - Integer fen throughout. `payoutFen` includes the stake when a bet wins or pushes; win/loss =
 *   payoutFen − stakeFen. `validFen` = the stake at risk (contract netRoundLines): the stake, except
 *   the part returned as a push (baccarat 庄/闲 on a tie: 0; dragon-tiger 龙/虎 on a tie: the lost
 *   half), and opposite options of one round (庄/闲, 龙/虎, 大/小, 单/双; every side of a match's
 *   market across a member's bets, netted at the match's settlement) count only their difference;
 *   `hedgedFen` is the stake so offset.
 * - Every payout is rounded DOWN to the fen. The stated RTPs are for exact amounts; rounding only ever
 *   lowers a payout, by less than 1 fen per bet (none for slot stakes that are multiples of the line
 *   count, banker stakes in multiples of 20 fen, even dragon/tiger stakes, and every fishing stake).
 */
import { GAME_CATEGORIES, type GameCategory } from '@app/contract';
import { baccarat } from './baccarat.js';
import { dragonTiger } from './dragon-tiger.js';
import { dice } from './dice.js';
import { FISHING_GAMES } from './fishing.js';
import { SLOT_MACHINES } from './slots/machines.js';
import { slotGame, type SlotMachine } from './slots/engine.js';
import type { ElectronicProvider, GameDefinition, InstantGame } from './types.js';
import type { VirtualSport } from './virtual/markets.js';
import { esportsSport } from './virtual/esports.js';
import { footballSport } from './virtual/football.js';

export * from './types.js';
export { cryptoRng, scriptedRng, seededRng, type Rng } from './rng.js';
export { cardLabel, shoeScript, type Card } from './cards.js';
export type { SlotBet, SlotMachine, SlotOutcome, SlotSymbol } from './slots/engine.js';
export type { BaccaratOption, BaccaratOutcome } from './baccarat.js';
export type { DragonTigerOption, DragonTigerOutcome } from './dragon-tiger.js';
export { DICE_OPTIONS, type DiceOption, type DiceOutcome } from './dice.js';
export { CANNON_LEVELS_FEN, FISH, fishingTank, type FishingBet, type FishingOutcome, type FishingTank } from './fishing.js';
export type { TableBet, TableLine } from './table-bets.js';
export type { Market, MatchBet, ScheduledMatch, Selection, VirtualSport } from './virtual/markets.js';
export { FOOTBALL_SCHEDULE, type FootballMatch, type FootballResult } from './virtual/football.js';
export { ESPORTS_SCHEDULE, type EsportsMatch, type EsportsResult } from './virtual/esports.js';

export const SLOT_GAMES = SLOT_MACHINES.map(slotGame);

/** Instant games by code; the bet type is whatever that game's validate returned. */
export const INSTANT_GAMES: ReadonlyMap<string, InstantGame<unknown, unknown>> = new Map<string, InstantGame<unknown, unknown>>(
  [...SLOT_GAMES, baccarat, dragonTiger, ...FISHING_GAMES, dice].map((g) => [g.definition.code, g]),
);

/** Virtual sports by code; `simulate` and `settle` take the match / result of that same sport. */
export const VIRTUAL_SPORTS: ReadonlyMap<string, VirtualSport> = new Map<string, VirtualSport>([footballSport, esportsSport].map((s) => [s.definition.code, s]));

export function instantGame(code: string): InstantGame<unknown, unknown> | null {
  return INSTANT_GAMES.get(code) ?? null;
}

/** A slot's full machine (reels, paylines, symbols with labels and colours, theme) for the game page. */
export function slotMachine(code: string): SlotMachine | null {
  return SLOT_GAMES.find((g) => g.machine.code === code)?.machine ?? null;
}

export function virtualSport(code: string): VirtualSport | null {
  return VIRTUAL_SPORTS.get(code) ?? null;
}

/** Every game's definition, in catalogue order (slots by provider, fishing, then the other categories). */
export const GAME_DEFINITIONS: readonly GameDefinition[] = [...INSTANT_GAMES.values()]
  .map((g) => g.definition)
  .concat([...VIRTUAL_SPORTS.values()].map((s) => s.definition))
  .sort((a, b) => GAME_CATEGORIES.indexOf(a.category) - GAME_CATEGORIES.indexOf(b.category) || (a.provider ?? '').localeCompare(b.provider ?? '') || (a.kind === b.kind ? 0 : a.kind === 'slot' ? -1 : 1));

export function gameDefinition(code: string): GameDefinition | null {
  return GAME_DEFINITIONS.find((d) => d.code === code) ?? null;
}

/** The hall's categories with their demo games. */
export function gamesByCategory(): Record<GameCategory, GameDefinition[]> {
  const out = Object.fromEntries(GAME_CATEGORIES.map((c) => [c, [] as GameDefinition[]])) as Record<GameCategory, GameDefinition[]>;
  for (const d of GAME_DEFINITIONS) out[d.category].push(d);
  return out;
}

/** An electronic-game provider's games (gamelistBycode, /concise?type=…): its slots, then fishing. */
export function gamesByProvider(provider: ElectronicProvider): GameDefinition[] {
  return GAME_DEFINITIONS.filter((d) => d.provider === provider);
}

/** The games of the hall's 捕鱼 tab. */
export function fishingGames(): GameDefinition[] {
  return GAME_DEFINITIONS.filter((d) => d.kind === 'fishing');
}

/**
 * The demo game a hall tile of a non-electronic category opens (every provider tile of that category
 * in the seeded catalogue points at the demo venue); null for concise, whose tiles open
 * the provider's grid. Lottery tiles open 快三骰宝 until the in-house lottery rooms exist.
 */
export function demoGameForCategory(category: GameCategory): GameDefinition | null {
  if (category === 'concise') return null;
  return GAME_DEFINITIONS.find((d) => d.category === category) ?? null;
}
