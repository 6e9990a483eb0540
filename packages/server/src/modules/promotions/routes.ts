import { activityApplyLogSchema, doActivityApplySchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { assertMayPlay } from '../protection/enforce.js';
import { applicationLog, applyForActivity, firstDepositOffer } from './service.js';

const TAG = '活动';

/**
 * Promotions for members (spec §7 doactivityapply, activityApplyLog). The trial account is refused
 * inside the application, after the activity's own checks, so a guest learns first that an activity
 * is gone or over.
 */
export const promotionRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/doactivityapply',
    tag: TAG,
    summary: '申请参加活动（activityid）；结果见 message',
    access: 'member',
    body: doActivityApplySchema,
    handler: async ({ app, member, body }) => {
      await assertMayPlay(app.kdb, { id: member.id, isTrial: member.isTrial, tokenHash: member.tokenHash }, 'promotion');
      const { data, message } = await applyForActivity(app.kdb, member, body.activityid);
      return ok(data, message);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/firstDepositOffer',
    tag: TAG,
    summary: '首存优惠：本会员可参加的首存活动',
    access: 'member',
    handler: async ({ app, member }) => ok(await firstDepositOffer(app.kdb, member)),
  }),
  memberRoute({
    method: 'POST',
    path: '/activityApplyLog',
    tag: TAG,
    summary: '本会员的活动申请记录（分页）',
    access: 'member',
    body: activityApplyLogSchema,
    handler: async ({ app, member, body }) => ok(await applicationLog(app.kdb, member.id, body.page)),
  }),
];
