import { RightOutline, MailOutline, StarOutline, GiftOutline, QuestionCircleOutline, DownlandOutline, FileOutline, CheckShieldOutline, MessageOutline, AppstoreOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useGo } from '../../../shared/hooks/useGo';
import { useHomeNotices } from '../api';
import '../hall.css';

const MORE: { to: string; title: string; icon: ReactNode; color: string }[] = [
  { to: '/activity', title: '优惠活动', icon: <GiftOutline />, color: 'linear-gradient(135deg,#ff8787,#e03131)' },
  { to: '/home', title: '精选大厅', icon: <AppstoreOutline />, color: 'linear-gradient(135deg,#74c0fc,#1c7ed6)' },
  { to: '/app', title: 'APP下载', icon: <DownlandOutline />, color: 'linear-gradient(135deg,#63e6be,#0ca678)' },
  { to: '/kefu', title: '在线客服', icon: <MessageOutline />, color: 'linear-gradient(135deg,#b197fc,#7048e8)' },
  { to: '/boutBallBet', title: '帮助中心', icon: <QuestionCircleOutline />, color: 'linear-gradient(135deg,#ffd43b,#f59f00)' },
  { to: '/abouts?type=5', title: '条款与规则', icon: <FileOutline />, color: 'linear-gradient(135deg,#91a7ff,#3b5bdb)' },
  { to: '/abouts?type=6', title: '隐私政策', icon: <CheckShieldOutline />, color: 'linear-gradient(135deg,#8ce99a,#37b24d)' },
  { to: '/boutBallBetInfo?type=8', title: '博彩责任', icon: <StarOutline />, color: 'linear-gradient(135deg,#ffa8a8,#f76707)' },
];

/** 动态: official news (the message centre), the sponsor stage, latest notices and quick links. */
export default function Discover() {
  const go = useGo();
  const { data: notices } = useHomeNotices();
  return (
    <div className="discover" data-testid="discover">
      <div className="discover-feature">
        <button className="discover-card discover-card-news" data-testid="discover-news" onClick={() => go('/message')}>
          <span className="discover-card-title"><MailOutline /> 官方动态</span>
          <span className="discover-card-sub">平台公告 · 站内消息</span>
          <span className="discover-card-go">查看 <RightOutline fontSize={10} /></span>
        </button>
        <button className="discover-card discover-card-stage" data-testid="discover-stage" onClick={() => go('/zhanzhu')}>
          <span className="discover-card-title"><StarOutline /> 大舞台</span>
          <span className="discover-card-sub">官方赞助 · 球队风采</span>
          <span className="discover-card-go">进入 <RightOutline fontSize={10} /></span>
        </button>
      </div>
      {notices && notices.length > 0 && (
        <section className="discover-section">
          <div className="discover-section-title">最新公告</div>
          <div className="discover-news card">
            {notices.slice(0, 4).map((n, i) => (
              <div key={i} className="discover-news-item" onClick={() => go('/message')}>
                <span className="discover-news-tag">公告</span>
                <span className="discover-news-text">{n}</span>
                <RightOutline color="#c3c8da" />
              </div>
            ))}
          </div>
        </section>
      )}
      <section className="discover-section">
        <div className="discover-section-title">更多精彩</div>
        <div className="discover-grid card">
          {MORE.map((m) => (
            <button key={m.to} className="discover-grid-item" onClick={() => go(m.to)}>
              <span className="discover-grid-icon" style={{ background: m.color }}>{m.icon}</span>
              {m.title}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
