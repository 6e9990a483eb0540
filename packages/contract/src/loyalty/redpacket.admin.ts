/**
 * The console's red-packet tools (spec §9 red packet rules; DESIGN §8): the rule
 * editor (the rules themselves and their check are redpacket.ts's), the days' budget and draws, and
 * the draw records with their CSV export. Wire shapes, limits and texts, shared by the server and
 * the console; no zod here (the schemas are in redpacket.schemas.ts).
 */
import type { RedPacketRules } from './redpacket.js';
import type { Page } from '../shared/types.js';

export const REDPACKET_ADMIN_MSG = {
  rulesSaved: '红包规则已保存',
  dayRange: '请选择正确的日期范围',
  dayRangeMax: '日期范围最长{max}天',
  exportTooMany: '导出记录超过{max}条，请缩小筛选范围',
} as const;

export const REDPACKET_ADMIN_LIMITS = {
  /** the days a day list, draw filter or export may span */
  dayRangeMaxDays: 366,
  /** rows in one CSV export */
  exportMaxRows: 100_000,
} as const;

/** GET /admin/api/redpacket/rules: the rules in force and what goes with them. */
export interface AdminRedPacketRules {
  rules: RedPacketRules;
  /** the site's switch (0: members are answered 红包已关闭); shown, set elsewhere */
  redpacket_switch: 0 | 1;
  /** false: nobody saved rules yet, the contract's defaults are in force */
  saved: boolean;
  /** the last save, Beijing time, and who made it ('' for none) */
  updated_at: string;
  updated_by: string;
  /** today (Beijing YYYY-MM-DD), the day a saved budget applies to at once */
  today: string;
}

/** One Beijing day of draws (money in yuan). */
export interface AdminRedPacketDay {
  day: string;
  budget: number;
  /** paid out so far, never above budget */
  used: number;
  draws: number;
  /** members who drew at least once */
  members: number;
}

/** GET /admin/api/redpacket/days: the days with draws, newest first, and today (drawn or not). */
export interface AdminRedPacketDays extends Page<AdminRedPacketDay> {
  today: AdminRedPacketDay;
}

/** One draw as the console lists it (money in yuan, Beijing times). */
export interface AdminRedPacketDraw {
  id: number;
  member_id: number;
  username: string;
  day: string;
  /** the member's n-th draw of the day */
  seq: number;
  amount: number;
  /** the member's deposits counted for the day's tier */
  recharge: number;
  journal_id: number;
  created_at: string;
}

/** GET /admin/api/redpacket/draws: a page, and the count and sum of everything the filter matches. */
export interface AdminRedPacketDrawPage extends Page<AdminRedPacketDraw> {
  sum: { amount: number };
}
