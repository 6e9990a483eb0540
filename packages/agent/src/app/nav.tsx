import type { ReactNode } from 'react';
import { AccountBookOutlined, BarChartOutlined, HomeOutlined, QrcodeOutlined, TeamOutlined } from '@ant-design/icons';

/** The portal's five places: the phone's bottom tab bar and the wide screen's side menu. */
export interface NavItem {
  key: 'overview' | 'members' | 'reports' | 'commission' | 'invite';
  path: string;
  label: string;
  /** the page's title in the header */
  title: string;
  icon: ReactNode;
}

export const NAV: NavItem[] = [
  { key: 'overview', path: '/', label: '概览', title: '代理概览', icon: <HomeOutlined /> },
  { key: 'members', path: '/members', label: '团队', title: '我的团队', icon: <TeamOutlined /> },
  { key: 'reports', path: '/reports', label: '报表', title: '团队报表', icon: <BarChartOutlined /> },
  { key: 'commission', path: '/commission', label: '佣金', title: '佣金记录', icon: <AccountBookOutlined /> },
  { key: 'invite', path: '/invite', label: '推广', title: '推广邀请', icon: <QrcodeOutlined /> },
];

/** The place a path belongs to (a member's detail is under 团队, a statement under 佣金). */
export function navOf(pathname: string): NavItem {
  return NAV.find((n) => n.path !== '/' && (pathname === n.path || pathname.startsWith(`${n.path}/`))) ?? NAV[0]!;
}
