import { Shoe, type Card } from './cards.js';
import type { Rng } from './rng.js';
import { settleTableLines, validateTableBet, type OpposedOptions, type TableBet, type TableLine } from './table-bets.js';
import { payFen, type GameDefinition, type InstantGame, type PlayResult } from './types.js';

/**
 * Baccarat (百家乐), punto banco. Every round deals from a freshly shuffled 8-deck shoe (no card
 * counting, and each round's probabilities are exactly those of a full shoe). Order of the deal:
 * player, banker, player, banker, then the player's and the banker's third cards by the standard rules:
 * - a natural (either side totals 8 or 9 on two cards) ends the round;
 * - the player draws on 0–5 and stands on 6–7;
 * - if the player stood, the banker draws on 0–5 and stands on 6–7; otherwise the banker's table
 *   with the player's third card t: 0–2 draw; 3 draw unless t = 8; 4 draw on t = 2–7; 5 on t = 4–7;
 *   6 on t = 6–7; 7 stands.
 *
 * Pays (stake returned on a win, included in the payout): 庄 banker 1:1 less 5% commission (returns
 * 1.95), 闲 player 1:1 (returns 2), 和 tie 9:1 (returns 10; the usual 8:1 would give 85.6%, below the
 * 90% floor). On a tie the banker and player bets push: stake returned, valid amount 0.
 * Payouts round down to the fen (the banker's 1.95 is exact for stakes in multiples of 20 fen).
 */
export const BACCARAT_OPTIONS = ['banker', 'player', 'tie'] as const;
export type BaccaratOption = (typeof BACCARAT_OPTIONS)[number];
export type BaccaratWinner = BaccaratOption;

/**
 * Exact theoretical RTPs, from enumerating every card sequence of an 8-deck shoe without replacement
 * (the test redoes it and checks these to 1e-12). Out of 416·415·414·413·412·411 = 4998398275503360
 * equally likely six-card sequences, banker wins 2292252566437888, player 2230518282592256 and tie
 * 475627426473216 (P = 0.458597, 0.446247, 0.095156).
 */
export const BACCARAT_RTP: Record<BaccaratOption, number> = {
  banker: 0.989420942157528, // 1.95 P(banker) + P(tie)
  player: 0.987649186710834, // 2 P(player) + P(tie)
  tie: 0.951559680236402, // 10 P(tie)
};

/** Returns per 1 staked when the option wins (stake included), as a fraction num / 100. */
const RETURNS_E2: Record<BaccaratOption, number> = { banker: 195, player: 200, tie: 1000 };
const NAMES: Record<BaccaratOption, string> = { banker: '庄', player: '闲', tie: '和' };

export const BACCARAT_MAX_STAKE_FEN = 1_000_000; // 10,000 元 per option per round
/** 庄 and 闲 are opposite sides (a tie pushes both): staked together only their difference counts. */
const OPPOSED: OpposedOptions<BaccaratOption> = { banker: 'main', player: 'main' };

export function cardPoints(c: Pick<Card, 'rank'>): number {
  return c.rank >= 10 ? 0 : c.rank;
}

export function handTotal(points: readonly number[]): number {
  return points.reduce((a, p) => a + p, 0) % 10;
}

/** Whether the player takes a third card (after no natural). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/** Whether the banker takes a third card (after no natural); `playerThird` is the player's third card's points, or null when the player stood. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
}

/** Plays the cards out from `next` by the drawing rules. */
export function dealHand(next: () => Card): BaccaratHand {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const pts = (cards: Card[]) => handTotal(cards.map(cardPoints));
  let playerTotal = pts(player);
  let bankerTotal = pts(banker);
  if (playerTotal < 8 && bankerTotal < 8) {
    let playerThird: number | null = null;
    if (playerDraws(playerTotal)) {
      const c = next();
      player.push(c);
      playerThird = cardPoints(c);
      playerTotal = pts(player);
    }
    if (bankerDraws(bankerTotal, playerThird)) {
      banker.push(next());
      bankerTotal = pts(banker);
    }
  }
  const winner: BaccaratWinner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

/** One option's settlement given the round's winner. */
export function baccaratPayout(option: BaccaratOption, winner: BaccaratWinner, stakeFen: number): { payoutFen: number; validFen: number } {
  if (option === winner) return { payoutFen: payFen(stakeFen, RETURNS_E2[option], 100), validFen: stakeFen };
  if (winner === 'tie') return { payoutFen: stakeFen, validFen: 0 }; // banker / player push
  return { payoutFen: 0, validFen: stakeFen };
}

export interface BaccaratOutcome extends BaccaratHand {
  lines: TableLine<BaccaratOption>[];
}

export const baccaratDefinition: GameDefinition = {
  code: 'demo_baccarat',
  kind: 'baccarat',
  name: '百家乐',
  category: 'realbet',
  provider: null,
  rtp: Math.min(...Object.values(BACCARAT_RTP)),
  maxStakeFen: BACCARAT_MAX_STAKE_FEN,
  options: BACCARAT_OPTIONS.map((o) => ({ code: o, name: NAMES[o], returns: RETURNS_E2[o] / 100, rtp: BACCARAT_RTP[o] })),
  rules: [
    '百家乐：每局使用重新洗牌的8副牌（416张），按闲、庄、闲、庄的顺序各发两张。',
    '点数：A为1点，2至9按牌面计，10、J、Q、K为0点；总点数取个位数，接近9点者胜。',
    '任一方头两张合计8或9点为天牌，双方均不再补牌。',
    '闲家0至5点补一张，6、7点停牌。',
    '闲家停牌时，庄家0至5点补一张，6、7点停牌；闲家补牌时，庄家按闲家第三张牌的点数补牌：庄0至2点必补；3点除闲第三张为8外均补；4点在闲第三张为2至7时补；5点在4至7时补；6点在6或7时补；7点停牌。',
    '赔率：庄赢1赔0.95（抽水5%），闲赢1赔1，和局1赔9。开出和局时，押庄或押闲的注额全数退还（不计有效投注）。同一局同时押庄和闲，只有两者之差计入有效投注。',
    `理论返还率：庄${(BACCARAT_RTP.banker * 100).toFixed(2)}%，闲${(BACCARAT_RTP.player * 100).toFixed(2)}%，和${(BACCARAT_RTP.tie * 100).toFixed(2)}%。派彩金额按分向下取整。`,
  ].join('\n'),
};

export const baccarat: InstantGame<TableBet<BaccaratOption>, BaccaratOutcome> = {
  definition: baccaratDefinition,
  validate: (input) => validateTableBet(input, BACCARAT_OPTIONS, BACCARAT_MAX_STAKE_FEN),
  play(rng: Rng, bet): PlayResult<BaccaratOutcome> {
    const shoe = new Shoe(rng);
    const hand = dealHand(() => shoe.draw());
    const settled = BACCARAT_OPTIONS.filter((o) => bet.stakes[o] !== undefined).map((option) => {
      const stakeFen = bet.stakes[option]!;
      return { option, stakeFen, ...baccaratPayout(option, hand.winner, stakeFen) };
    });
    const { lines, ...totals } = settleTableLines(settled, OPPOSED);
    return { ...totals, outcome: { ...hand, lines } };
  },
};
