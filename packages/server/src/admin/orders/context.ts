import { sql } from 'kysely';
import {
  CARD_TYPE,
  fenToYuan,
  HEDGE_WINDOW_DAYS,
  hedgedShareFlagged,
  MSG,
  ORDER_STATE,
  ORDER_STATE_LABELS,
  depositStateText,
  REVIEW_CONTEXT_LIMITS,
  withdrawalPayWay,
  type CardType,
  type SharedMember,
  type WithdrawalContext,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing, beijingDate, beijingDayStart } from '../../lib/time.js';
import { memberBalanceFen } from '../../modules/ledger/service.js';

const L = REVIEW_CONTEXT_LIMITS;
const num = (v: unknown) => Number(v ?? 0);
const SHARED_LABELS: Record<SharedMember['kind'], string> = { card: '同一银行卡', usdt: '同一USDT地址', ip: '同一登录IP' };

/**
 * The review context of a withdrawal: the member's money in and out, its
 * turnover, its hedged share, and the other members sharing a card, an address or a login IP with it,
 * each read on the tables' member indexes and limited (REVIEW_CONTEXT_LIMITS).
 */
export async function withdrawalContext(db: Kdb, withdrawalId: number): Promise<WithdrawalContext> {
  const w = await db.selectFrom('withdrawals').select('member_id').where('id', '=', withdrawalId).executeTakeFirst();
  if (!w) throw notFound(MSG.orderMissing);
  const id = w.member_id;
  const fromDay = beijingDate(beijingDayStart(new Date(), L.days - 1));
  const hedgeFrom = beijingDate(beijingDayStart(new Date(), HEDGE_WINDOW_DAYS - 1));
  const [member, balanceFen, dep, depRecent, wd, wdRecent, depDays, betDays, hedge, shared] = await Promise.all([
    db
      .selectFrom('member_figures')
      .select(['member_id as id', 'username', 'realname', 'vip', 'created_at', 'turnover_req_fen'])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow(),
    memberBalanceFen(db, id),
    db
      .selectFrom('deposits')
      .select([
        sql<string>`count(*) FILTER (WHERE state = ${ORDER_STATE.approved})`.as('approved_count'),
        sql<string>`coalesce(sum(amount_fen) FILTER (WHERE state = ${ORDER_STATE.approved}), 0)`.as('approved_fen'),
        sql<string>`count(*) FILTER (WHERE state = ${ORDER_STATE.pending})`.as('pending_count'),
      ])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('deposits').select(['deposit_no', 'amount_fen', 'state', 'created_at', 'expired_at']).where('member_id', '=', id).orderBy('id', 'desc').limit(L.recent).execute(),
    db
      .selectFrom('withdrawals')
      .select([
        sql<string>`count(*) FILTER (WHERE state = ${ORDER_STATE.approved})`.as('approved_count'),
        sql<string>`coalesce(sum(amount_fen) FILTER (WHERE state = ${ORDER_STATE.approved}), 0)`.as('approved_fen'),
        sql<string>`count(*) FILTER (WHERE state = ${ORDER_STATE.pending})`.as('pending_count'),
        sql<string>`coalesce(sum(amount_fen) FILTER (WHERE state = ${ORDER_STATE.pending}), 0)`.as('pending_fen'),
      ])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('withdrawals').select(['withdraw_no', 'amount_fen', 'state', 'card_type', 'bank_owner', 'created_at']).where('member_id', '=', id).orderBy('id', 'desc').limit(L.recent).execute(),
    sql<{ day: string; fen: string }>`
      SELECT to_char((reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS day, sum(amount_fen) AS fen
      FROM deposits WHERE member_id = ${id} AND state = ${ORDER_STATE.approved} AND reviewed_at >= ${beijingDayStart(new Date(), L.days - 1)}
      GROUP BY 1`.execute(db),
    db
      .selectFrom('member_daily_bets')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`sum(valid_fen)`.as('valid')])
      .where('member_id', '=', id)
      .where('day', '>=', fromDay)
      .groupBy('day')
      .execute(),
    db.selectFrom('member_daily_bets').select([sql<string>`coalesce(sum(bet_fen), 0)`.as('stake'), sql<string>`coalesce(sum(hedged_fen), 0)`.as('hedged')]).where('member_id', '=', id).where('day', '>=', hedgeFrom).executeTakeFirstOrThrow(),
    sharedWith(db, id),
  ]);

  const days = new Map<string, { required: number; valid: number }>();
  for (const r of depDays.rows) days.set(r.day, { required: num(r.fen), valid: 0 });
  for (const r of betDays) days.set(r.day, { required: days.get(r.day)?.required ?? 0, valid: num(r.valid) });
  const stakeFen = num(hedge.stake);
  const hedgedFen = num(hedge.hedged);
  return {
    member: { id: member.id, username: member.username, realname: member.realname, vip: member.vip, created_at: beijing(member.created_at), balance: fenToYuan(balanceFen), turnover_req: fenToYuan(member.turnover_req_fen) },
    deposits: {
      approved_count: num(dep.approved_count),
      approved_total: fenToYuan(num(dep.approved_fen)),
      pending_count: num(dep.pending_count),
      recent: depRecent.map((d) => ({ deposit_no: d.deposit_no, amount: fenToYuan(d.amount_fen), state_text: depositStateText(d.state, d.expired_at !== null), created_at: beijing(d.created_at) })),
    },
    withdrawals: {
      approved_count: num(wd.approved_count),
      approved_total: fenToYuan(num(wd.approved_fen)),
      pending_count: num(wd.pending_count),
      pending_total: fenToYuan(num(wd.pending_fen)),
      recent: wdRecent.map((x) => ({ withdraw_no: x.withdraw_no, amount: fenToYuan(x.amount_fen), pay_way: withdrawalPayWay(x.card_type as CardType, x.bank_owner), state_text: ORDER_STATE_LABELS[x.state] ?? '', created_at: beijing(x.created_at) })),
    },
    net_in: fenToYuan(num(dep.approved_fen) - num(wd.approved_fen)),
    turnover: [...days.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, v]) => ({ day, required: fenToYuan(v.required), valid_bets: fenToYuan(v.valid) })),
    hedge: { days: HEDGE_WINDOW_DAYS, stake: fenToYuan(stakeFen), hedged: fenToYuan(hedgedFen), share: stakeFen > 0 ? Math.round((hedgedFen / stakeFen) * 10_000) / 10_000 : 0, flagged: hedgedShareFlagged(hedgedFen, stakeFen) },
    shared,
  };
}

/** Other members with one of this member's card numbers or USDT addresses (deleted ones too), or a login IP of its sessions. */
async function sharedWith(db: Kdb, memberId: number): Promise<SharedMember[]> {
  const [cards, ips] = await Promise.all([
    db
      .selectFrom('member_cards as mine')
      .innerJoin('member_cards as other', (j) => j.onRef('other.bank_no', '=', 'mine.bank_no').onRef('other.member_id', '<>', 'mine.member_id'))
      .innerJoin('members as m', 'm.id', 'other.member_id')
      .select(['other.member_id', 'm.username', 'other.type', 'other.bank_no'])
      .where('mine.member_id', '=', memberId)
      .distinct()
      .orderBy('other.member_id')
      .limit(L.shared)
      .execute(),
    db
      .selectFrom('sessions as mine')
      .innerJoin('sessions as other', (j) => j.onRef('other.ip', '=', 'mine.ip').onRef('other.member_id', '<>', 'mine.member_id'))
      .innerJoin('members as m', 'm.id', 'other.member_id')
      .select(['other.member_id', 'm.username', 'other.ip'])
      .where('mine.member_id', '=', memberId)
      .where('mine.ip', '<>', '')
      .distinct()
      .orderBy('other.member_id')
      .limit(L.shared)
      .execute(),
  ]);
  return [
    ...cards.map((c): SharedMember => {
      const kind = c.type === CARD_TYPE.usdt ? 'usdt' : 'card';
      return { member_id: c.member_id, username: c.username, kind, kind_label: SHARED_LABELS[kind], bank_no: c.bank_no, type: c.type };
    }),
    ...ips.map((r): SharedMember => ({ member_id: r.member_id, username: r.username, kind: 'ip', kind_label: SHARED_LABELS.ip, ip: r.ip })),
  ];
}
