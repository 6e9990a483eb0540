import { sql } from 'kysely';
import { SERVICE_LIMITS, visitorLabel, type ServiceChatState, type ServiceConversation, type ServiceMessage, type ServiceSender, type ServiceState } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { beijing } from '../../lib/time.js';
import type { Tx } from '../ledger/service.js';
import type { OwnerKey } from './hub.js';

/**
 * 在线客服's data: visitors (device tokens, kept hashed), conversations (one not
 * closed per member or visitor, the database's partial unique indexes say so), messages (kept), and
 * staff presence (the desk socket's heartbeat). Bodies are stored as typed: every screen renders them
 * as text.
 */

export type Owner = { memberId: number; visitorId?: undefined } | { visitorId: number; memberId?: undefined };

export const ownerKey = (o: Owner): OwnerKey => (o.memberId !== undefined ? `m:${o.memberId}` : `v:${o.visitorId}`);
export function ownerOfConversation(c: { member_id: number | null; visitor_id: number | null }): OwnerKey {
  return c.member_id !== null ? `m:${Number(c.member_id)}` : `v:${Number(c.visitor_id)}`;
}

const UNIQUE_VIOLATION = '23505';

/** Issues a visitor's device token (shown once, kept hashed). */
export async function issueVisitor(db: Kdb, ip: string): Promise<string> {
  const { token, hash } = newToken();
  await db.insertInto('service_visitors').values({ token_hash: hash, ip: ip.slice(0, 64) }).execute();
  return token;
}

export async function resolveVisitor(db: Kdb, token: string): Promise<number | null> {
  if (!token || token.length > 100) return null;
  const row = await db.selectFrom('service_visitors').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Any staff member's desk said it was there within SERVICE_LIMITS.staffOnlineMs. */
export async function staffOnline(db: Kdb): Promise<boolean> {
  const row = await db
    .selectFrom('service_staff_presence as p')
    .innerJoin('staff as s', 's.id', 'p.staff_id')
    .select('p.staff_id')
    .where('s.state', '=', 1)
    .where(sql<boolean>`p.last_seen_at > ${sql<Date>`now() - make_interval(secs => ${SERVICE_LIMITS.staffOnlineMs / 1000}::int)`}`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function touchPresence(db: Kdb, staffIds: number[]): Promise<void> {
  if (staffIds.length === 0) return;
  await db
    .insertInto('service_staff_presence')
    .values(staffIds.map((staff_id) => ({ staff_id })))
    .onConflict((oc) => oc.column('staff_id').doUpdateSet({ last_seen_at: sql`now()` }))
    .execute();
}

export async function dropPresence(db: Kdb, staffId: number): Promise<void> {
  await db.deleteFrom('service_staff_presence').where('staff_id', '=', staffId).execute();
}

type MessageRow = { id: number | string; conversation_id: number | string; sender: string; staff_name: string | null; body: string; created_at: Date | string };
export function messageOf(r: MessageRow): ServiceMessage {
  return { id: Number(r.id), conversation_id: Number(r.conversation_id), sender: r.sender as ServiceSender, staff_name: r.staff_name, body: r.body, created_at: beijing(r.created_at) };
}

function ownerWhere(o: Owner) {
  return o.memberId !== undefined ? (['c.member_id', '=', o.memberId] as const) : (['c.visitor_id', '=', o.visitorId] as const);
}

/** What the member/visitor sees on opening the chat: presence, their live conversation and the latest messages of all of theirs. */
export async function chatState(db: Kdb, o: Owner): Promise<ServiceChatState> {
  const [col, , id] = ownerWhere(o);
  const live = await db
    .selectFrom('service_conversations as c')
    .leftJoin('staff as s', 's.id', 'c.staff_id')
    .select(['c.id', 'c.state', 's.display_name as staff_name'])
    .where(col, '=', id)
    .where('c.state', '<>', 'closed')
    .executeTakeFirst();
  const rows = await db
    .selectFrom('service_messages as m')
    .innerJoin('service_conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.conversation_id', 'm.sender', 'm.staff_name', 'm.body', 'm.created_at'])
    .where(col, '=', id)
    .orderBy('m.id', 'desc')
    .limit(SERVICE_LIMITS.historyMax)
    .execute();
  if (live) await db.updateTable('service_conversations').set({ unread_member: 0 }).where('id', '=', live.id).execute();
  return {
    online: await staffOnline(db),
    conversation: live ? { id: Number(live.id), state: live.state as ServiceState, staff_name: live.staff_name } : null,
    messages: rows.reverse().map(messageOf),
  };
}

/** One conversation as the desk lists it. */
export async function conversationRow(db: Kdb | Tx, id: number): Promise<ServiceConversation | null> {
  const rows = await conversationQuery(db).where('c.id', '=', id).execute();
  return rows[0] ? conversationOf(rows[0]) : null;
}

export function conversationQuery(db: Kdb | Tx) {
  return db
    .selectFrom('service_conversations as c')
    .leftJoin('members as mb', 'mb.id', 'c.member_id')
    .leftJoin('staff as s', 's.id', 'c.staff_id')
    .select([
      'c.id', 'c.state', 'c.member_id', 'c.visitor_id', 'c.staff_id', 'c.last_body', 'c.last_sender', 'c.last_at', 'c.unread_staff', 'c.created_at', 'c.closed_at',
      'mb.username as member_name', 's.display_name as staff_name',
    ]);
}

type ConversationRow = Awaited<ReturnType<ReturnType<typeof conversationQuery>['execute']>>[number];
export function conversationOf(r: ConversationRow): ServiceConversation {
  return {
    id: Number(r.id),
    state: r.state as ServiceState,
    member_id: r.member_id === null ? null : Number(r.member_id),
    member_name: r.member_name ?? null,
    visitor_label: r.visitor_id === null ? null : visitorLabel(Number(r.visitor_id)),
    staff_id: r.staff_id === null ? null : Number(r.staff_id),
    staff_name: r.staff_name ?? null,
    last_body: r.last_body,
    last_sender: (r.last_sender as ServiceSender | null) ?? null,
    last_at: beijing(r.last_at),
    unread: Number(r.unread_staff),
    created_at: beijing(r.created_at),
    closed_at: r.closed_at ? beijing(r.closed_at) : null,
  };
}

/**
 * Appends a message to a conversation and keeps its summary (last message, unread counts). A staff
 * reply carries its author's display name as it is now (members never see the login name).
 */
export async function appendMessage(tx: Tx, conversationId: number, sender: ServiceSender, body: string, staff?: { id: number }): Promise<ServiceMessage> {
  const row = await tx
    .insertInto('service_messages')
    .values({ conversation_id: conversationId, sender, body, staff_id: staff?.id ?? null, staff_name: staff ? sql<string>`(SELECT display_name FROM staff WHERE id = ${staff.id})` : null })
    .returning(['id', 'conversation_id', 'sender', 'staff_name', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('service_conversations')
    .set({
      last_body: body.slice(0, 200),
      last_sender: sender,
      last_at: sql`now()`,
      ...(sender === 'member' ? { unread_staff: sql`unread_staff + 1` } : {}),
      ...(sender === 'staff' ? { unread_member: sql`unread_member + 1`, unread_staff: 0 } : {}),
    })
    .where('id', '=', conversationId)
    .execute();
  return messageOf(row);
}

/**
 * A member's/visitor's message: into their live conversation, or a new one waiting in the queue.
 * Two sockets racing to open one meet at the partial unique index; the loser joins the winner's.
 */
export async function postOwnerMessage(db: Kdb, o: Owner, body: string): Promise<{ message: ServiceMessage; conversation: ServiceConversation }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { cid: conversationId, message } = await db.transaction().execute(async (tx) => {
        const [col, , id] = ownerWhere(o);
        const live = await tx.selectFrom('service_conversations as c').select('c.id').where(col, '=', id).where('c.state', '<>', 'closed').forUpdate().executeTakeFirst();
        const cid = live
          ? Number(live.id)
          : Number(
              (
                await tx
                  .insertInto('service_conversations')
                  .values({ member_id: o.memberId ?? null, visitor_id: o.visitorId ?? null })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
            );
        return { cid, message: await appendMessage(tx, cid, 'member', body) };
      });
      return { message, conversation: (await conversationRow(db, conversationId))! };
    } catch (err) {
      if (attempt < 2 && (err as { code?: string }).code === UNIQUE_VIOLATION) continue;
      throw err;
    }
  }
}

/** The member/visitor saw their messages (the open chat). */
export async function markOwnerRead(db: Kdb, conversationId: number): Promise<void> {
  await db.updateTable('service_conversations').set({ unread_member: 0 }).where('id', '=', conversationId).execute();
}

/** What members see of a staff member: its display name (set in 员工管理), never its login name. */
export async function staffDisplayName(db: Kdb | Tx, staffId: number): Promise<string | null> {
  const row = await db.selectFrom('staff').select('display_name').where('id', '=', staffId).executeTakeFirst();
  return row?.display_name ?? null;
}
