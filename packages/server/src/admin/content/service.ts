import { sql } from 'kysely';
import {
  ARTICLE_TITLES,
  CONTENT_MSG,
  type AdminArticle,
  type AdminBanner,
  type AdminGameEntry,
  type AdminNotice,
  type AdminVenue,
  type ArticleForm,
  type BannerForm,
  type GameEntryForm,
  type NoticeForm,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import type { Tx } from '../../modules/ledger/service.js';
import { sanitizeHtml } from '../../modules/content/sanitize.js';
import { writeAudit, type Actor } from '../../modules/audit/service.js';

/**
 * Content management in the console (issue 14 item 1). Every change and its audit row (before and
 * after) commit in one transaction. The member routes (modules/content, modules/games) read these
 * tables straight from the database on every request, with no cache on any instance, so a change
 * shows in the member app at its next read. Venues are read through the registry's one-second cache:
 * this instance forgets it at once (the route calls forgetVenues), the others within a second.
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

/** Writes an article's title and HTML, sanitized here once for every reader (modules/content/sanitize.ts). */
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

// ---- the game catalogue ----------------------------------------------------------------------

const gameColumns = ['id', 'category_id', 'platform_name', 'game_code', 'name', 'image', 'app_state', 'sort'] as const;
type GameRow = Omit<AdminGameEntry, 'app_state' | 'category_id'> & { app_state: number; category_id: string };
const toGame = (r: GameRow): AdminGameEntry => ({ ...r, category_id: r.category_id as AdminGameEntry['category_id'], app_state: r.app_state === 1 ? 1 : 0 });

/** Every tile, shown or hidden, by category then the hall's order. */
export async function listGameEntries(db: Tx): Promise<AdminGameEntry[]> {
  const rows = await db.selectFrom('game_entries').select(gameColumns).orderBy('category_id').orderBy('sort').orderBy('id').execute();
  return rows.map(toGame);
}

export async function updateGameEntry(db: Kdb, actor: Actor, id: number, form: GameEntryForm): Promise<AdminGameEntry> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('game_entries').select(gameColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(CONTENT_MSG.gameMissing);
    const set = { name: form.name.trim(), image: form.image.trim(), app_state: form.app_state, sort: Number(form.sort ?? 0) };
    const after = toGame(await tx.updateTable('game_entries').set(set).where('id', '=', id).returning(gameColumns).executeTakeFirstOrThrow());
    await writeAudit(tx, actor, 'game.update', `game_entry:${id}`, toGame(row), after);
    return after;
  });
}

// ---- venues ----------------------------------------------------------------------------------

/** The in-house lottery's row names the venue of lottery bet records; it is no transfer venue and has no switch. */
const INHOUSE_ADAPTER = 'inhouse';

export async function listVenues(db: Tx): Promise<AdminVenue[]> {
  const rows = await db
    .selectFrom('venues as v')
    .select(['v.code', 'v.name', 'v.enabled', 'v.sort', (eb) => eb.selectFrom('game_entries as g').whereRef('g.platform_name', '=', 'v.code').select(sql<number>`count(*)::int`.as('n')).as('tiles')])
    .where('v.adapter', '<>', INHOUSE_ADAPTER)
    .orderBy('v.sort')
    .orderBy('v.code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, enabled: r.enabled, sort: r.sort, tiles: Number(r.tiles ?? 0) }));
}

/** Maintenance on: the venue is closed (venues.enabled false); entering or transferring is refused with 场馆维护中. */
export async function setVenueMaintenance(db: Kdb, actor: Actor, code: string, maintenance: boolean): Promise<AdminVenue> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('venues').select(['code', 'name', 'enabled', 'sort']).where('code', '=', code).where('adapter', '<>', INHOUSE_ADAPTER).forUpdate().executeTakeFirst();
    if (!before) throw notFound(CONTENT_MSG.venueMissing);
    await tx.updateTable('venues').set({ enabled: !maintenance }).where('code', '=', code).execute();
    const after = (await listVenues(tx)).find((v) => v.code === code)!;
    await writeAudit(tx, actor, 'venue.maintenance', `venue:${code}`, before, { code, name: after.name, enabled: after.enabled, sort: after.sort });
    return after;
  });
}
