import { fmt, ADMIN_MSG } from '@app/contract';
import { auditQuery } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { checkLedger } from '../../modules/ledger/service.js';
import { route, type AdminRoute } from '../route.js';
import { listAudit } from './service.js';

/** Reading the audit trail, and the ledger check (both read-only oversight). */
export const oversightRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/audit-log',
    tag: '审计日志',
    summary: '审计日志，最新在前（staff 按员工名、action 按操作筛选）；日志只增不改，任何接口都不能修改或删除',
    access: 'audit.read',
    query: auditQuery,
    handler: async ({ app, query }) => ok(await listAudit(app.kdb, query)),
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
