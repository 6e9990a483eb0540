import { MSG } from '@app/contract';
import { bindCardSchema, delCardSchema, getCardSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { bindCard, deleteCard, listCards } from './service.js';

const TAG = '银行卡';

/** A member's saved bank cards and USDT addresses (spec §3 "Saved card", §5 binding rules). */
export const cardRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/getcard',
    tag: TAG,
    summary: '已绑定的银行卡（type 1）或 USDT 地址（type 2）',
    access: 'member',
    body: getCardSchema,
    handler: async ({ app, member, body }) => ok(await listCards(app.kdb, member.id, body.type)),
  }),
  memberRoute({
    method: 'POST',
    path: '/bindcard',
    tag: TAG,
    summary: '绑定银行卡或 USDT 地址（需支付密码；每种最多 5 张）',
    access: 'member-not-trial',
    body: bindCardSchema,
    rateLimit: { per: 'member', setting: 'bindcard' },
    handler: async ({ app, member, body }) => {
      await bindCard(app.kdb, member.id, body);
      return ok(null, MSG.cardBound);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/delcard',
    tag: TAG,
    summary: '解绑一张银行卡或 USDT 地址',
    access: 'member-not-trial',
    body: delCardSchema,
    handler: async ({ app, member, body }) => {
      await deleteCard(app.kdb, member.id, body.id);
      return ok(null, MSG.cardUnbound);
    },
  }),
];
