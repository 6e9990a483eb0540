import type { MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import TabBar from 'antd-mobile/es/components/tab-bar';
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
/** Screens of the main layout that draw their own header (spec §2); /hongbao its red one with a back arrow. */
const HEADERLESS = ['/activity', '/activity_old', '/mine', '/mine_old', '/hongbao'];

function activeTab(pathname: string): string {
  if (pathname === '/' || pathname === '/index_old' || pathname === '/home') return '/';
  return TABS.find((t) => t.key !== '/' && pathname.startsWith(t.key))?.key ?? '';
}

export function MainLayout() {
  const { pathname } = useLocation();
  const go = useGo();
  const active = activeTab(pathname);
  // TabBar calls onChange only for another tab; pressing the active one still goes (or says 已在当前页面！).
  const onActivePress = (e: MouseEvent<HTMLDivElement>) => {
    const item = (e.target as HTMLElement).closest('.adm-tab-bar-item');
    if (!item?.parentElement) return;
    const key = TABS[Array.from(item.parentElement.children).indexOf(item)]?.key;
    if (key && key === active) go(key);
  };
  return (
    <div className="main-layout">
      {!HEADERLESS.includes(pathname) && <TopBar />}
      <main className="main-content">
        <Outlet />
      </main>
      <div className="tabbar-wrap" onClick={onActivePress}>
        <TabBar activeKey={active} onChange={go} safeArea>
          {TABS.map((t) => (
            <TabBar.Item key={t.key} icon={t.icon} title={t.title} />
          ))}
        </TabBar>
      </div>
    </div>
  );
}
