import { z } from 'zod';
import { multiline, text } from '../shared/validation.js';
import { hostMessageOf, LOTTERY_ROOM_LIMITS, lotterySettingsFailure, newRoomFailure, roomSettingsFailure, type LotterySettingsInput, type NewRoomInput, type RoomSettingsInput } from './rooms.js';

/** Request schemas of 房间管理 (rooms.ts decides; the shapes only coerce). */

/** A yuan amount or an integer as sent (number or string). */
const numeric = () => z.union([z.number(), z.string().max(40)]).default('');

/** POST /admin/api/lottery/rooms/:id {title, enabled, sort, min_stake, max_stake} (yuan). */
export const roomSettingsSchema = z
  .object({ title: text(LOTTERY_ROOM_LIMITS.titleMax * 2), enabled: z.boolean(), sort: numeric(), min_stake: numeric(), max_stake: numeric() })
  .superRefine((v, ctx) => {
    const message = roomSettingsFailure(v as RoomSettingsInput);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * POST /admin/api/lottery/rooms/:id/host {content}: typed in a text area, so line breaks pass here and
 * hostMessageOf decides (the server keeps chatText(content)).
 */
export const hostMessageSchema = z.object({ content: multiline(z.string().max(LOTTERY_ROOM_LIMITS.hostMaxChars * 8).default('')) }).superRefine((v, ctx) => {
  const kept = hostMessageOf(v.content);
  if ('error' in kept) ctx.addIssue({ code: 'custom', message: kept.error });
});

/** POST /admin/api/lotteries/:code/settings {interval_s, ftime_s, enabled} */
export const lotterySettingsSchema = z
  .object({ interval_s: numeric(), ftime_s: numeric(), enabled: z.boolean() })
  .superRefine((v, ctx) => {
    const message = lotterySettingsFailure(v as LotterySettingsInput);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** POST /admin/api/lottery/rooms {lottery, title, enabled, sort, min_stake, max_stake} */
export const newRoomSchema = z
  .object({ lottery: text(32), title: text(LOTTERY_ROOM_LIMITS.titleMax * 2), enabled: z.boolean(), sort: numeric(), min_stake: numeric(), max_stake: numeric() })
  .superRefine((v, ctx) => {
    const message = newRoomFailure(v as NewRoomInput);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
