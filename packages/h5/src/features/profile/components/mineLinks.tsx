import type { ReactNode } from 'react';
import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  CouponOutline,
  FileOutline,
  GiftOutline,
  HeartOutline,
  HistogramOutline,
  PayCircleOutline,
  LockOutline,
  MessageOutline,
  ReceiptOutline,
  SoundOutline,
  StarOutline,
  TeamOutline,
  UserAddOutline,
  UserContactOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { RESPONSIBLE_ARTICLE } from '../../../shared/protection/links';

export interface MineLink {
  key: string;
  title: string;
  to: string;
  icon: ReactNode;
  /** Two-stop gradient of the icon tile. */
  tint?: [string, string];
}

/** The wallet card's shortcuts. */
export const WALLET_LINKS: MineLink[] = [
  { key: 'money', title: '我的钱包', to: '/money', icon: <BankcardOutline /> },
  { key: 'trans', title: '账户明细', to: '/transRecord', icon: <BillOutline /> },
  { key: 'bets', title: '投注记录', to: '/betRecord', icon: <ReceiptOutline /> },
  { key: 'vip', title: 'VIP特权', to: '/vip', icon: <StarOutline /> },
];

/** The service grid; the agent entry depends on isagent (spec §6). */
export function serviceLinks(isAgent: boolean): MineLink[] {
  return [
    { key: 'level', title: '等级', to: '/vip2', icon: <HistogramOutline />, tint: ['#ffb347', '#ff7e3a'] },
    { key: 'invite', title: '邀请好友', to: '/inviter', icon: <UserAddOutline />, tint: ['#5ee7a8', '#12b886'] },
    { key: 'message', title: '消息公告', to: '/message', icon: <SoundOutline />, tint: ['#7aa5ff', '#3a5bef'] },
    { key: 'activity', title: '优惠活动', to: '/activity', icon: <GiftOutline />, tint: ['#ff8a9b', '#f03e5e'] },
    isAgent
      ? { key: 'agent', title: '代理登录', to: '/gamePage?dailiD=1', icon: <TeamOutline />, tint: ['#b28cff', '#7048e8'] }
      : { key: 'agent', title: '申请代理', to: '/applyagent', icon: <TeamOutline />, tint: ['#b28cff', '#7048e8'] },
    { key: 'deposit', title: '存款', to: '/recharge', icon: <CollectMoneyOutline />, tint: ['#ffd66b', '#e9a93a'] },
    { key: 'coupon', title: '返水中心', to: '/fanshui', icon: <CouponOutline />, tint: ['#6ee0f0', '#1c9fc4'] },
    { key: 'kefu', title: '在线客服', to: '/kefu', icon: <MessageOutline />, tint: ['#8fb3ff', '#4c6ef5'] },
  ];
}

/** The account list. */
export const ACCOUNT_LINKS: MineLink[] = [
  { key: 'applyLog', title: '活动申请记录', to: '/activityRecord', icon: <FileOutline /> },
  { key: 'profile', title: '个人资料', to: '/userInfo', icon: <UserContactOutline /> },
  { key: 'security', title: '安全设置', to: '/userCent', icon: <UserSetOutline /> },
  { key: 'password', title: '修改密码', to: '/password?type=1', icon: <LockOutline /> },
  { key: 'paypassword', title: '支付密码', to: '/password?type=2', icon: <PayCircleOutline /> },
  { key: 'protection', title: '安全与健康', to: '/protection', icon: <CheckShieldOutline /> },
  { key: 'responsible', title: '负责任博彩', to: RESPONSIBLE_ARTICLE, icon: <HeartOutline /> },
];
