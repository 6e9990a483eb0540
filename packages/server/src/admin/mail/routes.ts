import { MAIL_ADMIN_LIMITS as L, MAIL_ADMIN_MSG } from '@app/contract';
import { idParams, mailAudienceQuery, mailCampaignListQuery, mailCampaignSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { createCampaign, driveCampaigns, getCampaign, listCampaigns, previewAudience } from '../../modules/mail/campaigns.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

/** 站内信: compose to one member, all members, a VIP level or the agents; campaigns with sent and read counts. */
export const mailRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/mail/audience',
    tag: '站内信',
    summary: '收件人预览：audience 为 member（member 填会员账号或ID）、all、vip（vip 填等级）或 agents，答 {label, count}（当前符合条件的会员数，不含试玩账号）',
    access: 'mail.send',
    query: mailAudienceQuery,
    handler: async ({ app, query }) => ok(await previewAudience(app.kdb, query as never)),
  }),
  route({
    method: 'POST',
    path: '/mail/campaigns',
    tag: '站内信',
    summary: `发送站内信 {audience, member?, vip?, title, content}：标题1~${L.titleMax}个字符，内容1~${L.contentMax}个字符；发给指定会员时即时写入，其他范围按发送时的会员快照分批写入（每批最多${L.batch}人，每批一个短事务），进度见 sent/total`,
    access: 'mail.send',
    body: mailCampaignSchema,
    audits: ['mail.send'],
    handler: async ({ app, req, staff, body }) => {
      const campaign = await createCampaign(app.kdb, actorOf(req, staff), body as never);
      if (campaign.status === 'sending') void driveCampaigns(app.kdb, app.log);
      return ok(campaign, campaign.status === 'done' ? MAIL_ADMIN_MSG.sent : MAIL_ADMIN_MSG.sending);
    },
  }),
  route({
    method: 'GET',
    path: '/mail/campaigns',
    tag: '站内信',
    summary: '站内信发送记录（新的在前）：收件人范围、标题、发送人、时间、状态、收件人数 total、已写入 sent、已读 read',
    access: 'mail.read',
    query: mailCampaignListQuery,
    handler: async ({ app, query }) => ok(await listCampaigns(app.kdb, query.page)),
  }),
  route({
    method: 'GET',
    path: '/mail/campaigns/:id',
    tag: '站内信',
    summary: '一条发送记录（发送中时可轮询进度）',
    access: 'mail.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await getCampaign(app.kdb, params.id)),
  }),
];
