/**
 * The console's 游戏供应商 (game providers, DESIGN §6): how the platform reaches each provider (transfer
 * wallet) or is reached by it (seamless wallet), under which merchant id and shared key, and how well
 * its calls go. The limits, rules and messages live here, read by the server's schemas
 * (providers.schemas.ts), by the providers module, which checks every change again, and by the
 * console's forms, so all three refuse with the same words. A key is shown whole only in the answer
 * that made it (adding a provider, rotating its key); every list shows it masked.
 */
import { GAME_CATEGORIES, type GameCategory } from '../shared/constants.js';
import { fmt } from '../shared/messages.js';
import { charCount, isIntAsSentIn } from '../shared/rules.js';

export const PROVIDER_MODES = ['transfer', 'seamless'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];
export const PROVIDER_MODE_LABELS: Record<ProviderMode, string> = { transfer: '转账钱包', seamless: '无缝钱包' };

export const PROVIDER_STATES = ['on', 'off', 'maintenance'] as const;
export type ProviderState = (typeof PROVIDER_STATES)[number];
export const PROVIDER_STATE_LABELS: Record<ProviderState, string> = { on: '开启', off: '关闭', maintenance: '维护中' };

/** How long the previous key stays accepted after a rotation: the default, and at most a week. */
export const PROVIDER_ROTATION_OVERLAP_S = { default: 24 * 3600, max: 7 * 24 * 3600 } as const;

export const PROVIDER_LIMITS = {
  codeMax: 32,
  nameMax: 64,
  merchantMax: 64,
  baseUrlMax: 300,
  keyMin: 32,
  keyMax: 256,
  timeoutMinMs: 100,
  timeoutMaxMs: 60_000,
  timeoutDefaultMs: 5000,
  venuesMax: 20,
  venueCodeMax: 32,
  venueNameMax: 30,
  overlapMaxHours: PROVIDER_ROTATION_OVERLAP_S.max / 3600,
  overlapDefaultHours: PROVIDER_ROTATION_OVERLAP_S.default / 3600,
} as const;

export const PROVIDER_MSG = {
  code: '供应商代码须为2~{max}位字母、数字或下划线',
  codeTaken: '供应商代码已存在',
  name: '供应商名称须为1~{max}个字符',
  mode: '请选择接入方式：转账钱包或无缝钱包',
  baseUrl: '接口地址须为 http:// 或 https:// 开头的网址，不超过{max}个字符',
  baseUrlRequired: '转账钱包须填写接口地址',
  merchant: '商户号须为2~{max}位字母、数字、下划线、点或短横线',
  merchantTaken: '该商户号已被其他供应商使用',
  key: '密钥须为{min}~{max}位可见字符（不含空格），留空则自动生成',
  timeout: '超时时间须为{min}~{max}毫秒之间的整数',
  categories: '游戏分类须从大厅分类中选择',
  venues: '请填写1~{max}个场馆',
  venueCode: '场馆代码须为2~{max}位字母、数字或下划线',
  venueName: '场馆名称须为1~{max}个字符',
  venueDuplicate: '场馆代码重复：{code}',
  venueTaken: '场馆代码已存在：{code}',
  state: '状态须为开启、关闭或维护中',
  overlap: '旧密钥保留时长须为0~{max}小时之间的整数',
  missing: '游戏供应商不存在',
  created: '供应商已添加，请立即保存密钥',
  saved: '供应商已保存',
  stateOn: '供应商已开启',
  stateOff: '供应商已关闭',
  stateMaintenance: '供应商已进入维护',
  rotated: '密钥已轮换，请立即保存新密钥',
  /** beside a key shown whole: the one time it is */
  keyOnce: '密钥只显示这一次，关闭后无法再次查看。请立即复制，并通过安全渠道交给供应商。',
} as const;

/** What a state switch answers, by the state it set. */
export const PROVIDER_STATE_DONE: Record<ProviderState, string> = { on: PROVIDER_MSG.stateOn, off: PROVIDER_MSG.stateOff, maintenance: PROVIDER_MSG.stateMaintenance };

/** One window of a provider's calls (the last 5 minutes, the last hour). */
export interface ProviderHealthWindow {
  calls: number;
  errors: number;
  /** calls per minute over the window (the current minute counted as far as it went) */
  calls_per_min: number;
  /** errors ÷ calls, 0–1 (0 without calls) */
  error_rate: number;
  /** the 99th percentile of the calls' time, ms (a bucket's upper bound); null without calls */
  p99_ms: number | null;
  /** the newest failure in the window: Beijing time and a short reason */
  last_failure: { at: string; reason: string } | null;
}

export interface ProviderHealth {
  last_5m: ProviderHealthWindow;
  last_1h: ProviderHealthWindow;
}

export interface AdminProviderVenue {
  code: string;
  name: string;
  /** open to members (false: under maintenance, 场馆维护) */
  enabled: boolean;
}

/** A provider as the console lists it: keys masked, never whole; no internal id. */
export interface AdminProvider {
  code: string;
  name: string;
  mode: ProviderMode;
  base_url: string;
  merchant_id: string;
  timeout_ms: number;
  categories: GameCategory[];
  venues: AdminProviderVenue[];
  state: ProviderState;
  /** the current key masked: ****abcd */
  key: string;
  /** the previous key masked, while a rotation's overlap lasts; else null */
  previous_key: string | null;
  /** Beijing time the previous key stops being accepted; null without an overlap */
  previous_key_until: string | null;
  health: ProviderHealth;
  /** Beijing times */
  created_at: string;
  updated_at: string;
}

/** POST /admin/api/providers: a new provider with its venues (`key` '' or absent: a fresh random one). */
export interface NewProviderForm {
  code: string;
  name: string;
  mode: ProviderMode;
  base_url: string;
  merchant_id: string;
  key?: string;
  timeout_ms: number;
  categories: GameCategory[];
  venues: AdminProviderVenue[];
}

/** POST /admin/api/providers/:code: what staff may change of a provider. */
export type ProviderEditForm = Pick<NewProviderForm, 'name' | 'base_url' | 'timeout_ms' | 'categories'>;

/** POST /admin/api/providers/:code/rotate-key: the old key's overlap in hours (`key` '' or absent: a fresh random one). */
export interface ProviderRotateForm {
  overlap_hours: number;
  key?: string;
}

/** The answer of adding a provider or rotating its key: the one time the key is shown whole. */
export interface AdminProviderWithKey {
  provider: AdminProvider;
  key: string;
}

// ---- rules: each field's, then each form's in the form's order ------------------------------------

const CODE_RE = new RegExp(`^[A-Za-z0-9_]{2,${PROVIDER_LIMITS.codeMax}}$`);
const VENUE_CODE_RE = new RegExp(`^[A-Za-z0-9_]{2,${PROVIDER_LIMITS.venueCodeMax}}$`);
const MERCHANT_RE = new RegExp(`^[A-Za-z0-9_.-]{2,${PROVIDER_LIMITS.merchantMax}}$`);
const KEY_RE = new RegExp(`^[\\x21-\\x7e]{${PROVIDER_LIMITS.keyMin},${PROVIDER_LIMITS.keyMax}}$`);
const URL_RE = /^https?:\/\/[^\s/]+\S*$/;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export function providerCodeFailure(v: unknown): string | null {
  const s = trimmed(v);
  return typeof s === 'string' && CODE_RE.test(s) ? null : fmt(PROVIDER_MSG.code, { max: PROVIDER_LIMITS.codeMax });
}

export function providerNameFailure(v: unknown): string | null {
  const n = charCount(v);
  return n >= 1 && n <= PROVIDER_LIMITS.nameMax ? null : fmt(PROVIDER_MSG.name, { max: PROVIDER_LIMITS.nameMax });
}

export function providerModeFailure(v: unknown): string | null {
  return (PROVIDER_MODES as readonly unknown[]).includes(v) ? null : PROVIDER_MSG.mode;
}

export function providerStateFailure(v: unknown): string | null {
  return (PROVIDER_STATES as readonly unknown[]).includes(v) ? null : PROVIDER_MSG.state;
}

/** '' (none: a seamless provider calls the platform) or an http(s) address. */
export function providerBaseUrlFailure(v: unknown): string | null {
  const s = trimmed(v ?? '');
  return typeof s === 'string' && s.length <= PROVIDER_LIMITS.baseUrlMax && (s === '' || URL_RE.test(s)) ? null : fmt(PROVIDER_MSG.baseUrl, { max: PROVIDER_LIMITS.baseUrlMax });
}

/** A provider in transfer mode is called by the platform: it needs its address. */
export function providerBaseUrlNeeded(mode: unknown, baseUrl: unknown): string | null {
  return mode === 'transfer' && (typeof baseUrl !== 'string' || baseUrl.trim() === '') ? PROVIDER_MSG.baseUrlRequired : null;
}

export function providerMerchantFailure(v: unknown): string | null {
  const s = trimmed(v);
  return typeof s === 'string' && MERCHANT_RE.test(s) ? null : fmt(PROVIDER_MSG.merchant, { max: PROVIDER_LIMITS.merchantMax });
}

/** A key staff paste (the provider's own), as typed; '' or absent: the platform makes one. */
export function providerKeyFailure(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  return typeof v === 'string' && KEY_RE.test(v) ? null : fmt(PROVIDER_MSG.key, { min: PROVIDER_LIMITS.keyMin, max: PROVIDER_LIMITS.keyMax });
}

export function providerTimeoutFailure(v: unknown): string | null {
  return isIntAsSentIn(v, PROVIDER_LIMITS.timeoutMinMs, PROVIDER_LIMITS.timeoutMaxMs) ? null : fmt(PROVIDER_MSG.timeout, { min: PROVIDER_LIMITS.timeoutMinMs, max: PROVIDER_LIMITS.timeoutMaxMs });
}

export function providerCategoriesFailure(v: unknown): string | null {
  const ok = Array.isArray(v) && v.length <= GAME_CATEGORIES.length && v.every((c) => (GAME_CATEGORIES as readonly unknown[]).includes(c)) && new Set(v).size === v.length;
  return ok ? null : PROVIDER_MSG.categories;
}

/** The venues a new provider brings: 1–venuesMax, each a code not repeated and a name. */
export function providerVenuesFailure(v: unknown): string | null {
  if (!Array.isArray(v) || v.length < 1 || v.length > PROVIDER_LIMITS.venuesMax) return fmt(PROVIDER_MSG.venues, { max: PROVIDER_LIMITS.venuesMax });
  const seen = new Set<string>();
  for (const venue of v as Partial<AdminProviderVenue>[]) {
    const code = trimmed(venue?.code);
    if (typeof code !== 'string' || !VENUE_CODE_RE.test(code)) return fmt(PROVIDER_MSG.venueCode, { max: PROVIDER_LIMITS.venueCodeMax });
    const name = charCount(venue?.name);
    if (name < 1 || name > PROVIDER_LIMITS.venueNameMax) return fmt(PROVIDER_MSG.venueName, { max: PROVIDER_LIMITS.venueNameMax });
    if (seen.has(code.toUpperCase())) return fmt(PROVIDER_MSG.venueDuplicate, { code });
    seen.add(code.toUpperCase());
  }
  return null;
}

export function providerOverlapFailure(v: unknown): string | null {
  return isIntAsSentIn(v, 0, PROVIDER_LIMITS.overlapMaxHours) ? null : fmt(PROVIDER_MSG.overlap, { max: PROVIDER_LIMITS.overlapMaxHours });
}

type Loose<T> = Partial<Record<keyof T, unknown>>;

/** A new provider's first failure, in the form's order. */
export function newProviderFailure(f: Loose<NewProviderForm>): string | null {
  return (
    providerCodeFailure(f.code) ??
    providerNameFailure(f.name) ??
    providerModeFailure(f.mode) ??
    providerBaseUrlFailure(f.base_url) ??
    providerBaseUrlNeeded(f.mode, f.base_url) ??
    providerMerchantFailure(f.merchant_id) ??
    providerKeyFailure(f.key) ??
    providerTimeoutFailure(f.timeout_ms) ??
    providerCategoriesFailure(f.categories ?? []) ??
    providerVenuesFailure(f.venues)
  );
}

/** An edit's first failure (whether a transfer provider keeps its address is the server's to check: it knows the mode). */
export function providerEditFailure(f: Loose<ProviderEditForm>): string | null {
  return providerNameFailure(f.name) ?? providerBaseUrlFailure(f.base_url) ?? providerTimeoutFailure(f.timeout_ms) ?? providerCategoriesFailure(f.categories ?? []);
}

export function providerRotateFailure(f: Loose<ProviderRotateForm>): string | null {
  return providerOverlapFailure(f.overlap_hours) ?? providerKeyFailure(f.key);
}
