import type { ReactNode } from 'react';
import { AccountBookOutlined, ApartmentOutlined, ApiOutlined, AppstoreAddOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, CheckCircleOutlined, ControlOutlined, CrownOutlined, CustomerServiceOutlined, DashboardOutlined, DollarOutlined, FileDoneOutlined, FileSearchOutlined, FlagOutlined, GiftOutlined, GlobalOutlined, HomeOutlined, MailOutlined, MessageOutlined, NotificationOutlined, PercentageOutlined, PictureOutlined, ReadOutlined, RedEnvelopeOutlined, SafetyCertificateOutlined, SettingOutlined, SolutionOutlined, StopOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { Permission } from '@app/contract';

/** The side menu's groups, in order: what a staff member does, not which table it is. */
export const MENU_GROUPS = {
  finance: '资金审核',
  data: '数据报表',
  members: '会员服务',
  operations: '运营活动',
  content: '内容管理',
  agents: '代理佣金',
  lottery: '彩票',
  system: '系统',
} as const;
export type MenuGroup = keyof typeof MENU_GROUPS;

export interface MenuEntry {
  key: string;
  group: MenuGroup;
  path: string;
  label: string;
  icon: ReactNode;
  permission: Permission;
}

/** The side menu, group by group: each entry shown only to staff holding its permission (a group with none is not shown). */
export const MENU: MenuEntry[] = [
  // 资金审核
  { key: 'deposits', group: 'finance', path: '/deposits', label: '存款审核', icon: <DollarOutlined />, permission: 'deposits.read' },
  { key: 'withdrawals', group: 'finance', path: '/withdrawals', label: '取款审核', icon: <BankOutlined />, permission: 'withdrawals.read' },
  { key: 'approvals', group: 'finance', path: '/approvals', label: '待复核', icon: <SafetyCertificateOutlined />, permission: 'approvals.review' },
  { key: 'payments', group: 'finance', path: '/payments', label: '支付设置', icon: <SettingOutlined />, permission: 'payments.read' },
  { key: 'ledger', group: 'finance', path: '/ledger', label: '账本核对', icon: <CheckCircleOutlined />, permission: 'ledger.check' },
  // 数据报表
  { key: 'dashboard', group: 'data', path: '/dashboard', label: '数据概览', icon: <DashboardOutlined />, permission: 'reports.read' },
  { key: 'reports', group: 'data', path: '/reports', label: '报表', icon: <BarChartOutlined />, permission: 'reports.read' },
  // 会员服务
  { key: 'members', group: 'members', path: '/members', label: '会员管理', icon: <UserOutlined />, permission: 'members.read' },
  { key: 'protectionBlocks', group: 'members', path: '/protection-blocks', label: '自我排除名单', icon: <StopOutlined />, permission: 'members.care' },
  { key: 'bets', group: 'members', path: '/bets', label: '注单与转账', icon: <FileSearchOutlined />, permission: 'bets.read' },
  { key: 'service', group: 'members', path: '/service', label: '在线客服', icon: <CustomerServiceOutlined />, permission: 'service.chat' },
  { key: 'mail', group: 'members', path: '/mail', label: '站内信', icon: <MailOutlined />, permission: 'mail.read' },
  // 运营活动
  { key: 'vipTiers', group: 'operations', path: '/vip-tiers', label: 'VIP等级', icon: <CrownOutlined />, permission: 'loyalty.read' },
  { key: 'rebate', group: 'operations', path: '/rebate', label: '返水管理', icon: <GiftOutlined />, permission: 'loyalty.read' },
  { key: 'activities', group: 'operations', path: '/activities', label: '活动管理', icon: <FlagOutlined />, permission: 'promotions.read' },
  { key: 'activityTypes', group: 'operations', path: '/activity-types', label: '活动类型', icon: <AppstoreOutlined />, permission: 'promotions.read' },
  { key: 'activityApplications', group: 'operations', path: '/activity-applications', label: '活动申请', icon: <FileDoneOutlined />, permission: 'promotions.read' },
  { key: 'redPacket', group: 'operations', path: '/redpacket', label: '红包管理', icon: <RedEnvelopeOutlined />, permission: 'redpacket.read' },
  // 内容管理
  { key: 'contentBanners', group: 'content', path: '/content/banners', label: '轮播图', icon: <PictureOutlined />, permission: 'content.read' },
  { key: 'contentNotices', group: 'content', path: '/content/notices', label: '公告', icon: <NotificationOutlined />, permission: 'content.read' },
  { key: 'contentArticles', group: 'content', path: '/content/articles', label: '帮助文章', icon: <ReadOutlined />, permission: 'content.read' },
  { key: 'contentGames', group: 'content', path: '/content/games', label: '游戏目录', icon: <AppstoreAddOutlined />, permission: 'content.read' },
  { key: 'providers', group: 'content', path: '/providers', label: '游戏供应商', icon: <ApiOutlined />, permission: 'providers.read' },
  // 代理佣金
  { key: 'agentApplications', group: 'agents', path: '/agent-applications', label: '代理申请', icon: <SolutionOutlined />, permission: 'agents.read' },
  { key: 'agents', group: 'agents', path: '/agents', label: '代理管理', icon: <ApartmentOutlined />, permission: 'agents.read' },
  { key: 'commissionStatements', group: 'agents', path: '/commission-statements', label: '佣金审核', icon: <AccountBookOutlined />, permission: 'commission.read' },
  { key: 'commissionPlan', group: 'agents', path: '/commission-plan', label: '佣金方案', icon: <ControlOutlined />, permission: 'commission.read' },
  // 彩票
  { key: 'lotteryOdds', group: 'lottery', path: '/lottery-odds', label: '彩票赔率', icon: <PercentageOutlined />, permission: 'lottery.read' },
  { key: 'lotteryRooms', group: 'lottery', path: '/lottery-rooms', label: '房间管理', icon: <HomeOutlined />, permission: 'lottery.read' },
  { key: 'lotteryChat', group: 'lottery', path: '/lottery-chat', label: '聊天管理', icon: <MessageOutlined />, permission: 'lottery.read' },
  // 系统
  { key: 'site', group: 'system', path: '/site', label: '站点设置', icon: <GlobalOutlined />, permission: 'site.read' },
  { key: 'staff', group: 'system', path: '/staff', label: '员工管理', icon: <TeamOutlined />, permission: 'staff.manage' },
  { key: 'audit', group: 'system', path: '/audit', label: '审计日志', icon: <AuditOutlined />, permission: 'audit.read' },
];
