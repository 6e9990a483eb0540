import type { Config } from '../config.js';
import { ok } from '../http/envelope.js';
import type { MemberModule } from '../http/member-api.js';
import { memberOpenApiDocument } from '../http/member-openapi.js';
import { memberRoute, type MemberRoute } from '../http/member-route.js';
import type { JsonSchema } from '../http/openapi.js';
import { authRoutes } from './auth/routes.js';
import { acceptAvatarUploads, userRoutes } from './user/routes.js';
import { siteRoutes } from './site/routes.js';
import { contentRoutes } from './content/routes.js';
import { gameRoutes } from './games/routes.js';
import { mailRoutes } from './mail/routes.js';
import { cardRoutes } from './cards/routes.js';
import { paymentRoutes } from './payment/routes.js';
import { transferRoutes } from './transfers/routes.js';
import { turnoverRoutes } from './turnover/routes.js';
import { depositRoutes } from './deposits/routes.js';
import { withdrawalRoutes } from './withdrawals/routes.js';
import { recordRoutes } from './records/routes.js';
import { forgetRoomsOnChange, lotteryRoutes } from './lottery/routes.js';
import { rebateRoutes } from './rebate/routes.js';
import { vipRoutes } from './vip/routes.js';
import { promotionRoutes } from './promotions/routes.js';
import { redPacketRoutes } from './redpacket/routes.js';
import { inviteRoutes } from './invites/routes.js';
import { agentRoutes } from './agents/routes.js';
import { serviceChatRoutes } from './service-chat/routes.js';
import { protectionRoutes } from './protection/routes.js';

/** The document of each server's settings (its rate limits are in it), made once. */
const documents = new WeakMap<Config, JsonSchema>();

const docsRoute = memberRoute({
  method: 'GET',
  path: '/openapi.json',
  tag: '文档',
  summary: '本文档：会员 API 的 OpenAPI 3.1 描述（由注册路由的同一张路由表生成）',
  access: 'public',
  maintenanceExempt: true,
  answer: 'cached',
  handler: async ({ app, req, reply }) =>
    app.publicCache.reply(req, reply, 'openapi.json', async () => {
      let document = documents.get(app.config);
      if (!document) documents.set(app.config, (document = memberOpenApiDocument(MEMBER_ROUTES, app.config.rateLimits)));
      return ok(document);
    }),
});

/**
 * The member API under /api, one entry per domain, each registered in its own scope (http/member-api.ts)
 * in this order, which is also the document's.
 */
export const MEMBER_MODULES: readonly MemberModule[] = [
  { routes: authRoutes },
  { routes: userRoutes, setup: acceptAvatarUploads },
  { routes: siteRoutes },
  { routes: contentRoutes },
  { routes: gameRoutes },
  { routes: mailRoutes },
  { routes: cardRoutes },
  { routes: paymentRoutes },
  { routes: transferRoutes },
  { routes: turnoverRoutes },
  { routes: depositRoutes },
  { routes: withdrawalRoutes },
  { routes: recordRoutes },
  { routes: lotteryRoutes, setup: forgetRoomsOnChange },
  { routes: rebateRoutes },
  { routes: vipRoutes },
  { routes: promotionRoutes },
  { routes: redPacketRoutes },
  { routes: inviteRoutes },
  { routes: agentRoutes },
  { routes: serviceChatRoutes },
  { routes: protectionRoutes },
  { routes: [docsRoute] },
];

/** Every member route, as registered and as GET /api/openapi.json describes them. */
export const MEMBER_ROUTES: readonly MemberRoute[] = MEMBER_MODULES.flatMap((m) => m.routes);

