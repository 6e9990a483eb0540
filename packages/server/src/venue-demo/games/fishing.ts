import { MSG } from '@app/contract';
import { pickWeighted, type Rng } from './rng.js';
import { isRecord, stakeError, type Checked, type ElectronicProvider, type GameDefinition, type InstantGame, type PlayResult } from './types.js';

/**
 * Fishing (捕鱼). The member picks a cannon (the stake of each shot, one of fixed levels) and fires;
 * each shot, independently, hits nothing or exactly one fish, drawn with integer weights out of
 * FISH_WEIGHT_TOTAL (one rng.int draw), and pays stake × the fish's multiplier (always whole fen).
 * A tank's RTP = Σ weight × multiplier / FISH_WEIGHT_TOTAL, exact: 海王捕鱼 9600/10000 = 96%,
 * 金蟾捕鱼 9632/10000 = 96.32% (fewer, bigger wins).
 *
 * Listed in category concise (the electronic-games side, whose hall has the 捕鱼 tab) under their
 * provider, so they show on /concise?type=<provider> as well; the hall's fishing tab lists the games of
 * kind 'fishing'.
 */
export interface Fish {
  /** The species the tank draws (FishArt). */
  key: string;
  name: string;
  multiplier: number;
  /** Chance weight out of FISH_WEIGHT_TOTAL. */
  weight: number;
  color: string;
}

/** One fishing game: its code, name, provider and the fish in its tank. */
export interface FishingTank {
  code: string;
  name: string;
  provider: ElectronicProvider;
  fish: readonly Fish[];
}

export const FISH_WEIGHT_TOTAL = 10_000;

export const FISHING_TANKS: readonly FishingTank[] = [
  {
    code: 'fgdz_fishing',
    name: '海王捕鱼',
    provider: 'fgdz',
    fish: [
      { key: 'clownfish', name: '小丑鱼', multiplier: 2, weight: 1800, color: '#fb8500' },
      { key: 'pufferfish', name: '河豚', multiplier: 3, weight: 800, color: '#ffd166' },
      { key: 'lanternfish', name: '灯笼鱼', multiplier: 5, weight: 300, color: '#4cc9f0' },
      { key: 'turtle', name: '海龟', multiplier: 10, weight: 100, color: '#2a9d8f' },
      { key: 'manta', name: '魔鬼鱼', multiplier: 20, weight: 25, color: '#6d597a' },
      { key: 'shark', name: '鲨鱼', multiplier: 50, weight: 8, color: '#8d99ae' },
      { key: 'golden_dragon', name: '金龙', multiplier: 100, weight: 2, color: '#ffd700' },
    ],
  },
  {
    code: 'ae_fishing',
    name: '金蟾捕鱼',
    provider: 'ae',
    fish: [
      { key: 'jellyfish', name: '水母', multiplier: 2, weight: 1700, color: '#f9a8d4' },
      { key: 'squid', name: '鱿鱼', multiplier: 3, weight: 900, color: '#fb923c' },
      { key: 'octopus', name: '章鱼', multiplier: 5, weight: 300, color: '#a855f7' },
      { key: 'swordfish', name: '剑鱼', multiplier: 12, weight: 80, color: '#3b82f6' },
      { key: 'whale', name: '蓝鲸', multiplier: 30, weight: 24, color: '#1e40af' },
      { key: 'golden_toad', name: '金蟾', multiplier: 88, weight: 4, color: '#ffc300' },
    ],
  },
];

/** The first tank's fish (海王捕鱼). */
export const FISH: readonly Fish[] = FISHING_TANKS[0]!.fish;

export function missWeight(tank: FishingTank): number {
  return FISH_WEIGHT_TOTAL - tank.fish.reduce((a, f) => a + f.weight, 0);
}
export function fishingRtp(tank: FishingTank): number {
  return tank.fish.reduce((a, f) => a + f.weight * f.multiplier, 0) / FISH_WEIGHT_TOTAL;
}
export const FISHING_MISS_WEIGHT = missWeight(FISHING_TANKS[0]!);
export const FISHING_RTP = 9600 / 10000;

/** Cannon stakes in fen: 1, 2, 5, 10, 20, 50, 100 元. */
export const CANNON_LEVELS_FEN = [100, 200, 500, 1000, 2000, 5000, 10000] as const;

export interface FishingBet {
  stakeFen: number;
}
export interface FishingOutcome {
  /** The fish hit, or null for a miss. */
  fish: Pick<Fish, 'key' | 'name' | 'multiplier'> | null;
}

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

export function fishingDefinitionOf(tank: FishingTank): GameDefinition {
  const rtp = fishingRtp(tank);
  return {
    code: tank.code,
    kind: 'fishing',
    name: tank.name,
    category: 'concise',
    provider: tank.provider,
    rtp,
    maxStakeFen: CANNON_LEVELS_FEN[CANNON_LEVELS_FEN.length - 1],
    rules: [
      `${tank.name}：选择炮台倍数（每发${CANNON_LEVELS_FEN.map((f) => f / 100).join('、')}元）后开炮，每一发独立结算。`,
      '每一发可能落空，或命中一条鱼并按炮台金额乘以该鱼的倍数派彩：',
      tank.fish.map((f) => `${f.name}${f.multiplier}倍（命中率${percent(f.weight / FISH_WEIGHT_TOTAL)}）`).join('，') + '。',
      `落空率${percent(missWeight(tank) / FISH_WEIGHT_TOTAL)}。理论返还率（RTP）${percent(rtp)}。`,
    ].join('\n'),
  };
}

/** The tank as a playable game: validate `{ stakeFen }` (a cannon level), fire. */
export function fishingGame(tank: FishingTank): InstantGame<FishingBet, FishingOutcome> & { tank: FishingTank } {
  const definition = fishingDefinitionOf(tank);
  const weights = [missWeight(tank), ...tank.fish.map((f) => f.weight)];
  return {
    tank,
    definition,
    validate(input: unknown): Checked<FishingBet> {
      const stakeFen = isRecord(input) ? input.stakeFen : undefined;
      const err = stakeError(stakeFen, definition.maxStakeFen);
      if (err) return { ok: false, message: err };
      if (!(CANNON_LEVELS_FEN as readonly number[]).includes(stakeFen as number)) return { ok: false, message: MSG.gameCannonLevel };
      return { ok: true, bet: { stakeFen: stakeFen as number } };
    },
    play(rng: Rng, bet: FishingBet): PlayResult<FishingOutcome> {
      const i = pickWeighted(rng, weights);
      const fish = i === 0 ? null : tank.fish[i - 1]!;
      return {
        stakeFen: bet.stakeFen,
        payoutFen: fish ? bet.stakeFen * fish.multiplier : 0,
        validFen: bet.stakeFen,
        outcome: { fish: fish && { key: fish.key, name: fish.name, multiplier: fish.multiplier } },
      };
    },
  };
}

export const FISHING_GAMES = FISHING_TANKS.map(fishingGame);
/** 海王捕鱼, the first tank. */
export const fishing = FISHING_GAMES[0]!;
export const fishingDefinition: GameDefinition = fishing.definition;

export function fishingTank(code: string): FishingTank | null {
  return FISHING_TANKS.find((t) => t.code === code) ?? null;
}
