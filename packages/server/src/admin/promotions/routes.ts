import { PROMO_MSG, type ActivityRulesForm } from '@app/contract';
import { activityApplicationsQuery, activityRejectSchema, activityRulesSchema, idParams } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { approveApplication, rejectApplication } from '../../modules/promotions/review.js';
import { setActivityRules } from '../../modules/promotions/rules.js';
import { writeAudit } from '../audit/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { listActivitiesWithRules, listApplications } from './service.js';

/**
 * Promotions in the console (issue 12 item 1): the application queue with approve and reject, and
 * each activity's rules. Every change is audited inside its own transaction (the review module's
 * recorder); a review of an application no longer pending is 409 已处理 and writes nothing.
 */
export const promotionRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/activity-applications',
    tag: '活动管理',
    summary:
      '活动申请列表：state 0 审核中 1 已通过 2 已拒绝（空为全部；审核中按申请先后排列，其余新到旧），keyword 为用户名前缀或会员ID，activity_id 为活动；审核中的 bonus 为按活动当前规则此刻通过将发放的彩金（元），turnover 为其流水要求',
    access: 'promotions.read',
    query: activityApplicationsQuery,
    handler: async ({ app, query }) => ok(await listApplications(app.kdb, query)),
  }),
  route({
    method: 'POST',
    path: '/activity-applications/:id/approve',
    tag: '活动管理',
    summary: '通过活动申请：按活动当前规则计算彩金（比例彩金按申请时记录的存款，向下取整到分，不超过上限），从活动账户发放至中心钱包，增加彩金×流水倍数的打码量并发站内信；彩金为0时拒绝通过；重复审核为 409 已处理',
    access: 'promotions.review',
    params: idParams,
    audits: ['activity.approve'],
    handler: async ({ app, req, staff, params }) => {
      const { after } = await approveApplication(app.kdb, params.id, staff.id, (tx, before, after) =>
        writeAudit(tx, actorOf(req, staff), 'activity.approve', `activity_application:${params.id}`, before, after),
      );
      return ok(after, PROMO_MSG.approved);
    },
  }),
  route({
    method: 'POST',
    path: '/activity-applications/:id/reject',
    tag: '活动管理',
    summary: '拒绝活动申请：reason 必填（会员在申请记录中可见），mail 为是否发站内信（默认是）；不动资金；重复审核为 409 已处理',
    access: 'promotions.review',
    params: idParams,
    body: activityRejectSchema,
    audits: ['activity.reject'],
    handler: async ({ app, req, staff, params, body }) => {
      const { after } = await rejectApplication(app.kdb, params.id, staff.id, body, (tx, before, after) =>
        writeAudit(tx, actorOf(req, staff), 'activity.reject', `activity_application:${params.id}`, before, after),
      );
      return ok(after, PROMO_MSG.rejected);
    },
  }),
  route({
    method: 'GET',
    path: '/activities',
    tag: '活动管理',
    summary: '活动列表（含已下架）：每个活动的申请规则（rules 为 null 表示无需申请）、规则摘要与待审核申请数',
    access: 'promotions.read',
    handler: async ({ app }) => ok(await listActivitiesWithRules(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/activities/:id/rules',
    tag: '活动管理',
    summary:
      '设置活动申请规则：eligibility all/first_deposit/min_deposit/min_turnover（后两者需 days 1~90 与 min_amount 元），frequency once/daily/weekly（北京时间自然日、周一起的自然周），payout fixed（amount 元）或 deposit_percent（percent 整数%与 cap 元，须搭配首存或存款条件），turnover_multiple 1~100，auto_approve，ends_at（北京时间 YYYY-MM-DD HH:mm:ss，空为长期）；rules 为 null 则不再接受申请',
    access: 'promotions.manage',
    params: idParams,
    body: activityRulesSchema,
    audits: ['activity.update'],
    handler: async ({ app, req, staff, params, body }) => {
      const form = body.rules as Partial<Record<keyof ActivityRulesForm, unknown>> | null;
      const { after } = await setActivityRules(app.kdb, params.id, form, (tx, before, after) =>
        writeAudit(tx, actorOf(req, staff), 'activity.update', `activity:${params.id}`, before, after),
      );
      return ok(after, form === null ? PROMO_MSG.rulesCleared : PROMO_MSG.rulesSaved);
    },
  }),
];
