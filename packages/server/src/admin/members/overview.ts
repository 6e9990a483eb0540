import { sql } from 'kysely';
import {
  AUDIT_ACTION_LABELS,
  BET_STATUS,
  BONUS_JOURNAL_KINDS,
  BONUS_KIND_LABELS,
  fenToYuan,
  MEMBER360_LIMITS as L,
  TRANSFER_STATE,
  type AdminDeposit,
  type AdminWithdrawal,
  type Member360Overview,
  type MemberAuditRow,
  type MemberBonusRow,
  type MemberInviteeRow,
  type MemberLoginRow,
  type Page,
} from '@app/contract';
import { idParams, member360PageQuery } from '@app/contract/schemas';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { depositViewQuery, toDepositView } from '../../modules/deposits/review.js';
import { LOTTERY_VENUE } from '../../modules/lottery/scheduler.js';
import { memberBalanceFen } from '../../modules/ledger/service.js';
import type { VenueRegistry } from '../../modules/venues/registry.js';
import { toWithdrawalView, withdrawalViewQuery } from '../../modules/withdrawals/review.js';
import { listBets, listLotteryOrders, listTransfers } from '../bets/service.js';
import { withReviewers } from '../orders/service.js';
import { memberProfile } from './service.js';
import { route, type AdminRoute } from '../route.js';

/**
 * 会员360°视图: one member as staff need to see them — balances at the platform and
 * at every venue, totals, and every kind of activity as its own paged list (newest first): deposits,
 * withdrawals, transfers, venue bets, lottery orders, rebates and bonuses, invited members, logins and
 * the audit trail about the member. Card numbers in full here: the response layer masks them for staff
 * without members.cards (admin/redact.ts).
 */

const perPage = L.pageSize;
const APPROVED = 2;

const sumInt = (expr: ReturnType<typeof sql>) => sql<number>`COALESCE(SUM(${expr}), 0)::bigint`;

export async function memberOverview(db: Kdb, venues: VenueRegistry, id: number): Promise<Member360Overview> {
  const m = await memberProfile(db, id);
  const enabled = (await venues.transferVenues()).filter((v) => v.enabled);
  const [wallet, balances, deposits, withdrawals, bets, lottery, bonuses, invitees, pending] = await Promise.all([
    memberBalanceFen(db, id),
    venues.balancesFen(enabled, id),
    db
      .selectFrom('deposits')
      .select([sumInt(sql`amount_fen`).as('fen'), sql<number>`count(*)::int`.as('n')])
      .where('member_id', '=', id)
      .where('state', '=', APPROVED)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select([sumInt(sql`amount_fen`).as('fen'), sql<number>`count(*)::int`.as('n')])
      .where('member_id', '=', id)
      .where('state', '=', APPROVED)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bet_records')
      .select([sql<number>`count(*)::int`.as('n'), sumInt(sql`valid_fen`).as('valid'), sumInt(sql`win_loss_fen`).as('win_loss')])
      .where('member_id', '=', id)
      .where('venue', '<>', LOTTERY_VENUE)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lottery_orders')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sumInt(sql`stake_fen`).as('stake'),
        sumInt(sql`CASE WHEN status = ${BET_STATUS.settled} THEN payout_fen - stake_fen ELSE 0 END`).as('win_loss'),
      ])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
      .select(sumInt(sql`e.amount_fen`).as('fen'))
      .where('a.member_id', '=', id)
      .where('a.kind', '=', 'member_wallet')
      .where('j.kind', 'in', [...BONUS_JOURNAL_KINDS])
      .executeTakeFirstOrThrow(),
    db.selectFrom('members').select(sql<number>`count(*)::int`.as('n')).where('inviter_id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('transfers').select(sql<number>`count(*)::int`.as('n')).where('member_id', '=', id).where('state', '=', TRANSFER_STATE.pending).executeTakeFirstOrThrow(),
  ]);
  return {
    member: {
      id: Number(m.id),
      username: m.username,
      realname: m.realname,
      vip: m.vip,
      state: m.state,
      is_trial: m.is_trial,
      isagent: m.isagent,
      mobile: m.mobile,
      email: m.email,
      register_ip: m.register_ip,
      last_login_ip: m.last_login_ip,
      last_login_at: beijing(m.last_login_at),
      created_at: beijing(m.created_at),
      inviter_id: m.inviter_id === null ? null : Number(m.inviter_id),
      inviter_name: m.inviter_name ?? '',
      turnover_req: fenToYuan(m.turnover_req_fen),
    },
    wallet: fenToYuan(wallet),
    venues: enabled.map((v) => {
      const fen = balances.get(v.code);
      return { code: v.code, name: v.name, balance: fen === undefined ? null : fenToYuan(fen) };
    }),
    totals: {
      deposits: fenToYuan(Number(deposits.fen)),
      deposit_count: Number(deposits.n),
      withdrawals: fenToYuan(Number(withdrawals.fen)),
      withdrawal_count: Number(withdrawals.n),
      bet_count: Number(bets.n),
      valid_bets: fenToYuan(Number(bets.valid)),
      bet_win_loss: fenToYuan(Number(bets.win_loss)),
      lottery_count: Number(lottery.n),
      lottery_stake: fenToYuan(Number(lottery.stake)),
      lottery_win_loss: fenToYuan(Number(lottery.win_loss)),
      bonuses: fenToYuan(Number(bonuses.fen)),
      invitees: Number(invitees.n),
      pending_transfers: Number(pending.n),
    },
  };
}

const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number }> }) => q.executeTakeFirstOrThrow().then((r) => Number(r.n));

async function memberDeposits(db: Kdb, id: number, page: number): Promise<Page<AdminDeposit>> {
  const q = depositViewQuery(db).where('d.member_id', '=', id);
  const [rows, n] = await Promise.all([
    q.orderBy('d.id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    count(db.selectFrom('deposits').select(sql<number>`count(*)::int`.as('n')).where('member_id', '=', id)),
  ]);
  return pageOf(await withReviewers(db, rows.map(toDepositView)), n, page, perPage);
}

async function memberWithdrawals(db: Kdb, id: number, page: number): Promise<Page<AdminWithdrawal>> {
  const q = withdrawalViewQuery(db).where('w.member_id', '=', id);
  const [rows, n] = await Promise.all([
    q.orderBy('w.id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    count(db.selectFrom('withdrawals').select(sql<number>`count(*)::int`.as('n')).where('member_id', '=', id)),
  ]);
  return pageOf(await withReviewers(db, rows.map(toWithdrawalView)), n, page, perPage);
}

async function memberBonuses(db: Kdb, id: number, page: number): Promise<Page<MemberBonusRow>> {
  const q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
    .where('a.member_id', '=', id)
    .where('a.kind', '=', 'member_wallet')
    .where('j.kind', 'in', [...BONUS_JOURNAL_KINDS]);
  const [rows, n] = await Promise.all([
    q.select(['e.journal_id', 'j.kind', 'j.memo', 'e.amount_fen', 'e.created_at']).orderBy('e.id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    count(q.select(sql<number>`count(*)::int`.as('n'))),
  ]);
  const data = rows.map((r) => ({
    journal_id: Number(r.journal_id),
    kind: r.kind,
    kind_label: BONUS_KIND_LABELS[r.kind as keyof typeof BONUS_KIND_LABELS] ?? r.kind,
    memo: r.memo,
    amount: fenToYuan(r.amount_fen),
    created_at: beijing(r.created_at),
  }));
  return pageOf(data, n, page, perPage);
}

async function memberInvitees(db: Kdb, id: number, page: number): Promise<Page<MemberInviteeRow>> {
  const q = db.selectFrom('member_figures as m').where('m.inviter_id', '=', id);
  const [rows, n] = await Promise.all([
    q
      .select([
        'm.member_id as id',
        'm.username',
        'm.vip',
        'm.state',
        'm.created_at',
        'm.last_login_at',
        sql<number>`(SELECT COALESCE(SUM(d.amount_fen), 0)::bigint FROM deposits d WHERE d.member_id = m.member_id AND d.state = ${APPROVED})`.as('deposit_fen'),
      ])
      .orderBy('m.member_id', 'desc')
      .limit(perPage)
      .offset(offsetOf(page, perPage))
      .execute(),
    count(q.select(sql<number>`count(*)::int`.as('n'))),
  ]);
  const data = rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    vip: r.vip,
    state: r.state,
    deposits: fenToYuan(Number(r.deposit_fen)),
    created_at: beijing(r.created_at),
    last_login_at: beijing(r.last_login_at),
  }));
  return pageOf(data, n, page, perPage);
}

async function memberLogins(db: Kdb, id: number, page: number): Promise<Page<MemberLoginRow>> {
  const q = db.selectFrom('sessions').where('member_id', '=', id);
  const [rows, n] = await Promise.all([
    q.select(['created_at', 'last_seen_at', 'ip', 'user_agent', 'revoked_at']).orderBy('created_at', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    count(q.select(sql<number>`count(*)::int`.as('n'))),
  ]);
  const data = rows.map((r) => ({ created_at: beijing(r.created_at), last_seen_at: beijing(r.last_seen_at), ip: r.ip, user_agent: r.user_agent, ended: r.revoked_at !== null }));
  return pageOf(data, n, page, perPage);
}

/** Audit rows about the member: those targeting it, and manual transfer resolves of its transfers. */
async function memberAudit(db: Kdb, id: number, page: number): Promise<Page<MemberAuditRow>> {
  const q = db
    .selectFrom('audit_log')
    .where((eb) => eb.or([eb('target', '=', `member:${id}`), eb.and([eb('action', '=', 'transfer.resolve'), eb(sql`after->>'member_id'`, '=', String(id))])]));
  const [rows, n] = await Promise.all([
    q.select(['id', 'action', 'staff_name', 'target', 'before', 'after', 'ip', 'created_at']).orderBy('id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    count(q.select(sql<number>`count(*)::int`.as('n'))),
  ]);
  const data = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    action_label: AUDIT_ACTION_LABELS[r.action as keyof typeof AUDIT_ACTION_LABELS] ?? r.action,
    staff_name: r.staff_name,
    target: r.target,
    before: r.before,
    after: r.after,
    ip: r.ip,
    created_at: beijing(r.created_at),
  }));
  return pageOf(data, n, page, perPage);
}

const TAG = '会员360°视图';
/** One member's page of a list, with the member checked first (404 会员不存在). */
const section = <T>(fetch: (db: Kdb, id: number, page: number) => Promise<T>) =>
  async ({ app, params, query }: { app: { kdb: Kdb }; params: { id: number }; query: { page: number } }) => {
    await memberProfile(app.kdb, params.id);
    return ok(await fetch(app.kdb, params.id, query.page));
  };
const all = { keyword: '', from: '', to: '' };

export const member360Routes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/members/:id/overview',
    tag: TAG,
    summary: '会员概览：资料、中心钱包与各场馆余额（场馆无应答时为 null）、累计存取款、注单、彩票、返水与彩金、邀请人数、待结算转账数',
    access: 'members.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await memberOverview(app.kdb, app.venues, params.id)),
  }),
  route({ method: 'GET', path: '/members/:id/deposits', tag: TAG, summary: '会员的存款订单，最新在前（无 members.cards 权限时付款卡号脱敏）', access: 'members.read', params: idParams, query: member360PageQuery, handler: section(memberDeposits) }),
  route({ method: 'GET', path: '/members/:id/withdrawals', tag: TAG, summary: '会员的取款订单，最新在前（无 members.cards 权限时卡号脱敏）', access: 'members.read', params: idParams, query: member360PageQuery, handler: section(memberWithdrawals) }),
  route({
    method: 'GET',
    path: '/members/:id/transfers',
    tag: TAG,
    summary: '会员的转账订单（中心钱包与场馆之间），最新在前',
    access: 'members.read',
    params: idParams,
    query: member360PageQuery,
    handler: section((db, id, page) => listTransfers(db, { ...all, page, memberId: id })),
  }),
  route({
    method: 'GET',
    path: '/members/:id/bets',
    tag: TAG,
    summary: '会员的场馆注单，最新在前',
    access: 'members.read',
    params: idParams,
    query: member360PageQuery,
    handler: section((db, id, page) => listBets(db, { ...all, page, memberId: id })),
  }),
  route({
    method: 'GET',
    path: '/members/:id/lottery-orders',
    tag: TAG,
    summary: '会员的彩票注单（每注一行），最新在前',
    access: 'members.read',
    params: idParams,
    query: member360PageQuery,
    handler: section((db, id, page) => listLotteryOrders(db, { ...all, page, memberId: id })),
  }),
  route({ method: 'GET', path: '/members/:id/bonuses', tag: TAG, summary: '会员的返水与彩金：返水、VIP晋级礼金、活动彩金、红包、代理佣金、人工调整，最新在前', access: 'members.read', params: idParams, query: member360PageQuery, handler: section(memberBonuses) }),
  route({ method: 'GET', path: '/members/:id/invitees', tag: TAG, summary: '会员邀请的会员（含各自累计存款），最新在前', access: 'members.read', params: idParams, query: member360PageQuery, handler: section(memberInvitees) }),
  route({ method: 'GET', path: '/members/:id/logins', tag: TAG, summary: '会员的登录记录：时间、IP、设备（User-Agent）、最近活动、是否已结束，最新在前', access: 'members.read', params: idParams, query: member360PageQuery, handler: section(memberLogins) }),
  route({ method: 'GET', path: '/members/:id/audit', tag: TAG, summary: '关于该会员的审计记录（以该会员为对象的操作，及其转账的人工处理），最新在前', access: 'audit.read', params: idParams, query: member360PageQuery, handler: section(memberAudit) }),
];
