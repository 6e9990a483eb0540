import { Outlet, useLocation } from 'react-router';
import { TabBar } from 'antd-mobile';
import { AppstoreOutline, CompassOutline, GiftOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useGo } from '../shared/hooks/useGo';
import { TopBar } from './TopBar';
import './layout.css';

const TABS = [
  { key: '/kefu', title: '客服', icon: <MessageOutline /> },
  { key: '/', title: '大厅', icon: <AppstoreOutline /> },
  { key: '/discover', title: '动态', icon: <CompassOutline /> },
  { key: '/activity', title: '优惠', icon: <GiftOutline /> },
  { key: '/mine', title: '我的', icon: <UserOutline /> },
];
/** Screens of the main layout that draw their own header (spec §2). */
const HEADERLESS = ['/activity', '/activity_old', '/mine', '/mine_old'];

function activeTab(pathname: string): string {
  if (pathname === '/' || pathname === '/index_old' || pathname === '/home') return '/';
  return TABS.find((t) => t.key !== '/' && pathname.startsWith(t.key))?.key ?? '';
}

export function MainLayout() {
  const { pathname } = useLocation();
  const go = useGo();
  return (
    <div className="main-layout">
      {!HEADERLESS.includes(pathname) && <TopBar />}
      <main className="main-content">
        <Outlet />
      </main>
      <div className="tabbar-wrap">
        <TabBar activeKey={activeTab(pathname)} onChange={go} safeArea>
          {TABS.map((t) => (
            <TabBar.Item key={t.key} icon={t.icon} title={t.title} />
          ))}
        </TabBar>
      </div>
    </div>
  );
}
