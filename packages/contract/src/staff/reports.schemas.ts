import { z } from 'zod';
import { REPORT_KINDS, REPORTS_LIMITS, REPORTS_MSG, reportRangeFailure, type ReportKind } from './reports.js';
import { addDays, beijingToday, isDay } from '../shared/time.js';

/**
 * Request schemas of the console's 数据概览 and 报表 (reports.ts). An absent range is the last
 * defaultRangeDays days; a present one must pass reportRangeFailure, whose message is the answer.
 */
const rangeShape = {
  from: z.string().trim().max(20).optional(),
  to: z.string().trim().max(20).optional(),
  /** 1: read today's figures anew rather than the few seconds old ones kept (the console's 刷新) */
  fresh: z.string().max(5).optional(),
};

function withDefaults(v: { from?: string; to?: string; fresh?: string }): { from: string; to: string; fresh: boolean } {
  const today = beijingToday();
  const to = v.to || today;
  const from = v.from || addDays(isDay(to) ? to : today, -(REPORTS_LIMITS.defaultRangeDays - 1));
  return { from, to, fresh: v.fresh === '1' || v.fresh === 'true' };
}

/** GET /admin/api/reports/dashboard?from=&to= and every report: from ≤ to ≤ today, ≤ 366 days */
export const reportRangeQuery = z
  .object(rangeShape)
  .transform(withDefaults)
  .superRefine((v, ctx) => {
    const message = reportRangeFailure(v.from, v.to);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** GET /admin/api/reports/report?kind=&from=&to= (and report.csv); no kind: 每日财务 */
export const reportQuery = z
  .object({ ...rangeShape, kind: z.string().trim().max(20).default('finance') })
  .transform((v) => ({ kind: v.kind as ReportKind, ...withDefaults(v) }))
  .superRefine((v, ctx) => {
    const message = (REPORT_KINDS as readonly string[]).includes(v.kind) ? reportRangeFailure(v.from, v.to) : REPORTS_MSG.kind;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
