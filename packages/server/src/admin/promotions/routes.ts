import { PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, PROMO_MSG, type ActivityRulesForm } from '@app/contract';
import {
  activityApplicationsExportQuery,
  activityApplicationsQuery,
  activityRejectSchema,
  activityRulesSchema,
  activitySaveSchema,
  activityStateSchema,
  activityTypeSaveSchema,
  idParams,
  orderSchema,
} from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import {
  activityDetail,
  createActivity,
  createActivityType,
  listActivitiesWithRules,
  listActivityTypes,
  orderActivities,
  orderActivityTypes,
  setActivityEnabled,
  updateActivity,
  updateActivityType,
  type ActivityInput,
} from '../../modules/promotions/activities.js';
import { approveApplication, rejectApplication } from '../../modules/promotions/review.js';
import { setActivityRules } from '../../modules/promotions/rules.js';
import { audited } from '../../modules/audit/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { applicationsCsv, listApplications } from './service.js';
import { receiveUpload } from './uploads.js';

const SAVE_SUMMARY = `type_id 活动类型，title 1~${PROMO_ADMIN_LIMITS.titleMax}个字符，banner 为 POST /uploads 返回的 url（或 /assets/ 下的站内图片），content 活动内容与 memo 活动规则为 HTML（保存时按白名单净化，仅保留 p、b、strong、h3、ul、ol、li、br 且不带属性），enabled 是否上架，sort 排序（小的在前）；rules 为申请规则（同 /activities/:id/rules；null 为无需申请，不传则不变）。保存后会员端即时可见`;

/** The body as the activities service takes it (the schema has checked every field). */
const activityInput = (b: Record<string, unknown>): ActivityInput => ({
  type_id: Number(b.type_id),
  title: String(b.title),
  banner: String(b.banner),
  content: String(b.content),
  memo: String(b.memo ?? ''),
  enabled: b.enabled !== false,
  sort: Number(b.sort ?? 0),
  rules: b.rules as ActivityInput['rules'],
});

/**
 * Promotions in the console: the application queue with approve, reject and its CSV, activities
 * (create, edit, 上架/下架, order, rules), activity types, banner uploads. The promotions module makes
 * every change and writes its audit row inside the change's transaction; a review of an application
 * no longer pending is 409 已处理 and writes nothing.
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
    method: 'GET',
    path: '/activity-applications.csv',
    tag: '活动管理',
    summary: `导出活动申请为 CSV（UTF-8 带 BOM；筛选同活动申请列表，不分页，最多${PROMO_ADMIN_LIMITS.exportMaxRows}条，超过则以信封返回提示）`,
    access: 'promotions.read',
    query: activityApplicationsExportQuery,
    file: 'csv',
    handler: async ({ app, query }) => applicationsCsv(app.kdb, query),
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
      const { after } = await approveApplication(app.kdb, params.id, staff.id, audited(actorOf(req, staff), 'activity.approve', `activity_application:${params.id}`));
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
      const { after } = await rejectApplication(app.kdb, params.id, staff.id, body, audited(actorOf(req, staff), 'activity.reject', `activity_application:${params.id}`));
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
    method: 'GET',
    path: '/activities/:id',
    tag: '活动管理',
    summary: '活动详情（编辑用）：列表字段加活动内容 content 与活动规则 memo（HTML）',
    access: 'promotions.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await activityDetail(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/activities',
    tag: '活动管理',
    summary: `新增活动：${SAVE_SUMMARY}`,
    access: 'promotions.manage',
    body: activitySaveSchema,
    audits: ['activity.create'],
    handler: async ({ app, req, staff, body }) => ok(await createActivity(app.kdb, actorOf(req, staff), activityInput(body)), PROMO_ADMIN_MSG.created),
  }),
  route({
    method: 'POST',
    path: '/activities/order',
    tag: '活动管理',
    summary: '活动排序：ids 为全部活动的ID（含已下架），按新的先后顺序；与现有活动不一致时 409（请刷新后重试）',
    access: 'promotions.manage',
    body: orderSchema,
    audits: ['activity.order'],
    handler: async ({ app, req, staff, body }) => ok(await orderActivities(app.kdb, actorOf(req, staff), body.ids), PROMO_ADMIN_MSG.ordered),
  }),
  route({
    method: 'POST',
    path: '/activities/:id',
    tag: '活动管理',
    summary: `修改活动：${SAVE_SUMMARY}`,
    access: 'promotions.manage',
    params: idParams,
    body: activitySaveSchema,
    audits: ['activity.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await updateActivity(app.kdb, actorOf(req, staff), params.id, activityInput(body)), PROMO_ADMIN_MSG.saved),
  }),
  route({
    method: 'POST',
    path: '/activities/:id/state',
    tag: '活动管理',
    summary: '活动上架/下架：enabled；下架的活动不在会员端列表中，申请答复“活动不存在或已下架”，已有申请仍可审核',
    access: 'promotions.manage',
    params: idParams,
    body: activityStateSchema,
    audits: ['activity.state'],
    handler: async ({ app, req, staff, params, body }) => {
      const result = await setActivityEnabled(app.kdb, actorOf(req, staff), params.id, body.enabled);
      return ok(result, result.enabled ? PROMO_ADMIN_MSG.enabled : PROMO_ADMIN_MSG.disabled);
    },
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
      const { after } = await setActivityRules(app.kdb, params.id, form, audited(actorOf(req, staff), 'activity.update', `activity:${params.id}`));
      return ok(after, form === null ? PROMO_MSG.rulesCleared : PROMO_MSG.rulesSaved);
    },
  }),
  route({
    method: 'GET',
    path: '/activity-types',
    tag: '活动管理',
    summary: '活动类型列表（会员端活动页的分类，按排序）：每个类型的活动数',
    access: 'promotions.read',
    handler: async ({ app }) => ok(await listActivityTypes(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/activity-types',
    tag: '活动管理',
    summary: `新增活动类型：name 1~${PROMO_ADMIN_LIMITS.typeNameMax}个字符且不重名，sort 可选（默认排在最后）；最多${PROMO_ADMIN_LIMITS.typesMax}个`,
    access: 'promotions.manage',
    body: activityTypeSaveSchema,
    audits: ['activity_type.create'],
    handler: async ({ app, req, staff, body }) => ok(await createActivityType(app.kdb, actorOf(req, staff), body), PROMO_ADMIN_MSG.typeCreated),
  }),
  route({
    method: 'POST',
    path: '/activity-types/order',
    tag: '活动管理',
    summary: '活动类型排序：ids 为全部类型的ID，按新的先后顺序；与现有类型不一致时 409',
    access: 'promotions.manage',
    body: orderSchema,
    audits: ['activity_type.order'],
    handler: async ({ app, req, staff, body }) => ok(await orderActivityTypes(app.kdb, actorOf(req, staff), body.ids), PROMO_ADMIN_MSG.ordered),
  }),
  route({
    method: 'POST',
    path: '/activity-types/:id',
    tag: '活动管理',
    summary: '修改活动类型：name（不重名），sort 可选',
    access: 'promotions.manage',
    params: idParams,
    body: activityTypeSaveSchema,
    audits: ['activity_type.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await updateActivityType(app.kdb, actorOf(req, staff), params.id, body), PROMO_ADMIN_MSG.typeSaved),
  }),
  route({
    method: 'POST',
    path: '/uploads',
    tag: '活动管理',
    summary: `上传图片（活动图片）：multipart 字段 file，PNG/JPG/WEBP/GIF（按文件内容判断，不接受 SVG），不超过${PROMO_ADMIN_LIMITS.uploadMaxBytes / 1024 / 1024}MB；返回公开地址 url（/uploads/site/<id>.<ext>，各实例均可访问，长期缓存）`,
    access: 'promotions.manage',
    audits: ['upload.create'],
    handler: async ({ app, req, staff }) => ok(await receiveUpload(app.kdb, req, actorOf(req, staff)), PROMO_ADMIN_MSG.uploaded),
  }),
];
