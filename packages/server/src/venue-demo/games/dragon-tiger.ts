import { Shoe, type Card } from './cards.js';
import type { Rng } from './rng.js';
import { settleTableLines, validateTableBet, type OpposedOptions, type TableBet, type TableLine } from './table-bets.js';
import { payFen, type GameDefinition, type InstantGame, type PlayResult } from './types.js';

/**
 * Dragon-tiger (龙虎). Each round deals one card to 龙 dragon and one to 虎 tiger from a freshly shuffled
 * 8-deck shoe; the higher rank wins (A lowest, K highest, suits ignored), equal ranks are a tie.
 *
 * Pays (stake included): 龙 / 虎 1:1 (returns 2); on a tie they lose half the stake (half returned,
 * rounded down to the fen; the returned half is not valid turnover); 和 tie 12:1 (returns 13: with
 * P(tie) = 13·32·31 / (416·415) = 12896/172640 the usual 8:1 would return only 67%).
 * Exact RTPs: 龙 / 虎 = 1 − P(tie)/2 = 166192/172640 ≈ 96.27%; 和 = 13 · 12896/172640 ≈ 97.11%.
 */
export const DRAGON_TIGER_OPTIONS = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerOption = (typeof DRAGON_TIGER_OPTIONS)[number];
export type DragonTigerWinner = DragonTigerOption;

export const DRAGON_TIGER_RTP: Record<DragonTigerOption, number> = {
  dragon: 166192 / 172640,
  tiger: 166192 / 172640,
  tie: 167648 / 172640,
};
const RETURNS: Record<DragonTigerOption, number> = { dragon: 2, tiger: 2, tie: 13 };
const NAMES: Record<DragonTigerOption, string> = { dragon: '龙', tiger: '虎', tie: '和' };
export const DRAGON_TIGER_MAX_STAKE_FEN = 1_000_000;
/** 龙 and 虎 are opposite sides: staked together only their difference counts. */
const OPPOSED: OpposedOptions<DragonTigerOption> = { dragon: 'main', tiger: 'main' };

export function dragonTigerWinner(dragon: Pick<Card, 'rank'>, tiger: Pick<Card, 'rank'>): DragonTigerWinner {
  return dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie';
}

export function dragonTigerPayout(option: DragonTigerOption, winner: DragonTigerWinner, stakeFen: number): { payoutFen: number; validFen: number } {
  if (option === winner) return { payoutFen: stakeFen * RETURNS[option], validFen: stakeFen };
  if (winner === 'tie') {
    const returned = payFen(stakeFen, 1, 2);
    return { payoutFen: returned, validFen: stakeFen - returned };
  }
  return { payoutFen: 0, validFen: stakeFen };
}

export interface DragonTigerOutcome {
  dragon: Card;
  tiger: Card;
  winner: DragonTigerWinner;
  lines: TableLine<DragonTigerOption>[];
}

export const dragonTigerDefinition: GameDefinition = {
  code: 'demo_dragontiger',
  kind: 'dragontiger',
  name: '龙虎斗',
  category: 'joker',
  provider: null,
  rtp: Math.min(...Object.values(DRAGON_TIGER_RTP)),
  maxStakeFen: DRAGON_TIGER_MAX_STAKE_FEN,
  options: DRAGON_TIGER_OPTIONS.map((o) => ({ code: o, name: NAMES[o], returns: RETURNS[o], rtp: DRAGON_TIGER_RTP[o] })),
  rules: [
    '龙虎斗：每局使用重新洗牌的8副牌（416张），龙、虎各发一张牌，比较点数大小，不比花色。',
    '点数：A最小，其次2至10、J、Q，K最大。点数相同为和局。',
    '赔率：押龙或押虎猜中1赔1；开出和局时押龙或押虎输一半，退还一半注额（退还部分不计有效投注）。押和猜中1赔12。同一局同时押龙和虎，只有两者之差计入有效投注。',
    `理论返还率：龙、虎${(DRAGON_TIGER_RTP.dragon * 100).toFixed(2)}%，和${(DRAGON_TIGER_RTP.tie * 100).toFixed(2)}%。派彩金额按分向下取整。`,
  ].join('\n'),
};

export const dragonTiger: InstantGame<TableBet<DragonTigerOption>, DragonTigerOutcome> = {
  definition: dragonTigerDefinition,
  validate: (input) => validateTableBet(input, DRAGON_TIGER_OPTIONS, DRAGON_TIGER_MAX_STAKE_FEN),
  play(rng: Rng, bet): PlayResult<DragonTigerOutcome> {
    const shoe = new Shoe(rng);
    const dragon = shoe.draw();
    const tiger = shoe.draw();
    const winner = dragonTigerWinner(dragon, tiger);
    const settled = DRAGON_TIGER_OPTIONS.filter((o) => bet.stakes[o] !== undefined).map((option) => {
      const stakeFen = bet.stakes[option]!;
      return { option, stakeFen, ...dragonTigerPayout(option, winner, stakeFen) };
    });
    const { lines, ...totals } = settleTableLines(settled, OPPOSED);
    return { ...totals, outcome: { dragon, tiger, winner, lines } };
  },
};
