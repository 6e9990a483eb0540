import type { ReactNode } from 'react';
import { BarChartOutlined, DashboardOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { AccountBookOutlined, AppstoreAddOutlined, AppstoreOutlined, ApartmentOutlined, SolutionOutlined, AuditOutlined, BankOutlined, CheckCircleOutlined, ControlOutlined, CrownOutlined, FileDoneOutlined, FlagOutlined, GiftOutlined, GlobalOutlined, DollarOutlined, MailOutlined, MessageOutlined, NotificationOutlined, PercentageOutlined, PictureOutlined, ReadOutlined, RedEnvelopeOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { FileSearchOutlined } from '@ant-design/icons';
import type { Permission } from '@app/contract';

export interface MenuEntry {
  key: string;
  path: string;
  label: string;
  icon: ReactNode;
  permission: Permission;
}

/** The side menu: each entry shown only to staff holding its permission. */
export const MENU: MenuEntry[] = [
  { key: 'deposits', path: '/deposits', label: '存款审核', icon: <DollarOutlined />, permission: 'deposits.read' },
  { key: 'withdrawals', path: '/withdrawals', label: '取款审核', icon: <BankOutlined />, permission: 'withdrawals.read' },
  { key: 'dashboard', path: '/dashboard', label: '数据概览', icon: <DashboardOutlined />, permission: 'reports.read' },
  { key: 'reports', path: '/reports', label: '报表', icon: <BarChartOutlined />, permission: 'reports.read' },
  { key: 'approvals', path: '/approvals', label: '待复核', icon: <SafetyCertificateOutlined />, permission: 'approvals.review' },
  { key: 'members', path: '/members', label: '会员管理', icon: <UserOutlined />, permission: 'members.read' },
  { key: 'bets', path: '/bets', label: '注单与转账', icon: <FileSearchOutlined />, permission: 'bets.read' },
  { key: 'vipTiers', path: '/vip-tiers', label: 'VIP等级', icon: <CrownOutlined />, permission: 'loyalty.read' },
  { key: 'rebate', path: '/rebate', label: '返水管理', icon: <GiftOutlined />, permission: 'loyalty.read' },
  { key: 'activities', path: '/activities', label: '活动管理', icon: <FlagOutlined />, permission: 'promotions.read' },
  { key: 'activityTypes', path: '/activity-types', label: '活动类型', icon: <AppstoreOutlined />, permission: 'promotions.read' },
  { key: 'activityApplications', path: '/activity-applications', label: '活动申请', icon: <FileDoneOutlined />, permission: 'promotions.read' },
  { key: 'contentBanners', path: '/content/banners', label: '轮播图', icon: <PictureOutlined />, permission: 'content.read' },
  { key: 'contentNotices', path: '/content/notices', label: '公告', icon: <NotificationOutlined />, permission: 'content.read' },
  { key: 'contentArticles', path: '/content/articles', label: '帮助文章', icon: <ReadOutlined />, permission: 'content.read' },
  { key: 'contentGames', path: '/content/games', label: '游戏目录', icon: <AppstoreAddOutlined />, permission: 'content.read' },
  { key: 'mail', path: '/mail', label: '站内信', icon: <MailOutlined />, permission: 'mail.read' },
  { key: 'service', path: '/service', label: '在线客服', icon: <CustomerServiceOutlined />, permission: 'service.chat' },
  { key: 'redPacket', path: '/redpacket', label: '红包管理', icon: <RedEnvelopeOutlined />, permission: 'redpacket.read' },
  { key: 'agentApplications', path: '/agent-applications', label: '代理申请', icon: <SolutionOutlined />, permission: 'agents.read' },
  { key: 'agents', path: '/agents', label: '代理管理', icon: <ApartmentOutlined />, permission: 'agents.read' },
  { key: 'commissionStatements', path: '/commission-statements', label: '佣金审核', icon: <AccountBookOutlined />, permission: 'commission.read' },
  { key: 'commissionPlan', path: '/commission-plan', label: '佣金方案', icon: <ControlOutlined />, permission: 'commission.read' },
  { key: 'payments', path: '/payments', label: '支付设置', icon: <SettingOutlined />, permission: 'payments.read' },
  { key: 'lotteryOdds', path: '/lottery-odds', label: '彩票赔率', icon: <PercentageOutlined />, permission: 'lottery.read' },
  { key: 'lotteryChat', path: '/lottery-chat', label: '聊天管理', icon: <MessageOutlined />, permission: 'lottery.read' },
  { key: 'site', path: '/site', label: '站点设置', icon: <GlobalOutlined />, permission: 'site.read' },
  { key: 'audit', path: '/audit', label: '审计日志', icon: <AuditOutlined />, permission: 'audit.read' },
  { key: 'ledger', path: '/ledger', label: '账本核对', icon: <CheckCircleOutlined />, permission: 'ledger.check' },
  { key: 'staff', path: '/staff', label: '员工管理', icon: <TeamOutlined />, permission: 'staff.manage' },
];
