import { sql, type InsertObject } from 'kysely';
import { MEMBER_CARE_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { activeSessionCount, revokeAllSessions } from '../session/service.js';
import { refuseLoginEqualToPay } from './pay-password.js';

/**
 * The member's account row (members): who the member is and the state of the account. This module
 * alone writes it; registration, sign-in, agents and the console call these. The figures other
 * modules decide (VIP, turnover requirement, agent status…) live in those modules' own tables.
 */

/** A new member's columns (registration and the guest trial); the rest take their defaults. */
export type NewMember = InsertObject<Database, 'members'>;

/** Inserts a member inside the caller's transaction (its wallet and mail come in the same one). Answers its id. */
export async function createMember(tx: Tx, member: NewMember): Promise<number> {
  const row = await tx.insertInto('members').values(member).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A sign-in: the console's 最近登录 and its address. */
export async function recordLogin(db: Kdb, memberId: number, ip: string): Promise<void> {
  await db.updateTable('members').set({ last_login_at: sql`now()`, last_login_ip: ip }).where('id', '=', memberId).execute();
}

/** Links the member to its inviter (the agent whose team it is in), inside the caller's transaction. */
export async function setInviter(tx: Tx, memberId: number, inviterId: number): Promise<void> {
  await tx.updateTable('members').set({ inviter_id: inviterId }).where('id', '=', memberId).execute();
}

/**
 * Disables (0) or enables (1) the account, with staff's audit row in the same transaction; disabling
 * ends every session of the member once committed.
 */
export async function setAccountState(db: Kdb, actor: Actor, memberId: number, state: 0 | 1): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('members').select('state').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirstOrThrow();
    await tx.updateTable('members').set({ state }).where('id', '=', memberId).execute();
    await writeAudit(tx, actor, 'member.state', `member:${memberId}`, { state: before.state }, { state });
  });
  if (state === 0) await revokeAllSessions(db, memberId);
}

/**
 * Closes an open account (state 1 → 0) inside the caller's transaction: a trial guest at the end of its
 * session. Answers false when it was closed already, so the caller does its work once.
 */
export async function closeMember(tx: Tx, memberId: number): Promise<boolean> {
  const closed = await tx.updateTable('members').set({ state: 0 }).where('id', '=', memberId).where('state', '=', 1).returning('id').executeTakeFirst();
  return closed !== undefined;
}

/**
 * Staff set a new login password for the member (会员服务): not the payment password; stored with the
 * audit row in the same transaction (whether the system generated it, how many sessions end, staff's
 * reason); then every session of the member ends. Answers the sessions ended.
 */
export async function resetLoginPassword(db: Kdb, actor: Actor, memberId: number, plain: string, why: { generated: boolean; reason: string }): Promise<number> {
  await refuseLoginEqualToPay(db, memberId, plain);
  const hash = await hashPassword(plain);
  const ended = await activeSessionCount(db, memberId);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('members').set({ password_hash: hash }).where('id', '=', memberId).execute();
    await writeAudit(tx, actor, 'member.reset_password', `member:${memberId}`, null, { generated: why.generated, sessions_ended: ended, reason: why.reason });
  });
  await revokeAllSessions(db, memberId);
  return ended;
}

/** Staff clear the member's payment password (the member sets a new one on next use); 409 when none is set. */
export async function clearPayPassword(db: Kdb, actor: Actor, memberId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('members').select(['pay_password_hash', 'pay_password_state']).where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
    if (!row.pay_password_hash) throw conflict(MEMBER_CARE_MSG.payPasswordNone);
    await tx.updateTable('members').set({ pay_password_hash: '', pay_password_state: 0 }).where('id', '=', memberId).execute();
    await writeAudit(tx, actor, 'member.reset_paypass', `member:${memberId}`, { pay_password: 'set' }, { pay_password: 'none', reason });
  });
}
