import { z } from 'zod';
import { ADMIN_LIMITS } from '../shared/constants.js';
import { REDPACKET_ADMIN_MSG } from './redpacket.admin.js';
import { redPacketRulesFailure, type RedPacketRules } from './redpacket.js';
import { numberAsSent, pageNumber, text } from '../shared/validation.js';

/**
 * Request schemas of the console's red-packet tools (redpacket.admin.ts). Shapes only take what may
 * come; redPacketRulesFailure decides, with its messages in its order (the editor runs the same).
 */

const day = () => z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, REDPACKET_ADMIN_MSG.dayRange).default('');
const time = () => z.string().max(10).default('');

const tierShape = z.object({ recharge: numberAsSent(), day_flow: numberAsSent(), draws: numberAsSent(), min_money: numberAsSent(), max_money: numberAsSent() });

/** POST /admin/api/redpacket/rules {rules} */
export const redPacketRulesSchema = z
  .object({
    rules: z.object({
      start_time: time(),
      end_time: time(),
      max_times: numberAsSent(),
      daily_budget: numberAsSent(),
      turnover_multiple: numberAsSent(),
      // more than the rule allows, so the rule (not the shape) answers 请设置1~20档领取条件
      tiers: z.array(tierShape).max(100).default([]),
    }),
  })
  .superRefine((v, ctx) => {
    const message = redPacketRulesFailure(v.rules as RedPacketRules);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** GET /admin/api/redpacket/days: Beijing days, inclusive, each optional. */
export const redPacketDaysQuery = z.object({ from: day(), to: day(), page: pageNumber() });

/** GET /admin/api/redpacket/draws(.csv): days, a member (username prefix or id). */
export const redPacketDrawsQuery = z.object({ from: day(), to: day(), keyword: text(ADMIN_LIMITS.keywordMax), page: pageNumber() });
