import { useGo } from '../../../shared/hooks/useGo';
import { useRequireLogin } from '../../../shared/hooks/useRequireLogin';
import { useHomeNotices } from '../api';
import { Marquee } from './Marquee';

/** The scrolling announcements; a tap opens the message centre (the login sheet for a visitor). */
export function NoticeStrip({ className = '' }: { className?: string }) {
  const { data } = useHomeNotices();
  const requireLogin = useRequireLogin();
  const go = useGo();
  const text = (data ?? []).join('　　　　') || '欢迎光临，祝您游戏愉快！';
  return (
    <div className={`notice-strip ${className}`} data-testid="notice-bar" onClick={() => requireLogin('/message') && go('/message')}>
      <svg className="notice-strip-icon" viewBox="0 0 24 24" aria-hidden>
        <path d="M3 9.5v5h4l5 4.5V5L7 9.5H3zm13.5 2.5a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" fill="currentColor" />
      </svg>
      <Marquee contentKey={text}>{text}</Marquee>
    </div>
  );
}
