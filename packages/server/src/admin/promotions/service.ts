import { sql } from 'kysely';
import { APPLICATION_STATE, describeRules, PROMO_LIMITS, rulesToForm, storedRules, type AdminActivity, type Page } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { applicationViewQuery, toApplicationView, type ApplicationView } from '../../modules/promotions/review.js';
import { memberKeyword } from '../members/service.js';

export interface ApplicationFilter {
  state?: number;
  keyword: string;
  activity_id?: number;
  page: number;
}

/** The review queue: pending ones oldest first (the order they came in), otherwise newest first. */
export async function listApplications(db: Kdb, f: ApplicationFilter): Promise<Page<ApplicationView>> {
  const perPage = PROMO_LIMITS.queuePageSize;
  let q = applicationViewQuery(db);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  if (f.activity_id !== undefined) q = q.where('a.activity_id', '=', f.activity_id);
  if (f.keyword) {
    const k = memberKeyword(f.keyword);
    q = q.where((eb) => (k.id === null ? eb('m.username', 'like', k.usernameLike) : eb.or([eb('m.username', 'like', k.usernameLike), eb('a.member_id', '=', k.id)])));
  }
  const order = f.state === APPLICATION_STATE.pending ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    q.orderBy('a.id', order).limit(perPage).offset(offsetOf(f.page, perPage)).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toApplicationView), Number(count.n), f.page, perPage);
}

/** Every activity (enabled or not) with its rules and the applications waiting for review, in the app's order. */
export async function listActivitiesWithRules(db: Kdb): Promise<AdminActivity[]> {
  const rows = await db
    .selectFrom('activities as act')
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
    .orderBy('act.id')
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
