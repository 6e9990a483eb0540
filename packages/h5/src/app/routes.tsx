import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { MSG } from '@app/contract';
import { ConfirmLogin, RequireAuth } from '../shared/components/Guards';
import { useAppInfo } from '../shared/api/app';
import { toast } from '../shared/lib/toast';
import { MainLayout } from './MainLayout';
import { RouteError } from './RouteError';
import { RouteFallback } from './RouteFallback';
import Hall from '../features/hall/routes/Hall';

// The hall is most visits' first screen: part of the entry, so it paints without a second round of
// chunk requests (a phone allows 6 at a time per host, each waiting out the link's latency) and
// without suspending. Every other screen is its own chunk.
const HomeAlt = lazy(() => import('../features/hall/routes/HomeAlt'));
const Discover = lazy(() => import('../features/hall/routes/Discover'));
const Login = lazy(() => import('../features/auth/routes/Login'));
const Register = lazy(() => import('../features/auth/routes/Register'));
const Mine = lazy(() => import('../features/profile/routes/Mine'));
const UserInfo = lazy(() => import('../features/profile/routes/UserInfo'));
const UserCent = lazy(() => import('../features/profile/routes/UserCent'));
const Password = lazy(() => import('../features/profile/routes/Password'));
const PayPasswordSetup = lazy(() => import('../features/profile/routes/PayPasswordSetup'));
const Messages = lazy(() => import('../features/messages/routes/Messages'));
const Abouts = lazy(() => import('../features/help/routes/Abouts'));
const HelpCenter = lazy(() => import('../features/help/routes/HelpCenter'));
const HelpArticle = lazy(() => import('../features/help/routes/HelpArticle'));
const Activity = lazy(() => import('../features/promotions/routes/Activity'));
const ActivityInfo = lazy(() => import('../features/promotions/routes/ActivityInfo'));
const ActivityRecord = lazy(() => import('../features/promotions/routes/ActivityRecord'));
const AppDownload = lazy(() => import('../features/download/routes/AppDownload'));
const Kefu = lazy(() => import('../features/service/routes/Kefu'));
const IframePage = lazy(() => import('../features/service/routes/IframePage'));
const Zhanzhu = lazy(() => import('../features/sponsor/routes/Zhanzhu'));
const Zhanzhuye = lazy(() => import('../features/sponsor/routes/Zhanzhuye'));
const Money = lazy(() => import('../features/wallet/routes/Money'));
const Transfer = lazy(() => import('../features/wallet/routes/Transfer'));
const Withdrawal = lazy(() => import('../features/wallet/routes/Withdrawal'));
const TransRecord = lazy(() => import('../features/wallet/routes/TransRecord'));
const Recharge = lazy(() => import('../features/deposit/routes/Recharge'));
const PayInfo = lazy(() => import('../features/deposit/routes/PayInfo'));
const UsdtMore = lazy(() => import('../features/deposit/routes/UsdtMore'));
const CardWallet = lazy(() => import('../features/cards/routes/CardWallet'));
const AddBankCard = lazy(() => import('../features/cards/routes/AddBankCard'));
const AddUsdtCard = lazy(() => import('../features/cards/routes/AddUsdtCard'));
const WithdrawAccount = lazy(() => import('../features/cards/routes/WithdrawAccount'));
const GamePage = lazy(() => import('../features/games/routes/GamePage'));
const Concise = lazy(() => import('../features/games/routes/Concise'));
const BetRecord = lazy(() => import('../features/games/routes/BetRecord'));
const Lottery = lazy(() => import('../features/lottery/routes/Lottery'));
const Vip = lazy(() => import('../features/vip/routes/Vip'));
const Fanshui = lazy(() => import('../features/rebate/routes/Fanshui'));
const Inviter = lazy(() => import('../features/invites/routes/Inviter'));
const ApplyAgent = lazy(() => import('../features/agents/routes/ApplyAgent'));
const Protection = lazy(() => import('../features/protection/routes/Protection'));
// /hongbao and /welfare: one chunk (features/redpacket/routes/screens.ts says why).
const redPacketScreens = () => import('../features/redpacket/routes/screens');
const Hongbao = lazy(() => redPacketScreens().then((m) => ({ default: m.Hongbao })));
const Welfare = lazy(() => redPacketScreens().then((m) => ({ default: m.Welfare })));

function screen(C: LazyExoticComponent<ComponentType> | ComponentType, guard?: 'auth' | 'confirm'): ReactNode {
  const el = (
    <Suspense fallback={<RouteFallback />}>
      <C />
    </Suspense>
  );
  if (guard === 'auth') return <RequireAuth>{el}</RequireAuth>;
  if (guard === 'confirm') return <ConfirmLogin>{el}</ConfirmLogin>;
  return el;
}

/**
 * /hongbao (spec §2): with redpacket_switch 0 the toast 红包已关闭 and the hall, whoever asks; else a
 * visitor gets the login confirm and a member the red-packet screen.
 */
function RedPacketGate() {
  const { data: app } = useAppInfo();
  const closed = app?.redpacket_switch === 0;
  useEffect(() => {
    if (closed) void toast(MSG.redpacketClosed);
  }, [closed]);
  if (!app) return null;
  return closed ? <Navigate replace to="/" /> : screen(Hongbao, 'confirm');
}

/** The route table of spec §2: the main layout's children, then the top-level screens. */
const screens: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true, element: screen(Hall) },
      { path: 'index_old', element: screen(Hall) },
      { path: 'home', element: screen(HomeAlt) },
      { path: 'discover', element: screen(Discover) },
      { path: 'activity', element: screen(Activity) },
      { path: 'activity_old', element: screen(Activity) },
      { path: 'zhanzhu', element: screen(Zhanzhu) },
      { path: 'mine', element: screen(Mine, 'auth') },
      { path: 'mine_old', element: screen(Mine, 'auth') },
      { path: 'app', element: screen(AppDownload) },
      { path: 'hongbao', element: <RedPacketGate /> },
    ],
  },
  { path: 'login', element: screen(Login) },
  { path: 'reg', element: screen(Register) },
  { path: 'reg2', element: screen(Register) },
  { path: 'message', element: screen(Messages, 'auth') },
  { path: 'userInfo', element: screen(UserInfo, 'auth') },
  { path: 'userCent', element: screen(UserCent, 'auth') },
  { path: 'password', element: screen(Password, 'auth') },
  { path: 'payPassword', element: screen(PayPasswordSetup, 'auth') },
  { path: 'abouts', element: screen(Abouts) },
  { path: 'boutBallBet', element: screen(HelpCenter) },
  { path: 'boutBallBetInfo', element: screen(HelpArticle) },
  { path: 'activityInfo', element: screen(ActivityInfo) },
  { path: 'activityRecord', element: screen(ActivityRecord, 'auth') },
  { path: 'transfer', element: screen(Transfer, 'confirm') },
  { path: 'money', element: screen(Money, 'auth') },
  { path: 'withdrawal', element: screen(Withdrawal, 'auth') },
  { path: 'transRecord', element: screen(TransRecord, 'auth') },
  { path: 'recharge', element: screen(Recharge, 'auth') },
  { path: 'payInfo', element: screen(PayInfo, 'auth') },
  { path: 'usdtmore', element: screen(UsdtMore) },
  { path: 'wallet', element: screen(CardWallet, 'auth') },
  { path: 'addBankCard', element: screen(AddBankCard, 'auth') },
  { path: 'addUsdtCard', element: screen(AddUsdtCard, 'auth') },
  { path: 'withdrawAccount', element: screen(WithdrawAccount, 'auth') },
  { path: 'kefu', element: screen(Kefu) },
  { path: 'iframepage', element: screen(IframePage) },
  { path: 'zhanzhuye', element: screen(Zhanzhuye) },
  // /gamePage guards itself: a game or the agent login needs a session (the hall under the login
  // sheet, as a hall tile does); customer service and the app download do not.
  { path: 'gamePage', element: screen(GamePage) },
  { path: 'concise', element: screen(Concise) },
  { path: 'betRecord', element: screen(BetRecord, 'auth') },
  // /lottery is open to visitors, who watch; betting and chatting open the login sheet.
  { path: 'lottery', element: screen(Lottery) },
  // /vip and /vip2 (spec §2): the same VIP特权 screen, open to visitors.
  { path: 'vip', element: screen(Vip) },
  { path: 'vip2', element: screen(Vip) },
  { path: 'fanshui', element: screen(Fanshui, 'auth') },
  { path: 'welfare', element: screen(Welfare, 'auth') },
  // /inviter (spec §2): the member's own link and team, so a visitor logs in first.
  { path: 'inviter', element: screen(Inviter, 'auth') },
  // /applyagent (spec §2): the form while isagent is 0; the screen itself shows an agent that it is one.
  { path: 'applyagent', element: screen(ApplyAgent, 'auth') },
  // /protection 安全与健康: the member's own limits, reality check and exclusion.
  { path: 'protection', element: screen(Protection, 'auth') },
  { path: 'account', element: <Navigate replace to="/money" /> },
  { path: 'DW', element: <Navigate replace to="/money" /> },
  { path: '*', element: <Navigate replace to="/" /> },
];

/** Every screen under one error screen: a failed one (a chunk gone after a deploy included) never shows the router's own. */
export const routes: RouteObject[] = [{ errorElement: <RouteError />, children: screens }];
