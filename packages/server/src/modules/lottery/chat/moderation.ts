import { sql } from 'kysely';
import { ADMIN_LIMITS, MSG, type AdminChatRow, type AdminMuteRow, type ChatKind, type Page, ADMIN_MSG, LOTTERY_MSG } from '@app/contract';
import type { Kdb } from '../../../db/connect.js';
import { conflict, notFound } from '../../../http/errors.js';
import { beijing } from '../../../lib/time.js';
import { offsetOf, pageOf } from '../../content/paging.js';
import type { ReviewRecorder } from '../../ledger/service.js';

/**
 * Staff moderation of the rooms' chat (DESIGN §7, §10): reading messages, deleting one, muting and
 * unmuting a member. Every change and its audit row commit in one transaction: the back office passes
 * a recorder that writes the row inside it (as deposits/review.ts does), so this module never imports
 * the admin layer. A mute is read from the database at each message (chat/service.ts speakerOf), so it
 * applies on every instance at once.
 */

const activeMute = sql<boolean>`(mu.until IS NULL OR mu.until > now())`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Messages newest first, deleted ones included (host messages too, naming the staff member who posted);
 * by room, and by a keyword in the text, the username or the member id.
 */
export async function listChat(db: Kdb, q: { room_id: number; keyword: string; page: number }): Promise<Page<AdminChatRow>> {
  const perPage = ADMIN_LIMITS.pageSize;
  let query = db
    .selectFrom('lottery_chat as c')
    .innerJoin('lottery_rooms as r', 'r.id', 'c.room_id')
    .innerJoin('lotteries as l', 'l.code', 'r.lottery')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('staff as s', 's.id', 'c.deleted_by')
    .leftJoin('staff as h', 'h.id', 'c.staff_id')
    .leftJoin('lottery_mutes as mu', 'mu.member_id', 'c.member_id');
  if (q.room_id) query = query.where('c.room_id', '=', q.room_id);
  if (q.keyword) {
    const byId = /^\d{1,15}$/.test(q.keyword) ? Number(q.keyword) : null;
    query = query.where((eb) => {
      const either = [eb('c.content', 'like', `%${escapeLike(q.keyword)}%`), eb('m.username', 'like', `${escapeLike(q.keyword)}%`)];
      return eb.or(byId === null ? either : [...either, eb('c.member_id', '=', byId)]);
    });
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'c.id',
        'c.room_id',
        'r.title as room_title',
        'l.title as lottery_title',
        'c.member_id',
        'm.username',
        'h.username as host_staff',
        'c.author',
        'c.kind',
        'c.content',
        'c.created_at',
        'c.deleted_at',
        's.username as deleted_by',
        sql<boolean>`(mu.member_id IS NOT NULL AND ${activeMute})`.as('muted'),
      ])
      .orderBy('c.id', 'desc')
      .limit(perPage)
      .offset(offsetOf(q.page, perPage))
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map(
    (r): AdminChatRow => ({
      id: r.id,
      room_id: r.room_id,
      room_title: r.room_title,
      lottery_title: r.lottery_title,
      member_id: r.member_id,
      username: r.username,
      host_staff: r.host_staff,
      author: r.author,
      kind: r.kind as ChatKind,
      content: r.content,
      created_at: beijing(r.created_at),
      deleted_at: r.deleted_at ? beijing(r.deleted_at) : null,
      deleted_by: r.deleted_by ?? null,
      muted: r.muted === true,
    }),
  );
  return pageOf(data, count.n, q.page, perPage);
}

/**
 * Marks a message deleted (it leaves chatdata; the caller tells the room). A message deleted already is
 * 409 已处理 and changes nothing; an unknown one 消息不存在.
 */
export async function deleteChat(db: Kdb, staffId: number, id: number, reason: string, record: ReviewRecorder<object>): Promise<{ roomId: number }> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('lottery_chat')
      .set({ deleted_at: sql`now()`, deleted_by: staffId })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['room_id', 'member_id', 'kind', 'author', 'content', 'created_at', 'deleted_at'])
      .executeTakeFirst();
    if (!row) {
      const exists = await tx.selectFrom('lottery_chat').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? conflict(MSG.conflict) : notFound(LOTTERY_MSG.chatMessageMissing);
    }
    await record(
      tx,
      { room_id: row.room_id, member_id: row.member_id, kind: row.kind, author: row.author, content: row.content, created_at: beijing(row.created_at) },
      { deleted_at: beijing(row.deleted_at), reason: reason.trim() },
    );
    return { roomId: row.room_id };
  });
}

function muteRows(db: Kdb) {
  return db
    .selectFrom('lottery_mutes as mu')
    .innerJoin('members as m', 'm.id', 'mu.member_id')
    .innerJoin('staff as s', 's.id', 'mu.staff_id')
    .select(['mu.member_id', 'm.username', 'mu.until', 'mu.reason', 's.username as staff', 'mu.created_at'])
    .where(activeMute);
}

function toMuteRow(r: { member_id: number; username: string; until: Date | null; reason: string; staff: string; created_at: Date }): AdminMuteRow {
  return { member_id: r.member_id, username: r.username, until: r.until ? beijing(r.until) : null, reason: r.reason, staff: r.staff, created_at: beijing(r.created_at) };
}

/** Members muted right now, the latest mute first. */
export async function listMutes(db: Kdb, page: number): Promise<Page<AdminMuteRow>> {
  const perPage = ADMIN_LIMITS.pageSize;
  const [rows, count] = await Promise.all([
    muteRows(db).orderBy('mu.created_at', 'desc').orderBy('mu.member_id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    muteRows(db).clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toMuteRow), count.n, page, perPage);
}

/** Mutes a member for `minutes` from now (0: until lifted), replacing any mute they have. */
export async function muteMember(db: Kdb, staffId: number, memberId: number, minutes: number, reason: string, record: ReviewRecorder<object | null>): Promise<AdminMuteRow> {
  const text = reason.trim();
  return db.transaction().execute(async (tx) => {
    const member = await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
    if (!member) throw notFound(ADMIN_MSG.memberMissing);
    const before = await muteRows(tx).where('mu.member_id', '=', memberId).executeTakeFirst();
    const until = minutes === 0 ? null : sql<Date>`now() + ${minutes} * interval '1 minute'`;
    await tx
      .insertInto('lottery_mutes')
      .values({ member_id: memberId, until, reason: text, staff_id: staffId })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ until, reason: text, staff_id: staffId, created_at: sql`now()` }))
      .execute();
    const after = toMuteRow(await muteRows(tx).where('mu.member_id', '=', memberId).executeTakeFirstOrThrow());
    await record(tx, before ? toMuteRow(before) : null, { ...after, minutes });
    return after;
  });
}

/** Lifts a member's mute; a member not muted now is 409 已处理 and nothing changes. */
export async function unmuteMember(db: Kdb, memberId: number, record: ReviewRecorder<object>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Conditional: of two staff lifting the same mute at once, one lifts it and the other is told 已处理.
    const lifted = await tx
      .deleteFrom('lottery_mutes as mu')
      .where('mu.member_id', '=', memberId)
      .where(activeMute)
      .returning(['mu.until', 'mu.reason', 'mu.staff_id', 'mu.created_at'])
      .executeTakeFirst();
    if (!lifted) {
      const member = await tx.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst();
      throw member ? conflict(MSG.conflict) : notFound(ADMIN_MSG.memberMissing);
    }
    const before = { until: lifted.until ? beijing(lifted.until) : null, reason: lifted.reason, staff_id: lifted.staff_id, created_at: beijing(lifted.created_at) };
    await record(tx, before, { muted: false });
  });
}
