import { Button, List, Switch } from 'antd-mobile';
import { BellOutline, ClockCircleOutline, FileOutline, InformationCircleOutline, PayCircleOutline, LockOutline, QuestionCircleOutline, SoundMuteOutline, UserContactOutline, CheckShieldOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Page } from '../../../shared/components/Page';
import { useGo } from '../../../shared/hooks/useGo';
import { useSettings, type Settings } from '../components/settings';
import { useLogout } from '../components/useLogout';
import '../components/profile.css';

const SWITCHES: { key: keyof Settings; title: string; icon: ReactNode }[] = [
  { key: 'showMessageTime', title: '消息时间显示', icon: <ClockCircleOutline /> },
  { key: 'winNotice', title: '中奖通知', icon: <BellOutline /> },
  { key: 'quietMode', title: '免打扰模式', icon: <SoundMuteOutline /> },
];

const ACCOUNT = [
  { key: 'profile', title: '个人资料', to: '/userInfo', icon: <UserContactOutline /> },
  { key: 'password', title: '修改登录密码', to: '/password?type=1', icon: <LockOutline /> },
  { key: 'paypassword', title: '设置支付密码', to: '/password?type=2', icon: <PayCircleOutline /> },
];

const ABOUT = [
  { key: 'about', title: '关于我们', to: '/boutBallBetInfo?type=7', icon: <InformationCircleOutline /> },
  { key: 'help', title: '帮助与反馈', to: '/boutBallBet', icon: <QuestionCircleOutline /> },
  { key: 'terms', title: '条款与规则', to: '/abouts?type=5', icon: <FileOutline /> },
  { key: 'privacy', title: '隐私政策', to: '/abouts?type=6', icon: <CheckShieldOutline /> },
];

/** /userCent (spec §2): device switches, account security, about pages, logout. */
export default function UserCent() {
  const go = useGo();
  const logout = useLogout();
  const [settings, update] = useSettings();

  const links = (items: typeof ABOUT) =>
    items.map((l) => (
      <List.Item key={l.key} prefix={<span className="mine-list-icon">{l.icon}</span>} onClick={() => go(l.to)} data-testid={`cent-link-${l.key}`}>
        {l.title}
      </List.Item>
    ));

  return (
    <Page title="安全设置">
      <div className="profile-section-title">账户安全</div>
      <div className="profile-section">
        <List>{links(ACCOUNT)}</List>
      </div>
      <div className="profile-section-title">通用设置</div>
      <div className="profile-section">
        <List>
          {SWITCHES.map((s) => (
            <List.Item
              key={s.key}
              prefix={<span className="mine-list-icon">{s.icon}</span>}
              extra={<Switch checked={settings[s.key]} onChange={(v) => update(s.key, v)} data-testid={`switch-${s.key}`} style={{ '--height': '28px', '--width': '48px' }} />}
            >
              {s.title}
            </List.Item>
          ))}
        </List>
      </div>
      <div className="profile-section-title">关于</div>
      <div className="profile-section">
        <List>{links(ABOUT)}</List>
      </div>
      <div className="profile-actions">
        <Button block shape="rounded" className="profile-danger" data-testid="cent-logout" onClick={() => void logout()}>
          退出登录
        </Button>
      </div>
    </Page>
  );
}
