import { sql } from 'kysely';
import { ADMIN_MSG, CODE, fmt, MSG, registrationPayPasswordUsable, PAY_PASSWORD_LOCK, PAYPASS_STATE, type PayPasswordRefusal, type PaypassState, PAYPASS_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, conflict, tooMany } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';

/**
 * The payment password (DESIGN §4): the member's own secret, never the login password, set the first
 * time it binds a card or withdraws, and locked after PAY_PASSWORD_LOCK.maxFailures wrong ones. Every
 * route that checks it goes through checkPayPassword.
 *
 * members.pay_password_state as stored: 0 none set ('' hash), 1 set, 2 must be replaced (found equal to
 * the login password), 3 set before migration 032_pay_password and not yet compared with the login password.
 */
const STORED = { none: 0, set: 1, mustReplace: 2, unchecked: 3 } as const;

/** The wire state of a stored one: an unchecked password counts as set until it is presented. */
export function paypassStateOf(hash: string, stored: number): PaypassState {
  if (!hash || stored === STORED.none) return PAYPASS_STATE.none;
  return stored === STORED.mustReplace ? PAYPASS_STATE.mustReplace : PAYPASS_STATE.set;
}

function refusal(state: 0 | 2): AppError {
  const data: PayPasswordRefusal = { paypass_state: state };
  return new AppError(CODE.forbidden, state === PAYPASS_STATE.none ? PAYPASS_MSG.payPasswordNotSet : PAYPASS_MSG.payPasswordMustReplace, data);
}

/** HH:mm in Beijing time, for the lock message (the lock is shorter than a day). */
const hourMinute = (d: Date) => beijing(d).slice(11, 16);

function lockedError(until: Date): AppError {
  return tooMany(fmt(PAYPASS_MSG.payPasswordLocked, { time: hourMinute(until) }));
}

// ---- the lock: slots, failures, lock ----------------------------------------------------------

const windowInterval = sql`make_interval(mins => ${PAY_PASSWORD_LOCK.windowMinutes}::int)`;
const lockInterval = sql`make_interval(mins => ${PAY_PASSWORD_LOCK.lockMinutes}::int)`;
/** How long a check waits for the slots of checks in flight before it answers 操作过于频繁. */
const SLOT_WAIT_MS = 50;
const SLOT_WAIT_TRIES = 60;

/**
 * Takes a slot for one verification: refused while locked, or while failures plus the checks in
 * flight already reach maxFailures (then it waits a little for those to finish, and answers the
 * lock if they locked it). One atomic statement, so parallel checks on any instance cannot all pass.
 * A window older than windowMinutes starts again, which also frees a slot a crashed check left taken.
 */
async function takeSlot(db: Kdb, memberId: number): Promise<void> {
  const expired = sql<boolean>`g.window_started_at <= now() - ${windowInterval}`;
  for (let attempt = 0; attempt < SLOT_WAIT_TRIES; attempt++) {
    const taken = await sql<{ member_id: number }>`
      INSERT INTO pay_password_guards AS g (member_id, in_flight, window_started_at) VALUES (${memberId}, 1, now())
      ON CONFLICT (member_id) DO UPDATE SET
        failures = CASE WHEN ${expired} THEN 0 ELSE g.failures END,
        in_flight = CASE WHEN ${expired} THEN 1 ELSE g.in_flight + 1 END,
        window_started_at = CASE WHEN ${expired} THEN now() ELSE g.window_started_at END
      WHERE (g.locked_until IS NULL OR g.locked_until <= now())
        AND (${expired} OR g.failures + g.in_flight < ${PAY_PASSWORD_LOCK.maxFailures})
      RETURNING g.member_id`.execute(db);
    if (taken.rows.length > 0) return;
    const guard = await db.selectFrom('pay_password_guards').select('locked_until').where('member_id', '=', memberId).executeTakeFirst();
    if (guard?.locked_until && guard.locked_until.getTime() > Date.now()) throw lockedError(guard.locked_until);
    await new Promise((resolve) => setTimeout(resolve, SLOT_WAIT_MS));
  }
  throw tooMany();
}

/** Gives a slot back unused (the verification itself failed, not the password). */
async function releaseSlot(db: Kdb, memberId: number): Promise<void> {
  await db
    .updateTable('pay_password_guards')
    .set({ in_flight: sql`GREATEST(in_flight - 1, 0)` })
    .where('member_id', '=', memberId)
    .execute();
}

/**
 * A wrong password: one more failure; the one that reaches maxFailures locks for lockMinutes and, in
 * the same transaction, mails the member. Returns the lock's end when this failure locked it.
 */
async function recordFailure(db: Kdb, memberId: number): Promise<Date | null> {
  return db.transaction().execute(async (tx) => {
    const reaches = sql<boolean>`failures + 1 >= ${PAY_PASSWORD_LOCK.maxFailures}`;
    const row = await tx
      .updateTable('pay_password_guards')
      .set({
        in_flight: sql`GREATEST(in_flight - 1, 0)`,
        // the lock starts a fresh window that opens when it ends
        failures: sql`CASE WHEN ${reaches} THEN 0 ELSE failures + 1 END`,
        locked_until: sql`CASE WHEN ${reaches} THEN now() + ${lockInterval} ELSE locked_until END`,
        window_started_at: sql`CASE WHEN ${reaches} THEN now() + ${lockInterval} ELSE window_started_at END`,
      })
      .where('member_id', '=', memberId)
      .returning(['locked_until', sql<boolean>`locked_until = now() + ${lockInterval}`.as('locked_now')])
      .executeTakeFirst();
    if (!row?.locked_now || !row.locked_until) return null;
    const until = beijing(row.locked_until).slice(0, 16);
    await sendMail(tx, memberId, {
      title: PAYPASS_MSG.payPasswordLockedMailTitle,
      content: fmt(PAYPASS_MSG.payPasswordLockedMailContent, { window: PAY_PASSWORD_LOCK.windowMinutes, count: PAY_PASSWORD_LOCK.maxFailures, until }),
    });
    return row.locked_until;
  });
}

/** The right password: failures start again; still refused if others locked it meanwhile. */
async function recordSuccess(db: Kdb, memberId: number): Promise<void> {
  const row = await db
    .updateTable('pay_password_guards')
    .set({ in_flight: sql`GREATEST(in_flight - 1, 0)`, failures: 0 })
    .where('member_id', '=', memberId)
    .returning('locked_until')
    .executeTakeFirst();
  if (row?.locked_until && row.locked_until.getTime() > Date.now()) throw lockedError(row.locked_until);
}

// ---- the one check ---------------------------------------------------------------------------

/**
 * What the check is for: 'use' (card binding, withdrawal) refuses a password that must be replaced;
 * 'replace' (changing it) accepts it, since replacing it is the way out.
 */
export type PayPasswordPurpose = 'use' | 'replace';

/**
 * The one check of the payment password, for every route that takes it. Refuses with code 403 and
 * data {paypass_state} when none is set or (for 'use') it must be replaced, with the lock message
 * while locked (even the right password), with 支付密码错误 when wrong (旧密码错误 when changing it; the
 * failure that locks answers the lock instead). A password set before migration 032_pay_password is compared with the login
 * password once, when first presented right: equal means it must be replaced.
 */
export async function checkPayPassword(db: Kdb, memberId: number, plain: string, purpose: PayPasswordPurpose = 'use'): Promise<void> {
  const member = await db
    .selectFrom('members')
    .select(['pay_password_hash', 'pay_password_state', 'password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw badRequest(MSG.payPasswordWrong);
  const state = paypassStateOf(member.pay_password_hash, member.pay_password_state);
  if (state === PAYPASS_STATE.none) throw refusal(PAYPASS_STATE.none);
  if (state === PAYPASS_STATE.mustReplace && purpose === 'use') throw refusal(PAYPASS_STATE.mustReplace);

  await takeSlot(db, memberId);
  let right: boolean;
  try {
    right = await verifyPassword(member.pay_password_hash, plain);
  } catch (err) {
    await releaseSlot(db, memberId);
    throw err;
  }
  if (!right) {
    const lockedUntil = await recordFailure(db, memberId);
    throw lockedUntil ? lockedError(lockedUntil) : badRequest(purpose === 'replace' ? MSG.oldPasswordWrong : MSG.payPasswordWrong);
  }
  await recordSuccess(db, memberId);

  if (member.pay_password_state === STORED.unchecked) {
    const equalsLogin = await verifyPassword(member.password_hash, plain);
    await db
      .updateTable('members')
      .set({ pay_password_state: equalsLogin ? STORED.mustReplace : STORED.set })
      .where('id', '=', memberId)
      .where('pay_password_state', '=', STORED.unchecked)
      .execute();
    if (equalsLogin && purpose === 'use') throw refusal(PAYPASS_STATE.mustReplace);
  }
}

// ---- setting and changing it -----------------------------------------------------------------

/**
 * The payment-password columns of a new member. Our app sets the password later, on its own screen; the
 * original client sends one at registration and has no such screen, so one that passes the rules of a
 * new payment password (and is not the login password) is kept, anything else is ignored.
 */
export async function registrationPayPassword(loginPlain: string, payPlain: string | undefined): Promise<{ pay_password_hash: string; pay_password_state: number }> {
  if (!payPlain || !registrationPayPasswordUsable(loginPlain, payPlain)) return { pay_password_hash: '', pay_password_state: STORED.none };
  return { pay_password_hash: await hashPassword(payPlain), pay_password_state: STORED.set };
}

async function storePayPassword(db: Kdb, memberId: number, plain: string): Promise<void> {
  const hash = await hashPassword(plain);
  await db.updateTable('members').set({ pay_password_hash: hash, pay_password_state: STORED.set }).where('id', '=', memberId).execute();
}

/**
 * POST /api/setPayPassword: the first payment password, or the replacement of one equal to the login
 * password, proven by the login password. The shared rules already refused a new one equal to it.
 * A member whose payment password is its own already changes it with the old one instead (409).
 */
export async function setPayPassword(db: Kdb, memberId: number, loginPlain: string, newPlain: string): Promise<void> {
  const member = await db
    .selectFrom('members')
    .select(['password_hash', 'pay_password_hash', 'pay_password_state'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member || !(await verifyPassword(member.password_hash, loginPlain))) throw badRequest(PAYPASS_MSG.payPasswordLoginWrong);
  let state = paypassStateOf(member.pay_password_hash, member.pay_password_state);
  if (member.pay_password_state === STORED.unchecked) {
    // Registration used to copy the login password: the one just proven tells whether this one is a copy.
    state = (await verifyPassword(member.pay_password_hash, loginPlain)) ? PAYPASS_STATE.mustReplace : PAYPASS_STATE.set;
    if (state === PAYPASS_STATE.set) await db.updateTable('members').set({ pay_password_state: STORED.set }).where('id', '=', memberId).execute();
  }
  if (state === PAYPASS_STATE.set) throw conflict(PAYPASS_MSG.payPasswordAlreadySet);
  await storePayPassword(db, memberId, newPlain);
}

/** /password?type=2: the old payment password through the one check, a new one that is not the login password. */
export async function changePayPassword(db: Kdb, memberId: number, oldPlain: string, newPlain: string): Promise<void> {
  await checkPayPassword(db, memberId, oldPlain, 'replace');
  const login = await db.selectFrom('members').select('password_hash').where('id', '=', memberId).executeTakeFirstOrThrow();
  if (await verifyPassword(login.password_hash, newPlain)) throw badRequest(PAYPASS_MSG.payPasswordSameAsLogin);
  await storePayPassword(db, memberId, newPlain);
}

/** A new login password must not be the payment password (else one stolen secret opens both). */
export async function refuseLoginEqualToPay(db: Kdb, memberId: number, newLoginPlain: string): Promise<void> {
  const row = await db.selectFrom('members').select('pay_password_hash').where('id', '=', memberId).executeTakeFirst();
  if (row?.pay_password_hash && (await verifyPassword(row.pay_password_hash, newLoginPlain))) throw badRequest(PAYPASS_MSG.loginPasswordSameAsPay);
}

// ---- staff ------------------------------------------------------------------------------------

/** What staff see of a member's payment password (never the secret). */
export async function payPasswordStatus(db: Tx, memberId: number): Promise<{ state: PaypassState; failures: number; lockedUntil: Date | null }> {
  const [member, guard] = await Promise.all([
    db.selectFrom('members').select(['pay_password_hash', 'pay_password_state']).where('id', '=', memberId).executeTakeFirst(),
    db
      .selectFrom('pay_password_guards')
      .select([
        sql<Date | null>`CASE WHEN locked_until > now() THEN locked_until END`.as('locked_until'),
        sql<number>`CASE WHEN window_started_at <= now() - ${windowInterval} THEN 0 ELSE failures END`.as('failures'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirst(),
  ]);
  return {
    state: member ? paypassStateOf(member.pay_password_hash, member.pay_password_state) : PAYPASS_STATE.none,
    failures: guard?.failures ?? 0,
    lockedUntil: guard?.locked_until ?? null,
  };
}

/**
 * Staff lift a lock: failures start again at once, and the staff member's audit row is written in the
 * same transaction; 409 未锁定 when there is no lock to lift.
 */
export async function unlockPayPassword(db: Kdb, actor: Actor, memberId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const lifted = await liftLock(tx, memberId);
    if (!lifted) throw conflict(ADMIN_MSG.payPasswordNotLocked);
    await writeAudit(tx, actor, 'member.paypass_unlock', `member:${memberId}`, { locked_until: beijing(lifted) }, { locked_until: null });
  });
}

/** Lifts the member's lock, if any; answers the lock's end that was lifted, or null. */
async function liftLock(tx: Tx, memberId: number): Promise<Date | null> {
  const before = await tx
    .selectFrom('pay_password_guards')
    .select('locked_until')
    .where('member_id', '=', memberId)
    .where('locked_until', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
  if (!before?.locked_until) return null;
  await tx
    .updateTable('pay_password_guards')
    .set({ failures: 0, locked_until: null, window_started_at: sql`now()` })
    .where('member_id', '=', memberId)
    .execute();
  return before.locked_until;
}
