import { MSG } from '@app/contract';
import { pickWeighted, type Rng } from './rng.js';
import { isRecord, stakeError, type Checked, type GameDefinition, type InstantGame, type PlayResult } from './types.js';

/**
 * Fishing (捕鱼). The member picks a cannon (the stake of each shot, one of fixed levels) and fires;
 * each shot, independently, hits nothing or exactly one fish, drawn with integer weights out of
 * FISH_WEIGHT_TOTAL (one rng.int draw), and pays stake × the fish's multiplier (always whole fen).
 * RTP = Σ weight × multiplier / FISH_WEIGHT_TOTAL = 9600/10000 = 96% exactly.
 *
 * Listed in category concise (the electronic-games side, whose hall has the 捕鱼 tab), provider fgdz,
 * so it shows on /concise?type=fgdz as well; the hall's fishing tab lists the games of kind 'fishing'.
 */
export interface Fish {
  key: string;
  name: string;
  multiplier: number;
  /** Chance weight out of FISH_WEIGHT_TOTAL. */
  weight: number;
  color: string;
}

export const FISH_WEIGHT_TOTAL = 10_000;
export const FISH: readonly Fish[] = [
  { key: 'clownfish', name: '小丑鱼', multiplier: 2, weight: 1800, color: '#fb8500' },
  { key: 'pufferfish', name: '河豚', multiplier: 3, weight: 800, color: '#ffd166' },
  { key: 'lanternfish', name: '灯笼鱼', multiplier: 5, weight: 300, color: '#4cc9f0' },
  { key: 'turtle', name: '海龟', multiplier: 10, weight: 100, color: '#2a9d8f' },
  { key: 'manta', name: '魔鬼鱼', multiplier: 20, weight: 25, color: '#6d597a' },
  { key: 'shark', name: '鲨鱼', multiplier: 50, weight: 8, color: '#8d99ae' },
  { key: 'golden_dragon', name: '金龙', multiplier: 100, weight: 2, color: '#ffd700' },
];
export const FISHING_MISS_WEIGHT = FISH_WEIGHT_TOTAL - FISH.reduce((a, f) => a + f.weight, 0);
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

export const fishingDefinition: GameDefinition = {
  code: 'fgdz_fishing',
  kind: 'fishing',
  name: '海王捕鱼',
  category: 'concise',
  provider: 'fgdz',
  rtp: FISHING_RTP,
  maxStakeFen: CANNON_LEVELS_FEN[CANNON_LEVELS_FEN.length - 1],
  rules: [
    `海王捕鱼：选择炮台倍数（每发${CANNON_LEVELS_FEN.map((f) => f / 100).join('、')}元）后开炮，每一发独立结算。`,
    '每一发可能落空，或命中一条鱼并按炮台金额乘以该鱼的倍数派彩：',
    FISH.map((f) => `${f.name}${f.multiplier}倍（命中率${((f.weight / FISH_WEIGHT_TOTAL) * 100).toFixed(2)}%）`).join('，') + '。',
    `落空率${((FISHING_MISS_WEIGHT / FISH_WEIGHT_TOTAL) * 100).toFixed(2)}%。理论返还率（RTP）${(FISHING_RTP * 100).toFixed(2)}%。`,
  ].join('\n'),
};

export const fishing: InstantGame<FishingBet, FishingOutcome> = {
  definition: fishingDefinition,
  validate(input: unknown): Checked<FishingBet> {
    const stakeFen = isRecord(input) ? input.stakeFen : undefined;
    const err = stakeError(stakeFen, fishingDefinition.maxStakeFen);
    if (err) return { ok: false, message: err };
    if (!(CANNON_LEVELS_FEN as readonly number[]).includes(stakeFen as number)) return { ok: false, message: MSG.gameCannonLevel };
    return { ok: true, bet: { stakeFen: stakeFen as number } };
  },
  play(rng: Rng, bet: FishingBet): PlayResult<FishingOutcome> {
    const i = pickWeighted(rng, [FISHING_MISS_WEIGHT, ...FISH.map((f) => f.weight)]);
    const fish = i === 0 ? null : FISH[i - 1]!;
    return {
      stakeFen: bet.stakeFen,
      payoutFen: fish ? bet.stakeFen * fish.multiplier : 0,
      validFen: bet.stakeFen,
      outcome: { fish: fish && { key: fish.key, name: fish.name, multiplier: fish.multiplier } },
    };
  },
};
