import { z } from 'zod';
import { int, numberAsSent, pageNumber } from '../shared/validation.js';

/** Request schemas of the lottery rooms as members use them (spec §7 lotteryRoom, lotteryOrder). */

export const lotteryRoomListSchema = z.object({ name: z.string().trim().max(40).catch('').default('') });
export const lotteryRoomSchema = z.object({ room_id: int(1, 2 ** 31 - 1) });
/** POST /api/lotteryMyOrders {room_id, page}: the member's lines in that room's lottery. */
export const lotteryMyOrdersSchema = z.object({ room_id: int(1, 2 ** 31 - 1), page: pageNumber() });
export const lotteryOrderSchema = z.object({
  room_id: int(1, 2 ** 31 - 1),
  expect: z.union([z.string().trim().max(20), z.number().int().nonnegative()]).transform(String),
  order: z
    .array(
      z.object({
        id: z.string().trim().max(40),
        total: numberAsSent(),
        data: z.unknown().optional(),
      }),
    )
    .max(500)
    .catch([])
    .default([]),
});
export type LotteryOrderBody = z.input<typeof lotteryOrderSchema>;
