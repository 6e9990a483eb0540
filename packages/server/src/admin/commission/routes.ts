import { COMMISSION_ADMIN_LIMITS as L, COMMISSION_ADMIN_MSG } from '@app/contract';
import { commissionPlanSchema, commissionRejectSchema, commissionStatementsQuery, idParams } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { approveStatement, rejectStatement } from '../../modules/commission/service.js';
import { setCommissionPlan } from '../../modules/invites/service.js';
import { audited } from '../../modules/audit/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { adminCommissionPlan, listPeriods, listStatements, statementById, statementsCsv } from './service.js';

/**
 * Agent commission in the console: 佣金审核 — the statements the engine computed
 * (modules/commission) with their inputs, filtered, totalled, exported; approve (paid at once: the
 * ledger, the turnover requirement, a mail) or reject with a reason, each once (409 已处理 after) —
 * and 佣金方案, the plan the engine pays by and the member's 奖金介绍 shows. Every change is audited
 * inside its own transaction.
 */
export const commissionRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/commission/statements',
    tag: '代理佣金',
    summary:
      '佣金记录（周期新到旧）：state 0 待审核 1 已发放 2 已拒绝 3 无佣金（空为全部），period 为周期首日（YYYY-MM-DD），keyword 为代理用户名前缀或会员ID；每条含计算依据（团队有效投注、输赢、优惠、负盈利、上期结转、基数、有效活跃人数、档位、比例、直属佣金、级差）；period_end 为周期最后一天；sum 为整个筛选结果按状态的金额与笔数',
    access: 'commission.read',
    query: commissionStatementsQuery,
    handler: async ({ app, query }) => ok(await listStatements(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/commission/statements.csv',
    tag: '代理佣金',
    summary: `导出佣金记录为 CSV（UTF-8 带 BOM；筛选同佣金记录，不分页，最多${L.exportMaxRows}条，超过则以信封返回提示）`,
    access: 'commission.read',
    query: commissionStatementsQuery,
    file: 'csv',
    handler: async ({ app, query }) => statementsCsv(app.kdb, query),
  }),
  route({
    method: 'GET',
    path: '/commission/periods',
    tag: '代理佣金',
    summary: `已结算的佣金周期（新到旧，最近${L.periodsMax}个）：记录数、佣金合计、待审核（金额与笔数）、已发放与已拒绝金额；period_end 为周期最后一天`,
    access: 'commission.read',
    handler: async ({ app }) => ok(await listPeriods(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/commission/statements/:id/approve',
    tag: '代理佣金',
    summary: '通过待审核的佣金：发放到代理中心钱包（按当前方案的流水倍数加流水要求）并发站内信，返回该条佣金记录；重复审核为 409 已处理',
    access: 'commission.review',
    params: idParams,
    audits: ['commission.approve'],
    handler: async ({ app, req, staff, params }) => {
      await approveStatement(app.kdb, params.id, {
        staffId: staff.id,
        record: audited(actorOf(req, staff), 'commission.approve', `commission_statement:${params.id}`),
      });
      return ok(await statementById(app.kdb, params.id), COMMISSION_ADMIN_MSG.approved);
    },
  }),
  route({
    method: 'POST',
    path: '/commission/statements/:id/reject',
    tag: '代理佣金',
    summary: '拒绝待审核的佣金：reason 必填（代理在站内信中可见），不发放，返回该条佣金记录；重复审核为 409 已处理',
    access: 'commission.review',
    params: idParams,
    body: commissionRejectSchema,
    audits: ['commission.reject'],
    handler: async ({ app, req, staff, params, body }) => {
      await rejectStatement(app.kdb, params.id, body.reason, {
        staffId: staff.id,
        record: audited(actorOf(req, staff), 'commission.reject', `commission_statement:${params.id}`),
      });
      return ok(await statementById(app.kdb, params.id), COMMISSION_ADMIN_MSG.rejected);
    },
  }),
  route({
    method: 'GET',
    path: '/commission/plan',
    tag: '代理佣金',
    summary: '佣金方案：模式（net_loss 负盈利 / turnover 流水）、周期（weekly / monthly）、多级级差、档位（门槛元、有效活跃人数、比例）、自动发放上限、有效活跃标准、流水倍数；未保存过时为默认方案',
    access: 'commission.read',
    handler: async ({ app }) => ok(await adminCommissionPlan(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/commission/plan',
    tag: '代理佣金',
    summary: '保存佣金方案（整份）：按合约 commissionPlanFailure 校验并返回其提示；之后结算的周期与会员端 /api/commissionplan（奖金介绍）即按新方案',
    access: 'commission.manage',
    body: commissionPlanSchema,
    audits: ['commission.plan'],
    handler: async ({ app, req, staff, body }) => {
      await setCommissionPlan(app.kdb, body, {
        staffId: staff.id,
        record: audited(actorOf(req, staff), 'commission.plan', 'commission_plan'),
      });
      return ok(await adminCommissionPlan(app.kdb), COMMISSION_ADMIN_MSG.planSaved);
    },
  }),
];
