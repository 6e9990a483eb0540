import { sql } from 'kysely';
import {
  APPLICATION_STATE,
  describeRules,
  fmt,
  PROMO_ADMIN_LIMITS,
  PROMO_ADMIN_MSG,
  PROMO_MSG,
  rulesToForm,
  storedRules,
  type ActivityForm,
  type ActivityRulesForm,
  type AdminActivity,
  type AdminActivityDetail,
  type AdminActivityType,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { sanitizeHtml } from '../content/sanitize.js';
import type { Tx } from '../ledger/service.js';
import { writeActivityRules } from './rules.js';

/**
 * The activities and their types (tables `activities` and `activity_types`, this module's), as the
 * console's editors and the seed write them; the member app reads them through modules/content, and
 * an activity's rules are written by rules.ts. Every staff change and its audit row commit in one
 * transaction. Content and rules text are sanitized here, on write, once for every reader (the member
 * app renders them as they are). The member routes read activities straight from the database (no
 * cache), so a save shows in the app at once.
 */

// ---- activities ----------------------------------------------------------------------------------

/** Every activity (enabled or not) with its rules and the applications waiting for review, in the app's order. */
export async function listActivitiesWithRules(db: Tx, onlyId?: number): Promise<AdminActivity[]> {
  let q = db.selectFrom('activities as act');
  if (onlyId !== undefined) q = q.where('act.id', '=', onlyId);
  const rows = await q
    .innerJoin('activity_types as t', 't.id', 'act.type_id')
    .select([
      'act.id',
      'act.type_id',
      't.name as type_name',
      'act.title',
      'act.banner',
      'act.enabled',
      'act.sort',
      'act.created_at',
      'act.rules',
      (eb) =>
        eb
          .selectFrom('activity_applications as a')
          .whereRef('a.activity_id', '=', 'act.id')
          .where('a.state', '=', APPLICATION_STATE.pending)
          .select(sql<number>`count(*)::int`.as('n'))
          .as('pending'),
    ])
    .orderBy('act.sort')
    .orderBy('act.id', 'desc')
    .execute();
  return rows.map((r) => {
    const rules = storedRules(r.rules);
    return {
      id: r.id,
      type_id: r.type_id,
      type_name: r.type_name,
      title: r.title,
      banner: r.banner,
      enabled: r.enabled,
      sort: r.sort,
      created_at: beijing(r.created_at),
      rules: rules ? rulesToForm(rules) : null,
      rules_text: rules ? describeRules(rules) : '',
      pending: Number(r.pending ?? 0),
    };
  });
}

/** The editor's fields (contract ActivityForm), the rules as sent: checked when they are saved. */
export interface ActivityInput extends Omit<ActivityForm, 'rules'> {
  /** undefined: leave the rules as they are */
  rules?: Partial<Record<keyof ActivityRulesForm, unknown>> | null;
}

export async function activityDetail(db: Tx, id: number): Promise<AdminActivityDetail> {
  const [row] = await listActivitiesWithRules(db, id);
  if (!row) throw notFound(PROMO_MSG.activityMissing);
  const texts = await db.selectFrom('activities').select(['content', 'memo']).where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, ...texts };
}

async function assertType(tx: Tx, typeId: number): Promise<void> {
  const t = await tx.selectFrom('activity_types').select('id').where('id', '=', typeId).executeTakeFirst();
  if (!t) throw badRequest(PROMO_ADMIN_MSG.typeMissing);
}

const columnsOf = (input: ActivityInput) => ({
  type_id: input.type_id,
  title: input.title.trim(),
  banner: input.banner,
  content: sanitizeHtml(input.content),
  memo: sanitizeHtml(input.memo),
  enabled: input.enabled,
  sort: input.sort,
});

export async function createActivity(db: Kdb, actor: Actor, input: ActivityInput): Promise<AdminActivityDetail> {
  return db.transaction().execute(async (tx) => {
    await assertType(tx, input.type_id);
    const { id } = await tx.insertInto('activities').values(columnsOf(input)).returning('id').executeTakeFirstOrThrow();
    if (input.rules !== undefined) await writeActivityRules(tx, id, input.rules);
    const after = await activityDetail(tx, id);
    await writeAudit(tx, actor, 'activity.create', `activity:${id}`, null, after);
    return after;
  });
}

export async function updateActivity(db: Kdb, actor: Actor, id: number, input: ActivityInput): Promise<AdminActivityDetail> {
  return db.transaction().execute(async (tx) => {
    const locked = await tx.selectFrom('activities').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw notFound(PROMO_MSG.activityMissing);
    await assertType(tx, input.type_id);
    const before = await activityDetail(tx, id);
    await tx.updateTable('activities').set(columnsOf(input)).where('id', '=', id).execute();
    if (input.rules !== undefined) await writeActivityRules(tx, id, input.rules);
    const after = await activityDetail(tx, id);
    await writeAudit(tx, actor, 'activity.update', `activity:${id}`, before, after);
    return after;
  });
}

/** 上架 / 下架: a disabled activity leaves the member app's list and refuses applications (活动不存在或已下架). */
export async function setActivityEnabled(db: Kdb, actor: Actor, id: number, enabled: boolean): Promise<{ id: number; enabled: boolean }> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('activities').select(['id', 'title', 'enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(PROMO_MSG.activityMissing);
    await tx.updateTable('activities').set({ enabled }).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'activity.state', `activity:${id}`, { title: row.title, enabled: row.enabled }, { title: row.title, enabled });
    return { id, enabled };
  });
}

/**
 * A new order for a whole table (activities or activity types): `ids` must be exactly the table's ids,
 * so a view that is out of date is refused rather than leaving rows where nobody put them. The sort
 * values become 10, 20, 30… so one row can later be placed between two by editing its sort.
 */
async function reorder(db: Kdb, actor: Actor, table: 'activities' | 'activity_types', ids: number[]): Promise<{ ids: number[] }> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom(table).select(['id', 'sort']).orderBy('sort').orderBy('id').forUpdate().execute();
    const known = new Set(rows.map((r) => r.id));
    if (rows.length !== ids.length || ids.some((id) => !known.has(id))) throw conflict(PROMO_ADMIN_MSG.orderMismatch);
    if (table === 'activities') await sql`UPDATE activities AS t SET sort = o.ord * 10 FROM unnest(${sql.val(ids)}::int[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id`.execute(tx);
    else await sql`UPDATE activity_types AS t SET sort = o.ord * 10 FROM unnest(${sql.val(ids)}::int[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id`.execute(tx);
    const action = table === 'activities' ? 'activity.order' : 'activity_type.order';
    await writeAudit(tx, actor, action, table, { ids: rows.map((r) => r.id) }, { ids });
    return { ids };
  });
}

export const orderActivities = (db: Kdb, actor: Actor, ids: number[]) => reorder(db, actor, 'activities', ids);
export const orderActivityTypes = (db: Kdb, actor: Actor, ids: number[]) => reorder(db, actor, 'activity_types', ids);

// ---- activity types ------------------------------------------------------------------------------

export async function listActivityTypes(db: Tx): Promise<AdminActivityType[]> {
  const rows = await db
    .selectFrom('activity_types as t')
    .select(['t.id', 't.name', 't.sort', (eb) => eb.selectFrom('activities as a').whereRef('a.type_id', '=', 't.id').select(sql<number>`count(*)::int`.as('n')).as('activities')])
    .orderBy('t.sort')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, sort: r.sort, activities: Number(r.activities ?? 0) }));
}

async function assertNameFree(tx: Tx, name: string, exceptId: number | null): Promise<void> {
  let q = tx.selectFrom('activity_types').select('id').where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(PROMO_ADMIN_MSG.typeNameTaken);
}

export async function createActivityType(db: Kdb, actor: Actor, input: { name: string; sort?: number }): Promise<AdminActivityType> {
  return db.transaction().execute(async (tx) => {
    // One creation at a time, so the name check and the count hold (types are few and rarely made).
    await sql`LOCK TABLE activity_types IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    const name = input.name.trim();
    await assertNameFree(tx, name, null);
    const { n } = await tx.selectFrom('activity_types').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    if (Number(n) >= PROMO_ADMIN_LIMITS.typesMax) throw badRequest(fmt(PROMO_ADMIN_MSG.typesFull, { max: PROMO_ADMIN_LIMITS.typesMax }));
    const last = await tx.selectFrom('activity_types').select(sql<number>`coalesce(max(sort), 0)::int`.as('s')).executeTakeFirstOrThrow();
    const sort = input.sort ?? Number(last.s) + 10;
    const { id } = await tx.insertInto('activity_types').values({ name, sort }).returning('id').executeTakeFirstOrThrow();
    const after = { id, name, sort, activities: 0 };
    await writeAudit(tx, actor, 'activity_type.create', `activity_type:${id}`, null, after);
    return after;
  });
}

export async function updateActivityType(db: Kdb, actor: Actor, id: number, input: { name: string; sort?: number }): Promise<AdminActivityType> {
  return db.transaction().execute(async (tx) => {
    await sql`LOCK TABLE activity_types IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    const row = await tx.selectFrom('activity_types').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(PROMO_ADMIN_MSG.typeMissing);
    const name = input.name.trim();
    await assertNameFree(tx, name, id);
    const sort = input.sort ?? row.sort;
    await tx.updateTable('activity_types').set({ name, sort }).where('id', '=', id).execute();
    await writeAudit(tx, actor, 'activity_type.update', `activity_type:${id}`, row, { id, name, sort });
    const [after] = (await listActivityTypes(tx)).filter((t) => t.id === id);
    return after!;
  });
}

// ---- the seed's ----------------------------------------------------------------------------------

/** An activity as the seed (and tests) write it: shown, without rules. */
export interface NewActivity {
  typeId: number;
  banner: string;
  title: string;
  /** HTML, sanitized on write. */
  content: string;
  /** The rules, HTML, sanitized on write. */
  memo: string;
  sort?: number;
  createdAt?: Date;
}

/** Writes an activity as given (no staff's checks, no audit row): the seed's demo promotions. */
export async function insertActivity(db: Tx, input: NewActivity): Promise<number> {
  const row = await db
    .insertInto('activities')
    .values({
      type_id: input.typeId,
      banner: input.banner,
      title: input.title,
      content: sanitizeHtml(input.content),
      memo: sanitizeHtml(input.memo),
      sort: input.sort ?? 0,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an activity type as given: the seed's. */
export async function insertActivityType(db: Tx, type: { name: string; sort: number }): Promise<number> {
  const row = await db.insertInto('activity_types').values({ name: type.name, sort: type.sort }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
