import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LeftOutline } from 'antd-mobile-icons';
import { useAppInfo } from '../../../shared/api/app';
import './auth.css';

/** The branded frame of /login and /reg2: gradient hero with the logo, then a floating card. */
export function AuthShell({ subtitle, children, footer }: { subtitle: string; children: ReactNode; footer?: ReactNode }) {
  const navigate = useNavigate();
  const { data: app } = useAppInfo();
  const [logoBroken, setLogoBroken] = useState(false);
  return (
    <div className="auth">
      <div className="auth-hero">
        <div className="auth-hero-bar">
          <button type="button" className="auth-hero-back" aria-label="返回首页" onClick={() => navigate('/')}>
            <LeftOutline />
          </button>
          <button type="button" className="auth-hero-link" onClick={() => navigate('/kefu')}>
            联系客服
          </button>
        </div>
        {logoBroken ? (
          <div className="auth-logo auth-logo-mark">{(app?.title || '星').slice(0, 1)}</div>
        ) : (
          <img className="auth-logo" src={app?.site_logo || '/assets/logo.svg'} alt="" onError={() => setLogoBroken(true)} />
        )}
        <div className="auth-title">{app?.title ?? ''}</div>
        <div className="auth-subtitle">{subtitle}</div>
        <div className="auth-hero-glow" />
      </div>
      <div className="auth-card">{children}</div>
      {footer && <div className="auth-footer">{footer}</div>}
    </div>
  );
}
