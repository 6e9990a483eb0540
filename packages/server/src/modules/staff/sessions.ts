import { sql } from 'kysely';
import { STAFF_SESSION_IDLE_MS, type StaffRole } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/**
 * Staff bearer sessions, kept apart from member sessions (their own table, so a member token is
 * unknown here and a staff token unknown to /api). The token is shown once and stored hashed; a
 * session ends after STAFF_SESSION_IDLE_MS unused, at logout, or when its staff member is disabled.
 * Staff traffic is light, so every request reads its session from the database (no cache to revoke).
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

const TOUCH_EVERY_MS = 60_000;

export async function createStaffSession(db: Kdb, staffId: number, ip: string): Promise<string> {
  const { token, hash } = newToken();
  await db.insertInto('staff_sessions').values({ token_hash: hash, staff_id: staffId, ip }).execute();
  return token;
}

export async function resolveStaffSession(db: Kdb, token: string, nowMs = Date.now()): Promise<StaffPrincipal | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['st.id', 'st.username', 'st.role', 'st.state', 'st.totp_enabled_at', 'st.password_change_due', 's.last_seen_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.state !== 1) return null;
  const idleMs = nowMs - new Date(row.last_seen_at).getTime();
  if (idleMs > STAFF_SESSION_IDLE_MS) return null;
  if (idleMs > TOUCH_EVERY_MS) {
    await db.updateTable('staff_sessions').set({ last_seen_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
  }
  return { id: row.id, username: row.username, role: row.role as StaffRole, tokenHash, totpEnabled: row.totp_enabled_at !== null, passwordChangeDue: row.password_change_due };
}

/** One session (logout) or all of a staff member's (disabled, password reset, two-step reset). */
export type StaffRevocation = { tokenHash: string } | { staffId: number };
type RevocationListener = (r: StaffRevocation) => Promise<void>;
const revocationListeners = new Set<RevocationListener>();

/**
 * Hears, on the instance where it happens, that staff sessions ended: what the staff member holds
 * open (the service desk's socket, which checks its session only at its heartbeat) closes at once,
 * on every instance. Answers the unsubscribe.
 */
export function onStaffRevocation(listener: RevocationListener): () => void {
  revocationListeners.add(listener);
  return () => void revocationListeners.delete(listener);
}

/** Tells the listeners that sessions ended which the caller revoked itself (inside its own transaction). */
export async function revoked(r: StaffRevocation): Promise<void> {
  await Promise.all([...revocationListeners].map((listener) => listener(r)));
}

export async function revokeStaffSession(db: Kdb, tokenHash: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  await revoked({ tokenHash });
}

/** Ends every session of one staff member (password reset, disabling), and its open sockets. */
export async function revokeAllStaffSessions(db: Kdb, staffId: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: sql`now()` }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
  await revoked({ staffId });
}
