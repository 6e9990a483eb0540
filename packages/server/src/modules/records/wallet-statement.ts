import { sql } from 'kysely';
import { fenToYuan, TRANS_TYPE, WALLET_MOVEMENTS, walletKindsOf, type Page, type TransRecord, type TransType } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';

/** Journal kinds whose memo is the order number (deposits and withdrawals; a seamless game's round). */
const ORDER_MEMO_KINDS = new Set(['deposit', 'withdraw_hold', 'withdraw_refund', 'seamless_bet', 'seamless_win', 'seamless_rollback']);
/** Journal kinds whose memo is a venue code (transfers). */
const VENUE_MEMO_KINDS = new Set(['transfer_in', 'transfer_out', 'transfer_refund']);

interface MovementRow {
  id: number | string;
  amount_fen: number | string;
  balance_fen: number | string;
  created_at: Date;
  kind: string;
  memo: string;
  idem_key: string;
}

/** The order a movement belongs to, from its journal: deposit and withdrawal numbers, lottery and transfer orders. */
function orderNoOf(r: MovementRow): string {
  if (ORDER_MEMO_KINDS.has(r.kind)) return r.memo;
  const m = /^(?:lottery:(?:stake|payout)|transfer|transfer-refund):(.+)$/.exec(r.idem_key);
  return m ? m[1] : '';
}

/**
 * 账户明细 全部 (type 0) and the wallet-movement types 6–10: every ledger entry on the member's central
 * wallet since `since`, newest first, each with the balance right after it. The balance after an entry
 * is the wallet's balance now less every later entry, read in one statement (one snapshot: a movement
 * landing meanwhile is either in both or in neither). Signed: money in is positive, money out negative.
 */
export async function walletMovements(db: Kdb, memberId: number, type: TransType, since: Date, page: number, perPage: number): Promise<Page<TransRecord>> {
  const kinds = type === TRANS_TYPE.all ? null : walletKindsOf(type);
  const kindFilter = kinds ? sql`AND j.kind IN (${sql.join(kinds)})` : sql``;
  const [rows, count] = await Promise.all([
    sql<MovementRow>`
      WITH wallet AS (
        SELECT id, balance_fen FROM ledger_accounts WHERE member_id = ${memberId} AND kind = 'member_wallet'
      ), moves AS (
        SELECT e.id, e.amount_fen, e.created_at, e.journal_id,
          (SELECT balance_fen FROM wallet)
            - COALESCE(SUM(e.amount_fen) OVER (ORDER BY e.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS balance_fen
        FROM ledger_entries e
        WHERE e.account_id = (SELECT id FROM wallet)
      )
      SELECT m.id, m.amount_fen, m.balance_fen, m.created_at, j.kind, j.memo, j.idem_key
      FROM moves m JOIN ledger_journals j ON j.id = m.journal_id
      WHERE m.created_at >= ${since} ${kindFilter}
      ORDER BY m.id DESC
      LIMIT ${perPage} OFFSET ${offsetOf(page, perPage)}`.execute(db),
    sql<{ n: number | string }>`
      SELECT count(*) AS n FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
      WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE member_id = ${memberId} AND kind = 'member_wallet')
        AND e.created_at >= ${since} ${kindFilter}`.execute(db),
  ]);
  const data: TransRecord[] = rows.rows.map((r) => {
    const move = WALLET_MOVEMENTS[r.kind];
    return {
      id: Number(r.id),
      type: move?.type ?? TRANS_TYPE.all,
      out_trade_no: orderNoOf(r),
      amount: fenToYuan(Number(r.amount_fen)),
      pay_way: move?.label ?? '其他',
      api_type: VENUE_MEMO_KINDS.has(r.kind) ? r.memo : '',
      state: 1,
      state_text: '',
      // what the journal says beyond its kind: the staff's reason of an adjustment, the lottery round, the activity
      remark: ORDER_MEMO_KINDS.has(r.kind) || VENUE_MEMO_KINDS.has(r.kind) ? '' : r.memo,
      created_at: beijing(r.created_at),
      balance: fenToYuan(Number(r.balance_fen)),
    };
  });
  return pageOf(data, Number(count.rows[0]?.n ?? 0), page, perPage);
}
