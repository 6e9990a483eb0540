import type { Kdb } from '../../db/connect.js';
import { writeAudit, type Actor } from '../audit/service.js';

/**
 * What support keeps about a member (会员服务): notes on a timeline (kept, never edited) and a set of
 * tags. Each change writes its audit row in the same transaction.
 */

/** Appends a note by `actor` to the member's timeline. */
export async function addMemberNote(db: Kdb, actor: Actor, memberId: number, body: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('member_notes').values({ member_id: memberId, body, staff_id: actor.id, staff_name: actor.username }).returning('id').executeTakeFirstOrThrow();
    await writeAudit(tx, actor, 'member.note', `member:${memberId}`, null, { note_id: Number(row.id), body });
  });
}

/**
 * Replaces the member's tags with `tags` (trimmed), under the member row's lock so two staff saving at
 * once apply one after the other; the audit row keeps the set before and after. Answers the set saved.
 */
export async function setMemberTags(db: Kdb, actor: Actor, memberId: number, tagsIn: string[], reason: string): Promise<string[]> {
  const tags = tagsIn.map((t) => t.trim());
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
    const before = (await tx.selectFrom('member_tags').select('tag').where('member_id', '=', memberId).orderBy('created_at').orderBy('tag').execute()).map((t) => t.tag);
    const removed = before.filter((t) => !tags.includes(t));
    const added = tags.filter((t) => !before.includes(t));
    if (removed.length) await tx.deleteFrom('member_tags').where('member_id', '=', memberId).where('tag', 'in', removed).execute();
    if (added.length) await tx.insertInto('member_tags').values(added.map((tag) => ({ member_id: memberId, tag }))).execute();
    await writeAudit(tx, actor, 'member.tags', `member:${memberId}`, { tags: before }, { tags, reason });
  });
  return tags;
}
