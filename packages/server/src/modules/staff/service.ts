import { sql } from 'kysely';
import { CODE, MSG, ROLE_LABELS, STAFF_2FA_MSG, type AdminStaff, type OtpRefusal, type StaffRole, ADMIN_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { admitLogin, loginSucceeded, namesNeedingCaptcha, refuseLogin, spendDecoyVerify, type CaptchaInput, type LoginPolicy } from '../auth/login-guard.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { createStaffSession, revokeAllStaffSessions, revoked, revokeStaffSession } from './sessions.js';
import { takeCode } from './totp.js';

const OTP_REQUIRED: OtpRefusal = { otp_required: 1 };

const UNIQUE_VIOLATION = '23505';

/**
 * Staff login behind the members' login guard (login-guard.ts, LOGIN_CAPTCHA): past a few attempts on
 * a name the next one needs a solved captcha, so nobody can lock anyone out, `admin` included. A
 * disabled account is told so only to someone who knows its password.
 */
export async function loginStaff(db: Kdb, policy: LoginPolicy, input: { username: string; password: string; otp?: string } & CaptchaInput, ip: string): Promise<string> {
  const admitted = await admitLogin(db, policy, 'staff', input.username, ip, input);
  const staff = await db.selectFrom('staff').select(['id', 'username', 'password_hash', 'state', 'totp_secret']).where('username', '=', input.username).executeTakeFirst();
  if (!staff) {
    await spendDecoyVerify(input.password);
    return refuseLogin(db, policy, admitted);
  }
  if (!(await verifyPassword(staff.password_hash, input.password))) return refuseLogin(db, policy, admitted);
  if (staff.state !== 1) throw forbidden(ADMIN_MSG.staffDisabled);
  // Two-factor sign-in (totp.ts): the password was right; the code comes with it, or in a second
  // request once the answer said otp_required. A wrong or used code counts as a failed sign-in.
  if (staff.totp_secret) {
    if (!input.otp) throw new AppError(CODE.badRequest, STAFF_2FA_MSG.otpRequired, OTP_REQUIRED);
    if (!(await takeCode(db, staff.id, staff.totp_secret, staff.username, input.otp))) return refuseLogin(db, policy, admitted, { message: STAFF_2FA_MSG.otpWrong, data: OTP_REQUIRED });
  }
  await loginSucceeded(db, admitted);
  await db.updateTable('staff').set({ last_login_at: sql`now()`, last_login_ip: ip }).where('id', '=', staff.id).execute();
  const token = await createStaffSession(db, staff.id, ip);
  await writeAudit(db, { id: staff.id, username: staff.username, ip }, 'staff.login', `staff:${staff.id}`, null, null);
  return token;
}

/** Logout: the staff member's session ends, audited. */
export async function logoutStaff(db: Kdb, actor: Actor, tokenHash: string): Promise<void> {
  await revokeStaffSession(db, tokenHash);
  await writeAudit(db, actor, 'staff.logout', `staff:${actor.id}`, null, null);
}

/** A signed-in staff member changes their own password; their other sessions end. */
export async function changeOwnPassword(db: Kdb, actor: Actor, oldPassword: string, password: string, keepTokenHash: string): Promise<void> {
  const row = await db.selectFrom('staff').select('password_hash').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, oldPassword))) throw badRequest(MSG.oldPasswordWrong);
  const hash = await hashPassword(password);
  const ended = await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ password_hash: hash, password_change_due: false }).where('id', '=', actor.id).execute();
    const rows = await tx
      .updateTable('staff_sessions')
      .set({ revoked_at: sql`now()` })
      .where('staff_id', '=', actor.id)
      .where('token_hash', '<>', keepTokenHash)
      .where('revoked_at', 'is', null)
      .returning('token_hash')
      .execute();
    await writeAudit(tx, actor, 'staff.own_password', `staff:${actor.id}`, null, null);
    return rows;
  });
  for (const r of ended) await revoked({ tokenHash: r.token_hash });
}

type StaffRow = { id: number; username: string; display_name: string; role: string; state: number; totp_enabled_at: Date | null; password_change_due: boolean; last_login_at: Date | null; last_login_ip: string; created_at: Date };

function toStaff(r: StaffRow, captchaDue: Set<string>): AdminStaff {
  return {
    id: r.id,
    username: r.username,
    display_name: r.display_name,
    role: r.role as StaffRole,
    role_label: ROLE_LABELS[r.role as StaffRole] ?? r.role,
    state: r.state,
    login_captcha: captchaDue.has(r.username),
    totp_enabled: r.totp_enabled_at !== null,
    password_change_due: r.password_change_due,
    last_login_at: beijing(r.last_login_at),
    last_login_ip: r.last_login_ip,
    created_at: beijing(r.created_at),
  };
}

const STAFF_COLUMNS = ['id', 'username', 'display_name', 'role', 'state', 'totp_enabled_at', 'password_change_due', 'last_login_at', 'last_login_ip', 'created_at'] as const;

export async function listStaff(db: Kdb): Promise<AdminStaff[]> {
  const rows = await db.selectFrom('staff').select(STAFF_COLUMNS).orderBy('id').execute();
  const captchaDue = await namesNeedingCaptcha(db, 'staff', rows.map((r) => r.username));
  return rows.map((r) => toStaff(r, captchaDue));
}

async function getStaff(db: Kdb, id: number): Promise<AdminStaff> {
  const row = await db.selectFrom('staff').select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MSG.staffMissing);
  return toStaff(row, await namesNeedingCaptcha(db, 'staff', [row.username]));
}

export async function createStaff(db: Kdb, actor: Actor, input: { username: string; password: string; role: StaffRole; displayName?: string }): Promise<AdminStaff> {
  const hash = await hashPassword(input.password);
  try {
    const id = await db.transaction().execute(async (tx) => {
      // An empty display name becomes 客服<id> (the staff table's insert trigger).
      const row = await tx
        .insertInto('staff')
        .values({ username: input.username, display_name: input.displayName?.trim() ?? '', password_hash: hash, role: input.role, password_change_due: true })
        .returning(['id', 'display_name'])
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, 'staff.create', `staff:${row.id}`, null, { username: input.username, display_name: row.display_name, role: input.role });
      return row.id;
    });
    return getStaff(db, id);
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw badRequest(MSG.regUsernameTaken);
    throw err;
  }
}

/** A new password set by a super admin; the staff member's sessions end. */
export async function resetStaffPassword(db: Kdb, actor: Actor, id: number, password: string): Promise<void> {
  await getStaff(db, id);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ password_hash: hash, password_change_due: true }).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'staff.password', `staff:${id}`, null, null);
  });
  await revokeAllStaffSessions(db, id);
}

export async function setStaffRole(db: Kdb, actor: Actor, id: number, role: StaffRole): Promise<AdminStaff> {
  if (id === actor.id) throw badRequest(ADMIN_MSG.staffSelf);
  const before = await getStaff(db, id);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ role }).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'staff.role', `staff:${id}`, { role: before.role }, { role });
  });
  return getStaff(db, id);
}

/** Disables (0) or enables (1) a staff account; disabling ends its sessions at once. */
export async function setStaffState(db: Kdb, actor: Actor, id: number, state: 0 | 1): Promise<AdminStaff> {
  if (id === actor.id) throw badRequest(ADMIN_MSG.staffSelf);
  const before = await getStaff(db, id);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ state }).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'staff.state', `staff:${id}`, { state: before.state }, { state });
  });
  if (state === 0) await revokeAllStaffSessions(db, id);
  return getStaff(db, id);
}

/** The name members see for this staff member (在线客服); audited with before and after. */
export async function setStaffDisplayName(db: Kdb, actor: Actor, id: number, displayName: string): Promise<AdminStaff> {
  const before = await getStaff(db, id);
  const name = displayName.trim();
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ display_name: name }).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'staff.display_name', `staff:${id}`, { display_name: before.display_name }, { display_name: name });
  });
  return getStaff(db, id);
}
