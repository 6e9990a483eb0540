import { sql } from 'kysely';
import { MSG, type MailMessage, type Page } from '@app/contract';
import type { Tx } from '../ledger/service.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';

/**
 * Internal mail (站内信) for the /message screen. Every query is scoped to one member: a mail id
 * that is not the member's own is answered exactly like one that does not exist.
 */

export const MAIL_PAGE_SIZE = 10;
export const MAIL_TITLE_MAX = 100;
export const MAIL_CONTENT_MAX = 5000;

/** Sends one mail to a member (inside the caller's transaction, e.g. registration). */
export async function sendMail(db: Tx, memberId: number, mail: { title: string; content: string }): Promise<number> {
  const title = mail.title.trim().slice(0, MAIL_TITLE_MAX);
  const content = mail.content.slice(0, MAIL_CONTENT_MAX);
  if (!title) throw new Error('sendMail: a mail needs a title');
  const row = await db.insertInto('mails').values({ member_id: memberId, title, content }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Sends many mails in one statement (a nightly pass's batch), each cut as sendMail cuts it. */
export async function sendMails(db: Tx, mails: { memberId: number; title: string; content: string }[]): Promise<void> {
  const rows = mails.map((m) => ({ member_id: m.memberId, title: m.title.trim().slice(0, MAIL_TITLE_MAX), content: m.content.slice(0, MAIL_CONTENT_MAX) }));
  if (rows.some((r) => !r.title)) throw new Error('sendMails: a mail needs a title');
  if (rows.length === 0) return;
  await sql`
    INSERT INTO mails (member_id, title, content)
    SELECT * FROM unnest(${rows.map((r) => r.member_id)}::bigint[], ${rows.map((r) => r.title)}::text[], ${rows.map((r) => r.content)}::text[])`.execute(db);
}

function toMessage(r: { id: number; title: string; content: string; read_at: Date | null; created_at: Date }): MailMessage {
  return { id: r.id, title: r.title, content: r.content, is_read: r.read_at ? 1 : 0, created_at: beijing(r.created_at) };
}

export async function listMail(db: Tx, memberId: number, page: number): Promise<Page<MailMessage>> {
  const base = db.selectFrom('mails').where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'title', 'content', 'read_at', 'created_at'])
      .orderBy('id', 'desc')
      .limit(MAIL_PAGE_SIZE)
      .offset(offsetOf(page, MAIL_PAGE_SIZE))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toMessage), Number(count.n), page, MAIL_PAGE_SIZE);
}

/** Marks one of the member's own mails read; reading twice keeps the first read time. */
export async function readMail(db: Tx, memberId: number, mailId: number): Promise<MailMessage> {
  const row = await db
    .updateTable('mails')
    .set({ read_at: sql`COALESCE(read_at, now())` })
    .where('id', '=', mailId)
    .where('member_id', '=', memberId)
    .returning(['id', 'title', 'content', 'read_at', 'created_at'])
    .executeTakeFirst();
  if (!row) throw notFound(MSG.messageMissing);
  return toMessage(row);
}

export async function unreadCount(db: Tx, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('mails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
