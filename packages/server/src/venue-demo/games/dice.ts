import type { Rng } from './rng.js';
import { settleTableLines, validateTableBet, type OpposedOptions, type TableBet, type TableLine } from './table-bets.js';
import type { GameDefinition, InstantGame, PlayResult } from './types.js';

/**
 * 快三骰宝 (the lottery category's instant game until the in-house lottery rooms open): three fair dice
 * per round, thrown by the venue's RNG. Options on one throw:
 * - 大 big (sum 11–18) and 小 small (3–10), 单 odd and 双 even sums: pay 1:1 (return 2), all lose on a
 *   triple. Each wins on 105 of the 216 outcomes (108 minus the 3 triples on its side): RTP 210/216.
 * - 豹子 any triple: pays 34:1 (return 35) on 6 of 216: RTP 210/216 (the usual 30:1 would give 86%).
 * Every option's exact RTP is 210/216 = 35/36 ≈ 97.22%.
 */
export const DICE_OPTIONS = ['big', 'small', 'odd', 'even', 'triple'] as const;
export type DiceOption = (typeof DICE_OPTIONS)[number];

const RETURNS: Record<DiceOption, number> = { big: 2, small: 2, odd: 2, even: 2, triple: 35 };
const NAMES: Record<DiceOption, string> = { big: '大', small: '小', odd: '单', even: '双', triple: '豹子' };
export const DICE_RTP = 210 / 216;
export const DICE_MAX_STAKE_FEN = 1_000_000;
/** 大/小 and 单/双 are opposite sides (both lose on a triple): staked together only their difference counts. */
const OPPOSED: OpposedOptions<DiceOption> = { big: 'size', small: 'size', odd: 'parity', even: 'parity' };

export function diceWins(option: DiceOption, dice: readonly [number, number, number]): boolean {
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  if (option === 'triple') return triple;
  if (triple) return false;
  const sum = dice[0] + dice[1] + dice[2];
  if (option === 'big') return sum >= 11;
  if (option === 'small') return sum <= 10;
  if (option === 'odd') return sum % 2 === 1;
  return sum % 2 === 0;
}

export interface DiceOutcome {
  dice: [number, number, number];
  sum: number;
  triple: boolean;
  lines: TableLine<DiceOption>[];
}

export const diceDefinition: GameDefinition = {
  code: 'demo_k3',
  kind: 'dice',
  name: '快三骰宝',
  category: 'lottery',
  provider: null,
  rtp: DICE_RTP,
  maxStakeFen: DICE_MAX_STAKE_FEN,
  options: DICE_OPTIONS.map((o) => ({ code: o, name: NAMES[o], returns: RETURNS[o], rtp: DICE_RTP })),
  rules: [
    '快三骰宝：每局掷出三颗骰子，点数之和为3至18。',
    '大：和值11至18；小：和值3至10；单、双：和值为奇数或偶数。猜中1赔1，开出豹子（三颗点数相同）时大、小、单、双皆输。',
    '豹子：三颗骰子点数相同，猜中1赔34。',
    '同一局同时押大和小（或单和双），只有两者之差计入有效投注。',
    `每一项的理论返还率均为${(DICE_RTP * 100).toFixed(2)}%。`,
  ].join('\n'),
};

export const dice: InstantGame<TableBet<DiceOption>, DiceOutcome> = {
  definition: diceDefinition,
  validate: (input) => validateTableBet(input, DICE_OPTIONS, DICE_MAX_STAKE_FEN),
  play(rng: Rng, bet): PlayResult<DiceOutcome> {
    const thrown: [number, number, number] = [1 + rng.int(6), 1 + rng.int(6), 1 + rng.int(6)];
    const settled = DICE_OPTIONS.filter((o) => bet.stakes[o] !== undefined).map((option) => {
      const stakeFen = bet.stakes[option]!;
      return { option, stakeFen, payoutFen: diceWins(option, thrown) ? stakeFen * RETURNS[option] : 0, validFen: stakeFen };
    });
    const { lines, ...totals } = settleTableLines(settled, OPPOSED);
    const sum = thrown[0] + thrown[1] + thrown[2];
    return { ...totals, outcome: { dice: thrown, sum, triple: thrown[0] === thrown[1] && thrown[1] === thrown[2], lines } };
  },
};
