import type { AdminRoute } from '../route.js';

/** Chat moderation of the lottery rooms: messages, deletion, mutes. */
export const lotteryChatRoutes: AdminRoute[] = [];
