import type { ReactNode } from 'react';
import { RightOutline, QuestionCircleOutline, CheckShieldOutline, ExclamationCircleOutline, PhonebookOutline, TeamOutline, InformationCircleOutline, HeartOutline, MessageOutline } from 'antd-mobile-icons';
import { ARTICLE_TITLES, HELP_ARTICLE_TYPES } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { useGo } from '../../../shared/hooks/useGo';
import '../help.css';

const LOOK: Record<number, { icon: ReactNode; color: string; sub: string }> = {
  1: { icon: <QuestionCircleOutline />, color: 'linear-gradient(135deg,#74c0fc,#1c7ed6)', sub: '充值、提款、游戏常见疑问' },
  2: { icon: <CheckShieldOutline />, color: 'linear-gradient(135deg,#8ce99a,#2f9e44)', sub: '我们如何保护您的信息' },
  3: { icon: <ExclamationCircleOutline />, color: 'linear-gradient(135deg,#ffd43b,#f08c00)', sub: '使用本平台前请仔细阅读' },
  4: { icon: <PhonebookOutline />, color: 'linear-gradient(135deg,#b197fc,#7048e8)', sub: '7×24小时为您服务' },
  5: { icon: <TeamOutline />, color: 'linear-gradient(135deg,#ff8787,#e03131)', sub: '高额佣金，轻松开启事业' },
  7: { icon: <InformationCircleOutline />, color: 'linear-gradient(135deg,#91a7ff,#3b5bdb)', sub: '了解平台与品牌' },
  8: { icon: <HeartOutline />, color: 'linear-gradient(135deg,#ffa8a8,#f76707)', sub: '理性娱乐，量力而行' },
};

/** 帮助中心: the help articles, each opening /boutBallBetInfo?type=N. */
export default function HelpCenter() {
  const go = useGo();
  return (
    <Page title="帮助中心">
      <div className="help-hero">
        <div className="help-hero-title">您好，有什么可以帮您？</div>
        <div className="help-hero-sub">常见问题与平台说明都在这里</div>
      </div>
      <div className="help-list card" data-testid="help-list">
        {HELP_ARTICLE_TYPES.map((type) => (
          <button key={type} className="help-item" data-testid={`help-item-${type}`} onClick={() => go(`/boutBallBetInfo?type=${type}`)}>
            <span className="help-item-icon" style={{ background: LOOK[type].color }}>{LOOK[type].icon}</span>
            <span className="help-item-text">
              <span className="help-item-title">{ARTICLE_TITLES[type]}</span>
              <span className="help-item-sub">{LOOK[type].sub}</span>
            </span>
            <RightOutline className="help-item-arrow" />
          </button>
        ))}
      </div>
      <button className="help-service card" onClick={() => go('/kefu')}>
        <MessageOutline fontSize={20} />
        <span>没有找到答案？联系在线客服</span>
        <RightOutline />
      </button>
    </Page>
  );
}
