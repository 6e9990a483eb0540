import { sql } from 'kysely';
import { ARTICLE_TITLES, CONTENT_MSG, type AdminArticle, type AdminBanner, type AdminNotice, type ArticleForm, type BannerForm, type NoticeForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { sanitizeHtml } from './sanitize.js';

/**
 * Banners, notices and help articles as staff edit them in the console. Every change and its audit
 * row (before and after) commit in one transaction. The member routes (service.ts) read these tables
 * straight from the database on every request, with no cache on any instance, so a change shows in
 * the member app at its next read.
 */

// ---- banners ---------------------------------------------------------------------------------

const bannerColumns = ['id', 'type', 'src', 'url', 'sort', 'enabled'] as const;

export async function listBanners(db: Tx): Promise<AdminBanner[]> {
  return db.selectFrom('banners').select(bannerColumns).orderBy('type').orderBy('sort').orderBy('id').execute();
}

async function bannerRow(tx: Tx, id: number, lock = false): Promise<AdminBanner> {
  let q = tx.selectFrom('banners').select(bannerColumns).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(CONTENT_MSG.bannerMissing);
  return row;
}

const bannerValues = (f: BannerForm) => ({ type: Number(f.type), src: f.src.trim(), url: f.url.trim(), sort: Number(f.sort ?? 0), enabled: f.enabled });

export async function createBanner(db: Kdb, actor: Actor, form: BannerForm): Promise<AdminBanner> {
  return db.transaction().execute(async (tx) => {
    const after = await tx.insertInto('banners').values(bannerValues(form)).returning(bannerColumns).executeTakeFirstOrThrow();
    await writeAudit(tx, actor, 'banner.create', `banner:${after.id}`, null, after);
    return after;
  });
}

export async function updateBanner(db: Kdb, actor: Actor, id: number, form: BannerForm): Promise<AdminBanner> {
  return db.transaction().execute(async (tx) => {
    const before = await bannerRow(tx, id, true);
    const after = await tx.updateTable('banners').set(bannerValues(form)).where('id', '=', id).returning(bannerColumns).executeTakeFirstOrThrow();
    await writeAudit(tx, actor, 'banner.update', `banner:${id}`, before, after);
    return after;
  });
}

export async function setBannerEnabled(db: Kdb, actor: Actor, id: number, enabled: boolean): Promise<AdminBanner> {
  return db.transaction().execute(async (tx) => {
    const before = await bannerRow(tx, id, true);
    const after = await tx.updateTable('banners').set({ enabled }).where('id', '=', id).returning(bannerColumns).executeTakeFirstOrThrow();
    await writeAudit(tx, actor, 'banner.update', `banner:${id}`, before, after);
    return after;
  });
}

export async function deleteBanner(db: Kdb, actor: Actor, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (tx) => {
    const before = await bannerRow(tx, id, true);
    await tx.deleteFrom('banners').where('id', '=', id).execute();
    await writeAudit(tx, actor, 'banner.delete', `banner:${id}`, before, null);
    return { id };
  });
}

// ---- notices ---------------------------------------------------------------------------------

const noticeColumns = ['id', 'title', 'content', 'on_home', 'enabled', 'created_at'] as const;
type NoticeRow = Omit<AdminNotice, 'created_at'> & { created_at: Date };
const toNotice = (r: NoticeRow): AdminNotice => ({ ...r, created_at: beijing(r.created_at) });

/** Every notice, shown or not, newest first (the member app's order). */
export async function listNotices(db: Tx): Promise<AdminNotice[]> {
  const rows = await db.selectFrom('notices').select(noticeColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toNotice);
}

async function noticeRow(tx: Tx, id: number): Promise<AdminNotice> {
  const row = await tx.selectFrom('notices').select(noticeColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(CONTENT_MSG.noticeMissing);
  return toNotice(row);
}

const noticeValues = (f: NoticeForm) => ({ title: f.title.trim(), content: f.content.trim(), on_home: f.on_home, enabled: f.enabled });

export async function createNotice(db: Kdb, actor: Actor, form: NoticeForm): Promise<AdminNotice> {
  return db.transaction().execute(async (tx) => {
    const after = toNotice(await tx.insertInto('notices').values(noticeValues(form)).returning(noticeColumns).executeTakeFirstOrThrow());
    await writeAudit(tx, actor, 'notice.create', `notice:${after.id}`, null, after);
    return after;
  });
}

async function changeNotice(db: Kdb, actor: Actor, id: number, set: Partial<ReturnType<typeof noticeValues>>): Promise<AdminNotice> {
  return db.transaction().execute(async (tx) => {
    const before = await noticeRow(tx, id);
    const after = toNotice(await tx.updateTable('notices').set(set).where('id', '=', id).returning(noticeColumns).executeTakeFirstOrThrow());
    await writeAudit(tx, actor, 'notice.update', `notice:${id}`, before, after);
    return after;
  });
}

export const updateNotice = (db: Kdb, actor: Actor, id: number, form: NoticeForm) => changeNotice(db, actor, id, noticeValues(form));
export const setNoticeEnabled = (db: Kdb, actor: Actor, id: number, enabled: boolean) => changeNotice(db, actor, id, { enabled });

export async function deleteNotice(db: Kdb, actor: Actor, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (tx) => {
    const before = await noticeRow(tx, id);
    await tx.deleteFrom('notices').where('id', '=', id).execute();
    await writeAudit(tx, actor, 'notice.delete', `notice:${id}`, before, null);
    return { id };
  });
}

// ---- articles --------------------------------------------------------------------------------

/** Articles 1–9 in order; one never written shows its default title and no content. */
export async function listArticles(db: Tx): Promise<AdminArticle[]> {
  const rows = await db.selectFrom('articles').select(['type', 'title', 'content', 'updated_at']).execute();
  const byType = new Map(rows.map((r) => [r.type, r]));
  return Object.entries(ARTICLE_TITLES).map(([t, title]) => {
    const r = byType.get(Number(t));
    return r ? { type: r.type, title: r.title, content: r.content, updated_at: beijing(r.updated_at) } : { type: Number(t), title, content: '', updated_at: '' };
  });
}

/** Writes an article's title and HTML, sanitized here once for every reader (sanitize.ts). */
export async function saveArticle(db: Kdb, actor: Actor, type: number, form: ArticleForm): Promise<AdminArticle> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('articles').select(['type', 'title', 'content', 'updated_at']).where('type', '=', type).forUpdate().executeTakeFirst();
    const before = row ? { type, title: row.title, content: row.content } : null;
    const title = form.title.trim();
    const content = sanitizeHtml(form.content);
    const saved = await tx
      .insertInto('articles')
      .values({ type, title, content })
      .onConflict((oc) => oc.column('type').doUpdateSet({ title, content, updated_at: sql`now()` }))
      .returning(['updated_at'])
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, 'article.update', `article:${type}`, before, { type, title, content });
    return { type, title, content, updated_at: beijing(saved.updated_at) };
  });
}
