import { pickByProbability, seededRng, type Rng } from '../rng.js';
import { isRecord, type GameDefinition } from '../types.js';
import { PRICING_RTP, RTP_MAX, RTP_MIN, parseMatchId, priceSelection, roundsBetween, settleMatchBet, validateMatchBet, type Market, type MatchBet, type ScheduledMatch, type VirtualSport } from './markets.js';

/**
 * Virtual football (虚拟足球). A round of FOOTBALL_SCHEDULE.matchesPerRound matches kicks off every
 * intervalMs (kickoff = round × intervalMs since the Unix epoch); bets close at kickoff and the result is
 * due durationMs later. The schedule (teams, strengths, odds) is a pure function of the round index
 * (seededRng('football:<round>')), so every server instance derives the same matches without storing
 * them, and a match id `fb-<round>-<index>` finds its match again. The result is NOT derived from the
 * seed: the wiring draws it once with cryptoRng (simulateFootball) when due and stores it.
 *
 * Model: home and away goals are independent Poisson variables with means λ_home, λ_away (two
 * decimals), truncated at MAX_GOALS with the tail mass P(X ≥ MAX_GOALS) put on MAX_GOALS (a score of
 * "10" reads "10 or more"). The markets' probabilities are computed from this same truncated model and
 * the results are drawn from it, so p × odds is exactly each selection's RTP.
 */
export const FOOTBALL_SCHEDULE = { intervalMs: 180_000, matchesPerRound: 4, durationMs: 90_000, maxRoundsPerQuery: 480 } as const;
export const MAX_GOALS = 10;
export const FOOTBALL_MAX_STAKE_FEN = 1_000_000;
const ID_PREFIX = 'fb';

export interface FootballTeam {
  name: string;
  /** Goals scored factor × 100 (100 = average). */
  attackE2: number;
  /** Goals conceded factor × 100 (lower is stronger). */
  defenceE2: number;
}

export const FOOTBALL_TEAMS: readonly FootballTeam[] = [
  { name: '北京雄狮', attackE2: 124, defenceE2: 82 },
  { name: '上海巨龙', attackE2: 128, defenceE2: 86 },
  { name: '广州猛虎', attackE2: 120, defenceE2: 84 },
  { name: '深圳海豚', attackE2: 108, defenceE2: 96 },
  { name: '成都熊猫', attackE2: 96, defenceE2: 100 },
  { name: '武汉长江', attackE2: 104, defenceE2: 98 },
  { name: '杭州西湖', attackE2: 100, defenceE2: 94 },
  { name: '南京金陵', attackE2: 92, defenceE2: 104 },
  { name: '重庆山城', attackE2: 110, defenceE2: 112 },
  { name: '天津海港', attackE2: 88, defenceE2: 102 },
  { name: '西安古城', attackE2: 90, defenceE2: 110 },
  { name: '青岛海鸥', attackE2: 98, defenceE2: 118 },
  { name: '大连星海', attackE2: 102, defenceE2: 106 },
  { name: '长沙湘江', attackE2: 86, defenceE2: 116 },
  { name: '沈阳钢铁', attackE2: 80, defenceE2: 108 },
  { name: '厦门白鹭', attackE2: 78, defenceE2: 122 },
];

/** League-average goals of a home and an away side. */
const BASE_HOME_E2 = 145;
const BASE_AWAY_E2 = 115;
const LAMBDA_MIN_E2 = 30;
const LAMBDA_MAX_E2 = 350;

export interface FootballMatch extends ScheduledMatch {
  round: number;
  home: FootballTeam;
  away: FootballTeam;
  /** Expected goals × 100. */
  lambdaHomeE2: number;
  lambdaAwayE2: number;
}

export interface FootballResult {
  homeGoals: number;
  awayGoals: number;
}

/** P(goals = k), k = 0 … MAX_GOALS, the last holding the tail. */
export function goalDistribution(lambda: number): number[] {
  const p: number[] = [];
  let term = Math.exp(-lambda);
  let acc = 0;
  for (let k = 0; k < MAX_GOALS; k++) {
    p.push(term);
    acc += term;
    term = (term * lambda) / (k + 1);
  }
  p.push(Math.max(0, 1 - acc));
  return p;
}

/** The model's probabilities of every selection. */
export function footballProbabilities(lambdaHome: number, lambdaAway: number): { home: number; draw: number; away: number; over: number; under: number } {
  const h = goalDistribution(lambdaHome);
  const a = goalDistribution(lambdaAway);
  let home = 0;
  let draw = 0;
  let away = 0;
  let under = 0;
  for (let i = 0; i <= MAX_GOALS; i++) {
    for (let j = 0; j <= MAX_GOALS; j++) {
      const p = h[i]! * a[j]!;
      if (i > j) home += p;
      else if (i === j) draw += p;
      else away += p;
      if (i + j <= 2) under += p;
    }
  }
  return { home, draw, away, under, over: 1 - under };
}

function markets(lambdaHome: number, lambdaAway: number): Market[] {
  const p = footballProbabilities(lambdaHome, lambdaAway);
  return [
    {
      code: '1x2',
      name: '胜平负',
      selections: [priceSelection('home', '主胜', p.home), priceSelection('draw', '平局', p.draw), priceSelection('away', '客胜', p.away)],
    },
    { code: 'ou2.5', name: '大小球2.5', selections: [priceSelection('over', '大2.5球', p.over), priceSelection('under', '小2.5球', p.under)] },
  ];
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Every match of one round, derived from the round index alone. */
export function footballRound(round: number): FootballMatch[] {
  const rng = seededRng(`football:${round}`);
  const pool = [...FOOTBALL_TEAMS];
  const kickoffMs = round * FOOTBALL_SCHEDULE.intervalMs;
  const out: FootballMatch[] = [];
  for (let index = 0; index < FOOTBALL_SCHEDULE.matchesPerRound; index++) {
    const take = () => pool.splice(rng.int(pool.length), 1)[0]!;
    const home = take();
    const away = take();
    // Form of the day: ±10% on each side's scoring.
    const formHome = 90 + rng.int(21);
    const formAway = 90 + rng.int(21);
    const lambdaHomeE2 = clamp(Math.round((BASE_HOME_E2 * home.attackE2 * away.defenceE2 * formHome) / 1e6), LAMBDA_MIN_E2, LAMBDA_MAX_E2);
    const lambdaAwayE2 = clamp(Math.round((BASE_AWAY_E2 * away.attackE2 * home.defenceE2 * formAway) / 1e6), LAMBDA_MIN_E2, LAMBDA_MAX_E2);
    out.push({
      id: `${ID_PREFIX}-${round}-${index}`,
      round,
      kickoffMs,
      resultAtMs: kickoffMs + FOOTBALL_SCHEDULE.durationMs,
      home,
      away,
      lambdaHomeE2,
      lambdaAwayE2,
      markets: markets(lambdaHomeE2 / 100, lambdaAwayE2 / 100),
    });
  }
  return out;
}

/** Matches kicking off in [fromMs, toMs) (at most maxRoundsPerQuery rounds). */
export function scheduleFootball(fromMs: number, toMs: number): FootballMatch[] {
  return roundsBetween(fromMs, toMs, FOOTBALL_SCHEDULE.intervalMs, FOOTBALL_SCHEDULE.maxRoundsPerQuery).flatMap(footballRound);
}

export function footballMatchById(id: string): FootballMatch | null {
  const at = parseMatchId(ID_PREFIX, id);
  if (!at || at.index >= FOOTBALL_SCHEDULE.matchesPerRound) return null;
  return footballRound(at.round)[at.index] ?? null;
}

/** Full-time score drawn from the match's model (production: cryptoRng). */
export function simulateFootball(rng: Rng, match: Pick<FootballMatch, 'lambdaHomeE2' | 'lambdaAwayE2'>): FootballResult {
  return {
    homeGoals: pickByProbability(rng, goalDistribution(match.lambdaHomeE2 / 100)),
    awayGoals: pickByProbability(rng, goalDistribution(match.lambdaAwayE2 / 100)),
  };
}

/** Whether a selection wins on a result. */
export function footballSelectionWins(market: string, selection: string, r: FootballResult): boolean {
  const total = r.homeGoals + r.awayGoals;
  switch (`${market}/${selection}`) {
    case '1x2/home':
      return r.homeGoals > r.awayGoals;
    case '1x2/draw':
      return r.homeGoals === r.awayGoals;
    case '1x2/away':
      return r.homeGoals < r.awayGoals;
    case 'ou2.5/over':
      return total > 2.5;
    case 'ou2.5/under':
      return total < 2.5;
    default:
      return false;
  }
}

export function validateFootballBet(input: unknown, nowMs: number) {
  const id = isRecord(input) && typeof input.matchId === 'string' ? input.matchId : '';
  return validateMatchBet(footballMatchById(id), input, nowMs, FOOTBALL_MAX_STAKE_FEN, FOOTBALL_SCHEDULE.intervalMs);
}

export function settleFootball(bet: MatchBet, result: FootballResult) {
  return settleMatchBet(bet, footballSelectionWins(bet.market, bet.selection, result));
}

export const footballDefinition: GameDefinition = {
  code: 'demo_football',
  kind: 'football',
  name: '虚拟足球',
  category: 'sport',
  provider: null,
  rtp: PRICING_RTP,
  maxStakeFen: FOOTBALL_MAX_STAKE_FEN,
  rules: [
    `虚拟足球：每${FOOTBALL_SCHEDULE.intervalMs / 60000}分钟一轮，每轮${FOOTBALL_SCHEDULE.matchesPerRound}场比赛，开赛即停止投注，开赛后${FOOTBALL_SCHEDULE.durationMs / 1000}秒公布全场比分并结算。`,
    '比赛结果由随机数按双方的进攻、防守实力和当日状态模拟产生（双方进球数为独立的泊松分布，单队进球数最多记10球）。',
    '玩法：胜平负（主胜、平局、客胜）；大小球2.5（全场总进球3球及以上为大，2球及以下为小）。',
    '赔率保留两位小数，投注时锁定；猜中按投注金额乘以赔率派彩（含本金），派彩按分向下取整。',
    `赔率按模型概率计算，每个投注项的理论返还率（概率 × 赔率）在${RTP_MIN * 100}%至${RTP_MAX * 100}%之间（定价目标${PRICING_RTP * 100}%）。`,
  ].join('\n'),
};

export const footballSport: VirtualSport<FootballMatch, FootballResult> = {
  definition: footballDefinition,
  schedule: scheduleFootball,
  matchById: footballMatchById,
  validate: validateFootballBet,
  simulate: simulateFootball,
  settle: settleFootball,
};
