// What every client may import: no zod, so the member app's first paint stays small.
// The server's request schemas are at '@app/contract/schemas'.
export * from './messages.js';
export * from './messages-paypass.js';
export * from './messages-loyalty.js';
export * from './constants.js';
export * from './regex.js';
export * from './rules.js';
export * from './types.js';
export * from './money.js';
export * from './cards.js';
export * from './wallet.js';
export * from './games.js';
export * from './venue.js';
export * from './admin.js';
export * from './admin-loyalty.js';
export * from './lottery.js';
export * from './lottery-chat.js';
export * from './frame.js';
export * from './turnover.js';
export * from './rebate.js';
export * from './vip.js';
export * from './promotions.js';
export * from './promotions-admin.js';
export * from './redpacket.js';
export * from './admin-redpacket.js';
export * from './invites.js';
export * from './agents.js';
