import { List } from 'antd-mobile';
import { Sheet } from '../../../shared/components/Sheet';
import { AppstoreOutline, DownlandOutline, FileOutline, GiftOutline, MailOutline, MessageOutline, QuestionCircleOutline, StarOutline, CheckShieldOutline } from 'antd-mobile-icons';
import { ABOUT_TITLES } from '@app/contract';
import { useAppInfo } from '../../../shared/api/app';
import { useGo } from '../../../shared/hooks/useGo';

const LINKS = [
  { to: '/', title: '游戏大厅', icon: <AppstoreOutline /> },
  { to: '/activity', title: '优惠活动', icon: <GiftOutline /> },
  { to: '/message', title: '消息中心', icon: <MailOutline /> },
  { to: '/zhanzhu', title: '赞助', icon: <StarOutline /> },
  { to: '/app', title: 'APP下载', icon: <DownlandOutline /> },
  { to: '/boutBallBet', title: '帮助中心', icon: <QuestionCircleOutline /> },
  { to: '/abouts?type=5', title: ABOUT_TITLES[5], icon: <FileOutline /> },
  { to: '/abouts?type=6', title: ABOUT_TITLES[6], icon: <CheckShieldOutline /> },
  { to: '/kefu', title: '在线客服', icon: <MessageOutline /> },
];

/** /home's side menu, sliding in from the left. */
export function SideMenu({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { data: app } = useAppInfo();
  const go = useGo();
  return (
    <Sheet visible={visible} position="left" onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '100%' }}>
      <div className="side-menu" data-testid="side-menu">
        <div className="side-menu-head">
          <img src={app?.site_logo || '/assets/logo.svg'} alt="" />
          <div>
            <div className="side-menu-title">{app?.title}</div>
            <div className="side-menu-sub">理性娱乐 · 量力而行</div>
          </div>
        </div>
        <List>
          {LINKS.map((l) => (
            <List.Item
              key={l.to}
              prefix={l.icon}
              onClick={() => {
                onClose();
                go(l.to);
              }}
            >
              {l.title}
            </List.Item>
          ))}
        </List>
      </div>
    </Sheet>
  );
}
