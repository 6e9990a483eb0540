import { sql } from 'kysely';
import { ROLE_LABELS, SERVICE_LIMITS, SERVICE_MSG, fmt, roleCan, type ServiceCannedReply, type ServiceConversation, type ServiceMessage, type ServiceStaffPresence, type StaffRole } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { appendMessage, conversationOf, conversationQuery, conversationRow, messageOf, staffDisplayName } from './service.js';

/**
 * The staff side of the service desk: the queue, claiming, replying, closing and transferring
 * conversations, and the canned replies. Each change locks its conversation, checks who holds it,
 * writes its system message and (claim, transfer, close) its audit row in one transaction; the
 * console's route then fans the result out to the member's sockets and the desks.
 */

export interface DeskChange {
  conversation: ServiceConversation;
  message: ServiceMessage | null;
  owner: { member_id: number | null; visitor_id: number | null };
}

export async function listConversations(db: Kdb, state: 'waiting' | 'open' | 'closed' | 'mine', staffId: number): Promise<ServiceConversation[]> {
  let q = conversationQuery(db);
  if (state === 'mine') q = q.where('c.state', '=', 'open').where('c.staff_id', '=', staffId);
  else q = q.where('c.state', '=', state);
  const rows = await q.orderBy(state === 'waiting' ? 'c.created_at' : 'c.last_at', state === 'waiting' ? 'asc' : 'desc').limit(SERVICE_LIMITS.listMax).execute();
  return rows.map(conversationOf);
}

export async function conversationDetail(db: Kdb, id: number): Promise<{ conversation: ServiceConversation; messages: ServiceMessage[] }> {
  const conversation = await conversationRow(db, id);
  if (!conversation) throw notFound(SERVICE_MSG.conversationMissing);
  const rows = await db
    .selectFrom('service_messages')
    .select(['id', 'conversation_id', 'sender', 'staff_name', 'body', 'created_at'])
    .where('conversation_id', '=', id)
    .orderBy('id', 'desc')
    .limit(SERVICE_LIMITS.historyMax * 2)
    .execute();
  return { conversation, messages: rows.reverse().map(messageOf) };
}

async function lock(tx: Tx, id: number) {
  const row = await tx.selectFrom('service_conversations').select(['id', 'state', 'staff_id', 'member_id', 'visitor_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(SERVICE_MSG.conversationMissing);
  return { ...row, staff_id: row.staff_id === null ? null : Number(row.staff_id) };
}

async function finish(tx: Tx, id: number, message: ServiceMessage | null, owner: DeskChange['owner']): Promise<DeskChange> {
  return { conversation: (await conversationRow(tx, id))!, message, owner };
}

export async function claimConversation(db: Kdb, actor: Actor, id: number): Promise<DeskChange> {
  return db.transaction().execute(async (tx) => {
    const c = await lock(tx, id);
    if (c.state === 'closed') throw conflict(SERVICE_MSG.alreadyClosed);
    if (c.state === 'open' && c.staff_id !== actor.id) throw conflict(SERVICE_MSG.alreadyClaimed);
    if (c.state === 'open') return finish(tx, id, null, c);
    await tx.updateTable('service_conversations').set({ state: 'open', staff_id: actor.id, unread_staff: 0 }).where('id', '=', id).execute();
    const message = await appendMessage(tx, id, 'system', fmt(SERVICE_MSG.claimed, { name: (await staffDisplayName(tx, actor.id)) ?? '' }));
    await writeAudit(tx, actor, 'service.claim', `service:${id}`, { state: c.state, staff_id: c.staff_id }, { state: 'open', staff_id: actor.id });
    return finish(tx, id, message, c);
  });
}

export async function replyConversation(db: Kdb, actor: Actor, id: number, body: string): Promise<DeskChange> {
  return db.transaction().execute(async (tx) => {
    const c = await lock(tx, id);
    if (c.state === 'closed') throw conflict(SERVICE_MSG.alreadyClosed);
    if (c.state !== 'open' || c.staff_id !== actor.id) throw conflict(SERVICE_MSG.notYours);
    const message = await appendMessage(tx, id, 'staff', body, actor);
    return finish(tx, id, message, c);
  });
}

export async function readConversation(db: Kdb, staffId: number, id: number): Promise<ServiceConversation> {
  await db.updateTable('service_conversations').set({ unread_staff: 0 }).where('id', '=', id).where('staff_id', '=', staffId).execute();
  const c = await conversationRow(db, id);
  if (!c) throw notFound(SERVICE_MSG.conversationMissing);
  return c;
}

/** A waiting conversation may be closed by anyone on the desk (spam, left messages answered elsewhere); an open one by its receiver. */
export async function closeConversation(db: Kdb, actor: Actor, id: number): Promise<DeskChange> {
  return db.transaction().execute(async (tx) => {
    const c = await lock(tx, id);
    if (c.state === 'closed') throw conflict(SERVICE_MSG.alreadyClosed);
    if (c.state === 'open' && c.staff_id !== actor.id) throw conflict(SERVICE_MSG.notYours);
    await tx.updateTable('service_conversations').set({ state: 'closed', closed_at: sql`now()`, unread_staff: 0 }).where('id', '=', id).execute();
    const message = await appendMessage(tx, id, 'system', SERVICE_MSG.closed);
    await writeAudit(tx, actor, 'service.close', `service:${id}`, { state: c.state, staff_id: c.staff_id }, { state: 'closed', staff_id: c.staff_id });
    return finish(tx, id, message, c);
  });
}

export async function transferConversation(db: Kdb, actor: Actor, id: number, toId: number): Promise<DeskChange> {
  if (toId === actor.id) throw badRequest(SERVICE_MSG.transferSelf);
  return db.transaction().execute(async (tx) => {
    const target = await tx.selectFrom('staff').select(['id', 'username', 'display_name', 'role', 'state']).where('id', '=', toId).executeTakeFirst();
    if (!target || target.state !== 1 || !roleCan(target.role, 'service.chat')) throw badRequest(SERVICE_MSG.transferTargetMissing);
    const c = await lock(tx, id);
    if (c.state === 'closed') throw conflict(SERVICE_MSG.alreadyClosed);
    if (c.state !== 'open' || c.staff_id !== actor.id) throw conflict(SERVICE_MSG.notYours);
    await tx.updateTable('service_conversations').set({ staff_id: toId }).where('id', '=', id).execute();
    const message = await appendMessage(tx, id, 'system', fmt(SERVICE_MSG.transferred, { name: target.display_name }));
    await writeAudit(tx, actor, 'service.transfer', `service:${id}`, { staff_id: actor.id, staff: actor.username }, { staff_id: toId, staff: target.username });
    return finish(tx, id, message, c);
  });
}

/** Colleagues who may answer (service.chat), enabled, with whether their desk is open now. */
export async function deskStaff(db: Kdb): Promise<ServiceStaffPresence[]> {
  const rows = await db
    .selectFrom('staff as s')
    .leftJoin('service_staff_presence as p', 'p.staff_id', 's.id')
    .select(['s.id', 's.username', 's.role', sql<boolean>`coalesce(p.last_seen_at > now() - make_interval(secs => ${SERVICE_LIMITS.staffOnlineMs / 1000}::int), false)`.as('online')])
    .where('s.state', '=', 1)
    .orderBy('s.id')
    .execute();
  return rows
    .filter((r) => roleCan(r.role, 'service.chat'))
    .map((r) => ({ id: Number(r.id), username: r.username, role_label: ROLE_LABELS[r.role as StaffRole] ?? r.role, online: !!r.online }));
}

export async function listCanned(db: Kdb): Promise<ServiceCannedReply[]> {
  const rows = await db.selectFrom('service_canned_replies').select(['id', 'title', 'body', 'sort']).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title, body: r.body, sort: r.sort }));
}

export async function saveCanned(db: Kdb, actor: Actor, id: number | null, v: { title: string; body: string; sort: number }): Promise<ServiceCannedReply> {
  return db.transaction().execute(async (tx) => {
    if (id === null) {
      const n = await tx.selectFrom('service_canned_replies').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      if (Number(n.n) >= SERVICE_LIMITS.cannedMax) throw badRequest(SERVICE_MSG.cannedFull);
      const row = await tx.insertInto('service_canned_replies').values(v).returning(['id', 'title', 'body', 'sort']).executeTakeFirstOrThrow();
      await writeAudit(tx, actor, 'service.canned', `canned:${row.id}`, null, v);
      return { ...row, id: Number(row.id) };
    }
    const before = await tx.selectFrom('service_canned_replies').select(['title', 'body', 'sort']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(SERVICE_MSG.cannedMissing);
    await tx.updateTable('service_canned_replies').set(v).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'service.canned', `canned:${id}`, before, v);
    return { id, ...v };
  });
}

export async function deleteCanned(db: Kdb, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('service_canned_replies').select(['title', 'body', 'sort']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(SERVICE_MSG.cannedMissing);
    await tx.deleteFrom('service_canned_replies').where('id', '=', id).execute();
    await writeAudit(tx, actor, 'service.canned', `canned:${id}`, before, null);
  });
}
