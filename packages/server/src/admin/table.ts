import { ok } from '../http/envelope.js';
import { agentRoutes } from './agents/routes.js';
import { oversightRoutes } from './audit/routes.js';
import { commissionRoutes } from './commission/routes.js';
import { deskRoutes } from './desk/routes.js';
import { financeRoutes } from './finance/routes.js';
import { contentRoutes } from './content/routes.js';
import { loyaltyRoutes } from './loyalty/routes.js';
import { mailRoutes } from './mail/routes.js';
import { memberRoutes } from './members/routes.js';
import { payPasswordRoutes } from './members/pay-password.js';
import { memberCareRoutes } from './members/care.js';
import { memberCorrectionRoutes } from './members/corrections.js';
import { protectionRoutes } from './members/protection.js';
import { member360Routes } from './members/overview.js';
import { betRoutes } from './bets/routes.js';
import { openApiDocument } from './openapi.js';
import { orderRoutes } from './orders/routes.js';
import { bankRoutes } from './payments/banks.js';
import { paymentRoutes } from './payments/routes.js';
import { providerRoutes } from './providers/routes.js';
import { promotionRoutes } from './promotions/routes.js';
import { redPacketRoutes } from './redpacket/routes.js';
import { reportRoutes } from './reports/routes.js';
import { route, type AdminRoute } from './route.js';
import { siteRoutes } from './site/routes.js';
import { serviceRoutes } from './service/routes.js';
import { staffRoutes } from './staff/routes.js';
import { lotteryChatRoutes } from './lottery/chat.js';
import { lotteryOddsRoutes } from './lottery/odds.js';
import { lotteryRoomRoutes } from './lottery/rooms.js';

/** Every back-office route, in the order the document lists them. */
const domainRoutes: AdminRoute[] = [...staffRoutes, ...orderRoutes, ...memberRoutes, ...payPasswordRoutes, ...memberCareRoutes, ...memberCorrectionRoutes, ...protectionRoutes, ...member360Routes, ...betRoutes, ...loyaltyRoutes, ...promotionRoutes, ...redPacketRoutes, ...siteRoutes, ...agentRoutes, ...commissionRoutes, ...deskRoutes, ...financeRoutes, ...paymentRoutes, ...bankRoutes, ...lotteryOddsRoutes, ...lotteryRoomRoutes, ...lotteryChatRoutes, ...contentRoutes, ...providerRoutes, ...mailRoutes, ...serviceRoutes, ...oversightRoutes, ...reportRoutes];

let document: unknown = null;

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  ...domainRoutes,
  route({
    method: 'GET',
    path: '/openapi.json',
    tag: '文档',
    summary: '本文档：后台 API 的 OpenAPI 3.1 描述（由注册路由的同一张路由表生成）',
    access: 'public',
    handler: async () => ok((document ??= openApiDocument(ADMIN_ROUTES))),
  }),
];
