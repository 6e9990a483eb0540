import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CloseOutline } from 'antd-mobile-icons';
import type { FirstDepositNudge as Nudge } from '@app/contract';
import { request } from '../../../shared/api/client';
import { useGo } from '../../../shared/hooks/useGo';
import { SmartImage } from '../../../shared/components/SmartImage';

const dismissedKey = (memberId: number) => `first-deposit-nudge:${memberId}`;

/**
 * The nudge towards a first deposit, on the hall of a member who has none yet (the hall
 * loads it only then): the running first-deposit promotion when there is one, 立即存款, and a close
 * that this phone remembers for the member.
 */
export default function FirstDepositNudge({ memberId }: { memberId: number }) {
  const go = useGo();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(memberId)) === '1');
  const offer = useQuery({ queryKey: ['firstDepositOffer', memberId], queryFn: () => request<Nudge | null>('firstDepositOffer', { body: {} }), enabled: !dismissed });
  if (dismissed || !offer.data) return null;
  const { activity } = offer.data;
  const close = () => {
    localStorage.setItem(dismissedKey(memberId), '1');
    setDismissed(true);
  };
  return (
    <section className="first-deposit card" data-testid="first-deposit-nudge">
      <SmartImage src="/assets/icons/recharge.svg" className="first-deposit-icon" />
      <button type="button" className="first-deposit-text" onClick={() => go(activity ? `/activityInfo?id=${activity.id}` : '/recharge')} data-testid="first-deposit-offer">
        <b>{activity ? activity.title : '完成首次存款，畅玩全部游戏'}</b>
        <small>{activity ? '完成首次存款，到账后在活动页申请' : '存款到账后即可开始游戏'}</small>
      </button>
      <button type="button" className="mini-btn mini-btn-primary first-deposit-go" onClick={() => go('/recharge')} data-testid="first-deposit-go">
        立即存款
      </button>
      <button type="button" className="first-deposit-close" aria-label="关闭" onClick={close} data-testid="first-deposit-close">
        <CloseOutline />
      </button>
    </section>
  );
}
