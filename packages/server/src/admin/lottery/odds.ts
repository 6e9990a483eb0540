import type { AdminRoute } from '../route.js';

/** The lotteries and their odds, editable within the RTP range. */
export const lotteryOddsRoutes: AdminRoute[] = [];
