// What every client may import: no zod, so the member app's first paint stays small.
// The server's request schemas are at '@app/contract/schemas'. One folder per domain; each file is
// <subject>.ts (rules, constants, texts, wire shapes), <subject>.admin.ts (the console's part) or
// <subject>.schemas.ts (zod, exported from schemas-entry.ts only). Imports flow one way: shared/ imports
// no domain, a domain imports shared/ (and a few other domains), and staff/ (the back office's own
// desks) may import any domain while no domain imports staff/.

// shared: what every domain reads
export * from './shared/messages.js';
export * from './shared/constants.js';
export * from './shared/regex.js';
export * from './shared/rules.js';
export * from './shared/types.js';
export * from './shared/money.js';
export * from './shared/time.js';
export * from './shared/frame.js';

// account: registration, login, profile and passwords, saved cards, the bank list, the payment password
export * from './account/account.js';
export * from './account/cards.js';
export * from './account/banks.js';
export * from './account/pay-password.js';

// wallet: deposits, withdrawals, transfers, turnover
export * from './wallet/wallet.js';
export * from './wallet/turnover.js';
export * from './wallet/turnover-sources.js';

// games: the hall's venues, the demo venue's API, the console's game providers
export * from './games/games.js';
export * from './games/venue.js';
export * from './games/providers.admin.js';

// lottery: draws and wire shapes, rooms, room chat (the plays are at '@app/contract/lottery-plays')
export * from './lottery/lottery.js';
export * from './lottery/chat.js';
export * from './lottery/rooms.js';

// loyalty: VIP, rebate, red packets, promotions
export * from './loyalty/loyalty.js';
export * from './loyalty/loyalty.admin.js';
export * from './loyalty/vip.js';
export * from './loyalty/rebate.js';
export * from './loyalty/redpacket.js';
export * from './loyalty/redpacket.admin.js';
export * from './loyalty/promotions.js';
export * from './loyalty/promotions.admin.js';

// agents: applications, invitations and the commission plan, the agent portal
export * from './agents/agents.js';
export * from './agents/invites.js';
export * from './agents/portal.js';

// content staff publish to members: banners, notices, articles, game tiles, mail
export * from './content/content.admin.js';
export * from './content/mail.admin.js';

// site settings
export * from './site/site.admin.js';

// 在线客服
export * from './service-chat/service-chat.js';

// 安全与健康
export * from './protection/protection.js';

// staff: roles and permissions, audit, sign-in, the desks, reports, member care and 360°
export * from './staff/staff.js';
export * from './staff/security.js';
export * from './staff/desk.js';
export * from './staff/finance-desk.js';
export * from './staff/reports.js';
export * from './staff/member-care.js';
export * from './staff/member360.js';
