import { useState } from 'react';
import { formatYuan } from '@app/contract';
import { useToken, useUser } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';
import { useRequireLogin } from '../../../shared/hooks/useRequireLogin';
import { SmartImage } from '../../../shared/components/SmartImage';
import { RefreshGlyph } from './Glyphs';

// VIP's privileges are public; the money shortcuts ask a visitor to log in first.
const SHORTCUTS = [
  { to: '/recharge', title: '存款', icon: 'recharge', login: true },
  { to: '/transfer', title: '转账', icon: 'transfer', login: true },
  { to: '/vip', title: 'VIP', icon: 'vip', login: false },
  { to: '/withdrawal', title: '取款', icon: 'withdraw', login: true },
];

/** Name and balance (or a login prompt) beside the four money shortcuts. */
export function UserStrip() {
  const token = useToken();
  const user = useUser();
  const go = useGo();
  const requireLogin = useRequireLogin();
  const [spinning, setSpinning] = useState(false);
  const refresh = async () => {
    setSpinning(true);
    await Promise.all([user.refetch(), new Promise((r) => setTimeout(r, 600))]);
    setSpinning(false);
  };
  return (
    <section className="user-strip card" data-testid="user-strip">
      <div className="user-strip-account">
        {token ? (
          <>
            <div className="user-strip-name" data-testid="hall-username">
              <span className="user-strip-hi">Hi,</span> {user.data?.username ?? '…'}
            </div>
            <div className="user-strip-balance">
              <span className="user-strip-currency">¥</span>
              <span data-testid="hall-balance">{user.data ? formatYuan(user.data.balance) : '--'}</span>
              <button className={`user-strip-refresh${spinning ? ' spinning' : ''}`} aria-label="刷新余额" onClick={() => void refresh()}>
                <RefreshGlyph />
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="user-strip-guest">您还未登录</div>
            <div className="user-strip-guest-actions">
              <button className="mini-btn mini-btn-primary" onClick={() => go('/login')}>登录</button>
              <button className="mini-btn mini-btn-outline" onClick={() => go('/reg2')}>注册</button>
            </div>
          </>
        )}
      </div>
      <div className="user-strip-divider" />
      <nav className="shortcuts" data-testid="shortcuts">
        {SHORTCUTS.map((s) => (
          <button key={s.to} className="shortcut" onClick={() => (!s.login || requireLogin(s.to)) && go(s.to)}>
            <SmartImage src={`/assets/icons/${s.icon}.svg`} className="shortcut-icon" />
            <span>{s.title}</span>
          </button>
        ))}
      </nav>
    </section>
  );
}
