/** Business constants of the spec (§9) and DESIGN, one home for server and clients. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  internal: 500,
  maintenance: 503,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

export const LIMITS = {
  inputMaxLength: 16,
  usernameMin: 6,
  passwordMin: 6,
  cardNumberMin: 8,
  payPasswordMin: 6,
  payPasswordMax: 18,
  maxCardsPerType: 5,
  withdrawMinYuan: 100,
  /** unreviewed deposit orders a member may have at once (spam guard, DESIGN §9) */
  depositPendingMax: 5,
  /** withdrawal orders a member may have waiting for review at once (each holds money; DESIGN §9) */
  withdrawPendingMax: 3,
  /** a staff review's rejection reason, in characters */
  reviewReasonMax: 200,
  depositDefaultMinYuan: 100,
  depositDefaultMaxYuan: 10000,
  emailMax: 64,
  mobileMax: 20,
  avatarMaxBytes: 512 * 1024,
  pageSizeMax: 50,
  pageMax: 100000,
} as const;

/** The console's limits (what staff type and read), beside the member's LIMITS. */
export const ADMIN_LIMITS = {
  pageSize: 20,
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 8,
  passwordMax: 64,
  /** largest single manual adjustment, in yuan either way */
  adjustMaxYuan: 1_000_000,
  /** largest deposit range a pay method may be given, in yuan */
  payMaxYuan: 10_000_000,
  turnoverMultipleMax: 100,
  reasonMax: 200,
  keywordMax: 32,
  /** recent rows of each kind on a member's detail */
  detailRows: 20,
  ledgerRows: 50,
  /** receiving-account text fields, and the QR image address */
  fieldMax: 100,
  imageUrlMax: 300,
} as const;

export const TIMING = {
  requestTimeoutMs: 30_000,
  balancePollMs: 2500,
  venuePollMs: 3500,
  venuePollTransferMs: 1500,
  hallBannerAutoplayMs: 5000,
  appBannerAutoplayMs: 3000,
  downloadFrameRemoveMs: 2000,
  backToTopPx: 200,
  noticeScrollOffsetPx: 300,
  infiniteThresholdPx: 300,
  paymentWindowMin: 60,
  withdrawRedirectMs: 1500,
  lotteryTickMs: 1000,
  chatPingMs: 3000,
  lotteryNoTokenRedirectMs: 1000,
} as const;

/**
 * Money endpoints a member may call this often per minute, per member across its sessions (and across
 * instances with Redis): RATE_LIMIT_WITHDRAW and RATE_LIMIT_BINDCARD override them (0 switches one off).
 */
export const MEMBER_RATE_PER_MINUTE = { withdraw: 5, bindcard: 5 } as const;

export const HOME_COUNTER_TOTAL = 4;
export const BIRTHDAY_MIN = '1980-01-01';
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Password login (members and staff): after `afterFailures` attempts on one name without a success,
 * each further attempt on that name needs a solved captcha until a success or `windowMinutes` without
 * an attempt. Counted per submitted name whether or not it exists, so the answers never tell. Nothing
 * locks an account: its owner can always sign in by solving the captcha.
 */
export const LOGIN_CAPTCHA = { afterFailures: 3, windowMinutes: 15 } as const;

/**
 * Payment password (DESIGN §4): `maxFailures` wrong payment passwords within `windowMinutes` lock its use
 * for `lockMinutes`, per member and kept in the database (so across instances); while locked even the
 * right one is refused, until the lock runs out or staff lift it.
 */
export const PAY_PASSWORD_LOCK = { maxFailures: 5, windowMinutes: 15, lockMinutes: 30 } as const;
/**
 * paypass_state of /api/user and of a refused card binding or withdrawal: 0 none set yet, 1 set,
 * 2 must be replaced first (it equals the login password).
 */
export const PAYPASS_STATE = { none: 0, set: 1, mustReplace: 2 } as const;
export type PaypassState = (typeof PAYPASS_STATE)[keyof typeof PAYPASS_STATE];

export const GAME_CATEGORIES = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
export const ELECTRONIC_PROVIDERS = ['obgdy', 'fgdz', 'pp', 'ae'] as const;

/** Date filters of every record list (DESIGN §3). */
export const DATE_FILTER_DAYS: Record<1 | 2 | 3 | 4, number> = { 1: 1, 2: 7, 3: 15, 4: 30 };

export const VIP_LEVELS = 10;

/** Help-centre article titles by type (spec §2 /boutBallBetInfo). */
export const ARTICLE_TITLES: Record<number, string> = {
  1: '常见问题',
  2: '隐私政策',
  3: '免责说明',
  4: '联系我们',
  5: '代理加盟',
  6: '隐私政策',
  7: '关于我们',
  8: '博彩责任',
  9: '条款与规则',
};
/** /abouts?type=5|6 titles. */
export const ABOUT_TITLES: Record<number, string> = { 5: '条款与规则', 6: '隐私政策' };

export const STORAGE_KEYS = { token: 'token', user: 'userInfo', app: 'appInfo', settings: 'userSettings', games: 'gameList' } as const;
/** /abouts?type=5|6 → the article type served by POST /api/article. */
export const ABOUT_ARTICLE_TYPES: Record<number, number> = { 5: 9, 6: 2 };
/** Help-centre article types listed on /boutBallBet, in order. */
export const HELP_ARTICLE_TYPES = [1, 2, 3, 4, 5, 7, 8] as const;

/**
 * The console flags a member whose hedged stake (both sides of one round, contract wallet/turnover.ts) is
 * above this share of its stake over the last HEDGE_WINDOW_DAYS Beijing days (today included): a
 * player who now and then covers a side stays well below it; one clearing 打码量 sits near 100 %.
 */
export const HEDGED_SHARE_FLAG = 0.3;
export const HEDGE_WINDOW_DAYS = 30;
