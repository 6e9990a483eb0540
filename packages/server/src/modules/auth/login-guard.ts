import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { fmt, LOGIN_LOCK, MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { tooMany, type AppError } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';

/**
 * The password-login lockout shared by members and staff (LOGIN_LOCK): maxFailures consecutive
 * failures lock the account for lockMinutes, during which even the right password is refused.
 * Both tables carry failed_logins and locked_until.
 */

/** Whole minutes of lock left (≤ 0 or null: not locked), to select with the account. */
export const lockMinutesLeft = sql<number | null>`CEIL(EXTRACT(EPOCH FROM (locked_until - now())) / 60)::int`;

export function lockedError(minutes: number): AppError {
  return tooMany(fmt(MSG.loginLocked, { minutes: Math.max(1, minutes) }));
}

/** Counts one more failure (a lock that ran out starts again from 1); the lock's minutes when it locks now, else 0. */
export async function recordLoginFailure(db: Kdb, table: 'members' | 'staff', id: number): Promise<number> {
  const count = sql<number>`CASE WHEN locked_until <= now() THEN 1 ELSE failed_logins + 1 END`;
  const row = await db
    .updateTable(table)
    .set({
      failed_logins: count,
      locked_until: sql`CASE
        WHEN ${count} >= ${LOGIN_LOCK.maxFailures} THEN now() + make_interval(mins => ${LOGIN_LOCK.lockMinutes}::int)
        WHEN locked_until <= now() THEN NULL
        ELSE locked_until END`,
    })
    .where('id', '=', id)
    .returning(['failed_logins'])
    .executeTakeFirstOrThrow();
  return row.failed_logins >= LOGIN_LOCK.maxFailures ? LOGIN_LOCK.lockMinutes : 0;
}

// Unknown names still cost one argon2 verification, so the answer time does not tell which names
// exist. The hash is of a random secret nobody knows.
let decoyHash: Promise<string> | null = null;
export async function spendDecoyVerify(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
}
