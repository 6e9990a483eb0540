import { sql } from 'kysely';
import { ADMIN_MSG, fenToYuan, MSG, type UserInfo } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound, unauthorized } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { batchReader, perDatabase } from '../../lib/batch.js';
import { beijing, daysSince } from '../../lib/time.js';
import type { Tx } from '../ledger/service.js';
import { displayBalanceFen } from '../ledger/display.js';
import { getSettings } from '../site/service.js';
import { venueTotalFen, type VenueRegistry } from '../venues/registry.js';
import { venuesEverFunded } from '../transfers/funded.js';
import { revokeAllSessions } from '../session/service.js';
import { paypassStateOf, refuseLoginEqualToPay } from './pay-password.js';

export const DEFAULT_AVATAR = '/assets/avatars/default.svg';

/**
 * A member account by id with its name, as the console looks one up: 404 会员不存在 for an unknown id
 * and for the trial account (it has no account to look after).
 */
export async function memberAccount(db: Tx, id: number): Promise<{ id: number; username: string }> {
  const row = await db.selectFrom('members').select(['id', 'username']).where('id', '=', id).where('is_trial', '=', false).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MSG.memberMissing);
  return { id: Number(row.id), username: row.username };
}

/** Members with their figures and wallets, one indexed read of member_figures (the poll's cost on a cache miss). */
async function readMembers(db: Tx, memberIds: number[]) {
  const rows = await db
    .selectFrom('member_figures as m')
    .leftJoin('ledger_accounts as w', (j) => j.onRef('w.member_id', '=', 'm.member_id').on('w.kind', '=', 'member_wallet'))
    .select([
      'm.member_id as id',
      'm.username',
      'm.realname',
      'm.avatar',
      'm.vip',
      'm.paysum_fen',
      'm.flow_fen',
      'm.isagent',
      'm.is_trial',
      'm.mobile',
      'm.email',
      'm.birthday',
      'm.transferstatus',
      'm.pay_password_hash',
      'm.pay_password_state',
      'm.created_at',
      'w.balance_fen',
    ])
    .where('m.member_id', '=', sql<number>`ANY(${memberIds}::bigint[])`)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** Outside a transaction, the user-info reads of one event-loop turn share one statement (lib/batch.ts). */
const memberRows = perDatabase((db: Kdb) => batchReader((memberIds: number[]) => readMembers(db, memberIds)));

/**
 * The user info of spec §3 as /api/user, /api/refreshusermoney and the profile screens read it.
 * gameblance is the member's money at every venue, read fresh through the venue adapters (one batch
 * read per adapter) from the venues the member ever moved money into; without `venues` (tests of the
 * other fields) it is 0.
 */
export async function userInfo(db: Tx, memberId: number, now: Date = new Date(), venues?: VenueRegistry): Promise<UserInfo> {
  // The member and its wallet in one indexed read (the poll's cost on a cache miss).
  const [m, settings, gameFen] = await Promise.all([
    db.isTransaction ? readMembers(db, [memberId]).then((found) => found.get(memberId)) : memberRows(db as Kdb)(memberId),
    getSettings(db as Kdb),
    venues ? venuesEverFunded(db as Kdb, memberId).then((funded) => venueTotalFen(venues, memberId, funded)) : 0,
  ]);
  // The session was valid a moment ago; a member row gone since is a session gone.
  if (!m) throw unauthorized();
  const balanceFen = m.balance_fen ?? 0;
  return {
    id: m.id,
    username: m.username,
    realname: m.realname,
    avatar: m.avatar || DEFAULT_AVATAR,
    balance: fenToYuan(balanceFen),
    gameblance: fenToYuan(gameFen),
    vip: m.vip,
    // The spec reads the level as the part after the letter P: VIP3 → 3.
    current_vip: `VIP${m.vip}`,
    paysum: fenToYuan(m.paysum_fen),
    flow: fenToYuan(m.flow_fen),
    joinday: daysSince(new Date(m.created_at), now),
    isagent: m.isagent === 1 ? 1 : 0,
    is_trial: m.is_trial ? 1 : 0,
    mobile: m.mobile,
    email: m.email,
    birthday: m.birthday,
    transferstatus: m.transferstatus === 1 ? 1 : 0,
    paypass_state: paypassStateOf(m.pay_password_hash, m.pay_password_state),
    usdtrate: settings.usdtRate,
    withdrawusdtrate: settings.withdrawUsdtRate,
    withdrawcashfee: settings.withdrawFeeErc20,
    withdrawfeeusdttrc: settings.withdrawFeeTrc20,
    created_at: beijing(m.created_at),
  };
}

/** The balance poll (every 2.5 s per open app): the kept balance, or one indexed read (ledger/display.ts). */
export async function balanceYuan(db: Kdb, memberId: number, cacheEpoch: number | null): Promise<number> {
  return fenToYuan(await displayBalanceFen(db, memberId, cacheEpoch));
}

/** Profile edit: an empty field leaves the stored value as it is (the form sends all three). */
export async function updateProfile(db: Kdb, memberId: number, fields: { mobile: string; email: string; birthday: string }): Promise<void> {
  const patch: { mobile?: string; email?: string; birthday?: string } = {};
  if (fields.mobile) patch.mobile = fields.mobile;
  if (fields.email) patch.email = fields.email;
  if (fields.birthday) patch.birthday = fields.birthday;
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('members').set(patch).where('id', '=', memberId).execute();
}

/** Sets a new avatar path and returns the previous one (so its file can be removed). */
export async function setAvatar(db: Kdb, memberId: number, avatar: string): Promise<string> {
  const row = await db
    .with('old', (qb) => qb.selectFrom('members').select('avatar').where('id', '=', memberId))
    .updateTable('members')
    .set({ avatar })
    .where('id', '=', memberId)
    .returning(sql<string>`(SELECT avatar FROM old)`.as('previous'))
    .executeTakeFirst();
  return row?.previous ?? '';
}

/**
 * Login password change: the old one must be right and the new one must not be the payment password
 * (DESIGN §4); then every session of the member ends, this one included (spec §4).
 */
export async function changeLoginPassword(db: Kdb, memberId: number, oldPlain: string, newPlain: string): Promise<void> {
  const row = await db.selectFrom('members').select('password_hash').where('id', '=', memberId).executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, oldPlain))) throw badRequest(MSG.oldPasswordWrong);
  await refuseLoginEqualToPay(db, memberId, newPlain);
  const hash = await hashPassword(newPlain);
  await db.updateTable('members').set({ password_hash: hash }).where('id', '=', memberId).execute();
  await revokeAllSessions(db, memberId);
}
