import { REDPACKET_ADMIN_LIMITS as L, REDPACKET_ADMIN_MSG, REDPACKET_LIMITS, type RedPacketRules } from '@app/contract';
import { redPacketDaysQuery, redPacketDrawsQuery, redPacketRulesSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { adminRedPacketRules, redPacketDays, redPacketDraws, redPacketDrawsCsv, saveRedPacketRules } from './service.js';

/**
 * Red packets in the console. "Today" is the red packets' clock's Beijing day
 * (app.redPacketClock, which tests move), so the console and the draws agree on it.
 */
export const redPacketRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/redpacket/rules',
    tag: '红包管理',
    summary: '红包规则：领取时段（北京时间 HH:mm，含开始不含结束）、各档领取条件（存款 recharge 与昨日流水 day_flow，元，同时满足）与次数、每次金额范围（元）、每日最多次数、每日预算（元）、流水倍数；redpacket_switch 为站点红包开关（只读），saved 为是否已保存过（否则为默认规则）',
    access: 'redpacket.read',
    handler: async ({ app }) => ok(await adminRedPacketRules(app.kdb, app.redPacketClock.now())),
  }),
  route({
    method: 'POST',
    path: '/redpacket/rules',
    tag: '红包管理',
    summary: `保存红包规则 {rules}：结束时间须晚于开始时间（不跨零点），每日最多次数与各档次数1~${REDPACKET_LIMITS.maxTimes}，预算0~${REDPACKET_LIMITS.budgetYuan}元，流水倍数0~${REDPACKET_LIMITS.turnoverMultiple}，1~${REDPACKET_LIMITS.tiers}档，每档存款与流水至少一项、金额0.01~${REDPACKET_LIMITS.moneyYuan}元且最小不大于最大；金额最多两位小数。保存后会员端即按新规则，当日已开始领取的预算改为新预算（不低于已派发）`,
    access: 'redpacket.manage',
    body: redPacketRulesSchema,
    audits: ['redpacket.rules'],
    handler: async ({ app, req, staff, body }) =>
      ok(await saveRedPacketRules(app.kdb, actorOf(req, staff), body.rules as RedPacketRules, app.redPacketClock.now()), REDPACKET_ADMIN_MSG.rulesSaved),
  }),
  route({
    method: 'GET',
    path: '/redpacket/days',
    tag: '红包管理',
    summary: `红包每日统计（新到旧）：有人领取过的北京日的预算、已派发、领取次数与人数（元）；today 为今日（尚无人领取时预算为当前规则的预算）；from/to 为 YYYY-MM-DD（可选，最长${L.dayRangeMaxDays}天）`,
    access: 'redpacket.read',
    query: redPacketDaysQuery,
    handler: async ({ app, query }) => ok(await redPacketDays(app.kdb, query, app.redPacketClock.now())),
  }),
  route({
    method: 'GET',
    path: '/redpacket/draws',
    tag: '红包管理',
    summary: '红包领取记录（日期新到旧）：按日期范围、会员（用户名前缀或会员ID）筛选；sum.amount 为整个筛选结果的红包金额合计',
    access: 'redpacket.read',
    query: redPacketDrawsQuery,
    handler: async ({ app, query }) => ok(await redPacketDraws(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/redpacket/draws.csv',
    tag: '红包管理',
    summary: `导出红包领取记录为 CSV（UTF-8 带 BOM；筛选同领取记录，不分页，最多${L.exportMaxRows}条，超过则以信封返回提示）`,
    access: 'redpacket.read',
    query: redPacketDrawsQuery,
    file: 'csv',
    handler: async ({ app, query }) => redPacketDrawsCsv(app.kdb, query),
  }),
];
