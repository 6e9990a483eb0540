import Badge from 'antd-mobile/es/components/badge';
import { MailOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useAppInfo } from '../shared/api/app';
import { useToken } from '../shared/auth/session';
import { useUnreadCount } from '../shared/api/mail';

/** The main layout's header: logo and title, then login/register or the message entry. */
export function TopBar() {
  const navigate = useNavigate();
  const token = useToken();
  const { data: app } = useAppInfo();
  const unread = useUnreadCount();
  return (
    <header className="top-bar">
      <div className="top-bar-brand">
        <img src={app?.site_logo || '/assets/logo.svg'} alt="" className="top-bar-logo" />
        <span>{app?.title ?? ''}</span>
      </div>
      {token ? (
        <button className="top-bar-icon" aria-label="消息" onClick={() => navigate('/message')}>
          <Badge content={unread ? unread : null}>
            <MailOutline fontSize={22} />
          </Badge>
        </button>
      ) : (
        <div className="top-bar-actions">
          <button className="chip chip-ghost" onClick={() => navigate('/login')}>登录</button>
          <button className="chip chip-gold" onClick={() => navigate('/reg2')}>注册</button>
        </div>
      )}
    </header>
  );
}
