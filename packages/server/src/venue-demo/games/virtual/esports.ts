import { seededRng, type Rng } from '../rng.js';
import { isRecord, type GameDefinition } from '../types.js';
import { PRICING_RTP, RTP_MAX, RTP_MIN, parseMatchId, priceSelection, roundsBetween, settleMatchBet, validateMatchBet, type Market, type MatchBet, type ScheduledMatch, type VirtualSport } from './markets.js';

/**
 * Virtual e-sports (虚拟电竞): best-of-three MOBA series. Scheduling works like virtual football
 * (rounds every intervalMs, derived from seededRng('esports:<round>'), ids `es-<round>-<index>`, bets
 * close at kickoff, the wiring draws the result with cryptoRng when due and stores it).
 *
 * Model: each map is won by the home side (listed first) independently with probability
 * q = qE4 / 10000, from an Elo-style rating difference (with a form of the day), clamped to
 * [0.20, 0.80]. The series ends when a side has two maps. With q exact, every market probability is
 * exact: home wins the series q²(3 − 2q), home 2-0 q², three maps 2q(1 − q). Results are drawn with
 * rng.int(10000) < qE4 per map, i.e. from exactly that model.
 */
export const ESPORTS_SCHEDULE = { intervalMs: 300_000, matchesPerRound: 3, durationMs: 120_000, maxRoundsPerQuery: 288 } as const;
export const ESPORTS_MAX_STAKE_FEN = 1_000_000;
const ID_PREFIX = 'es';
const Q_MIN_E4 = 2000;
const Q_MAX_E4 = 8000;

export interface EsportsTeam {
  name: string;
  rating: number;
}

export const ESPORTS_TEAMS: readonly EsportsTeam[] = [
  { name: '星辰战队', rating: 1680 },
  { name: '烈焰战队', rating: 1650 },
  { name: '苍穹战队', rating: 1630 },
  { name: '雷霆战队', rating: 1610 },
  { name: '幻影战队', rating: 1590 },
  { name: '疾风战队', rating: 1575 },
  { name: '龙魂战队', rating: 1560 },
  { name: '天狼战队', rating: 1545 },
  { name: '极光战队', rating: 1530 },
  { name: '破晓战队', rating: 1515 },
  { name: '赤焰战队', rating: 1500 },
  { name: '寒冰战队', rating: 1480 },
  { name: '神话战队', rating: 1460 },
  { name: '凤凰战队', rating: 1440 },
  { name: '猎鹰战队', rating: 1420 },
  { name: '灵狐战队', rating: 1400 },
];

export interface EsportsMatch extends ScheduledMatch {
  round: number;
  home: EsportsTeam;
  away: EsportsTeam;
  /** The home side's chance of winning one map × 10000. */
  mapWinE4: number;
}

export interface EsportsResult {
  /** Winner of each map played. */
  maps: ('home' | 'away')[];
  homeMaps: number;
  awayMaps: number;
}

export function esportsProbabilities(q: number): { home: number; away: number; homeMinus: number; awayPlus: number; threeMaps: number; twoMaps: number } {
  const home = q * q * (3 - 2 * q);
  const homeMinus = q * q; // home 2-0
  const threeMaps = 2 * q * (1 - q);
  return { home, away: 1 - home, homeMinus, awayPlus: 1 - homeMinus, threeMaps, twoMaps: 1 - threeMaps };
}

function markets(home: EsportsTeam, away: EsportsTeam, q: number): Market[] {
  const p = esportsProbabilities(q);
  return [
    { code: 'winner', name: '胜负', selections: [priceSelection('home', `${home.name}胜`, p.home), priceSelection('away', `${away.name}胜`, p.away)] },
    {
      code: 'handicap',
      name: '让分（地图）',
      selections: [priceSelection('home', `${home.name} -1.5`, p.homeMinus), priceSelection('away', `${away.name} +1.5`, p.awayPlus)],
    },
    { code: 'maps', name: '总局数2.5', selections: [priceSelection('over', '大2.5局', p.threeMaps), priceSelection('under', '小2.5局', p.twoMaps)] },
  ];
}

/** Every match of one round, derived from the round index alone. */
export function esportsRound(round: number): EsportsMatch[] {
  const rng = seededRng(`esports:${round}`);
  const pool = [...ESPORTS_TEAMS];
  const kickoffMs = round * ESPORTS_SCHEDULE.intervalMs;
  const out: EsportsMatch[] = [];
  for (let index = 0; index < ESPORTS_SCHEDULE.matchesPerRound; index++) {
    const take = () => pool.splice(rng.int(pool.length), 1)[0]!;
    const home = take();
    const away = take();
    const form = rng.int(101) - 50; // ±50 rating points on the day
    const diff = home.rating - away.rating + form;
    const qE4 = Math.min(Q_MAX_E4, Math.max(Q_MIN_E4, Math.round(10000 / (1 + 10 ** (-diff / 400)))));
    out.push({
      id: `${ID_PREFIX}-${round}-${index}`,
      round,
      kickoffMs,
      resultAtMs: kickoffMs + ESPORTS_SCHEDULE.durationMs,
      home,
      away,
      mapWinE4: qE4,
      markets: markets(home, away, qE4 / 10000),
    });
  }
  return out;
}

export function scheduleEsports(fromMs: number, toMs: number): EsportsMatch[] {
  return roundsBetween(fromMs, toMs, ESPORTS_SCHEDULE.intervalMs, ESPORTS_SCHEDULE.maxRoundsPerQuery).flatMap(esportsRound);
}

export function esportsMatchById(id: string): EsportsMatch | null {
  const at = parseMatchId(ID_PREFIX, id);
  if (!at || at.index >= ESPORTS_SCHEDULE.matchesPerRound) return null;
  return esportsRound(at.round)[at.index] ?? null;
}

/** The series drawn map by map from the match's model (production: cryptoRng). */
export function simulateEsports(rng: Rng, match: Pick<EsportsMatch, 'mapWinE4'>): EsportsResult {
  const maps: ('home' | 'away')[] = [];
  let homeMaps = 0;
  let awayMaps = 0;
  while (homeMaps < 2 && awayMaps < 2) {
    if (rng.int(10000) < match.mapWinE4) {
      maps.push('home');
      homeMaps++;
    } else {
      maps.push('away');
      awayMaps++;
    }
  }
  return { maps, homeMaps, awayMaps };
}

export function esportsSelectionWins(market: string, selection: string, r: EsportsResult): boolean {
  switch (`${market}/${selection}`) {
    case 'winner/home':
      return r.homeMaps > r.awayMaps;
    case 'winner/away':
      return r.awayMaps > r.homeMaps;
    case 'handicap/home':
      return r.homeMaps - 1.5 > r.awayMaps;
    case 'handicap/away':
      return r.awayMaps + 1.5 > r.homeMaps;
    case 'maps/over':
      return r.homeMaps + r.awayMaps > 2.5;
    case 'maps/under':
      return r.homeMaps + r.awayMaps < 2.5;
    default:
      return false;
  }
}

export function validateEsportsBet(input: unknown, nowMs: number) {
  const id = isRecord(input) && typeof input.matchId === 'string' ? input.matchId : '';
  return validateMatchBet(esportsMatchById(id), input, nowMs, ESPORTS_MAX_STAKE_FEN, ESPORTS_SCHEDULE.intervalMs);
}

export function settleEsports(bet: MatchBet, result: EsportsResult) {
  return settleMatchBet(bet, esportsSelectionWins(bet.market, bet.selection, result));
}

export const esportsDefinition: GameDefinition = {
  code: 'demo_esports',
  kind: 'esports',
  name: '虚拟电竞',
  category: 'gaming',
  provider: null,
  rtp: PRICING_RTP,
  maxStakeFen: ESPORTS_MAX_STAKE_FEN,
  rules: [
    `虚拟电竞：MOBA三局两胜（BO3），每${ESPORTS_SCHEDULE.intervalMs / 60000}分钟一轮，每轮${ESPORTS_SCHEDULE.matchesPerRound}场，开赛即停止投注，开赛后${ESPORTS_SCHEDULE.durationMs / 1000}秒公布结果并结算。`,
    '每张地图的胜负由随机数按双方实力和当日状态独立模拟，先赢两张地图的一方获胜。',
    '玩法：胜负（猜系列赛胜方）；让分（主队-1.5：主队2:0获胜；客队+1.5：客队至少赢一张地图）；总局数2.5（打满三局为大，两局结束为小）。',
    '赔率保留两位小数，投注时锁定；猜中按投注金额乘以赔率派彩（含本金），派彩按分向下取整。',
    `赔率按模型概率计算，每个投注项的理论返还率（概率 × 赔率）在${RTP_MIN * 100}%至${RTP_MAX * 100}%之间（定价目标${PRICING_RTP * 100}%）。`,
  ].join('\n'),
};

export const esportsSport: VirtualSport<EsportsMatch, EsportsResult> = {
  definition: esportsDefinition,
  schedule: scheduleEsports,
  matchById: esportsMatchById,
  validate: validateEsportsBet,
  simulate: simulateEsports,
  settle: settleEsports,
};
