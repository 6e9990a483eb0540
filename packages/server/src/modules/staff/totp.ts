import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_MSG, MSG, STAFF_2FA_MSG, STAFF_TOTP, TOTP_CODE_RE, TOTP_REQUIRED_ROLES, type StaffRole, type StaffSecurity, type StaffTotpSetup } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { addSiteSetting, putSiteSetting, readSiteSetting } from '../site/settings-rows.js';
import { revokeAllStaffSessions } from './sessions.js';

/**
 * Staff two-factor sign-in (contract staff/security.ts). The secret lives on the staff row
 * (totp_secret, set when enrolment is confirmed with a first code; totp_pending while enrolling);
 * totp_last_step keeps the step of the last code taken, so a code is good once. The operator's
 * switch is the site_settings row 'staff_security' (kept by modules/site), read through a one-second cache
 * like the site's.
 */

const SETTINGS_KEY = 'staff_security';
const CACHE_MS = 1000;
let cached: { value: StaffSecurity; atMs: number; of: Kdb } | null = null;

export async function getStaffSecurity(db: Kdb): Promise<StaffSecurity> {
  const now = Date.now();
  if (cached && cached.of === db && now - cached.atMs < CACHE_MS) return cached.value;
  const value = { totp_required: ((await readSiteSetting(db, SETTINGS_KEY)) as Partial<StaffSecurity> | undefined)?.totp_required === true };
  cached = { value, atMs: now, of: db };
  return value;
}

/** A fresh install's switch (bootstrap.ts), unless one is already saved. */
export async function initStaffSecurity(db: Kdb, totpRequired: boolean): Promise<void> {
  await addSiteSetting(db, SETTINGS_KEY, { totp_required: totpRequired } satisfies StaffSecurity);
  cached = null;
}

/** The operator's switch, audited with before and after. */
export async function setStaffSecurity(db: Kdb, actor: Actor, value: StaffSecurity): Promise<StaffSecurity> {
  const after: StaffSecurity = { totp_required: value.totp_required };
  await db.transaction().execute(async (tx) => {
    const saved = (await readSiteSetting(tx, SETTINGS_KEY, { lock: true })) as Partial<StaffSecurity> | undefined;
    const before = { totp_required: saved?.totp_required === true };
    await putSiteSetting(tx, SETTINGS_KEY, after);
    await writeAudit(tx, actor, 'staff.security', 'staff_security', before, after);
  });
  cached = null;
  return after;
}

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: STAFF_TOTP.issuer, label, algorithm: 'SHA1', digits: STAFF_TOTP.digits, period: STAFF_TOTP.periodSeconds, secret: Secret.fromBase32(secret) });

/** The time step a code matches (within the window), or null. */
function stepOf(secret: string, label: string, code: string, nowMs: number): number | null {
  if (!TOTP_CODE_RE.test(code)) return null;
  const delta = totpOf(secret, label).validate({ token: code, timestamp: nowMs, window: STAFF_TOTP.window });
  return delta === null ? null : Math.floor(nowMs / 1000 / STAFF_TOTP.periodSeconds) + delta;
}

/**
 * Checks a code against the staff member's secret and takes it: the step is recorded by a
 * conditional UPDATE, so the same code (or an older one) is refused the second time, even when two
 * requests carry it at once.
 */
export async function takeCode(db: Kdb, staffId: number, secret: string, label: string, code: string, nowMs = Date.now()): Promise<boolean> {
  const step = stepOf(secret, label, code, nowMs);
  if (step === null) return false;
  const r = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** POST /2fa/setup: a new secret kept as pending until a first code confirms it. */
export async function beginTotp(db: Kdb, staff: { id: number; username: string }): Promise<StaffTotpSetup> {
  const row = await db.selectFrom('staff').select('totp_secret').where('id', '=', staff.id).executeTakeFirstOrThrow();
  if (row.totp_secret) throw conflict(STAFF_2FA_MSG.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await db.updateTable('staff').set({ totp_pending: secret }).where('id', '=', staff.id).execute();
  return { secret, uri: totpOf(secret, staff.username).toString() };
}

/** POST /2fa/enable {code}: the pending secret becomes the staff member's, audited. */
export async function enableTotp(db: Kdb, actor: Actor, code: string, nowMs = Date.now()): Promise<void> {
  const row = await db.selectFrom('staff').select(['totp_secret', 'totp_pending']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (row.totp_secret) throw conflict(STAFF_2FA_MSG.alreadyOn);
  if (!row.totp_pending) throw badRequest(STAFF_2FA_MSG.setupFirst);
  if (!(await takeCode(db, actor.id, row.totp_pending, actor.username, code, nowMs))) throw badRequest(STAFF_2FA_MSG.otpWrong);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ totp_secret: row.totp_pending, totp_pending: null, totp_enabled_at: sql`now()` }).where('id', '=', actor.id).execute();
    await writeAudit(tx, actor, 'staff.2fa_enable', `staff:${actor.id}`, { totp: false }, { totp: true });
  });
}

/** POST /2fa/disable {password, code}: both factors again; refused while the switch covers the role. */
export async function disableTotp(db: Kdb, actor: Actor & { role: StaffRole }, password: string, code: string, nowMs = Date.now()): Promise<void> {
  if ((await getStaffSecurity(db)).totp_required && TOTP_REQUIRED_ROLES.includes(actor.role)) throw badRequest(STAFF_2FA_MSG.cannotDisable);
  const row = await db.selectFrom('staff').select(['password_hash', 'totp_secret']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!row.totp_secret) throw badRequest(STAFF_2FA_MSG.notOn);
  if (!(await verifyPassword(row.password_hash, password))) throw badRequest(MSG.oldPasswordWrong);
  if (!(await takeCode(db, actor.id, row.totp_secret, actor.username, code, nowMs))) throw badRequest(STAFF_2FA_MSG.otpWrong);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ totp_secret: null, totp_pending: null, totp_enabled_at: null }).where('id', '=', actor.id).execute();
    await writeAudit(tx, actor, 'staff.2fa_disable', `staff:${actor.id}`, { totp: true }, { totp: false });
  });
}

/** POST /staff/:id/2fa/reset: a lost phone; the staff member enrols again at its next sign-in, its sessions end. */
export async function resetTotp(db: Kdb, actor: Actor, staffId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('staff').select('totp_secret').where('id', '=', staffId).forUpdate().executeTakeFirst();
    if (!before) throw notFound(ADMIN_MSG.staffMissing);
    await tx.updateTable('staff').set({ totp_secret: null, totp_pending: null, totp_enabled_at: null }).where('id', '=', staffId).execute();
    await writeAudit(tx, actor, 'staff.2fa_reset', `staff:${staffId}`, { totp: before.totp_secret !== null }, { totp: false });
  });
  await revokeAllStaffSessions(db, staffId);
}
