import { ADMIN_MSG, FINANCE_DESK_MSG } from '@app/contract';
import { approvalListQuery, approvalRejectSchema, financeSettingsSchema, idParams } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { approveRequest, financeSettings, listApprovals, rejectRequest, updateFinanceSettings } from '../../modules/finance/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

/** 待复核 (maker–checker) and the review threshold of manual adjustments. */
export const financeRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/finance-settings',
    tag: '待复核',
    summary: '复核门槛：adjust_review_threshold 元，调整金额（绝对值）超过此值须另一位员工复核',
    access: 'members.adjust',
    handler: async ({ app }) => ok(await financeSettings(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/finance-settings',
    tag: '待复核',
    summary: '修改复核门槛（超级管理员）：adjust_review_threshold 0~1000000 元，最多两位小数',
    access: 'finance.settings',
    body: financeSettingsSchema,
    audits: ['finance.settings'],
    handler: async ({ app, req, staff, body }) => ok(await updateFinanceSettings(app.kdb, actorOf(req, staff), body), ADMIN_MSG.saved),
  }),
  route({
    method: 'GET',
    path: '/approvals',
    tag: '待复核',
    summary: '复核申请列表（state 0 待复核（默认）1 已通过 2 已拒绝，空为全部；只含本角色可审批的类型）',
    access: 'approvals.review',
    query: approvalListQuery,
    handler: async ({ app, staff, query }) => ok(await listApprovals(app.kdb, staff.role, query)),
  }),
  route({
    method: 'POST',
    path: '/approvals/:id/approve',
    tag: '待复核',
    summary: '复核通过：在同一事务中生效（调整余额并发站内信，或新增/修改收款账户），只生效一次；提交人不能审批自己的申请；重复审批为 409',
    access: 'approvals.review',
    params: idParams,
    audits: ['approval.approve', 'member.adjust', 'receiving.create', 'receiving.update'],
    handler: async ({ app, req, staff, params }) => ok(await approveRequest(app.kdb, actorOf(req, staff), staff.role, params.id), FINANCE_DESK_MSG.approvalApproved),
  }),
  route({
    method: 'POST',
    path: '/approvals/:id/reject',
    tag: '待复核',
    summary: '复核拒绝（须填写原因），不生效；提交人可用此撤回自己的申请',
    access: 'approvals.review',
    params: idParams,
    body: approvalRejectSchema,
    audits: ['approval.reject'],
    handler: async ({ app, req, staff, params, body }) => ok(await rejectRequest(app.kdb, actorOf(req, staff), staff.role, params.id, body.reason), FINANCE_DESK_MSG.approvalRejected),
  }),
];
