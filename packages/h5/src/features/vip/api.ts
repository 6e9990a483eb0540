import { useQuery } from '@tanstack/react-query';
import { fenOfYuan, vipBars, type UserInfo, type VipBars, type VipTier } from '@app/contract';
import { request } from '../../shared/api/client';

/** POST /api/uservip (public, empty body): the ten tiers, lowest first. */
export function useVipTiers() {
  return useQuery({
    queryKey: ['uservip'],
    queryFn: async () => (await request<VipTier[]>('uservip', { body: {} })).slice().sort((a, b) => a.level - b.level),
    // Staff change tiers rarely; a screen opened twice in a session need not ask again.
    staleTime: 5 * 60_000,
  });
}

/** Where a member stands: the level, the next tier (none at the top) and both conditions' progress to it. */
export interface VipStanding {
  level: number;
  next: VipTier | undefined;
  /** undefined at the top level */
  bars: VipBars | undefined;
}

/** The member's standing against the tiers; the progress rule itself is the contract's vipBars. */
export function vipStanding(user: Pick<UserInfo, 'vip' | 'paysum' | 'flow'>, tiers: VipTier[]): VipStanding {
  const level = Math.max(1, user.vip || 1);
  const next = tiers.find((t) => t.level === level + 1);
  // The contract's rule takes fen; /api/user and /api/uservip speak yuan.
  const bars = next
    ? vipBars({ paysumFen: fenOfYuan(user.paysum), flowFen: fenOfYuan(user.flow ?? 0) }, { rechargeFen: fenOfYuan(next.recharge), flowFen: fenOfYuan(next.flow) })
    : undefined;
  return { level, next, bars };
}
