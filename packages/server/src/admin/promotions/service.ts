import { sql } from 'kysely';
import { APPLICATION_STATE, fmt, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, PROMO_LIMITS, type Page } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { applicationViewQuery, toApplicationView, type ApplicationView } from '../../modules/promotions/review.js';
import { memberKeyword } from '../members/service.js';
import { badRequest } from '../../http/errors.js';
import { csvFile, type CsvFile } from '../csv.js';

export interface ApplicationFilter {
  state?: number;
  keyword: string;
  activity_id?: number;
  page: number;
}

/** The queue's select with a filter applied (the list and its CSV export). */
export function filteredApplications(db: Kdb, f: Omit<ApplicationFilter, 'page'>) {
  let q = applicationViewQuery(db);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  if (f.activity_id !== undefined) q = q.where('a.activity_id', '=', f.activity_id);
  if (f.keyword) {
    const k = memberKeyword(f.keyword);
    q = q.where((eb) => (k.id === null ? eb('m.username', 'like', k.usernameLike) : eb.or([eb('m.username', 'like', k.usernameLike), eb('a.member_id', '=', k.id)])));
  }
  return q;
}

/** Pending ones oldest first (the order they came in), otherwise newest first. */
export const queueOrder = (state: number | undefined) => (state === APPLICATION_STATE.pending ? 'asc' : 'desc');

/** The review queue: pending ones oldest first (the order they came in), otherwise newest first. */
export async function listApplications(db: Kdb, f: ApplicationFilter): Promise<Page<ApplicationView>> {
  const perPage = PROMO_LIMITS.queuePageSize;
  const q = filteredApplications(db, f);
  const order = queueOrder(f.state);
  const [rows, count] = await Promise.all([
    q.orderBy('a.id', order).limit(perPage).offset(offsetOf(f.page, perPage)).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toApplicationView), Number(count.n), f.page, perPage);
}

const CSV_HEADER = ['申请ID', '会员ID', '会员账号', '活动', '周期', '状态', '彩金(元)', '流水要求(元)', '存款单号', '存款金额(元)', '申请时间', '审核人', '审核时间', '原因'] as const;

/**
 * The queue of a filter (every page, in the list's order) as a CSV file; refused (an envelope) when
 * more than exportMaxRows match, so one export stays bounded. A pending row's bonus is what approving
 * now would pay, as on screen.
 */
export async function applicationsCsv(db: Kdb, f: Omit<ApplicationFilter, 'page'>): Promise<CsvFile> {
  const max = PROMO_ADMIN_LIMITS.exportMaxRows;
  const q = filteredApplications(db, f);
  const { n } = await q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  if (Number(n) > max) throw badRequest(fmt(PROMO_ADMIN_MSG.exportTooMany, { max }));
  const rows = (await q.orderBy('a.id', queueOrder(f.state)).limit(max).execute()).map(toApplicationView);
  const lines = rows.map((a) => [
    a.id,
    a.member_id,
    a.username,
    a.activity_name,
    a.period,
    a.state_text,
    a.bonus.toFixed(2),
    a.turnover.toFixed(2),
    a.deposit_no,
    a.deposit_id === null ? '' : a.deposit_amount.toFixed(2),
    a.created_at,
    a.reviewer,
    a.reviewed_at,
    a.reason,
  ]);
  const state = f.state === undefined ? 'all' : String(f.state);
  return csvFile(`activity-applications-${state}.csv`, CSV_HEADER, lines);
}
