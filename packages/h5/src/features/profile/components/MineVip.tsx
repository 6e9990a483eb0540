import { RightOutline } from 'antd-mobile-icons';
import type { UserInfo } from '@app/contract';
import { VipProgress } from '../../../shared/components/VipProgress';
import { useVipTiers, vipStanding } from '../../vip/api';

/** /mine's progress to the next VIP level; a tap opens /vip. Nothing shows until the tiers load. */
export function MineVip({ user, go }: { user: UserInfo; go: (to: string) => void }) {
  const { data: tiers } = useVipTiers();
  if (!tiers?.length) return null;
  const s = vipStanding(user, tiers);
  return (
    <div className="mine-card mine-vip" role="button" data-testid="mine-vip" onClick={() => go('/vip')}>
      <div className="mine-vip-head">
        <span className="mine-vip-title">我的VIP</span>
        <span className="mine-vip-more">
          查看特权 <RightOutline />
        </span>
      </div>
      <VipProgress
        compact
        level={s.level}
        nextLevel={s.next?.level}
        bars={s.bars}
        paysumYuan={user.paysum}
        flowYuan={user.flow ?? 0}
        nextRechargeYuan={s.next?.recharge}
        nextFlowYuan={s.next?.flow}
      />
    </div>
  );
}
