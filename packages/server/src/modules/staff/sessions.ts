import { sql } from 'kysely';
import { STAFF_SESSION_IDLE_MS, type StaffRole } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { bearerSessions, type Revocation } from '../../lib/sessions.js';

/**
 * Staff bearer sessions (the mechanics shared with member sessions: lib/sessions.ts), kept apart from
 * member sessions (their own table, so a member token is unknown here and a staff token unknown to
 * /api). The token is shown once and stored hashed; a session ends after STAFF_SESSION_IDLE_MS unused,
 * at logout, or when its staff member is disabled. Staff traffic is light, so every request reads its
 * session from the database (no cache to revoke). A revocation is told to the listeners on this
 * instance; the service desk's carries it to the other instances (service-chat hub).
 */
export interface StaffPrincipal {
  id: number;
  username: string;
  role: StaffRole;
  tokenHash: string;
  /** two-factor sign-in is on for this staff member (totp.ts) */
  totpEnabled: boolean;
  /** its password is a temporary one: nothing but changing it (route beforePasswordChange) */
  passwordChangeDue: boolean;
}

/** One session (logout) or all of a staff member's (disabled, password reset, two-step reset). */
export type StaffRevocation = Revocation<'staffId'>;

async function markRevoked(db: Kdb, tokenHash: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

async function markAllRevoked(db: Kdb, staffId: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: sql`now()` }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
}

const sessions = bearerSessions({
  principalKey: 'staffId',
  read: (db, tokenHash) =>
    db
      .selectFrom('staff_sessions as s')
      .innerJoin('staff as st', 'st.id', 's.staff_id')
      .select(['st.id', 'st.username', 'st.role', 'st.state', 'st.totp_enabled_at', 'st.password_change_due', 's.last_seen_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst(),
  lastSeen: (row) => row.last_seen_at,
  principal: (row, tokenHash): StaffPrincipal | null =>
    row.state === 1 ? { id: row.id, username: row.username, role: row.role as StaffRole, tokenHash, totpEnabled: row.totp_enabled_at !== null, passwordChangeDue: row.password_change_due } : null,
  touch: (db, tokenHash) => db.updateTable('staff_sessions').set({ last_seen_at: sql`now()` }).where('token_hash', '=', tokenHash).execute(),
  markRevoked,
  markAllRevoked,
});

export function createStaffSession(db: Kdb, staffId: number, ip: string): Promise<string> {
  return sessions.issue((hash) => db.insertInto('staff_sessions').values({ token_hash: hash, staff_id: staffId, ip }).execute());
}

export function resolveStaffSession(db: Kdb, token: string, nowMs = Date.now()): Promise<StaffPrincipal | null> {
  return sessions.resolve(db, token, STAFF_SESSION_IDLE_MS, null, nowMs);
}

/**
 * Hears, on the instance where it happens, that staff sessions ended: what the staff member holds
 * open (the service desk's socket, which checks its session only at its heartbeat) closes at once,
 * on every instance. Answers the unsubscribe.
 */
export const onStaffRevocation: (listener: (r: StaffRevocation) => Promise<void>) => () => void = sessions.onRevocation;

/** Tells the listeners that sessions ended which the caller revoked itself (inside its own transaction). */
export const revoked: (r: StaffRevocation) => Promise<void> = sessions.revoked;

export const revokeStaffSession: (db: Kdb, tokenHash: string) => Promise<void> = sessions.revoke;

/** Ends every session of one staff member (password reset, disabling), and its open sockets. */
export const revokeAllStaffSessions: (db: Kdb, staffId: number) => Promise<void> = sessions.revokeAll;
