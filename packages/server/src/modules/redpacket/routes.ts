import { REDPACKET_MSG } from '@app/contract';
import { pageSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { assertMayPlay } from '../protection/enforce.js';
import { drawRedPacket, redPacketRecords, userRedPacket } from './service.js';

const TAG = '红包';

/**
 * 红包 (spec §2 /hongbao, /welfare; §7). The trial account is refused inside the draw, not by the
 * access level, so the switch and the window are answered first (service order). The record list
 * stays readable with the switch off: it is the member's own money history.
 */
export const redPacketRoutes: MemberRoute[] = [
  memberRoute({
    method: 'GET',
    path: '/userredpacket',
    tag: TAG,
    summary: '今日红包：开关、领取时段、本会员的资格与是否已领',
    access: 'member',
    handler: async ({ app, member }) => ok(await userRedPacket(app.kdb, member.id, app.redPacketClock.now())),
  }),
  memberRoute({
    method: 'POST',
    path: '/douserredpacket',
    tag: TAG,
    summary: '抢红包（每日一次，在领取时段内）',
    access: 'member',
    handler: async ({ app, member }) => {
      await assertMayPlay(app.kdb, { id: member.id, isTrial: member.isTrial, tokenHash: member.tokenHash }, 'redpacket');
      return ok(await drawRedPacket(app.kdb, { id: member.id, isTrial: member.isTrial }, app.redPacketClock.now()), REDPACKET_MSG.drawn);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/redpacket',
    tag: TAG,
    summary: '本会员的红包记录（分页）',
    access: 'member',
    body: pageSchema,
    handler: async ({ app, member, body }) => ok(await redPacketRecords(app.kdb, member.id, body.page)),
  }),
];
