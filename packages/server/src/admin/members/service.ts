import { sql, type RawBuilder } from 'kysely';
import {
  ADMIN_LIMITS,
  fenToYuan,
  HEDGE_WINDOW_DAYS,
  HEDGED_SHARE_FLAG,
  hedgedShareFlagged,
  TRANSFER_STATE_LABELS,
  type AdminCard,
  type AdminLedgerEntry,
  type AdminMemberDetail,
  type AdminMemberHedge,
  type AdminMemberRow,
  type AdminTransfer,
  type Page,
  ADMIN_MSG,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing, beijingDate, beijingDayStart } from '../../lib/time.js';
import { hedgeTotals, type HedgeTotals } from '../../modules/games/betrecords.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { setAccountState } from '../../modules/user/account.js';
import type { Actor } from '../../modules/audit/service.js';
import { recentDeposits, recentWithdrawals, withReviewers } from '../orders/service.js';

/** Members as the console lists them: account, VIP level and central balance, from the one read of a member's figures. */
function memberRows(db: Kdb) {
  return db
    .selectFrom('member_figures as m')
    .leftJoin('ledger_accounts as a', (j) => j.onRef('a.member_id', '=', 'm.member_id').on('a.kind', '=', 'member_wallet'))
    .select(['m.member_id as id', 'm.username', 'm.realname', 'm.vip', 'm.state', 'm.is_trial', 'm.last_login_at', 'm.created_at', sql<number>`COALESCE(a.balance_fen, 0)`.as('balance_fen')]);
}

type MemberRowData = Awaited<ReturnType<ReturnType<typeof memberRows>['executeTakeFirstOrThrow']>>;

/** The first Beijing day of the 对冲占比 window (HEDGE_WINDOW_DAYS, today included). */
const hedgeFromDay = (now = new Date()) => beijingDate(beijingDayStart(now, HEDGE_WINDOW_DAYS - 1));

/** Hedged stake ÷ stake, 4 decimals (0 without stake). */
function hedgedShare(t: HedgeTotals | undefined): number {
  return t && t.stakeFen > 0 ? Math.round((t.hedgedFen / t.stakeFen) * 10_000) / 10_000 : 0;
}

function hedgeOf(t: HedgeTotals | undefined): AdminMemberHedge {
  const stakeFen = t?.stakeFen ?? 0;
  const hedgedFen = t?.hedgedFen ?? 0;
  return { days: HEDGE_WINDOW_DAYS, stake: fenToYuan(stakeFen), hedged: fenToYuan(hedgedFen), share: hedgedShare(t), flagged: hedgedShareFlagged(hedgedFen, stakeFen), threshold: HEDGED_SHARE_FLAG };
}

function toRow(r: MemberRowData, hedge: HedgeTotals | undefined): AdminMemberRow {
  return {
    id: r.id,
    username: r.username,
    realname: r.realname,
    vip: r.vip,
    balance: fenToYuan(r.balance_fen),
    state: r.state,
    is_trial: r.is_trial,
    last_login_at: beijing(r.last_login_at),
    created_at: beijing(r.created_at),
    hedged_share: hedgedShare(hedge),
    hedge_flagged: hedgedShareFlagged(hedge?.hedgedFen ?? 0, hedge?.stakeFen ?? 0),
  };
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the console's member keyword finds, wherever members are searched (member list, rebate
 * records): a username starting with it (a LIKE pattern, wildcards escaped), or the member with that
 * exact id when it is a number.
 */
export function memberKeyword(keyword: string): { usernameLike: string; id: number | null } {
  return { usernameLike: likePrefix(keyword), id: /^\d{1,15}$/.test(keyword) ? Number(keyword) : null };
}

/** Members by username prefix or exact id, newest first. */
export async function listMembers(db: Kdb, q: { keyword: string; page: number }): Promise<Page<AdminMemberRow>> {
  const perPage = ADMIN_LIMITS.pageSize;
  const k = q.keyword ? memberKeyword(q.keyword) : null;
  const matching = (id: RawBuilder<number>) => (k ? sql<boolean>`(m.username LIKE ${k.usernameLike}${k.id === null ? sql`` : sql` OR ${id} = ${k.id}`})` : sql<boolean>`TRUE`);
  // The count reads the members alone: the figures and wallets are for the page's rows.
  const [rows, count] = await Promise.all([
    memberRows(db).where(matching(sql`m.member_id`)).orderBy('m.member_id', 'desc').limit(perPage).offset(offsetOf(q.page, perPage)).execute(),
    db.selectFrom('members as m').where(matching(sql`m.id`)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const hedges = await hedgeTotals(db, rows.map((r) => r.id), hedgeFromDay());
  return pageOf(rows.map((r) => toRow(r, hedges.get(r.id))), count.n, q.page, perPage);
}

/** One member as the console's member pages show it: account, figures and the inviter's name; 404 会员不存在. */
export async function memberProfile(db: Kdb, id: number) {
  const row = await db
    .selectFrom('member_figures as m')
    .leftJoin('members as i', 'i.id', 'm.inviter_id')
    .select([
      'm.member_id as id',
      'm.username',
      'm.realname',
      'm.vip',
      'm.state',
      'm.is_trial',
      'm.isagent',
      'm.mobile',
      'm.email',
      'm.register_ip',
      'm.last_login_ip',
      'm.last_login_at',
      'm.created_at',
      'm.inviter_id',
      'm.turnover_req_fen',
      'i.username as inviter_name',
    ])
    .where('m.member_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(ADMIN_MSG.memberMissing);
  return row;
}

/**
 * Everything staff need about one member: profile, central balance, cards, recent orders and
 * transfers, and recent ledger entries of the central wallet. Card numbers in full: the response layer
 * masks them for staff without members.cards (admin/redact.ts).
 * Venue balances live at the venues and cost a call each, so they are not fetched here.
 */
export async function memberDetail(db: Kdb, id: number): Promise<AdminMemberDetail> {
  const row = await memberRows(db)
    .leftJoin('members as i', 'i.id', 'm.inviter_id')
    .select(['m.mobile', 'm.email', 'm.register_ip', 'm.last_login_ip', 'm.inviter_id', 'm.turnover_req_fen', 'i.username as inviter_name'])
    .where('m.member_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(ADMIN_MSG.memberMissing);
  const [cards, deposits, withdrawals, transfers, ledger, hedges] = await Promise.all([
    db.selectFrom('member_cards').select(['id', 'type', 'bank', 'bank_owner', 'bank_no', 'bank_address', 'deleted_at', 'created_at']).where('member_id', '=', id).orderBy('id').execute(),
    recentDeposits(db, id),
    recentWithdrawals(db, id),
    db.selectFrom('transfers').select(['id', 'order_no', 'venue', 'direction', 'amount_fen', 'state', 'created_at']).where('member_id', '=', id).orderBy('id', 'desc').limit(ADMIN_LIMITS.detailRows).execute(),
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
      .select(['e.id', 'e.journal_id', 'j.kind', 'j.memo', 'e.amount_fen', 'e.created_at'])
      .where('a.member_id', '=', id)
      .where('a.kind', '=', 'member_wallet')
      .orderBy('e.id', 'desc')
      .limit(ADMIN_LIMITS.ledgerRows)
      .execute(),
    hedgeTotals(db, [id], hedgeFromDay()),
  ]);
  return {
    profile: {
      ...toRow(row, hedges.get(id)),
      mobile: row.mobile,
      email: row.email,
      register_ip: row.register_ip,
      last_login_ip: row.last_login_ip,
      inviter_id: row.inviter_id,
      inviter_username: row.inviter_name ?? '',
      turnover_req: fenToYuan(row.turnover_req_fen),
    },
    cards: cards.map(
      (c): AdminCard => ({
        id: c.id,
        type: c.type,
        bank: c.bank,
        bank_owner: c.bank_owner,
        bank_no: c.bank_no,
        bank_address: c.bank_address,
        deleted: c.deleted_at !== null,
        created_at: beijing(c.created_at),
      }),
    ),
    deposits: await withReviewers(db, deposits),
    withdrawals: await withReviewers(db, withdrawals),
    transfers: transfers.map(
      (t): AdminTransfer => ({
        id: t.id,
        order_no: t.order_no,
        venue: t.venue,
        direction: t.direction,
        amount: fenToYuan(t.amount_fen),
        state: t.state,
        state_label: TRANSFER_STATE_LABELS[t.state] ?? '',
        created_at: beijing(t.created_at),
      }),
    ),
    ledger: ledger.map(
      (e): AdminLedgerEntry => ({ id: e.id, journal_id: e.journal_id, kind: e.kind, memo: e.memo, amount: fenToYuan(e.amount_fen), created_at: beijing(e.created_at) }),
    ),
    hedge: hedgeOf(hedges.get(id)),
  };
}

/** 404 会员不存在 for an unknown member. */
export async function memberDetailExists(db: Kdb, memberId: number): Promise<void> {
  await memberProfile(db, memberId);
}

/** Disables (0) or enables (1) a member account; disabling ends every session of the member. */
export async function setMemberState(db: Kdb, actor: Actor, memberId: number, state: 0 | 1): Promise<void> {
  await memberProfile(db, memberId);
  await setAccountState(db, actor, memberId, state);
}
