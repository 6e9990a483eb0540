import { PROTECTION_MSG, type LimitKind, type LimitPeriod, type BlockKind, type BlockDuration } from '@app/contract';
import { limitKeySchema, realitySchema, setBlockSchema, setLimitSchema } from '@app/contract/schemas';
import type { SessionMember } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { endVenueSessions, playStatus } from './enforce.js';
import { blockSetMessage, protectionState, type Player } from './service.js';
import { ackReality, cancelOwnLimit, confirmOwnLimit, setOwnLimit, setRealityMinutes, startOwnBlock } from './settings.js';

const TAG = '安全与健康';

const playerOf = (m: SessionMember): Player => ({ id: m.id, isTrial: m.isTrial, tokenHash: m.tokenHash });

/**
 * 安全与健康 (contract protection.ts): the member's own limits, time-out or exclusion and
 * reality check, and the app's poll. A block, or a new or lower loss or wager limit, ends the member's
 * open game sessions at the venues.
 */
export const protectionRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/protection',
    tag: TAG,
    summary: '本会员的限额、冷静期或自我排除与游戏提醒设置',
    access: 'member',
    handler: async ({ app, member }) => ok(await protectionState(app.kdb, playerOf(member), new Date())),
  }),
  memberRoute({
    method: 'POST',
    path: '/protection/limit',
    tag: TAG,
    summary: '设置存款、净亏损、投注额或单次登录时长限额（新设或调低立即生效；调高或取消须等待 24 小时后确认）',
    access: 'member',
    body: setLimitSchema,
    handler: async ({ app, member, body }) => {
      const kind = body.kind as LimitKind;
      const { message, ...result } = await setOwnLimit(app.kdb, playerOf(member), { kind, period: body.period as LimitPeriod, limit: body.limit }, new Date());
      // A new or lower loss or wager limit holds in the games too: open ones end, and the next launch
      // carries the new headroom (a game launched before knew only the old one).
      if (result.outcome === 'applied' && (kind === 'loss' || kind === 'wager')) await endVenueSessions(app, member.id);
      return ok(result, message);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/protection/limit/confirm',
    tag: TAG,
    summary: '确认一项已等待期满的调高或取消',
    access: 'member',
    body: limitKeySchema,
    handler: async ({ app, member, body: key }) => {
      const now = new Date();
      await confirmOwnLimit(app.kdb, playerOf(member), { kind: key.kind as LimitKind, period: key.period as LimitPeriod }, now);
      return ok(await protectionState(app.kdb, playerOf(member), now), PROTECTION_MSG.confirmed);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/protection/limit/cancel',
    tag: TAG,
    summary: '撤回一项等待中的调高或取消',
    access: 'member',
    body: limitKeySchema,
    handler: async ({ app, member, body: key }) => {
      const now = new Date();
      await cancelOwnLimit(app.kdb, playerOf(member), { kind: key.kind as LimitKind, period: key.period as LimitPeriod }, now);
      return ok(await protectionState(app.kdb, playerOf(member), now), PROTECTION_MSG.cancelled);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/protection/block',
    tag: TAG,
    summary: '开始冷静期或自我排除（期间不能存款、转入场馆、游戏、下注或领取优惠；不可缩短）',
    access: 'member',
    body: setBlockSchema,
    handler: async ({ app, member, body }) => {
      const now = new Date();
      const block = await startOwnBlock(app.kdb, playerOf(member), { kind: body.kind as BlockKind, duration: body.duration as BlockDuration }, now);
      await endVenueSessions(app, member.id);
      return ok(await protectionState(app.kdb, playerOf(member), now), blockSetMessage(block));
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/protection/reality',
    tag: TAG,
    summary: '设置游戏提醒的间隔（15–120 分钟）',
    access: 'member',
    body: realitySchema,
    handler: async ({ app, member, body: { minutes } }) => {
      await setRealityMinutes(app.kdb, playerOf(member), minutes);
      return ok(await protectionState(app.kdb, playerOf(member), new Date()), PROTECTION_MSG.realitySaved);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/playStatus',
    tag: TAG,
    summary: '应用轮询的游戏状态：限制、接近限额的提醒、游戏提醒是否到期',
    access: 'member',
    handler: async ({ app, member }) => ok(await playStatus(app.kdb, playerOf(member), new Date())),
  }),
  memberRoute({
    method: 'POST',
    path: '/playStatus/ack',
    tag: TAG,
    summary: '确认游戏提醒，继续游戏',
    access: 'member',
    handler: async ({ app, member }) => {
      const now = new Date();
      await ackReality(app.kdb, playerOf(member), now);
      return ok(await playStatus(app.kdb, playerOf(member), now), PROTECTION_MSG.realityAck);
    },
  }),
];
