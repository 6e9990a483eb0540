import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_LIMITS, FIRST_ADMIN_USERNAME } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { hashPassword } from '../../lib/password.js';
import { initStaffSecurity } from './totp.js';

/**
 * First start: with no staff at all, creates `admin` (super) with ADMIN_PASSWORD, or with a
 * generated password that only the caller sees (main.ts prints it once; only its argon2 hash is
 * stored), and starts the two-step switch as `totpRequired` says. Later starts change nothing,
 * ADMIN_PASSWORD and STAFF_TOTP_REQUIRED included. Safe with several instances
 * starting at once: one insert wins, and only the winner reports a generated password.
 */
export async function ensureFirstAdmin(db: Kdb, configured: string | null, totpRequired = false): Promise<{ created: boolean; generatedPassword: string | null }> {
  const any = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
  if (any) return { created: false, generatedPassword: null };
  if (configured !== null && (configured.length < ADMIN_LIMITS.passwordMin || configured.length > ADMIN_LIMITS.passwordMax)) {
    throw new Error(`ADMIN_PASSWORD must be ${ADMIN_LIMITS.passwordMin}–${ADMIN_LIMITS.passwordMax} characters`);
  }
  const password = configured ?? generatePassword();
  const hash = await hashPassword(password);
  const inserted = await sql<{ id: number }>`
    INSERT INTO staff (username, password_hash, role, password_change_due)
    SELECT ${FIRST_ADMIN_USERNAME}, ${hash}, 'super', ${configured === null} WHERE NOT EXISTS (SELECT 1 FROM staff)
    ON CONFLICT (username) DO NOTHING RETURNING id`.execute(db);
  const created = inserted.rows.length === 1;
  // A fresh install: the operator's two-step switch starts as configured (STAFF_TOTP_REQUIRED), so the
  // first admin enrols at its first sign-in, right after changing a generated password.
  if (created) await initStaffSecurity(db, totpRequired);
  return { created, generatedPassword: created && configured === null ? password : null };
}

/** 18 random bytes as 24 URL-safe characters (144 bits). */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

// The generated password waits here, per database, until main.ts takes it to print once.
const pending = new WeakMap<object, string>();

export function holdGeneratedPassword(db: Kdb, password: string): void {
  pending.set(db, password);
}

/** The first admin's generated password, once: a second call answers null. */
export function takeGeneratedAdminPassword(db: Kdb): string | null {
  const password = pending.get(db) ?? null;
  pending.delete(db);
  return password;
}
