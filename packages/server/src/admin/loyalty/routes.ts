import { LOYALTY_ADMIN_LIMITS as L, LOYALTY_ADMIN_MSG, fmt } from '@app/contract';
import { idParams, memberVipSchema, rebateDaysQuery, rebateRecordsQuery, vipTiersSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { VIP_PERIOD_DAYS } from '../../modules/vip/relegate.js';
import { changeLevel } from '../../modules/vip/standing.js';
import { adminTiers, saveTiers, type TierInput } from '../../modules/vip/tiers.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { rebateDays, rebatePlatforms, rebateRecords, rebateRecordsCsv } from './rebate.js';
import { memberVip } from './service.js';

export const loyaltyRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/vip-tiers',
    tag: 'VIP与返水',
    summary: 'VIP等级设置：十个等级的名称、累计存款、累计流水、保级流水、晋级礼金（元）与六类返水比例（%，0.8 即 0.80%）',
    access: 'loyalty.read',
    handler: async ({ app }) => ok(await adminTiers(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/vip-tiers',
    tag: 'VIP与返水',
    summary: `保存VIP等级设置：tiers 为全部十个等级（VIP1~VIP10 依序）；金额为不小于0的元（最多两位小数），返水比例0~${L.rateMaxPercent}%；VIP1 无存款与流水要求，累计存款与累计流水逐级不降。保存后晋级、保级、次日返水与会员端 /api/uservip 即按新设置`,
    access: 'loyalty.manage',
    body: vipTiersSchema,
    audits: ['vip.tiers'],
    handler: async ({ app, req, staff, body }) => ok(await saveTiers(app.kdb, actorOf(req, staff), body.tiers as TierInput[]), LOYALTY_ADMIN_MSG.tiersSaved),
  }),
  route({
    method: 'GET',
    path: '/members/:id/vip',
    tag: 'VIP与返水',
    summary: `会员VIP：当前等级、累计存款与流水、下一等级要求、本保级周期（${VIP_PERIOD_DAYS}天）的起止与有效流水、保级流水、等级变动记录（含人工调整的原因与操作员）`,
    access: 'loyalty.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await memberVip(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/members/:id/vip',
    tag: 'VIP与返水',
    summary: '人工调整会员VIP等级：level 1~10，reason 必填；不发晋级礼金，重新开始保级周期，当日（北京时间）起的返水按新等级计算；试玩账号不可调整',
    access: 'loyalty.manage',
    params: idParams,
    body: memberVipSchema,
    audits: ['member.vip'],
    handler: async ({ app, req, staff, params, body }) => {
      const result = await changeLevel(app.kdb, actorOf(req, staff), params.id, { level: Number(body.level), reason: body.reason });
      return ok(result, fmt(LOYALTY_ADMIN_MSG.vipChanged, { level: result.level }));
    },
  }),
  route({
    method: 'GET',
    path: '/rebate/days',
    tag: 'VIP与返水',
    summary: `返水日报：已计算的北京日（新到旧），每日人数、笔数、有效投注、返水金额、已领取与未领取、领取人数及六类返水；from/to 为 YYYY-MM-DD（可选，最长${L.dayRangeMaxDays}天）`,
    access: 'loyalty.read',
    query: rebateDaysQuery,
    handler: async ({ app, query }) => ok(await rebateDays(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/rebate/platforms',
    tag: 'VIP与返水',
    summary: '返水记录的平台筛选项：全部游戏平台（含已停用）的代码与名称，按显示顺序',
    access: 'loyalty.read',
    handler: async ({ app }) => ok(await rebatePlatforms(app.kdb)),
  }),
  route({
    method: 'GET',
    path: '/rebate/records',
    tag: 'VIP与返水',
    summary: '返水记录（日期新到旧）：按日期范围、会员（用户名前缀或会员ID）、类别、平台、状态（0未领取 1已领取）筛选；sum 为整个筛选结果的有效投注、返水、未领取与已领取合计',
    access: 'loyalty.read',
    query: rebateRecordsQuery,
    handler: async ({ app, query }) => ok(await rebateRecords(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/rebate/records.csv',
    tag: 'VIP与返水',
    summary: `导出返水记录为 CSV（UTF-8 带 BOM；筛选同返水记录，不分页，最多${L.exportMaxRows}条，超过则以信封返回提示）`,
    access: 'loyalty.read',
    query: rebateRecordsQuery,
    file: 'csv',
    handler: async ({ app, query }) => rebateRecordsCsv(app.kdb, query),
  }),
];
