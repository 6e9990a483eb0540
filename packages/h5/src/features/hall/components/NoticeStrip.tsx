import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { SoundOutline } from 'antd-mobile-icons';
import { useToken } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';
import { useHomeNotices } from '../api';

/** The scrolling announcements; a tap opens the message centre (or login for a visitor). */
export function NoticeStrip({ className = '' }: { className?: string }) {
  const { data } = useHomeNotices();
  const token = useToken();
  const go = useGo();
  const text = (data ?? []).join('　　　　');
  return (
    <div className={`notice-strip ${className}`} data-testid="notice-bar" onClick={() => go(token ? '/message' : `/login?redirect=${encodeURIComponent('/message')}`)}>
      <NoticeBar content={text || '欢迎光临，祝您游戏愉快！'} icon={<SoundOutline />} color="info" speed={40} delay={1500} />
    </div>
  );
}
