import { ADMIN_MSG, type AdminPayPassword } from '@app/contract';
import { idParams } from '@app/contract/schemas';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { payPasswordStatus, unlockPayPassword } from '../../modules/user/pay-password.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

async function requireMemberId(db: Kdb, id: number): Promise<void> {
  const row = await db.selectFrom('members').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MSG.memberMissing);
}

async function payPasswordOf(db: Kdb, memberId: number): Promise<AdminPayPassword> {
  await requireMemberId(db, memberId);
  const status = await payPasswordStatus(db, memberId);
  return { state: status.state, failures: status.failures, locked_until: status.lockedUntil ? beijing(status.lockedUntil) : '' };
}

/** A member's payment password lock (DESIGN §4, PAY_PASSWORD_LOCK): staff read it and lift it. */
export const payPasswordRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/members/:id/pay-password',
    tag: '会员管理',
    summary: '支付密码状态：state（0 未设置、1 已设置、2 须更换）、当前窗口内错误次数、锁定至（北京时间，未锁定为空）',
    access: 'members.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await payPasswordOf(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/members/:id/pay-password/unlock',
    tag: '会员管理',
    summary: '解除支付密码锁定（错误次数清零）；未锁定时 409',
    access: 'members.state',
    params: idParams,
    audits: ['member.paypass_unlock'],
    handler: async ({ app, req, staff, params }) => {
      await requireMemberId(app.kdb, params.id);
      await unlockPayPassword(app.kdb, actorOf(req, staff), params.id);
      return ok(null, ADMIN_MSG.payPasswordUnlocked);
    },
  }),
];
