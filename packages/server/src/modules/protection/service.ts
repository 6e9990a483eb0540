import { sql } from 'kysely';
import {
  BLOCK_DURATION_LABEL,
  BLOCK_KIND_LABEL,
  fenToYuan,
  fmt,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LOTTERY_VENUE,
  limitLabel,
  PROTECTION,
  PROTECTION_EVENT,
  PROTECTION_MSG,
  type BlockDuration,
  type BlockKind,
  type BlockState,
  type LimitKind,
  type LimitPeriod,
  type LimitRow,
  type ProtectionState,
} from '@app/contract';
import type { Tx } from '../ledger/service.js';
import { bjMinute, periodOf, type MoneyPeriod } from './periods.js';

/**
 * Player protection's model (contract protection.ts): the limits a member set (money ones kept in fen,
 * the session one in minutes), the time-out or exclusion in force, the login session's clock, and what
 * was played and deposited in each Beijing period. Enforcement (enforce.ts) and the settings
 * (settings.ts) read it through here.
 */

/** Who plays: the member and, for the session limit and the reality check, its login session. */
export interface Player {
  id: number;
  isTrial: boolean;
  /** the login session's token hash (absent: no session clock, e.g. a job) */
  tokenHash?: string;
}

export interface LimitRecord {
  kind: LimitKind;
  period: LimitPeriod;
  /** fen, or minutes for the session limit */
  value: number;
  /** a raise or removal waiting: the new value (null = remove), and from when it may be confirmed */
  pending: { value: number | null; confirmableAt: Date } | null;
}

export interface BlockRecord {
  kind: BlockKind;
  duration: BlockDuration;
  startedAt: Date;
  /** null: permanent */
  endsAt: Date | null;
  /** 'member' or the staff member's name */
  by: string;
}

export interface SessionClock {
  startedAt: Date;
  ackedAt: Date | null;
}

/** A limit with what was used of it now (fen or minutes) and when its period resets (null: session). */
export interface Usage {
  limit: LimitRecord;
  used: number;
  resets: Date | null;
}

const isMoney = (kind: LimitKind) => kind !== 'session';

type LimitDbRow = { kind: string; period: string; limit_value: number | string; pending_value: number | string | null; pending_confirmable_at: Date | string | number | null };

/** A member's limit rows as records, in the contract's order of kinds and periods. */
function limitRecords(rows: LimitDbRow[]): LimitRecord[] {
  const order = (r: { kind: string; period: string }) => LIMIT_KINDS.indexOf(r.kind as LimitKind) * 10 + LIMIT_PERIODS.indexOf(r.period as LimitPeriod);
  return rows
    .sort((a, b) => order(a) - order(b))
    .map((r) => ({
      kind: r.kind as LimitKind,
      period: r.period as LimitPeriod,
      value: Number(r.limit_value),
      pending: r.pending_confirmable_at ? { value: r.pending_value === null ? null : Number(r.pending_value), confirmableAt: new Date(r.pending_confirmable_at) } : null,
    }));
}

export async function limitsOf(db: Tx, memberId: number): Promise<LimitRecord[]> {
  return limitRecords(await db.selectFrom('protection_limits').selectAll().where('member_id', '=', memberId).execute());
}

type BlockDbRow = { kind: string; duration: string; started_at: Date | string; ends_at: Date | string | null; staff_name: string | null };

function blockRecord(row: BlockDbRow): BlockRecord {
  return {
    kind: row.kind as BlockKind,
    duration: row.duration as BlockDuration,
    startedAt: new Date(row.started_at),
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
    by: row.staff_name ?? 'member',
  };
}

/** The time-out or exclusion in force at `now`: of those running, the one ending last. */
export async function currentBlock(db: Tx, memberId: number, now: Date): Promise<BlockRecord | null> {
  const row = await db
    .selectFrom('protection_blocks')
    .select(['kind', 'duration', 'started_at', 'ends_at', 'staff_name'])
    .where('member_id', '=', memberId)
    .where('started_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy(sql`ends_at DESC NULLS FIRST`)
    .limit(1)
    .executeTakeFirst();
  return row ? blockRecord(row) : null;
}

export function blockState(b: BlockRecord): BlockState {
  return { kind: b.kind, duration: b.duration, started_at: bjMinute(b.startedAt), until: b.endsAt ? bjMinute(b.endsAt) : '' };
}

/** The answer to a block just started. */
export function blockSetMessage(b: BlockRecord): string {
  return b.endsAt ? fmt(PROTECTION_MSG.blockSet, { label: BLOCK_KIND_LABEL[b.kind], until: bjMinute(b.endsAt) }) : PROTECTION_MSG.blockSetPermanent;
}

export async function sessionClock(db: Tx, tokenHash: string | undefined): Promise<SessionClock | null> {
  if (!tokenHash) return null;
  const row = await db.selectFrom('sessions').select(['created_at', 'reality_acked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? clockOf(row.created_at, row.reality_acked_at) : null;
}

function clockOf(createdAt: Date | string, ackedAt: Date | string | null): SessionClock {
  return { startedAt: new Date(createdAt), ackedAt: ackedAt ? new Date(ackedAt) : null };
}

/** Whole minutes of the login session at `now`. */
export function playedMinutes(clock: SessionClock, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - clock.startedAt.getTime()) / 60_000));
}

/**
 * Stakes and payouts since `since`, fen: lottery orders and venue bet records (invalid ones not; the
 * lottery's own lines in bet_records are its orders again, so they are left out there).
 */
export async function playSince(db: Tx, memberId: number, since: Date): Promise<{ stakeFen: number; payoutFen: number }> {
  const at = since.toISOString();
  const { rows } = await sql<{ stake: number | string; payout: number | string }>`
    SELECT COALESCE(SUM(stake), 0)::bigint AS stake, COALESCE(SUM(payout), 0)::bigint AS payout FROM (
      SELECT stake_fen AS stake, payout_fen AS payout FROM lottery_orders
        WHERE member_id = ${memberId} AND created_at >= ${at}::timestamptz AND status <> 0
      UNION ALL
      SELECT bet_fen, CASE WHEN status = 1 THEN GREATEST(bet_fen + win_loss_fen, 0) ELSE 0 END FROM bet_records
        WHERE member_id = ${memberId} AND bet_at >= ${at}::timestamptz AND status <> 0 AND venue <> ${LOTTERY_VENUE}
    ) AS played`.execute(db);
  return { stakeFen: Number(rows[0]?.stake ?? 0), payoutFen: Number(rows[0]?.payout ?? 0) };
}

/** Deposits submitted since `since` and not rejected (pending ones count), fen. */
export async function depositsSince(db: Tx, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<string>`COALESCE(SUM(amount_fen), 0)::bigint`.as('fen'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('state', '<>', 3)
    .executeTakeFirstOrThrow();
  return Number(row.fen);
}

/** Every limit with its use now; the money periods' sums are read once each. */
export async function usageOf(db: Tx, memberId: number, limits: LimitRecord[], clock: SessionClock | null, now: Date): Promise<Usage[]> {
  const played = new Map<MoneyPeriod, Promise<{ stakeFen: number; payoutFen: number }>>();
  const deposited = new Map<MoneyPeriod, Promise<number>>();
  return Promise.all(
    limits.map(async (limit): Promise<Usage> => {
      if (!isMoney(limit.kind)) return { limit, used: clock ? playedMinutes(clock, now) : 0, resets: null };
      const period = limit.period as MoneyPeriod;
      const { start, resets } = periodOf(period, now);
      if (limit.kind === 'deposit') {
        if (!deposited.has(period)) deposited.set(period, depositsSince(db, memberId, start));
        return { limit, used: await deposited.get(period)!, resets };
      }
      if (!played.has(period)) played.set(period, playSince(db, memberId, start));
      const p = await played.get(period)!;
      return { limit, used: limit.kind === 'wager' ? p.stakeFen : Math.max(0, p.stakeFen - p.payoutFen), resets };
    }),
  );
}

/** A limit's value as the wire shows it: yuan, or minutes for the session limit. */
export function shown(kind: LimitKind, value: number): number {
  return isMoney(kind) ? fenToYuan(value) : value;
}

export function limitRow(u: Usage, now: Date): LimitRow {
  const { kind, period, value, pending } = u.limit;
  return {
    kind,
    period,
    limit: shown(kind, value),
    used: shown(kind, u.used),
    resets_at: u.resets ? bjMinute(u.resets) : '',
    pending: pending
      ? { limit: pending.value === null ? null : shown(kind, pending.value), confirmable_at: bjMinute(pending.confirmableAt), confirmable: now >= pending.confirmableAt }
      : null,
  };
}

/** How often the member's reality check comes (protection_reality_checks; no row: the default). */
export async function realityMinutesOf(db: Tx, memberId: number): Promise<number> {
  const row = await db.selectFrom('protection_reality_checks').select('interval_minutes').where('member_id', '=', memberId).executeTakeFirst();
  return row?.interval_minutes ?? PROTECTION.realityDefaultMinutes;
}

/** What the gate reads of a member before anything else: currentBlock, limitsOf, sessionClock and realityMinutesOf at once. */
export interface GuardFacts {
  block: BlockRecord | null;
  limits: LimitRecord[];
  /** null without a token hash or when its session is gone */
  clock: SessionClock | null;
  realityMinutes: number;
}

/**
 * The block in force at `now`, the limits, the login session's clock and the reality interval in one
 * statement (one round trip for every stake's gate), each read exactly as its own function
 * reads it.
 */
export async function guardFacts(db: Tx, memberId: number, tokenHash: string | undefined, now: Date): Promise<GuardFacts> {
  const at = now.toISOString();
  const { rows } = await sql<
    Partial<BlockDbRow> & { has_block: boolean; session_created_at: Date | string | null; reality_acked_at: Date | string | null; reality_minutes: number | null; limits: LimitDbRow[] | string | null }
  >`
    SELECT b.kind IS NOT NULL AS has_block, b.kind, b.duration, b.started_at, b.ends_at, b.staff_name,
      s.created_at AS session_created_at, s.reality_acked_at, r.interval_minutes AS reality_minutes,
      (SELECT json_agg(json_build_object('kind', l.kind, 'period', l.period, 'limit_value', l.limit_value, 'pending_value', l.pending_value,
          'pending_confirmable_at', floor(extract(epoch FROM l.pending_confirmable_at) * 1000)))
        FROM protection_limits l WHERE l.member_id = ${memberId}::bigint) AS limits
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT kind, duration, started_at, ends_at, staff_name FROM protection_blocks
      WHERE member_id = ${memberId}::bigint AND started_at <= ${at}::timestamptz AND (ends_at IS NULL OR ends_at > ${at}::timestamptz)
      ORDER BY ends_at DESC NULLS FIRST LIMIT 1
    ) AS b ON true
    LEFT JOIN sessions s ON s.token_hash = ${tokenHash ?? null}::text
    LEFT JOIN protection_reality_checks r ON r.member_id = ${memberId}::bigint`.execute(db);
  const r = rows[0]!;
  const limits = (typeof r.limits === 'string' ? (JSON.parse(r.limits) as LimitDbRow[]) : r.limits) ?? [];
  return {
    block: r.has_block ? blockRecord(r as BlockDbRow) : null,
    limits: limitRecords(limits.map((l) => ({ ...l, pending_confirmable_at: l.pending_confirmable_at === null ? null : Number(l.pending_confirmable_at) }))),
    clock: tokenHash && r.session_created_at ? clockOf(r.session_created_at, r.reality_acked_at) : null,
    realityMinutes: r.reality_minutes ?? PROTECTION.realityDefaultMinutes,
  };
}

/** POST /api/protection (and the console's view): the limits with their use, the block, the reality interval. */
export async function protectionState(db: Tx, player: Player, now: Date): Promise<ProtectionState> {
  const clock = await sessionClock(db, player.tokenHash);
  const base = { reality_minutes: PROTECTION.realityDefaultMinutes, session_started_at: clock ? bjMinute(clock.startedAt) : '' };
  if (player.isTrial) return { limits: [], block: null, ...base };
  const [limits, block, reality] = await Promise.all([limitsOf(db, player.id), currentBlock(db, player.id, now), realityMinutesOf(db, player.id)]);
  const usage = await usageOf(db, player.id, limits, clock, now);
  return { ...base, limits: usage.map((u) => limitRow(u, now)), block: block ? blockState(block) : null, reality_minutes: reality };
}

// ---- history -------------------------------------------------------------------------------

/** Who made a change: the member itself (null) or a staff member. */
export type ChangedBy = { id: number; username: string } | null;

export async function writeEvent(db: Tx, memberId: number, by: ChangedBy, text: string, reason = ''): Promise<void> {
  await db
    .insertInto('protection_events')
    .values({ member_id: memberId, staff_id: by?.id ?? null, staff_name: by?.username ?? null, text, reason })
    .execute();
}

/** A limit's value in a history line: 1000元 or 60分钟. */
export function valueText(kind: LimitKind, value: number): string {
  return isMoney(kind) ? `${fenToYuan(value)}元` : `${value}分钟`;
}

export function eventText(key: keyof typeof PROTECTION_EVENT, v: { kind?: LimitKind; period?: LimitPeriod; value?: number; block?: BlockKind; duration?: BlockDuration; minutes?: number }): string {
  return fmt(PROTECTION_EVENT[key], {
    label: v.block ? BLOCK_KIND_LABEL[v.block] : v.kind && v.period ? limitLabel(v.kind, v.period) : '',
    value: v.kind && v.value !== undefined ? valueText(v.kind, v.value) : '',
    duration: v.duration ? BLOCK_DURATION_LABEL[v.duration] : '',
    minutes: v.minutes ?? '',
  });
}

