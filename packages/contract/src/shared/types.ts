/** Wire shapes of responses (spec §3, §7). Money in yuan with at most two decimals. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
export interface Page<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}
/** POST /api/betrecord: a page of bets, and the sums of every bet the filter holds (not only this page's). */
export interface BetTotals {
  bet_amount: number;
  valid_amount: number;
  win_loss: number;
}
export interface BetRecordPage<T> extends Page<T> {
  totals: BetTotals;
}
export interface AppInfo {
  title: string;
  site_state: 0 | 1;
  repair_tips: string;
  redpacket_switch: 0 | 1;
  index_modal: 0 | 1;
  webcontent: string;
  site_logo: string;
  h5_url: string;
  ios_download_url: string;
  ios_download_qrcode: string;
  android_download_url: string;
  /** hosts besides the site's own that /iframepage may frame over https (site settings; frame.ts) */
  frame_hosts: string[];
  /** 免费试玩 (guestlogin): 1 on; 0 off (the login page offers no trial, guestlogin answers 试玩账号暂不可用) */
  trial_switch: 0 | 1;
  /** the pages /zhanzhuye?type=1 and 2 frame, as saved in 站点设置 ('': the app's built-in page) */
  sponsor_urls: [string, string];
}
export interface UserInfo {
  id: number;
  username: string;
  realname: string;
  avatar: string;
  balance: number;
  gameblance: number;
  vip: number;
  current_vip: string;
  paysum: number;
  /** the member's cumulative valid turnover (yuan): VIP promotion's second condition beside paysum */
  flow: number;
  joinday: number;
  isagent: 0 | 1;
  is_trial: 0 | 1;
  mobile: string;
  email: string;
  birthday: string;
  transferstatus: 0 | 1;
  /** the payment password: 0 none set yet, 1 set, 2 must be replaced (PAYPASS_STATE) */
  paypass_state: 0 | 1 | 2;
  usdtrate: number;
  withdrawusdtrate: number;
  withdrawcashfee: number;
  withdrawfeeusdttrc: number;
  created_at: string;
}
/** data of register, login_pc and guestlogin. */
/**
 * data of a card binding, withdrawal or payment-password change refused (code 403) because the member
 * has no payment password yet (0) or must replace one equal to its login password (2): the client
 * then opens the set-payment-password screen.
 */
export interface PayPasswordRefusal {
  paypass_state: 0 | 2;
}
export interface ApiToken {
  api_token: string;
}
/**
 * data of a refused login_pc or /admin/api/login when the next attempt needs a captcha (LOGIN_CAPTCHA):
 * the client shows the picture and sends `captcha_id` and `code` with the next attempt. Comes with
 * 账号或密码错误 after the failure that makes it due, and with 请输入验证码！ / 验证码错误！ when an
 * attempt arrives without a right one. Otherwise data is null.
 */
export interface LoginRefusal {
  captcha_required: 1;
}
export interface Captcha {
  captcha_id: string;
  image: string;
}
export interface GameEntry {
  id: number;
  category_id: string;
  app_state: 0 | 1;
  platform_name: string;
  game_code: string;
  name: string;
  image: string;
  /** how the venue's games of this tile are played, when they are not what the category suggests (ours) */
  play?: GamePlay;
}
/**
 * Honest labels: the built-in demo venue deals its 真人 and 棋牌 tables by random number
 * generator, with no live dealer, and its 体育 and 电竞 are simulated matches. A real venue's tiles
 * carry no label.
 */
export type GamePlay = 'rng' | 'virtual';
export const GAME_PLAY_LABELS: Record<GamePlay, string> = { rng: '电子发牌', virtual: '虚拟赛事' };
export function gamePlayOf(adapter: string, category: string): GamePlay | undefined {
  if (adapter !== 'demo') return undefined;
  if (category === 'realbet' || category === 'joker') return 'rng';
  if (category === 'sport' || category === 'gaming') return 'virtual';
  return undefined;
}
export interface Notice {
  id: number;
  title: string;
  content: string;
  created_at: string;
}
export interface ActivityType {
  id: number;
  name: string;
}
export interface Activity {
  id: number;
  type: number;
  banner: string;
  title: string;
  content: string;
  memo: string;
  created_at: string;
}
export interface Banner {
  id: number;
  src: string;
  url: string;
}
export interface MailMessage {
  id: number;
  title: string;
  content: string;
  is_read: 0 | 1;
  created_at: string;
}

// ---- wallet: pay methods and saved cards (spec §3) ---------------------------------------------

/** GET /api/get_pay_way: 1 = enabled; manual is always 1. */
export interface PayWay {
  card: 0 | 1;
  usdt: 0 | 1;
  wechat: 0 | 1;
  alipay: 0 | 1;
  manual: 1;
}
/** POST /api/getPayRange, in yuan. */
export interface PayRange {
  min_price: number;
  max_price: number;
}
export interface BankListItem {
  bank_name: string;
}
/** POST /api/getpaybank: where a member sends a deposit. */
export interface ReceivingAccount {
  id: number;
  /** The pay method: bank, wechat, alipay, usdt-erc20, usdt-trc20. */
  type: string;
  bank_no: string;
  bank_owner: string;
  bank_address: string;
  bank_data: { bank_name: string };
  /** USDT receiving address. */
  mch_id: string;
  /** USDT protocol text. */
  content: string;
  payimg: string;
}
/** POST /api/getcard: bank_no is masked (maskCardNo); ico is '' for USDT addresses. */
export interface SavedCard {
  id: number;
  bank: string;
  bank_owner: string;
  bank_no: string;
  bank_address: string;
  ico: string;
  pay_pass: 0 | 1;
}

// ---- wallet: deposits, withdrawals, venues, transfers, records (spec §3, §7) ------------------

/** POST /api/recharge: for non-bank methods the message is the deposit_no too (spec §4). */
export interface RechargeResult {
  deposit_no: string;
}
/** POST /api/payinfo {deposit_no}; the message carries payInfoType(method). */
export interface PayInfo {
  deposit_no: string;
  info: {
    amount: number;
    created_at: string;
    paytype: string;
    /** the method's label, e.g. USDT-TRC20 */
    payname: string;
    state: number;
    /** USDT to send (amount / usdtrate rounded down), 0 for other methods */
    usdt_amount: number;
    usdtrate: number;
    /** seconds left of the 60-minute payment window at the time of the answer */
    expires_in: number;
    /** the order expired unpaid (state 3, DEPOSIT_EXPIRY) */
    expired: boolean;
  };
  cardlist: {
    /** USDT receiving address */
    mch_id: string;
    /** USDT protocol */
    content: string;
    payimg: string;
    bank_name: string;
    bank_no: string;
    bank_owner: string;
    bank_address: string;
  };
}
/** POST /api/getBetAmount: remaining turnover requirement in yuan. */
export interface BetAmount {
  bet_amount: number;
}
/** POST /api/withdraw result. */
export interface WithdrawResult {
  withdraw_no: string;
}
/** POST /api/balancelist item; the first item is PLATFORM_WALLET when asked for (balanceListSchema). */
export interface VenueBalance {
  name: string;
  platname: string;
  balance: number;
}
/** POST /api/transfer and the items of transall's result. */
export interface TransferResult {
  order_no: string;
  /** TRANSFER_STATE */
  state: number;
  amount: number;
}
export interface TransAllResult {
  /** yuan moved back to the central wallet now */
  amount: number;
  /** venues whose outcome is still pending reconciliation */
  pending: number;
  transfers: TransferResult[];
}
/** POST /api/gettransrecord row. out_trade_no is shown only for deposits and withdrawals. */
export interface TransRecord {
  id: number;
  type: number;
  out_trade_no: string;
  amount: number;
  /** deposits: the pay method label; withdrawals: 银行卡 or USDT-<network>; transfers: the venue name */
  pay_way: string;
  /** the venue code for transfers, '' otherwise */
  api_type: string;
  state: number;
  state_text: string;
  /** rejection reason, USDT lines and the like; '' when none */
  remark: string;
  created_at: string;
  /** types 0 and 6–10 (the wallet's movements): the central wallet's balance right after this one */
  balance?: number;
}
/** POST /api/getfanshui row (spec §3 rebate record): money in yuan, Beijing time strings. */
export interface FanshuiRecord {
  id: number;
  /** the game platform's display name */
  gamename: string;
  money: number;
  created_at: string;
  /** 0 not claimed, 1 claimed (REBATE_STATE) */
  state: number;
  /** the claim time, '' while not claimed */
  updated_at: string;
}
/** POST /api/getfanshui: the page, jisuan = claimed total, nojisuan = pending (yuan). */
export interface FanshuiList {
  list: Page<FanshuiRecord>;
  jisuan: number;
  nojisuan: number;
}
/** POST /api/dofanshui: the amount claimed (yuan). */
export interface FanshuiClaim {
  money: number;
}
/** POST /api/uservip row (spec §3 VIP tier): money in yuan, maximum rebate rates in percent (0.8 = 0.80 %). */
export interface VipTier {
  level: number;
  name: string;
  /** required cumulative deposit (yuan) */
  recharge: number;
  /** required turnover (yuan) */
  flow: number;
  realperson: number;
  sport: number;
  e_sport: number;
  joker: number;
  electron: number;
  lottery: number;
}
