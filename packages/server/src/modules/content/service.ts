import { sql } from 'kysely';
import { ARTICLE_TITLES, MSG, type Activity, type ActivityType, type Banner, type Notice, type Page } from '@app/contract';
import type { Tx } from '../ledger/service.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { sanitizeHtml } from './sanitize.js';
import { offsetOf, pageOf } from './paging.js';

/**
 * Public content of the hall, help centre and promotions: banners, notices, articles (this module's
 * tables), and the activities the promotions module writes (modules/promotions/activities.ts).
 */

export const NOTICE_PAGE_SIZE = 10;
export const ACTIVITY_PAGE_SIZE = 20;
/** The notice bar scrolls these; more would never be read. */
export const HOME_NOTICE_LIMIT = 20;
export const BANNER_LIMIT = 20;

export const BANNER_TYPE = { hall: 2, app: 3 } as const;

// ---- banners ---------------------------------------------------------------------------------

export async function listBanners(db: Tx, type: number): Promise<Banner[]> {
  return db
    .selectFrom('banners')
    .select(['id', 'src', 'url'])
    .where('type', '=', type)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .limit(BANNER_LIMIT)
    .execute();
}

/** Writes banners as given (no staff's checks, no audit row): the seed's. */
export async function insertBanners(db: Tx, banners: { type: number; src: string; url: string; sort: number }[]): Promise<void> {
  await db.insertInto('banners').values(banners).execute();
}

// ---- notices ---------------------------------------------------------------------------------

/** The scrolling notice bar: titles of enabled home notices, newest first. */
export async function homeNotices(db: Tx): Promise<string[]> {
  const rows = await db
    .selectFrom('notices')
    .select('title')
    .where('enabled', '=', true)
    .where('on_home', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HOME_NOTICE_LIMIT)
    .execute();
  return rows.map((r) => r.title);
}

export async function listNotices(db: Tx, page: number): Promise<Page<Notice>> {
  const base = db.selectFrom('notices').where('enabled', '=', true);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'title', 'content', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTICE_PAGE_SIZE)
      .offset(offsetOf(page, NOTICE_PAGE_SIZE))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map((r) => ({ id: r.id, title: r.title, content: r.content, created_at: beijing(r.created_at) }));
  return pageOf(data, Number(count.n), page, NOTICE_PAGE_SIZE);
}

/** Writes notices as given (no staff's checks, no audit row): the seed's. */
export async function insertNotices(db: Tx, notices: { title: string; content: string; on_home: boolean; created_at: Date }[]): Promise<void> {
  await db.insertInto('notices').values(notices).execute();
}

// ---- articles --------------------------------------------------------------------------------

export interface Article {
  type: number;
  title: string;
  content: string;
}

export async function getArticle(db: Tx, type: number): Promise<Article> {
  const row = await db.selectFrom('articles').select(['type', 'title', 'content']).where('type', '=', type).executeTakeFirst();
  if (!row) throw notFound(MSG.articleMissing);
  return row;
}

/** Writes (or replaces) an article; the HTML is sanitized here, once, for every reader. */
export async function saveArticle(db: Tx, article: { type: number; title?: string; content: string }): Promise<void> {
  const title = article.title ?? ARTICLE_TITLES[article.type];
  if (!title) throw new Error(`article ${article.type} needs a title`);
  const content = sanitizeHtml(article.content);
  await db
    .insertInto('articles')
    .values({ type: article.type, title, content })
    .onConflict((oc) => oc.column('type').doUpdateSet({ title, content, updated_at: sql`now()` }))
    .execute();
}

// ---- activities ------------------------------------------------------------------------------

export async function listActivityTypes(db: Tx): Promise<ActivityType[]> {
  return db.selectFrom('activity_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

const activityColumns = ['id', 'type_id', 'banner', 'title', 'content', 'memo', 'created_at'] as const;

function toActivity(r: { id: number; type_id: number; banner: string; title: string; content: string; memo: string; created_at: Date }): Activity {
  return { id: r.id, type: r.type_id, banner: r.banner, title: r.title, content: r.content, memo: r.memo, created_at: beijing(r.created_at) };
}

/** Enabled activities, optionally of one type (0 or absent = all). */
export async function listActivities(db: Tx, opts: { type?: number; page: number }): Promise<Page<Activity>> {
  let base = db.selectFrom('activities').where('enabled', '=', true);
  if (opts.type) base = base.where('type_id', '=', opts.type);
  const [rows, count] = await Promise.all([
    base
      .select(activityColumns)
      .orderBy('sort')
      .orderBy('id', 'desc')
      .limit(ACTIVITY_PAGE_SIZE)
      .offset(offsetOf(opts.page, ACTIVITY_PAGE_SIZE))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toActivity), Number(count.n), opts.page, ACTIVITY_PAGE_SIZE);
}

export async function getActivity(db: Tx, id: number): Promise<Activity> {
  const row = await db.selectFrom('activities').select(activityColumns).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
  if (!row) throw notFound(MSG.activityMissing);
  return toActivity(row);
}
