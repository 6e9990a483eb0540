/**
 * 站内信 in the console: a campaign sends one mail to one member, to every
 * member, to the members of one VIP level or to the agents; the server sends it in bounded batches
 * and counts reads from the mails themselves. The wire shapes, the rules and their Chinese messages
 * live here, one home for the server and the console. No zod here: see mail.schemas.ts.
 */
import type { Page } from '../shared/types.js';
import { charCount } from '../shared/rules.js';

export const MAIL_AUDIENCES = ['member', 'all', 'vip', 'agents'] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];

export const MAIL_AUDIENCE_LABELS: Record<MailAudience, string> = {
  member: '指定会员',
  all: '全部会员',
  vip: 'VIP等级',
  agents: '全部代理',
};

export const MAIL_ADMIN_LIMITS = {
  /** as the member's /message screen cuts them (modules/mail) */
  titleMax: 100,
  contentMax: 5000,
  /** members.vip is 1–10 */
  vipMin: 1,
  vipMax: 10,
  memberMax: 32,
  /** recipients written per transaction: a campaign to 100,000 members is 50 short transactions */
  batch: 2000,
} as const;

const L = MAIL_ADMIN_LIMITS;

export const MAIL_ADMIN_MSG = {
  sent: '站内信已发送',
  sending: '站内信发送中',
  audience: '请选择收件人范围',
  member: '请填写会员账号或会员ID',
  memberMissing: '会员不存在',
  vip: `VIP等级须为${L.vipMin}~${L.vipMax}的整数`,
  title: `标题须为1~${L.titleMax}个字符`,
  content: `内容须为1~${L.contentMax}个字符`,
  nobody: '没有符合条件的收件人',
} as const;

export type MailCampaignStatus = 'sending' | 'done';
export const MAIL_CAMPAIGN_STATUS_LABELS: Record<MailCampaignStatus, string> = { sending: '发送中', done: '已完成' };

/** POST /admin/api/mail/campaigns (and GET /admin/api/mail/audience without title and content). */
export interface MailCampaignForm {
  audience: MailAudience;
  /** audience member: the member's username or id */
  member?: string;
  /** audience vip: the level */
  vip?: number;
  title: string;
  content: string;
}

/** GET /admin/api/mail/audience: how many members the audience reaches now (the compose preview). */
export interface MailAudiencePreview {
  audience: MailAudience;
  /** e.g. 全部会员, VIP3, 会员 alice (#12) */
  label: string;
  count: number;
}

export interface AdminMailCampaign {
  id: number;
  audience: MailAudience;
  /** who it went to, as a person reads it */
  audience_label: string;
  title: string;
  content: string;
  status: MailCampaignStatus;
  /** recipients when it was sent */
  total: number;
  /** mails written so far */
  sent: number;
  /** mails read (mails.read_at) */
  read: number;
  staff_name: string;
  created_at: string;
  finished_at: string | null;
}

export type AdminMailCampaignPage = Page<AdminMailCampaign>;


/** The audience part of the form (the preview checks only this). */
export function mailAudienceFailure(f: { audience?: unknown; member?: unknown; vip?: unknown }): string | null {
  if (!MAIL_AUDIENCES.includes(f.audience as MailAudience)) return MAIL_ADMIN_MSG.audience;
  if (f.audience === 'member' && (charCount(f.member) < 1 || charCount(f.member) > L.memberMax)) return MAIL_ADMIN_MSG.member;
  if (f.audience === 'vip') {
    const v = typeof f.vip === 'string' && f.vip.trim() !== '' ? Number(f.vip) : f.vip;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < L.vipMin || v > L.vipMax) return MAIL_ADMIN_MSG.vip;
  }
  return null;
}

/** The whole form's first failure, or null. */
export function mailCampaignFailure(f: { audience?: unknown; member?: unknown; vip?: unknown; title?: unknown; content?: unknown }): string | null {
  const audience = mailAudienceFailure(f);
  if (audience) return audience;
  if (charCount(f.title) < 1 || charCount(f.title) > L.titleMax) return MAIL_ADMIN_MSG.title;
  if (charCount(f.content) < 1 || charCount(f.content) > L.contentMax) return MAIL_ADMIN_MSG.content;
  return null;
}
