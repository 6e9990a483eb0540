import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import {
  CODE,
  DEFAULT_REDPACKET_RULES,
  fenOfYuan,
  fenToYuan,
  fmt,
  MSG,
  REDPACKET_MSG,
  redPacketDrawsEarned,
  redPacketMinutes,
  redPacketRulesFailure,
  redPacketWindowState,
  type Page,
  type RedPacketDrawResult,
  type RedPacketRecord,
  type RedPacketRules,
  type UserRedPacket,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError } from '../../http/errors.js';
import { beijing, beijingDate, beijingDayStart } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { HOUSE, memberWalletId, post, systemAccountId, type ReviewRecorder } from '../ledger/service.js';
import { getSettings } from '../site/service.js';
import { addTurnoverRequirement } from '../turnover/service.js';

/**
 * Red packets (红包; contract redpacket.ts has the rule model; DESIGN §5, §8). Tables: red_packet_rules
 * (the staff's rules), red_packet_days (each Beijing day's budget), red_packet_draws (one row per
 * draw, unique per member, day and seq). Money moves only through the ledger, from HOUSE.redPackets.
 */

/** The ledger journal kind of a draw. */
export const REDPACKET_JOURNAL_KIND = 'red_packet';
/** Records per /api/redpacket page. */
export const REDPACKET_PAGE_SIZE = 15;
/** Rows per page of the console's draw list, at most. */
export const REDPACKET_ADMIN_PAGE_MAX = 100;

const MINUTE_MS = 60_000;
const refuse = (message: string) => new AppError(CODE.badRequest, message);

// ---- rules -----------------------------------------------------------------------------------

/**
 * Read by every draw, so kept in process for a second per database (a rush reads it thousands of
 * times); a save refreshes this instance at once, others within the second.
 */
const RULES_CACHE_MS = 1000;
const rulesCache = new WeakMap<object, { rules: RedPacketRules; atMs: number }>();

/** The rules in force: the staff's row, else the contract's defaults. */
export async function getRedPacketRules(db: Kdb): Promise<RedPacketRules> {
  const hit = rulesCache.get(db);
  if (hit && Date.now() - hit.atMs < RULES_CACHE_MS) return hit.rules;
  const row = await db.selectFrom('red_packet_rules').select('rules').where('id', '=', 1).executeTakeFirst();
  const rules = row ? (row.rules as RedPacketRules) : DEFAULT_REDPACKET_RULES;
  rulesCache.set(db, { rules, atMs: Date.now() });
  return rules;
}

/**
 * Saves the staff's rules (console), checked by the contract's redPacketRulesFailure (its Chinese
 * message as a 400). Today's budget row, if the day has begun drawing, takes the new budget, never
 * below what it has paid already. Only the known fields are kept. `record` writes the audit row
 * (the rules before and after) in the same transaction.
 */
export async function setRedPacketRules(
  db: Kdb,
  input: RedPacketRules,
  opts: { staffId?: number | null; now?: Date; record?: ReviewRecorder<RedPacketRules> } = {},
): Promise<RedPacketRules> {
  const failure = redPacketRulesFailure(input);
  if (failure) throw refuse(failure);
  const rules: RedPacketRules = {
    start_time: input.start_time,
    end_time: input.end_time,
    max_times: input.max_times,
    daily_budget: input.daily_budget,
    turnover_multiple: input.turnover_multiple,
    tiers: input.tiers.map((t) => ({ recharge: t.recharge, day_flow: t.day_flow, draws: t.draws, min_money: t.min_money, max_money: t.max_money })),
  };
  const json = JSON.stringify(rules);
  const staffId = opts.staffId ?? null;
  const today = beijingDate(opts.now ?? new Date());
  await db.transaction().execute(async (tx) => {
    // The rules before, read under the row's lock so the audit's before is the one replaced.
    const old = await tx.selectFrom('red_packet_rules').select('rules').where('id', '=', 1).forUpdate().executeTakeFirst();
    await tx
      .insertInto('red_packet_rules')
      .values({ id: 1, rules: json, updated_by: staffId })
      .onConflict((oc) => oc.column('id').doUpdateSet({ rules: json, updated_by: staffId, updated_at: sql`now()` }))
      .execute();
    await sql`UPDATE red_packet_days SET budget_fen = GREATEST(${fenOfYuan(rules.daily_budget)}::bigint, used_fen) WHERE day = ${today}::date`.execute(tx);
    await opts.record?.(tx, old ? (old.rules as RedPacketRules) : DEFAULT_REDPACKET_RULES, rules);
  });
  rulesCache.set(db, { rules, atMs: Date.now() });
  return rules;
}

// ---- the day's window -------------------------------------------------------------------------

/** Today's draw window and deposit counting window for the Beijing day of `now`. */
export interface RedPacketDay {
  /** Beijing YYYY-MM-DD */
  day: string;
  yesterday: string;
  windowStart: Date;
  windowEnd: Date;
  /** deposits approved in [countFrom, countTo) count: previous day's end_time → today's start_time */
  countFrom: Date;
  countTo: Date;
}

export function redPacketDay(rules: RedPacketRules, now: Date): RedPacketDay {
  const today = beijingDayStart(now);
  const yesterday = beijingDayStart(now, 1);
  const start = redPacketMinutes(rules.start_time) * MINUTE_MS;
  const end = redPacketMinutes(rules.end_time) * MINUTE_MS;
  return {
    day: beijingDate(now),
    yesterday: beijingDate(yesterday),
    windowStart: new Date(today.getTime() + start),
    windowEnd: new Date(today.getTime() + end),
    countFrom: new Date(yesterday.getTime() + end),
    countTo: new Date(today.getTime() + start),
  };
}

/** The member's figures the draws come from, and its draws today. */
async function memberFigures(db: Kdb, memberId: number, d: RedPacketDay): Promise<{ rechargeFen: number; dayFlowFen: number; drawn: number; walletId: number | null }> {
  const r = await sql<{ recharge_fen: string | number; day_flow_fen: string | number; drawn: string | number; wallet_id: string | number | null }>`
    SELECT
      (SELECT COALESCE(sum(amount_fen), 0) FROM deposits
        WHERE member_id = ${memberId} AND state = 2 AND reviewed_at >= ${d.countFrom} AND reviewed_at < ${d.countTo}) AS recharge_fen,
      (SELECT COALESCE(sum(valid_fen), 0) FROM member_daily_bets WHERE member_id = ${memberId} AND day = ${d.yesterday}::date) AS day_flow_fen,
      (SELECT count(*) FROM red_packet_draws WHERE member_id = ${memberId} AND day = ${d.day}::date) AS drawn,
      (SELECT id FROM ledger_accounts WHERE member_id = ${memberId} AND kind = 'member_wallet') AS wallet_id`.execute(db);
  const row = r.rows[0]!;
  return { rechargeFen: Number(row.recharge_fen), dayFlowFen: Number(row.day_flow_fen), drawn: Number(row.drawn), walletId: row.wallet_id === null ? null : Number(row.wallet_id) };
}

async function switchedOn(db: Kdb): Promise<boolean> {
  return (await getSettings(db)).app.redpacket_switch === 1;
}

// ---- member API ------------------------------------------------------------------------------

/**
 * GET /api/userredpacket: the member's draws today and the rules, answered outside the window too
 * (status and countdown let the app show 未开始 with a countdown, or 已结束). 红包已关闭 with the
 * switch off.
 */
export async function userRedPacket(db: Kdb, memberId: number, now: Date): Promise<UserRedPacket> {
  if (!(await switchedOn(db))) throw refuse(MSG.redpacketClosed);
  const rules = await getRedPacketRules(db);
  const d = redPacketDay(rules, now);
  const f = await memberFigures(db, memberId, d);
  const { draws } = redPacketDrawsEarned(rules, f);
  const status = redPacketWindowState(rules, (now.getTime() - beijingDayStart(now).getTime()) / MINUTE_MS);
  return {
    sendnums: Math.max(0, draws - f.drawn),
    acquirednum: f.drawn,
    max_times: rules.max_times,
    rules: rules.tiers
      .map((t) => ({ start_time: rules.start_time, end_time: rules.end_time, recharge: t.recharge, day_flow: t.day_flow, flow_money: rules.turnover_multiple, draws: t.draws, min_money: t.min_money, max_money: t.max_money }))
      .sort((a, b) => a.draws - b.draws || a.recharge - b.recharge),
    status,
    start_time: rules.start_time,
    end_time: rules.end_time,
    countdown: status === 'READY' ? Math.ceil((d.windowStart.getTime() - now.getTime()) / 1000) : 0,
    recharge: fenToYuan(f.rechargeFen),
    day_flow: fenToYuan(f.dayFlowFen),
  };
}

/** Days whose budget row exists, per database (opened outside the money transaction, once). */
const openedDays = new WeakMap<object, Set<string>>();

async function openBudgetDay(db: Kdb, day: string, budgetFen: number): Promise<void> {
  let days = openedDays.get(db);
  if (!days) openedDays.set(db, (days = new Set()));
  if (days.has(day)) return;
  await sql`INSERT INTO red_packet_days (day, budget_fen) VALUES (${day}::date, ${budgetFen}) ON CONFLICT (day) DO NOTHING`.execute(db);
  if (days.size > 10) days.clear();
  days.add(day);
}

/** Budget races a draw retries before it answers 今日红包已派完 (only near the end of a day's budget). */
const BUDGET_RETRIES = 5;
/** A concurrent draw took the budget this draw's amount was cut to: run the transaction again. */
class BudgetMoved extends Error {}

/**
 * POST /api/douserredpacket. Refusals in this order: 红包已关闭 (switch off), 活动尚未开始 /
 * 今日活动已结束 (outside the window), the trial account, 您暂未达到领取条件，快去完成吧！ (no draw
 * left), 今日红包已派完 (budget spent). Else one draw: an amount uniform in the member's tier range
 * (crypto RNG), cut to what the day's budget has left, in ONE transaction:
 *  - the member row locked first, with its count of today's draws (lock order: member row, ledger
 *    accounts in id order, budget row), so one member's draws queue and its count is exact;
 *  - the turnover requirement (amount × turnover_multiple);
 *  - the journal HOUSE.redPackets → wallet with the key red-packet:<member>:<day>:<seq>;
 *  - last, in one statement, the day's budget moved by a conditional UPDATE (used + amount ≤ budget;
 *    the table's CHECK says it again) and the draw row, unique on (member, day, seq).
 * The two rows every draw shares (the house account and the budget row) are locked only by the last
 * two statements before the commit, so concurrent draws queue on them as briefly as a transfer does
 * on a venue's account. The amount is cut against the budget as read at the start; when another draw
 * took that budget meanwhile the conditional UPDATE finds nothing and the whole transaction runs again
 * with a fresh read. Nothing of it happens unless all of it does.
 */
export async function drawRedPacket(db: Kdb, member: { id: number; isTrial: boolean }, now: Date): Promise<RedPacketDrawResult> {
  if (!(await switchedOn(db))) throw refuse(MSG.redpacketClosed);
  const rules = await getRedPacketRules(db);
  const d = redPacketDay(rules, now);
  if (now < d.windowStart) throw refuse(REDPACKET_MSG.notStarted);
  if (now >= d.windowEnd) throw refuse(REDPACKET_MSG.ended);
  if (member.isTrial) throw new AppError(CODE.forbidden, MSG.trialRefused);
  const f = await memberFigures(db, member.id, d);
  const { draws, tier } = redPacketDrawsEarned(rules, f);
  if (!tier || f.drawn >= draws) throw refuse(REDPACKET_MSG.notEligible);
  // Accounts and the day's budget row are opened before the money transaction (ledger rule).
  const house = await systemAccountId(db, HOUSE.redPackets);
  // read with the figures (one round trip less per draw in a rush); opened here when missing
  const wallet = f.walletId ?? (await memberWalletId(db, member.id));
  await openBudgetDay(db, d.day, fenOfYuan(rules.daily_budget));
  const wantedFen = randomInt(fenOfYuan(tier.min_money), fenOfYuan(tier.max_money) + 1);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (tx) => {
        const r = await sql<{ n: string | number; left_fen: string | number | null }>`
          SELECT (SELECT count(*) FROM red_packet_draws WHERE member_id = m.id AND day = ${d.day}::date) AS n,
            (SELECT budget_fen - used_fen FROM red_packet_days WHERE day = ${d.day}::date) AS left_fen
          FROM members m WHERE m.id = ${member.id} FOR NO KEY UPDATE OF m`.execute(tx);
        const seq = Number(r.rows[0]!.n) + 1;
        if (seq > draws) throw refuse(REDPACKET_MSG.notEligible);
        const amountFen = Math.min(wantedFen, Number(r.rows[0]!.left_fen ?? 0));
        if (amountFen <= 0) throw refuse(REDPACKET_MSG.soldOut);
        await addTurnoverRequirement(tx, member.id, amountFen * rules.turnover_multiple, { kind: 'red_packet', baseFen: amountFen });
        const journalId = await post(tx, {
          idemKey: `red-packet:${member.id}:${d.day}:${seq}`,
          kind: REDPACKET_JOURNAL_KIND,
          memo: fmt(REDPACKET_MSG.journalMemo, { seq }),
          entries: [
            { accountId: house, amountFen: -amountFen },
            { accountId: wallet, amountFen },
          ],
        });
        const drawn = await sql`
          WITH b AS (
            UPDATE red_packet_days SET used_fen = used_fen + ${amountFen}, draws = draws + 1
            WHERE day = ${d.day}::date AND used_fen + ${amountFen} <= budget_fen
            RETURNING day
          )
          INSERT INTO red_packet_draws (member_id, day, seq, amount_fen, recharge_fen, journal_id, created_at)
          SELECT ${member.id}, b.day, ${seq}, ${amountFen}, ${f.rechargeFen}, ${journalId}, ${now} FROM b`.execute(tx);
        if (Number(drawn.numAffectedRows ?? 0) !== 1) throw new BudgetMoved();
        return { redpacketmoney: fenToYuan(amountFen), sendnums: draws - seq, acquirednum: seq };
      });
    } catch (err) {
      if (err instanceof BudgetMoved) {
        if (attempt < BUDGET_RETRIES) continue;
        throw refuse(REDPACKET_MSG.soldOut);
      }
      // The same draw number taken by a concurrent transaction (unique key, or its journal key): no money moved.
      if ((err as { code?: string }).code === '23505' || (err instanceof AppError && err.code === CODE.conflict)) throw refuse(REDPACKET_MSG.notEligible);
      throw err;
    }
  }
}

/** POST /api/redpacket {page}: the member's draws, newest first (spec §3 welfare records). */
export async function redPacketRecords(db: Kdb, memberId: number, page: number): Promise<Page<RedPacketRecord>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('red_packet_draws')
      .select(['id', 'amount_fen', 'recharge_fen', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(REDPACKET_PAGE_SIZE)
      .offset(offsetOf(page, REDPACKET_PAGE_SIZE))
      .execute(),
    db.selectFrom('red_packet_draws').select((eb) => eb.fn.countAll<string | number>().as('n')).where('member_id', '=', memberId).executeTakeFirst(),
  ]);
  const data: RedPacketRecord[] = rows.map((r) => ({
    id: Number(r.id),
    money: fenToYuan(Number(r.recharge_fen)),
    redpacketmoney: fenToYuan(Number(r.amount_fen)),
    created_at: beijing(r.created_at),
    usetime: beijing(r.created_at),
  }));
  return pageOf(data, Number(count?.n ?? 0), page, REDPACKET_PAGE_SIZE);
}

// ---- for the console (routes are the back-office's) ---------------------------------------------

/** A day's budget, what it paid and how many draws (the budget from the rules when nobody drew yet). */
export async function redPacketDayStats(db: Kdb, day: string): Promise<{ day: string; budget_fen: number; used_fen: number; draws: number; members: number }> {
  const [row, members] = await Promise.all([
    sql<{ budget_fen: string | number; used_fen: string | number; draws: number }>`
      SELECT budget_fen, used_fen, draws FROM red_packet_days WHERE day = ${day}::date`.execute(db),
    sql<{ n: string | number }>`SELECT count(DISTINCT member_id) AS n FROM red_packet_draws WHERE day = ${day}::date`.execute(db),
  ]);
  const r = row.rows[0];
  const budgetFen = r ? Number(r.budget_fen) : fenOfYuan((await getRedPacketRules(db)).daily_budget);
  return { day, budget_fen: budgetFen, used_fen: r ? Number(r.used_fen) : 0, draws: r ? Number(r.draws) : 0, members: Number(members.rows[0]?.n ?? 0) };
}

export interface RedPacketDrawFilter {
  /** Beijing days YYYY-MM-DD, inclusive; '' for open */
  from: string;
  to: string;
  /** exact member id, or null */
  memberId: number | null;
  /** username prefix, '' for all */
  username: string;
  page: number;
  perPage: number;
}

export interface RedPacketDrawRow {
  id: number;
  member_id: number;
  username: string;
  day: string;
  seq: number;
  amount_fen: number;
  recharge_fen: number;
  journal_id: number;
  created_at: string;
}

/** The console's draw list: newest first, with the filters' count and sum. */
export async function redPacketDrawList(db: Kdb, q: RedPacketDrawFilter): Promise<{ rows: RedPacketDrawRow[]; total: number; sum_fen: number }> {
  const perPage = Math.max(1, Math.min(REDPACKET_ADMIN_PAGE_MAX, q.perPage));
  const where = sql`TRUE
    ${q.from ? sql`AND d.day >= ${q.from}::date` : sql``}
    ${q.to ? sql`AND d.day <= ${q.to}::date` : sql``}
    ${q.memberId !== null ? sql`AND d.member_id = ${q.memberId}` : sql``}
    ${q.username ? sql`AND m.username LIKE ${`${q.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
  const [rows, totals] = await Promise.all([
    sql<{ id: string | number; member_id: string | number; username: string; day: string; seq: number; amount_fen: string | number; recharge_fen: string | number; journal_id: string | number; created_at: Date }>`
      SELECT d.id, d.member_id, m.username, to_char(d.day, 'YYYY-MM-DD') AS day, d.seq, d.amount_fen, d.recharge_fen, d.journal_id, d.created_at
      FROM red_packet_draws d JOIN members m ON m.id = d.member_id
      WHERE ${where}
      ORDER BY d.day DESC, d.id DESC
      LIMIT ${perPage} OFFSET ${offsetOf(Math.max(1, q.page), perPage)}`.execute(db),
    sql<{ n: string | number; sum_fen: string | number }>`
      SELECT count(*) AS n, COALESCE(sum(d.amount_fen), 0) AS sum_fen
      FROM red_packet_draws d JOIN members m ON m.id = d.member_id WHERE ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      id: Number(r.id),
      member_id: Number(r.member_id),
      username: r.username,
      day: r.day,
      seq: Number(r.seq),
      amount_fen: Number(r.amount_fen),
      recharge_fen: Number(r.recharge_fen),
      journal_id: Number(r.journal_id),
      created_at: beijing(r.created_at),
    })),
    total: Number(totals.rows[0]?.n ?? 0),
    sum_fen: Number(totals.rows[0]?.sum_fen ?? 0),
  };
}
