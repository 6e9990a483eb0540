import { sql } from 'kysely';
import { AGENT_PORTAL_MSG, AGENT_SESSION_IDLE_MS, AGENT_TICKET_TTL_MS, agentLoginPath } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { bearerSessions } from '../../lib/sessions.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { isAgent } from '../agents/service.js';

/**
 * The agent portal's way in (contract agent-portal.ts). GET /api/getAgentLoginUrl gives a signed-in
 * agent a ticket: 32 random bytes, stored hashed, good once for AGENT_TICKET_TTL_MS. The portal
 * trades it (POST /agent/api/login) for a session of its own — its own table, so a member or staff
 * token is unknown here and a portal token unknown to /api and /admin/api. A session ends after
 * AGENT_SESSION_IDLE_MS unused, at logout, when every session of the member ends (password change,
 * account disabled), and at once when the member is no longer an agent or no longer enabled: each
 * request reads the member row with the session (portal traffic is light; nothing to revoke in a cache).
 * The session mechanics are those of member and staff sessions (lib/sessions.ts).
 */

export interface AgentPrincipal {
  id: number;
  username: string;
  tokenHash: string;
}

/** The ticket's URL for this member, refused unless it is an enabled agent (not a trial account). */
export async function createAgentTicket(db: Kdb, memberId: number, nowMs = Date.now()): Promise<string> {
  const [m, agent] = await Promise.all([db.selectFrom('members').select(['is_trial', 'state']).where('id', '=', memberId).executeTakeFirst(), isAgent(db, memberId)]);
  if (!m || m.is_trial) throw forbidden(AGENT_PORTAL_MSG.trial);
  if (!agent) throw forbidden(AGENT_PORTAL_MSG.notAgent);
  const { token, hash } = newToken();
  await db.transaction().execute(async (tx) => {
    // Tickets are short-lived: the expired ones go as new ones come (by the expiry index).
    await tx.deleteFrom('agent_tickets').where('expires_at', '<', new Date(nowMs - AGENT_TICKET_TTL_MS)).execute();
    await tx.insertInto('agent_tickets').values({ ticket_hash: hash, member_id: memberId, expires_at: new Date(nowMs + AGENT_TICKET_TTL_MS) }).execute();
  });
  return agentLoginPath(token);
}

const sessions = bearerSessions({
  principalKey: 'memberId',
  read: (db, tokenHash) =>
    db
      .selectFrom('agent_sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .leftJoin('agents as a', 'a.member_id', 's.member_id')
      .select(['m.id', 'm.username', 'a.member_id as agent', 'm.state', 'm.is_trial', 's.last_seen_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst(),
  lastSeen: (row) => row.last_seen_at,
  principal: (row, tokenHash): AgentPrincipal | null => (row.agent === null || row.state !== 1 || row.is_trial ? null : { id: Number(row.id), username: row.username, tokenHash }),
  touch: (db, tokenHash) => db.updateTable('agent_sessions').set({ last_seen_at: sql`now()` }).where('token_hash', '=', tokenHash).execute(),
  markRevoked: async (db, tokenHash) => {
    await db.updateTable('agent_sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  },
  markAllRevoked: async (db, memberId) => {
    await db.updateTable('agent_sessions').set({ revoked_at: sql`now()` }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
  },
});

/**
 * Trades a ticket for a portal session: the ticket is marked used by the same UPDATE that checks it,
 * so of two concurrent logins with one ticket exactly one gets a session. An unknown, used or expired
 * ticket, or a member no longer an enabled agent, is 401 with one message (nothing to tell them apart).
 */
export async function redeemAgentTicket(db: Kdb, ticket: string, ip: string, nowMs = Date.now()): Promise<string> {
  if (!ticket || ticket.length > 100) throw unauthorized(AGENT_PORTAL_MSG.ticketInvalid);
  const now = new Date(nowMs);
  return db.transaction().execute(async (tx) => {
    const used = await sql<{ member_id: string | number }>`
      UPDATE agent_tickets t SET used_at = ${now}
        FROM members m, agents a
       WHERE t.ticket_hash = ${hashToken(ticket)} AND t.used_at IS NULL AND t.expires_at > ${now}
         AND m.id = t.member_id AND a.member_id = m.id AND m.state = 1 AND NOT m.is_trial
      RETURNING t.member_id`.execute(tx);
    const row = used.rows[0];
    if (!row) throw unauthorized(AGENT_PORTAL_MSG.ticketInvalid);
    return sessions.issue((hash) => tx.insertInto('agent_sessions').values({ token_hash: hash, member_id: Number(row.member_id), ip }).execute());
  });
}

/** The agent behind a portal token, or null (unknown, revoked, idle too long, no longer an enabled agent). */
export function resolveAgentSession(db: Kdb, token: string, nowMs = Date.now()): Promise<AgentPrincipal | null> {
  return sessions.resolve(db, token, AGENT_SESSION_IDLE_MS, null, nowMs);
}

export const revokeAgentSession: (db: Kdb, tokenHash: string) => Promise<void> = sessions.revoke;

/** Ends every portal session of a member (its member sessions all ended). */
export const revokeAgentSessions: (db: Kdb, memberId: number) => Promise<void> = sessions.revokeAll;
