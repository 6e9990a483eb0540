import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { CODE, DATE_FILTER_DAYS, fenToYuan, fmt, REBATE_MSG, REBATE_STATE, TRANS_TYPE, TRANS_TYPE_LABELS, type FanshuiList, type FanshuiRecord, type Page, type RebateCategory, type TransRecord } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError } from '../../http/errors.js';
import { beijing, beijingDayStart } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { HOUSE, memberWalletId, post, systemAccountId } from '../ledger/service.js';
import { addTurnoverRequirement } from '../turnover/service.js';

/** Rebate records per getfanshui page (DESIGN §3 page shape). */
export const FANSHUI_PAGE_SIZE = 15;
/** The ledger journal kind of a claim (also what /gettransrecord type 5 lists). */
export const REBATE_JOURNAL_KIND = 'rebate';
/** A claim's turnover requirement: 1× the amount (spec §9). */
const REBATE_TURNOVER_MULTIPLE = 1;

export interface FanshuiQuery {
  date: 1 | 2 | 3 | 4;
  page: number;
  /** a venue code, '' for all */
  api_type: string;
  /** a rebate category, '' for all */
  type: RebateCategory | '';
}

/**
 * POST /api/getfanshui: the member's rebate records credited since the start of the Beijing day N−1
 * days ago (created_at), newest first, filtered by platform and category. jisuan is the claimed total
 * of the same filters; nojisuan is everything pending, whatever the filters, because that is what
 * 领取 (dofanshui) pays.
 */
export async function fanshuiList(db: Kdb, memberId: number, q: FanshuiQuery, now: Date = new Date()): Promise<FanshuiList> {
  // The record lists' date filter (DESIGN §3; records/service.ts dateFilterStart).
  const since = beijingDayStart(now, DATE_FILTER_DAYS[q.date] - 1);
  const where = sql`r.member_id = ${memberId} AND r.created_at >= ${since}
    ${q.api_type ? sql`AND r.platform = ${q.api_type}` : sql``}
    ${q.type ? sql`AND r.category = ${q.type}` : sql``}`;
  const [rows, totals, pending] = await Promise.all([
    sql<{ id: number | string; name: string; amount_fen: number | string; state: number; created_at: Date; claimed_at: Date | null }>`
      SELECT r.id, v.name, r.amount_fen, r.state, r.created_at, r.claimed_at
      FROM rebate_records r JOIN venues v ON v.code = r.platform
      WHERE ${where}
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${FANSHUI_PAGE_SIZE} OFFSET ${offsetOf(q.page, FANSHUI_PAGE_SIZE)}`.execute(db),
    sql<{ n: string | number; claimed_fen: string | number }>`
      SELECT count(*) AS n, COALESCE(sum(CASE WHEN r.state = ${REBATE_STATE.claimed} THEN r.amount_fen END), 0) AS claimed_fen
      FROM rebate_records r WHERE ${where}`.execute(db),
    sql<{ fen: string | number }>`SELECT COALESCE(sum(amount_fen), 0) AS fen FROM rebate_records WHERE member_id = ${memberId} AND state = ${REBATE_STATE.pending}`.execute(db),
  ]);
  const data: FanshuiRecord[] = rows.rows.map((r) => ({
    id: Number(r.id),
    gamename: r.name,
    money: fenToYuan(Number(r.amount_fen)),
    created_at: beijing(r.created_at),
    state: r.state,
    updated_at: r.state === REBATE_STATE.claimed ? beijing(r.claimed_at) : '',
  }));
  return {
    list: pageOf(data, Number(totals.rows[0]?.n ?? 0), q.page, FANSHUI_PAGE_SIZE),
    jisuan: fenToYuan(Number(totals.rows[0]?.claimed_fen ?? 0)),
    nojisuan: fenToYuan(Number(pending.rows[0]?.fen ?? 0)),
  };
}

/**
 * POST /api/dofanshui: every pending record of the member in ONE ledger journal from the rebate house
 * account into the central wallet, with 1× turnover requirement (spec §9), the records marked claimed
 * in the same transaction. The member row is locked first, so concurrent claims (double clicks, 50
 * at once) queue; the first takes the records with UPDATE … WHERE state = 0, the others find none
 * and answer 暂无领取额度！. The journal's key is made of the claimed ids, so the same records can
 * never be paid twice even past the lock.
 */
export async function claimRebate(db: Kdb, memberId: number): Promise<{ amountFen: number; journalId: number }> {
  const house = await systemAccountId(db, HOUSE.rebates);
  return db.transaction().execute(async (tx) => {
    // Member row first (lock order: member row, then ledger accounts). FOR NO KEY UPDATE: see
    // lockedRemainingTurnoverFen (rows referencing the member only take KEY SHARE locks).
    await sql`SELECT id FROM members WHERE id = ${memberId} FOR NO KEY UPDATE`.execute(tx);
    const claimed = await sql<{ id: string | number; amount_fen: string | number }>`
      UPDATE rebate_records SET state = ${REBATE_STATE.claimed}, claimed_at = now()
      WHERE member_id = ${memberId} AND state = ${REBATE_STATE.pending}
      RETURNING id, amount_fen`.execute(tx);
    const ids = claimed.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const amountFen = claimed.rows.reduce((s, r) => s + Number(r.amount_fen), 0);
    if (ids.length === 0 || amountFen <= 0) throw new AppError(CODE.badRequest, REBATE_MSG.nothing);
    await addTurnoverRequirement(tx, memberId, amountFen * REBATE_TURNOVER_MULTIPLE, { kind: 'rebate', baseFen: amountFen });
    const digest = createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32);
    const wallet = await memberWalletId(tx, memberId);
    const journalId = await post(tx, {
      idemKey: `rebate:${memberId}:${digest}`,
      kind: REBATE_JOURNAL_KIND,
      memo: `返水领取 ${ids.length} 笔`,
      entries: [
        { accountId: house, amountFen: -amountFen },
        { accountId: wallet, amountFen },
      ],
    });
    await sql`UPDATE rebate_records SET claim_journal_id = ${journalId} WHERE id = ANY(${ids}::bigint[])`.execute(tx);
    return { amountFen, journalId };
  });
}

/**
 * The member's rebate claims as account details (/api/gettransrecord type 5, 返水): one row per claim
 * journal since `since`, newest first, with the number of records it paid.
 */
export async function rebateClaimRows(db: Kdb, memberId: number, since: Date, page: number, perPage: number): Promise<Page<TransRecord>> {
  const [rows, count] = await Promise.all([
    sql<{ journal_id: string | number; claimed_at: Date; amount_fen: string | number; n: string | number }>`
      SELECT claim_journal_id AS journal_id, max(claimed_at) AS claimed_at, sum(amount_fen) AS amount_fen, count(*) AS n
      FROM rebate_records
      WHERE member_id = ${memberId} AND state = ${REBATE_STATE.claimed} AND claimed_at >= ${since}
      GROUP BY claim_journal_id
      ORDER BY max(claimed_at) DESC, claim_journal_id DESC
      LIMIT ${perPage} OFFSET ${offsetOf(page, perPage)}`.execute(db),
    sql<{ n: string | number }>`
      SELECT count(DISTINCT claim_journal_id) AS n FROM rebate_records
      WHERE member_id = ${memberId} AND state = ${REBATE_STATE.claimed} AND claimed_at >= ${since}`.execute(db),
  ]);
  const data: TransRecord[] = rows.rows.map((r) => ({
    id: Number(r.journal_id),
    type: TRANS_TYPE.rebate,
    out_trade_no: '',
    amount: fenToYuan(Number(r.amount_fen)),
    pay_way: TRANS_TYPE_LABELS[TRANS_TYPE.rebate],
    api_type: '',
    state: REBATE_STATE.claimed,
    state_text: REBATE_MSG.claimedState,
    remark: fmt(REBATE_MSG.claimRemark, { n: Number(r.n) }),
    created_at: beijing(r.claimed_at),
  }));
  return pageOf(data, Number(count.rows[0]?.n ?? 0), page, perPage);
}
