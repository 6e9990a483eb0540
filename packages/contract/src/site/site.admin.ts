/**
 * Site settings in the console (spec §3 app info): the editable settings' wire
 * shape, each field's rule and its Chinese message, one home for the server and the console (the
 * editor runs the same rules as typed). No zod here: the schemas are in site.schemas.ts.
 */
import { fmt } from '../shared/messages.js';
import { CONTENT_IMAGE_RE } from '../shared/regex.js';

export const SITE_ADMIN_LIMITS = {
  titleMax: 20,
  urlMax: 500,
  /** the welcome modal's HTML (sanitized when saved) */
  webcontentMax: 20_000,
  repairTipsMax: 200,
  /** yuan per USDT, and the USDT fees */
  rateMax: 1000,
  feeMax: 1000,
  rateDecimals: 4,
  frameHostsMax: 20,
  hostMax: 253,
} as const;

const L = SITE_ADMIN_LIMITS;

export const SITE_ADMIN_MSG = {
  saved: '站点设置已保存',
  maintenanceOn: '维护模式已开启',
  maintenanceOff: '维护模式已关闭',
  title: `站点名称须为1~${L.titleMax}个字符`,
  logo: '请上传站点Logo',
  image: '{label}须为上传的图片',
  switch: '{label}只能为开启或关闭',
  url: `{label}须为 http(s) 地址或以 / 开头的站内路径，最多${L.urlMax}个字符`,
  urlRequired: '请填写{label}',
  framed: '{label}为外部地址时须使用 https，且其域名须在允许嵌入的域名中',
  webcontent: `首页弹窗内容最多${L.webcontentMax}个字符`,
  webcontentRequired: '开启首页弹窗时请填写弹窗内容',
  rate: `{label}须大于0且不超过${L.rateMax}，最多${L.rateDecimals}位小数`,
  fee: `{label}须为0~${L.feeMax}，最多${L.rateDecimals}位小数`,
  host: '允许嵌入的域名格式不正确：{host}（只填域名，如 partner.example.com，可带端口）',
  hostDuplicate: '允许嵌入的域名重复：{host}',
  hostsMax: `允许嵌入的域名最多${L.frameHostsMax}个`,
  repairTips: `维护提示须为1~${L.repairTipsMax}个字符`,
} as const;

/** What POST /admin/api/site/settings takes (everything but maintenance, which has its own route). */
export interface SiteSettingsForm {
  title: string;
  /** an uploaded image (/uploads/site/…) or one of the app's own (/assets/…) */
  site_logo: string;
  redpacket_switch: 0 | 1;
  /** 免费试玩: guests may open a trial account (1) or not (0) */
  trial_switch: 0 | 1;
  index_modal: 0 | 1;
  /** HTML, sanitized when saved (the app's welcome modal shows it as is) */
  webcontent: string;
  /** 在线客服 (/kefu frames it) */
  service_url: string;
  /** getVisitUrl; '' means stay local */
  visit_url: string;
  /** /zhanzhuye?type=1 and 2 frame these ('': the app's built-in sponsor page) */
  sponsor_url_1: string;
  sponsor_url_2: string;
  h5_url: string;
  ios_download_url: string;
  /** the QR image of the download page ('' for none: the page draws one from the URL) */
  ios_download_qrcode: string;
  android_download_url: string;
  /** yuan per USDT: deposits, withdrawals */
  usdt_rate: number;
  withdraw_usdt_rate: number;
  /** USDT withdrawal fee per network, in USDT */
  withdraw_fee_erc20: number;
  withdraw_fee_trc20: number;
  /** hosts (besides the site's own) the app may frame over https; the CSP frame-src follows them */
  frame_hosts: string[];
}

/** GET /admin/api/site/settings */
export interface AdminSiteSettings {
  settings: SiteSettingsForm;
  maintenance: SiteMaintenanceForm;
  /** the last save, Beijing time ('' when never saved since the seed) */
  updated_at: string;
}

/** POST /admin/api/site/maintenance: on puts the member app into the repair screen with the tips. */
export interface SiteMaintenanceForm {
  on: boolean;
  repair_tips: string;
}

/** The field labels the messages name (and the console's form shows). */
export const SITE_FIELD_LABELS: Record<keyof SiteSettingsForm, string> = {
  title: '站点名称',
  site_logo: '站点Logo',
  redpacket_switch: '红包开关',
  trial_switch: '免费试玩',
  index_modal: '首页弹窗',
  webcontent: '弹窗内容',
  service_url: '客服链接',
  visit_url: '跳转地址',
  sponsor_url_1: '赞助页面1',
  sponsor_url_2: '赞助页面2',
  h5_url: 'H5地址',
  ios_download_url: 'iOS下载地址',
  ios_download_qrcode: '下载二维码',
  android_download_url: 'Android下载地址',
  usdt_rate: '存款汇率',
  withdraw_usdt_rate: '提现汇率',
  withdraw_fee_erc20: 'ERC20手续费',
  withdraw_fee_trc20: 'TRC20手续费',
  frame_hosts: '允许嵌入的域名',
};

/** host[:port], lower case, dot-separated labels; no scheme, path, wildcard or user. */
const HOST_RE = /^(?=.{1,253}(:|$))([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;
// eslint-disable-next-line no-control-regex
const UNSAFE_RE = /[\u0000-\u0020\u007f\\<>"']/;

/** A site-relative path (/…, not //…) or an absolute http(s) URL without credentials. */
export function siteUrlOk(raw: string): boolean {
  if (raw.length > L.urlMax || UNSAFE_RE.test(raw)) return false;
  if (raw.startsWith('/')) return !raw.startsWith('//');
  if (!/^https?:\/\//i.test(raw)) return false;
  try {
    const url = new URL(raw);
    return !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Hosts are kept lower case: what the form's tag list sends goes through this. */
export const normalizeHost = (host: string): string => host.trim().toLowerCase();
export const siteHostOk = (host: string): boolean => host.length <= L.hostMax && HOST_RE.test(host);

const decimalsOk = (n: number) => Math.abs(Math.round(n * 10 ** L.rateDecimals) - n * 10 ** L.rateDecimals) < 1e-6;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The order the editor shows its sections in; the first failing field in this order is reported. */
const ORDER: (keyof SiteSettingsForm)[] = [
  'title', 'site_logo', 'redpacket_switch', 'trial_switch', 'index_modal', 'webcontent',
  'service_url', 'visit_url', 'sponsor_url_1', 'sponsor_url_2', 'h5_url',
  'ios_download_url', 'android_download_url', 'ios_download_qrcode',
  'usdt_rate', 'withdraw_usdt_rate', 'withdraw_fee_erc20', 'withdraw_fee_trc20',
  'frame_hosts',
];
/** URLs the app frames: an absolute one must be https on an allowed host (the CSP would block it otherwise). */
const FRAMED: ReadonlySet<keyof SiteSettingsForm> = new Set(['service_url', 'sponsor_url_1', 'sponsor_url_2']);
/**
 * URLs that may be left empty (an empty service_url is the built-in live chat, service-chat/service-chat.ts; an
 * empty sponsor page the app's built-in one).
 */
const OPTIONAL_URL: ReadonlySet<keyof SiteSettingsForm> = new Set(['service_url', 'visit_url', 'sponsor_url_1', 'sponsor_url_2', 'ios_download_url', 'android_download_url']);

function framedOk(raw: string, hosts: readonly string[]): boolean {
  if (raw.startsWith('/')) return true;
  const url = new URL(raw);
  return url.protocol === 'https:' && hosts.includes(url.host.toLowerCase());
}

/** One field's failure (message) against the whole form (framed URLs look at frame_hosts), or null. */
export function siteFieldFailure(field: keyof SiteSettingsForm, form: object): string | null {
  const f = form as Record<string, unknown>;
  const label = SITE_FIELD_LABELS[field];
  const v = f[field];
  switch (field) {
    case 'title':
      return typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= L.titleMax ? null : SITE_ADMIN_MSG.title;
    case 'site_logo':
      if (typeof v !== 'string' || !v) return SITE_ADMIN_MSG.logo;
      return CONTENT_IMAGE_RE.test(v) ? null : fmt(SITE_ADMIN_MSG.image, { label });
    case 'ios_download_qrcode':
      return typeof v === 'string' && (v === '' || CONTENT_IMAGE_RE.test(v)) ? null : fmt(SITE_ADMIN_MSG.image, { label });
    case 'redpacket_switch':
    case 'trial_switch':
    case 'index_modal':
      return v === 0 || v === 1 ? null : fmt(SITE_ADMIN_MSG.switch, { label });
    case 'webcontent':
      if (typeof v !== 'string' || v.length > L.webcontentMax) return SITE_ADMIN_MSG.webcontent;
      return f.index_modal === 1 && !v.trim() ? SITE_ADMIN_MSG.webcontentRequired : null;
    case 'usdt_rate':
    case 'withdraw_usdt_rate':
      return isNum(v) && v > 0 && v <= L.rateMax && decimalsOk(v) ? null : fmt(SITE_ADMIN_MSG.rate, { label });
    case 'withdraw_fee_erc20':
    case 'withdraw_fee_trc20':
      return isNum(v) && v >= 0 && v <= L.feeMax && decimalsOk(v) ? null : fmt(SITE_ADMIN_MSG.fee, { label });
    case 'frame_hosts': {
      if (!Array.isArray(v)) return fmt(SITE_ADMIN_MSG.host, { host: '' });
      if (v.length > L.frameHostsMax) return SITE_ADMIN_MSG.hostsMax;
      const seen = new Set<string>();
      for (const host of v) {
        if (typeof host !== 'string' || !siteHostOk(host)) return fmt(SITE_ADMIN_MSG.host, { host: String(host).slice(0, 60) });
        if (seen.has(host)) return fmt(SITE_ADMIN_MSG.hostDuplicate, { host });
        seen.add(host);
      }
      return null;
    }
    default: {
      // the URLs
      if (typeof v !== 'string') return fmt(SITE_ADMIN_MSG.url, { label });
      if (!v) return OPTIONAL_URL.has(field) ? null : fmt(SITE_ADMIN_MSG.urlRequired, { label });
      if (!siteUrlOk(v)) return fmt(SITE_ADMIN_MSG.url, { label });
      const hosts = Array.isArray(f.frame_hosts) ? (f.frame_hosts as string[]) : [];
      return FRAMED.has(field) && !framedOk(v, hosts) ? fmt(SITE_ADMIN_MSG.framed, { label }) : null;
    }
  }
}

/** Every failing field with its message (the editor marks each one as typed). */
export function siteSettingsFailures(f: object): Partial<Record<keyof SiteSettingsForm, string>> {
  const out: Partial<Record<keyof SiteSettingsForm, string>> = {};
  for (const field of ORDER) {
    const message = siteFieldFailure(field, f);
    if (message) out[field] = message;
  }
  return out;
}

/** The first failure in the editor's order, or null: what the server answers. */
export function siteSettingsFailure(f: object): string | null {
  for (const field of ORDER) {
    const message = siteFieldFailure(field, f);
    if (message) return message;
  }
  return null;
}

/** The maintenance switch's rule: the tips are what members read, 1–200 characters. */
export function siteMaintenanceFailure(f: { repair_tips?: unknown }): string | null {
  const t = f.repair_tips;
  return typeof t === 'string' && t.trim().length >= 1 && t.length <= L.repairTipsMax ? null : SITE_ADMIN_MSG.repairTips;
}

/** A rate as the app shows it: two decimals at least (7.20), up to the four a setting may have (7.1234). */
export function formatRate(rate: number): string {
  return rate.toFixed(L.rateDecimals).replace(/0{1,2}$/, '');
}
