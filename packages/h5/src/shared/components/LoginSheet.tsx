import Button from 'antd-mobile/es/components/button';
import { CloseOutline } from 'antd-mobile-icons';
import { MSG } from '@app/contract';
import { endLoginAsk, type LoginAsk } from '../auth/loginAsk';
import { Sheet } from './Sheet';
import './login-sheet.css';

/**
 * The login sheet over the screen a visitor tried to leave from: 登录 and 注册, each coming back to
 * where the visitor was going once signed in. Closing it stays put (or runs the ask's onDismiss).
 */
export default function LoginSheet({ ask, onGo }: { ask: LoginAsk | null; onGo: (path: string) => Promise<void> }) {
  // Close once the new screen is in history, not before: closed first, the sheet would take its own
  // entry off (useBackCloses) and that back would land after the new screen, leaving it again. Only
  // this ask is closed: a screen reached meanwhile may have asked again.
  const go = (path: string) => {
    if (!ask) return;
    void onGo(`${path}?redirect=${encodeURIComponent(ask.redirect)}`).then(() => endLoginAsk(false, ask));
  };
  const dismiss = () => endLoginAsk(true);
  return (
    <Sheet visible={!!ask} onClose={dismiss} onMaskClick={dismiss} bodyClassName="login-sheet-body">
      <div className="login-sheet" data-testid="login-sheet">
        <button type="button" className="login-sheet-close" aria-label="关闭" data-testid="login-sheet-close" onClick={dismiss}>
          <CloseOutline />
        </button>
        <img className="login-sheet-art" src="/assets/icons/redpacket.svg" alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
        <div className="login-sheet-title">登录后即可畅玩</div>
        <div className="login-sheet-text" data-testid="login-sheet-text">
          {MSG.loginRequiredConfirm}
        </div>
        <div className="login-sheet-actions">
          <Button block color="primary" shape="rounded" className="login-sheet-btn" data-testid="login-sheet-login" onClick={() => go('/login')}>
            登录
          </Button>
          <Button block fill="outline" color="primary" shape="rounded" className="login-sheet-btn" data-testid="login-sheet-register" onClick={() => go('/reg2')}>
            注册
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
