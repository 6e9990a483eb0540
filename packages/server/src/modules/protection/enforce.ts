import { blockedText, CODE, fmt, nearLimitText, overHeadroomText, overLimitText, PROTECTION, PROTECTION_MSG, type PlayPath, type PlayStatus } from '@app/contract';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { Tx } from '../ledger/service.js';
import {
  blockState,
  currentBlock,
  guardFacts,
  limitRow,
  limitsOf,
  playedMinutes,
  playSince,
  realityMinutesOf,
  sessionClock,
  shown,
  usageOf,
  type Player,
  type SessionClock,
  type Usage,
} from './service.js';
import type { MoneyPeriod } from './periods.js';

/**
 * The one gate every path that takes money into play goes through (contract protection.ts): deposit,
 * transfer into a venue, game launch, lottery order, promotion, red packet and welfare. A time-out or
 * exclusion refuses them all; the session limit refuses play; the money limits refuse what would take
 * them past their value (the lowest headroom answers); a reality check due refuses lottery orders.
 * Withdrawals and login never come here. Trial accounts have no protection.
 *
 * Called inside the path's own transaction where it has one, after the member row's lock, so two
 * stakes at once are counted one after the other.
 */

const refused = (message: string) => new AppError(CODE.forbidden, message);

/** Paths that are play itself: the session limit stops them. */
const PLAY_PATHS: ReadonlySet<PlayPath> = new Set(['transfer', 'launch', 'lottery']);

/** What is left of each money limit on stakes (loss and wager), fen, lowest first. */
function stakeHeadroom(usage: Usage[]): { u: Usage; leftFen: number }[] {
  return usage
    .filter((u) => u.limit.kind === 'loss' || u.limit.kind === 'wager')
    .map((u) => ({ u, leftFen: u.limit.value - u.used }))
    .sort((a, b) => a.leftFen - b.leftFen);
}

function overText(u: Usage, now: Date): string {
  return overLimitText(limitRow(u, now));
}

function realityDue(clock: SessionClock, intervalMinutes: number, now: Date): boolean {
  const since = clock.ackedAt && clock.ackedAt > clock.startedAt ? clock.ackedAt : clock.startedAt;
  return now.getTime() - since.getTime() >= intervalMinutes * 60_000;
}

/**
 * Throws the refusal (code 403) when `path` may not take `amountFen` into play now. For a lottery
 * order the amount is its whole stake (wager, and the most it can lose); for a transfer the amount
 * moved; for a deposit the amount submitted; launches and claims pass none.
 */
export async function assertMayPlay(db: Tx, player: Player, path: PlayPath, amountFen = 0, now: Date = new Date()): Promise<void> {
  if (player.isTrial) return;
  const needsClock = PLAY_PATHS.has(path);
  // The block, the limits, the session clock and the reality interval in one round trip.
  const facts = await guardFacts(db, player.id, needsClock ? player.tokenHash : undefined, now);
  if (facts.block) throw refused(blockedText(blockState(facts.block)));
  const limits = facts.limits;
  const clock = needsClock ? facts.clock : null;
  if (path === 'lottery' && clock) {
    const interval = facts.realityMinutes;
    if (realityDue(clock, interval, now)) throw refused(fmt(PROTECTION_MSG.realityDue, { minutes: playedMinutes(clock, now) }));
  }
  if (limits.length === 0) return;
  const usage = await usageOf(db, player.id, limits, clock, now);
  if (needsClock) {
    const session = usage.find((u) => u.limit.kind === 'session');
    if (session && clock && session.used >= session.limit.value) throw refused(overText(session, now));
  }
  if (path === 'deposit') {
    const over = usage
      .filter((u) => u.limit.kind === 'deposit')
      .map((u) => ({ u, leftFen: u.limit.value - u.used }))
      .sort((a, b) => a.leftFen - b.leftFen)
      .find((h) => amountFen > h.leftFen);
    if (over) throw refused(overText(over.u, now));
    return;
  }
  // Stakes and transfers must fit what is left; launches and claims need something left.
  const over = stakeHeadroom(usage).find((h) => (amountFen > 0 ? amountFen > h.leftFen : h.leftFen <= 0));
  if (!over) return;
  // A transfer past what is left (something is) names it: 今日最多还可转入…元.
  if (path === 'transfer' && over.leftFen > 0) throw refused(overHeadroomText(over.u.limit.kind as 'loss' | 'wager', over.u.limit.period as MoneyPeriod, over.leftFen));
  throw refused(overText(over.u, now));
}

/** The advisory lock's class of a member's stakes (lib/jobs.ts keeps the others). */
const STAKE_LOCK = 727_030;

/**
 * The gate as a path's transaction calls it, first thing: the member's stakes are serialised (an
 * advisory lock, not the member row, so the ledger's own row locks keep their order), then checked.
 */
export function playGuard(player: Player, path: PlayPath, amountFen = 0): (tx: Tx) => Promise<void> {
  return async (tx) => {
    if (player.isTrial) return;
    await sql`SELECT pg_advisory_xact_lock(${STAKE_LOCK}::int, ${player.id}::int)`.execute(tx);
    await assertMayPlay(tx, player, path, amountFen);
  };
}

/** Fen a transfer into a venue may move now (Infinity: no loss or wager limit). */
export async function stakeHeadroomFen(db: Tx, player: Player, now: Date = new Date()): Promise<number> {
  if (player.isTrial) return Number.POSITIVE_INFINITY;
  const limits = await limitsOf(db, player.id);
  const usage = await usageOf(db, player.id, limits, null, now);
  const lowest = stakeHeadroom(usage)[0];
  return lowest ? Math.max(0, lowest.leftFen) : Number.POSITIVE_INFINITY;
}

/**
 * What the member's wager limits and loss limits each leave now, fen (the lowest of each kind, never
 * below 0; null: no limit of that kind), or null when it has neither (or is a trial account). A game
 * launch hands it to the venue, which holds the play it opens to it (venues/adapter.ts StakeHeadroom).
 */
export async function stakeHeadroomByKind(db: Tx, player: Player, now: Date = new Date()): Promise<{ wagerFen: number | null; lossFen: number | null } | null> {
  if (player.isTrial) return null;
  const limits = (await limitsOf(db, player.id)).filter((l) => l.kind === 'loss' || l.kind === 'wager');
  if (limits.length === 0) return null;
  const usage = await usageOf(db, player.id, limits, null, now);
  const lowest = (kind: 'loss' | 'wager') => {
    const left = usage.filter((u) => u.limit.kind === kind).map((u) => Math.max(0, u.limit.value - u.used));
    return left.length > 0 ? Math.min(...left) : null;
  };
  return { wagerFen: lowest('wager'), lossFen: lowest('loss') };
}

/** Whether a loss or wager limit of the member is reached (the bet feed ends its venue sessions then). */
export async function pastStakeLimit(db: Tx, memberId: number, now: Date = new Date()): Promise<boolean> {
  return (await stakeHeadroomFen(db, { id: memberId, isTrial: false }, now)) <= 0;
}

/** POST /api/playStatus: the reality check's numbers, the limits at or past 80 %, the block. */
export async function playStatus(db: Tx, player: Player, now: Date = new Date()): Promise<PlayStatus> {
  const clock = await sessionClock(db, player.tokenHash);
  const interval = player.isTrial ? PROTECTION.realityDefaultMinutes : await realityMinutesOf(db, player.id);
  const played = clock ? await playSince(db, player.id, clock.startedAt) : { stakeFen: 0, payoutFen: 0 };
  const reality = {
    due: !player.isTrial && clock !== null && realityDue(clock, interval, now),
    played_minutes: clock ? playedMinutes(clock, now) : 0,
    stake: shown('wager', played.stakeFen),
    payout: shown('wager', played.payoutFen),
    net: shown('wager', played.payoutFen - played.stakeFen),
    interval_minutes: interval,
  };
  if (player.isTrial) return { reality, warnings: [], block: null };
  const [limits, block] = await Promise.all([limitsOf(db, player.id), currentBlock(db, player.id, now)]);
  const usage = await usageOf(db, player.id, limits, clock, now);
  const warnings = usage
    .filter((u) => u.used >= u.limit.value * PROTECTION.warnRatio)
    .map((u) => {
      const row = limitRow(u, now);
      const percent = Math.floor((u.used / u.limit.value) * 100);
      return { kind: row.kind, period: row.period, percent, text: u.used >= u.limit.value ? overLimitText(row) : nearLimitText(row) };
    });
  return { reality, warnings, block: block ? blockState(block) : null };
}

/**
 * Ends the member's open game sessions at the venues (a block started, or the bet feed saw a loss or
 * wager limit reached), so an open game frame stops taking bets. A venue that cannot be told is logged.
 */
export async function endVenueSessions(app: Pick<FastifyInstance, 'venues' | 'log'>, memberId: number): Promise<void> {
  await app.venues.endSessions(memberId).catch((err) => app.log.error({ err, memberId }, 'venue play sessions not ended'));
}

/**
 * After the bet feed applied venue bets: each of their members with a loss or wager limit now reached
 * has its venue sessions ended (the game frame stops taking bets; the next launch is refused).
 */
export async function endSessionsPastLimits(
  db: Tx,
  venues: Pick<FastifyInstance['venues'], 'endSessions'>,
  memberIds: number[],
  log?: Pick<FastifyInstance['log'], 'error'>,
  now: Date = new Date(),
): Promise<number[]> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return [];
  const limited = await db.selectFrom('protection_limits').select('member_id').distinct().where('member_id', 'in', ids).where('kind', 'in', ['loss', 'wager']).execute();
  const ended: number[] = [];
  for (const { member_id } of limited) {
    const memberId = Number(member_id);
    if (!(await pastStakeLimit(db, memberId, now))) continue;
    await venues.endSessions(memberId).catch((err) => log?.error({ err, memberId }, 'venue play sessions not ended'));
    ended.push(memberId);
  }
  return ended;
}
