import {
  CARD_TYPE,
  DATE_FILTER_DAYS,
  depositStateText,
  fenToYuan,
  ORDER_STATE,
  ORDER_STATE_LABELS,
  PAY_METHOD_LABELS,
  TRANS_TYPE,
  TRANSFER_STATE_LABELS,
  usdtWithdrawalRemark,
  withdrawalPayWay,
  type CardType,
  type Page,
  type PayMethod,
  type TransRecord,
  type TransType,
  LEDGER_TRANS_TYPES,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijing, beijingDayStart } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { rebateClaimRows } from '../rebate/service.js';
import { walletMovements } from './wallet-statement.js';
import { expireDeposits } from '../deposits/expiry.js';

/** Account details per page (spec §4 lists: pages append until last_page). */
export const TRANS_RECORD_PAGE_SIZE = 15;

/** Where a record list's date filter starts (DESIGN §3): the Beijing day N−1 days ago, N = 1, 7, 15, 30. */
export function dateFilterStart(date: 1 | 2 | 3 | 4, now: Date = new Date()): Date {
  return beijingDayStart(now, DATE_FILTER_DAYS[date] - 1);
}

export interface TransRecordQuery {
  date: 1 | 2 | 3 | 4;
  type: TransType;
  page: number;
  /** a venue code filters transfers (types 3, 4); ignored for deposits and withdrawals */
  api_type: string;
}

/**
 * POST /api/gettransrecord: one member's deposits (1), withdrawals (2), transfers into (3) or out of
 * (4) venues, rebate claims (5, modules/rebate) since the start of the Beijing day N−1 days ago, newest first. Transfers are read from
 * their table directly (order rows, not money: the ledger stays the home of balances). 全部 (0) and
 * types 6–10 are the central wallet's movements in the ledger, with the balance after each
 * (wallet-statement.ts).
 */
export async function transRecords(db: Kdb, memberId: number, q: TransRecordQuery, now: Date = new Date()): Promise<Page<TransRecord>> {
  const since = dateFilterStart(q.date, now);
  const offset = offsetOf(q.page, TRANS_RECORD_PAGE_SIZE);
  const page = (rows: TransRecord[], total: number | string) => pageOf(rows, Number(total), q.page, TRANS_RECORD_PAGE_SIZE);

  if (q.type === TRANS_TYPE.rebate) return rebateClaimRows(db, memberId, since, q.page, TRANS_RECORD_PAGE_SIZE);
  if (LEDGER_TRANS_TYPES.includes(q.type)) return walletMovements(db, memberId, q.type, since, q.page, TRANS_RECORD_PAGE_SIZE);

  if (q.type === TRANS_TYPE.deposit) {
    // Orders past their payment window read as expired (已超时), swept or not yet.
    await expireDeposits(db, { memberId });
    const base = db.selectFrom('deposits').where('member_id', '=', memberId).where('created_at', '>=', since);
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'deposit_no', 'method', 'amount_fen', 'state', 'reason', 'created_at', 'expired_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(TRANS_RECORD_PAGE_SIZE)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return page(
      rows.map((r) => ({
        id: r.id,
        type: TRANS_TYPE.deposit,
        out_trade_no: r.deposit_no,
        amount: fenToYuan(r.amount_fen),
        pay_way: PAY_METHOD_LABELS[r.method as PayMethod] ?? r.method,
        api_type: '',
        state: r.state,
        state_text: depositStateText(r.state, r.expired_at !== null),
        remark: r.state === ORDER_STATE.rejected ? r.reason : '',
        created_at: beijing(r.created_at),
      })),
      count.n,
    );
  }

  if (q.type === TRANS_TYPE.withdrawal) {
    const base = db.selectFrom('withdrawals').where('member_id', '=', memberId).where('created_at', '>=', since);
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'withdraw_no', 'card_type', 'bank_owner', 'amount_fen', 'usdt_cents', 'fee_usdt_cents', 'arrival_usdt_cents', 'state', 'reason', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(TRANS_RECORD_PAGE_SIZE)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return page(
      rows.map((r) => ({
        id: r.id,
        type: TRANS_TYPE.withdrawal,
        out_trade_no: r.withdraw_no,
        amount: fenToYuan(r.amount_fen),
        pay_way: withdrawalPayWay(r.card_type as CardType, r.bank_owner),
        api_type: '',
        state: r.state,
        state_text: ORDER_STATE_LABELS[r.state] ?? '',
        remark:
          r.state === ORDER_STATE.rejected
            ? r.reason
            : r.card_type === CARD_TYPE.usdt
              ? usdtWithdrawalRemark({ equivalent: r.usdt_cents, fee: r.fee_usdt_cents, arrival: r.arrival_usdt_cents })
              : '',
        created_at: beijing(r.created_at),
      })),
      count.n,
    );
  }

  let base = db
    .selectFrom('transfers as t')
    .innerJoin('venues as v', 'v.code', 't.venue')
    .where('t.member_id', '=', memberId)
    .where('t.direction', '=', q.type)
    .where('t.created_at', '>=', since);
  if (q.api_type) base = base.where('t.venue', '=', q.api_type);
  const [rows, count] = await Promise.all([
    base
      .select(['t.id', 't.venue', 'v.name', 't.amount_fen', 't.state', 't.created_at'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(TRANS_RECORD_PAGE_SIZE)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(
    rows.map((r) => ({
      id: r.id,
      type: q.type,
      // The order number is shown only for deposits and withdrawals (spec §2 /transRecord).
      out_trade_no: '',
      amount: fenToYuan(r.amount_fen),
      pay_way: r.name,
      api_type: r.venue,
      state: r.state,
      state_text: TRANSFER_STATE_LABELS[r.state] ?? '',
      remark: '',
      created_at: beijing(r.created_at),
    })),
    count.n,
  );
}
