import type { VipTier } from '@app/contract';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { listTiers } from './tiers.js';

/** POST /api/uservip (spec §7): the ten tiers. Public, as /vip is (empty body). */
export const vipRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/uservip',
    tag: 'VIP',
    summary: 'VIP 十个等级及其晋级条件与返水比例',
    access: 'public',
    handler: async ({ app }) => ok<VipTier[]>(await listTiers(app.kdb)),
  }),
];
