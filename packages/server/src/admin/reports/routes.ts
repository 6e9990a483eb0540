import { REPORT_LABELS, REPORTS_MSG } from '@app/contract';
import { reportQuery, reportRangeQuery } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { rerollDays } from '../../modules/reports/rollup.js';
import { dashboard, report, reportSheet } from '../../modules/reports/service.js';
import { actorOf } from '../actor.js';
import { csvFile } from '../csv.js';
import { route, type AdminRoute } from '../route.js';

const kinds = Object.entries(REPORT_LABELS)
  .map(([k, v]) => `${k} ${v}`)
  .join('、');

/**
 * 数据概览 and 报表: read-only figures for super, finance and operations
 * (reports.read), from modules/reports. Closed days come from the pre-aggregated daily rows, today from
 * the raw tables; an on-demand re-roll of a range is audited.
 */
export const reportRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/reports/dashboard',
    tag: '数据报表',
    summary:
      '数据概览：今日（实时）、昨日、本月的存款、取款、净入金、有效投注、GGR（按分类与场馆）、NGR（GGR − 彩金 − 返水 − 红包 − 代理佣金）、新增会员、首存、活跃会员，以及 from–to（北京日期，默认最近30天，最长366天）每日的数据（图表）',
    access: 'reports.read',
    query: reportRangeQuery,
    handler: async ({ app, query }) => ok(await dashboard(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/reports/report',
    tag: '数据报表',
    summary: `报表：kind 为 ${kinds}；from–to 为北京日期（默认最近30天，最长366天）；rows 为明细，total 为合计`,
    access: 'reports.read',
    query: reportQuery,
    handler: async ({ app, query }) => ok(await report(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/reports/report.csv',
    tag: '数据报表',
    summary: '导出报表为 CSV（UTF-8 带 BOM；参数同报表；末行为合计）',
    access: 'reports.read',
    query: reportQuery,
    file: 'csv',
    handler: async ({ app, query }) => {
      const sheet = await reportSheet(app.kdb, query);
      return csvFile(`report-${query.kind}-${query.from}-${query.to}.csv`, sheet.header, sheet.rows);
    },
  }),
  route({
    method: 'POST',
    path: '/reports/rollup',
    tag: '数据报表',
    summary: '按原始数据重新统计 from–to 中已结束的日期（幂等；今日始终实时计算），返回重新统计的日期',
    access: 'reports.read',
    body: reportRangeQuery,
    audits: ['reports.rollup'],
    handler: async ({ app, req, staff, body }) => {
      const days = await rerollDays(app.kdb, actorOf(req, staff), body);
      return ok({ days }, REPORTS_MSG.rolled);
    },
  }),
];
