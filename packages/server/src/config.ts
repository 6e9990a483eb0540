import { LIMITS, MEMBER_RATE_PER_MINUTE, SESSION_IDLE_MS, WS_IDLE_TIMEOUT_MS, WS_PING_INTERVAL_MS } from '@app/contract';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Every setting the server reads, with its default. Read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections the instance's pool opens to DATABASE_URL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /**
   * A direct (or session-pooled) connection for what needs one session: migrations and the jobs'
   * advisory locks (DATABASE_SESSION_URL). Only needed when DATABASE_URL goes through PgBouncer in
   * transaction mode; null uses DATABASE_URL.
   */
  databaseSessionUrl: string | null;
  /**
   * Frequent statements run as named prepared statements (DATABASE_PREPARED_STATEMENTS on/off; db/prepared.ts).
   * Default on, but off with a DATABASE_SESSION_URL: PgBouncer's transaction mode carries them only
   * from 1.21 on, with max_prepared_statements set.
   */
  databasePreparedStatements: boolean;
  redisUrl: string | null;
  /** Key prefix in Redis, so several platforms (or test runs) can share one server. */
  redisPrefix: string;
  adminPassword: string | null;
  /**
   * A fresh install (no staff yet) requires two-step sign-in of super admins and finance, the first
   * admin included: STAFF_TOTP_REQUIRED=off starts it with the requirement off. Later the operator's
   * switch in 员工管理 decides; this setting never changes an existing install.
   */
  staffTotpRequired: boolean;
  captchaBypassCode: string | null;
  /**
   * Registration requires the 18+ confirmation (`adult`); REGISTER_ADULT_CHECK=off for an
   * operator serving an older client whose own pages ask it.
   */
  registerAdultCheck: boolean;
  logLevel: string;
  production: boolean;
  /** Where the built H5 app lives; null serves no static files (API-only tests). */
  h5Dist: string | null;
  /** Where the built back-office console lives (served at /admin/); null serves none. */
  adminDist: string | null;
  /** Where the built agent portal lives (served at /agent/); null serves none. */
  agentDist: string | null;
  /** Where the built demo venue pages live (served at /venue/); null serves none. */
  venueDist: string | null;
  /** How often the demo venue settles its due virtual matches (0 switches the scheduler off). */
  venueSettleIntervalMs: number;
  uploadsDir: string;
  trustProxy: boolean;
  /**
   * Origins (scheme://host[:port]) whose pages may call the member API across origins (CORS_ORIGINS,
   * comma-separated); empty, the default, answers no cross-origin call (http/cors.ts).
   */
  corsOrigins: string[];
  /** Rate limits per client IP and minute (login, register, captcha) and per member and minute
   * (withdraw, bindcard); 0 switches one off. */
  rateLimits: { login: number; register: number; captcha: number; withdraw: number; bindcard: number };
  /** withdrawal orders a member may have waiting for review (0 = no cap) */
  withdrawPendingMax: number;
  /**
   * Failed logins (members and staff together) from one IP within LOGIN_CAPTCHA.windowMinutes after
   * which every login from that IP needs a captcha, so one IP cannot try a few passwords on each of
   * many names (0 switches it off).
   */
  loginIpFailureBudget: number;
  sessionIdleMs: number;
  /** The platform gives a venue this long to answer a call before treating the outcome as unknown. */
  venueTimeoutMs: number;
  /** How often the reconciliation job settles pending transfers (0 switches the job off). */
  reconcileIntervalMs: number;
  /** Fault injection of the built-in demo venue, for tests (DESIGN §6). */
  demoVenueFault: DemoVenueFault;
  demoVenueSlowMs: number;
  /**
   * How the platform reaches the built-in demo venue over the transfer-wallet protocol, and how the
   * demo venue checks it: `url` its base URL (DEMO_PROVIDER_URL; null: this server's own listen
   * address, where it is mounted at DEMO_PROVIDER_PREFIX), `merchant` who the platform signs as, `key`
   * the key both sides hold (DEMO_PROVIDER_KEY; unset: a random key made at start, which the two sides
   * of one process share; set it when the demo venue runs elsewhere).
   */
  demoProvider: { url: string | null; merchant: string; key: string };
  /** How often the bet feed reads the venues' bets into bet records (0 switches the job off). */
  betFeedIntervalMs: number;
  /** How long one instance serves the hall's winners ticker before reading it again (0: every time). */
  recentWinsCacheMs: number;
  /** How often the lottery scheduler opens, draws and settles rounds (0 switches it off). */
  lotteryTickMs: number;
  /** How long after Beijing midnight the rebate of the day before is computed (late bet records from the feeds). */
  rebateDelayMs: number;
  /** How often the rebate job looks for a closed day to compute (0 switches it off). */
  rebateIntervalMs: number;
  /** How long after a commission period ends (Beijing) it is computed (late bet records, the last day's rebate). */
  commissionDelayMs: number;
  /** How often the commission job looks for a closed period to compute (0 switches it off). */
  commissionIntervalMs: number;
  /** How often the VIP pass (relegations, promotions nobody triggered) runs (0 switches it off). */
  vipIntervalMs: number;
  /** The lottery room socket: how often the server pings each client, and how long a silent one is kept. */
  wsPingIntervalMs: number;
  wsIdleTimeoutMs: number;
  /** Days a lottery room's chat is kept before the hourly pass deletes it (0 keeps it for ever). */
  chatRetentionDays: number;
}

/**
 * none: answers normally; fail: refuses every transfer; timeout: never answers and never applies;
 * timeout-after-apply: applies the transfer but the answer is lost; slow: answers after demoVenueSlowMs.
 */
export const DEMO_VENUE_FAULTS = ['none', 'fail', 'timeout', 'timeout-after-apply', 'slow'] as const;
export type DemoVenueFault = (typeof DEMO_VENUE_FAULTS)[number];

/** Where this server mounts the demo venue's side of the transfer-wallet protocol (venue-demo/provider-api.ts). */
export const DEMO_PROVIDER_PREFIX = '/demo-provider/transfer';
/** Where this server mounts the demo venue's side of a seamless provider's calls (launch, games, kick). */
export const DEMO_SEAMLESS_PREFIX = '/demo-provider/seamless';

function demoFault(value: string | undefined): DemoVenueFault {
  if (!value) return 'none';
  if (!(DEMO_VENUE_FAULTS as readonly string[]).includes(value)) throw new Error(`DEMO_VENUE_FAULT must be one of ${DEMO_VENUE_FAULTS.join(', ')}`);
  return value as DemoVenueFault;
}

function num(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** CORS_ORIGINS as exact origins; a wildcard or anything but an origin is refused at start. */
function corsOrigins(value: string | undefined): string[] {
  const listed = (value ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of listed) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // refused below
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin || origin.includes('*')) {
      throw new Error(`CORS_ORIGINS lists origins such as https://m.example.com (no path, no trailing slash, no *): ${origin}`);
    }
  }
  return listed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  const config: Config = {
    port: num(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: num(env.DATABASE_POOL_SIZE, 20),
    databaseSessionUrl: env.DATABASE_SESSION_URL || null,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS ? env.DATABASE_PREPARED_STATEMENTS !== 'off' : !env.DATABASE_SESSION_URL,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'platform:',
    adminPassword: env.ADMIN_PASSWORD || null,
    staffTotpRequired: !['off', '0', 'false'].includes((env.STAFF_TOTP_REQUIRED ?? '').trim().toLowerCase()),
    captchaBypassCode: env.CAPTCHA_BYPASS_CODE || null,
    registerAdultCheck: env.REGISTER_ADULT_CHECK !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    production: env.NODE_ENV === 'production',
    h5Dist: path.join(root, 'packages/h5/dist'),
    adminDist: path.join(root, 'packages/admin/dist'),
    agentDist: path.join(root, 'packages/agent/dist'),
    venueDist: path.join(root, 'packages/venue/dist'),
    venueSettleIntervalMs: num(env.VENUE_SETTLE_INTERVAL_MS, 5000),
    uploadsDir: path.join(dataDir, 'uploads'),
    trustProxy: env.TRUST_PROXY === '1',
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    rateLimits: {
      login: num(env.RATE_LIMIT_LOGIN, 20),
      register: num(env.RATE_LIMIT_REGISTER, 10),
      captcha: num(env.RATE_LIMIT_CAPTCHA, 30),
      withdraw: num(env.RATE_LIMIT_WITHDRAW, MEMBER_RATE_PER_MINUTE.withdraw),
      bindcard: num(env.RATE_LIMIT_BINDCARD, MEMBER_RATE_PER_MINUTE.bindcard),
    },
    withdrawPendingMax: LIMITS.withdrawPendingMax,
    loginIpFailureBudget: num(env.LOGIN_IP_FAILURES, 20),
    sessionIdleMs: num(env.SESSION_IDLE_MS, SESSION_IDLE_MS),
    venueTimeoutMs: num(env.VENUE_TIMEOUT_MS, 5000),
    reconcileIntervalMs: num(env.RECONCILE_INTERVAL_MS, 30_000),
    demoVenueFault: demoFault(env.DEMO_VENUE_FAULT),
    demoVenueSlowMs: num(env.DEMO_VENUE_SLOW_MS, 2000),
    demoProvider: { url: env.DEMO_PROVIDER_URL || null, merchant: 'platform', key: env.DEMO_PROVIDER_KEY || randomBytes(32).toString('base64url') },
    betFeedIntervalMs: num(env.BET_FEED_INTERVAL_MS, 3000),
    recentWinsCacheMs: num(env.RECENT_WINS_CACHE_MS, 30_000),
    lotteryTickMs: num(env.LOTTERY_TICK_MS, 1000),
    rebateDelayMs: num(env.REBATE_DELAY_MS, 2 * 60 * 60 * 1000),
    rebateIntervalMs: num(env.REBATE_INTERVAL_MS, 10 * 60 * 1000),
    commissionDelayMs: num(env.COMMISSION_DELAY_MS, 3 * 60 * 60 * 1000),
    commissionIntervalMs: num(env.COMMISSION_INTERVAL_MS, 10 * 60 * 1000),
    vipIntervalMs: num(env.VIP_INTERVAL_MS, 60 * 60 * 1000),
    wsPingIntervalMs: num(env.WS_PING_INTERVAL_MS, WS_PING_INTERVAL_MS),
    wsIdleTimeoutMs: num(env.WS_IDLE_TIMEOUT_MS, WS_IDLE_TIMEOUT_MS),
    chatRetentionDays: num(env.CHAT_RETENTION_DAYS, 90),
    ...overrides,
  };
  if (config.production && config.captchaBypassCode) {
    throw new Error('CAPTCHA_BYPASS_CODE must not be set when NODE_ENV=production');
  }
  if (config.production && config.demoVenueFault !== 'none') {
    throw new Error('DEMO_VENUE_FAULT must not be set when NODE_ENV=production');
  }
  return config;
}
