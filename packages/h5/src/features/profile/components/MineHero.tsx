import { useState } from 'react';
import { Avatar, Badge, Toast } from 'antd-mobile';
import { MailOutline, RedoOutline, SetOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { formatYuan, type UserInfo } from '@app/contract';
import { userKey } from '../../../shared/auth/session';
import { useUnreadCount } from '../../../shared/api/mail';
import { refreshUserMoney } from '../api';
import { showFailure } from '../../../shared/api/client';
import { VipIcon } from './VipIcon';

/** /mine's hero: avatar, name, VIP, days since joining, balance with its refresh control. */
export function MineHero({ user, go }: { user: UserInfo | undefined; go: (to: string) => void }) {
  const qc = useQueryClient();
  const unread = useUnreadCount();
  const [spinning, setSpinning] = useState(false);

  const refresh = async () => {
    if (spinning) return;
    setSpinning(true);
    try {
      const fresh = await refreshUserMoney();
      qc.setQueryData<UserInfo>(userKey, fresh);
    } catch (e) {
      showFailure(e);
    } finally {
      setTimeout(() => setSpinning(false), 400);
    }
  };

  return (
    <div className="mine-hero">
      <div className="mine-hero-bar">
        <span className="mine-hero-heading">个人中心</span>
        <div className="mine-hero-icons">
          <button type="button" aria-label="消息" data-testid="mine-mail" onClick={() => go('/message')}>
            <Badge content={unread ? (unread > 99 ? '99+' : unread) : null} style={{ '--right': '-2px', '--top': '2px' }}>
              <MailOutline />
            </Badge>
          </button>
          <button type="button" aria-label="设置" data-testid="mine-settings" onClick={() => go('/userCent')}>
            <SetOutline />
          </button>
        </div>
      </div>
      <div className="mine-profile" onClick={() => go('/userInfo')} role="button" data-testid="mine-profile">
        <Avatar className="mine-avatar" src={user?.avatar ?? ''} />
        <div className="mine-profile-text">
          <div className="mine-name-row">
            <span className="mine-name" data-testid="mine-username">{user?.username ?? '—'}</span>
            {user && <VipIcon level={user.vip} />}
            {user?.is_trial === 1 && <span className="mine-trial">试玩</span>}
          </div>
          <div className="mine-joined" data-testid="mine-joinday">
            已加入 <b>{user?.joinday ?? 0}</b> 天
          </div>
        </div>
      </div>
      <div className="mine-wallet">
        <div className="mine-wallet-label">中心钱包（元）</div>
        <div className="mine-wallet-row">
          <span className="mine-balance" data-testid="mine-balance">
            {user ? formatYuan(user.balance) : '0.00'}
          </span>
          <button type="button" className={`mine-refresh${spinning ? ' spinning' : ''}`} aria-label="刷新余额" data-testid="balance-refresh" onClick={() => void refresh()}>
            <RedoOutline />
          </button>
        </div>
      </div>
    </div>
  );
}
