import { fmt, ADMIN_MSG, AUDIT_EXPORT_MAX_ROWS, roleCan } from '@app/contract';
import { auditLogQuery } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { auditSheet, listAudit } from '../../modules/audit/service.js';
import { checkLedger } from '../../modules/ledger/service.js';
import { csvFile } from '../csv.js';
import { route, type AdminRoute } from '../route.js';

/** Reading the audit trail, and the ledger check (both read-only oversight). */
export const oversightRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/audit-log',
    tag: '审计日志',
    summary: '审计日志，最新在前（staff 按员工名、action 按操作、from/to 按北京时间日期 YYYY-MM-DD 筛选；target_label 为中文对象：会员名、订单号、员工名）；日志只增不改，任何接口都不能修改或删除',
    access: 'audit.read',
    query: auditLogQuery,
    handler: async ({ app, query }) => ok(await listAudit(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/audit-log.csv',
    tag: '审计日志',
    summary: `导出审计日志为 CSV（UTF-8 带 BOM；筛选同审计日志，不分页，最多${AUDIT_EXPORT_MAX_ROWS}条，超过则以信封返回提示）：时间、员工、操作、对象、IP、变更前、变更后`,
    access: 'audit.read',
    query: auditLogQuery,
    file: 'csv',
    handler: async ({ app, query, staff }) => {
      const sheet = await auditSheet(app.kdb, query, roleCan(staff.role, 'members.cards'));
      return csvFile(`audit-log-${query.from || 'all'}-${query.to || 'all'}.csv`, sheet.header, sheet.rows);
    },
  }),
  route({
    method: 'GET',
    path: '/ledger/check',
    tag: '账本核对',
    summary: '账本核对：每个余额等于其分录之和、每笔凭证借贷平衡、不可为负的账户没有负数',
    access: 'ledger.check',
    handler: async ({ app }) => {
      const result = await checkLedger(app.kdb);
      return ok(result, result.ok ? ADMIN_MSG.ledgerOk : fmt(ADMIN_MSG.ledgerMismatch, { count: result.mismatches.length }));
    },
  }),
];
