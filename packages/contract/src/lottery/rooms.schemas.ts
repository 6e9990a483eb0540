import { z } from 'zod';
import { multiline, numberAsSent, text } from '../shared/validation.js';
import { hostMessageOf, LOTTERY_ROOM_LIMITS, lotterySettingsFailure, newRoomFailure, roomSettingsFailure, type LotterySettingsInput, type NewRoomInput, type RoomSettingsInput } from './rooms.js';

/** Request schemas of 房间管理 (rooms.ts decides; the shapes only coerce). */


/** POST /admin/api/lottery/rooms/:id {title, enabled, sort, min_stake, max_stake} (yuan). */
export const roomSettingsSchema = z
  .object({ title: text(LOTTERY_ROOM_LIMITS.titleMax * 2), enabled: z.boolean(), sort: numberAsSent(), min_stake: numberAsSent(), max_stake: numberAsSent() })
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
  .object({ interval_s: numberAsSent(), ftime_s: numberAsSent(), enabled: z.boolean() })
  .superRefine((v, ctx) => {
    const message = lotterySettingsFailure(v as LotterySettingsInput);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** POST /admin/api/lottery/rooms {lottery, title, enabled, sort, min_stake, max_stake} */
export const newRoomSchema = z
  .object({ lottery: text(32), title: text(LOTTERY_ROOM_LIMITS.titleMax * 2), enabled: z.boolean(), sort: numberAsSent(), min_stake: numberAsSent(), max_stake: numberAsSent() })
  .superRefine((v, ctx) => {
    const message = newRoomFailure(v as NewRoomInput);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
