import { sql } from 'kysely';
import { FRAME_ALLOWED_HOSTS, type AppInfo } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Tx } from '../ledger/service.js';

/**
 * Site settings: the app info of spec §3 plus operator URLs. Read on every member request (the
 * maintenance check), so kept in process for a second; a write refreshes this instance at once.
 */
export interface SiteSettings {
  /** the app info as stored (/api/app adds the sponsor pages' URLs: appInfoOf) */
  app: Omit<AppInfo, 'sponsor_urls'>;
  /** Customer-service chat URL framed by /kefu. */
  serviceUrl: string;
  /** getVisitUrl: empty means "stay local" (DESIGN §4). */
  visitUrl: string;
  /** Sponsor pages framed by /zhanzhuye?type=1|2 ('': the app's built-in page); /api/app carries them as sponsor_urls. */
  sponsorUrls: { 1: string; 2: string };
  // Hosts /iframepage may frame besides our own origin: app.frame_hosts (the app's rule reads it from
  // /api/app and the CSP's frame-src follows it, frameSrcOf); contract FRAME_ALLOWED_HOSTS is the seed's.
  // The guest trial's switch is app.trial_switch (the login page reads it from /api/app).
  /** settings saved before app.trial_switch: an empty name switched the trial off */
  trialUsername?: string;
  /** Exchange rates (yuan per USDT) and the USDT withdrawal fee per network (in USDT). */
  usdtRate: number;
  withdrawUsdtRate: number;
  withdrawFeeErc20: number;
  withdrawFeeTrc20: number;
}

const KEY = 'site';
const CACHE_MS = 1000;
let cached: { value: SiteSettings; atMs: number } | null = null;

export async function getSettings(db: Kdb): Promise<SiteSettings> {
  const now = Date.now();
  if (cached && now - cached.atMs < CACHE_MS) return cached.value;
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) throw new Error('site settings are missing: the seed did not run');
  const value = withDefaults(row.value as SiteSettings);
  cached = { value, atMs: now };
  return cached.value;
}

/**
 * Settings saved before a setting existed take what it stood for then: frame_hosts the contract's
 * list, trial_switch on unless the trial account's name was empty.
 */
export function withDefaults(value: SiteSettings): SiteSettings {
  if (!Array.isArray(value.app.frame_hosts)) value.app.frame_hosts = [...FRAME_ALLOWED_HOSTS];
  if (value.app.trial_switch !== 0 && value.app.trial_switch !== 1) value.app.trial_switch = value.trialUsername === '' ? 0 : 1;
  return value;
}

/** The stored row's time of the last save (the console shows it). */
export async function settingsUpdatedAt(db: Kdb): Promise<Date | null> {
  const row = await db.selectFrom('site_settings').select('updated_at').where('key', '=', KEY).executeTakeFirst();
  return row?.updated_at ?? null;
}

/** The sources of the CSP's frame-src ("'self' https://host …"), made once per settings object. */
let frameSrc: { of: SiteSettings | null; value: string } = { of: null, value: frameSourcesOf(FRAME_ALLOWED_HOSTS) };
export function frameSourcesOf(hosts: readonly string[]): string {
  return ["'self'", ...hosts.map((host) => `https://${host}`)].join(' ');
}
export function frameSrcOf(settings: SiteSettings): string {
  if (frameSrc.of !== settings) frameSrc = { of: settings, value: frameSourcesOf(settings.app.frame_hosts ?? FRAME_ALLOWED_HOSTS) };
  return frameSrc.value;
}

/** A fresh database's settings (the seed, in its transaction); refused when some are saved already. */
export async function createSettings(tx: Tx, value: SiteSettings): Promise<void> {
  await tx.insertInto('site_settings').values({ key: KEY, value: JSON.stringify(value) }).execute();
}

export async function saveSettings(db: Kdb, value: SiteSettings): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('site_settings')
    .values({ key: KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql`now()` }))
    .execute();
  cached = { value: withDefaults(value), atMs: Date.now() };
}

let refreshing: Promise<unknown> | null = null;
/**
 * The settings as last read, without waiting: a copy older than the cache's second is refreshed in
 * the background (one read at a time). Null before the first read. For the CSP, which every response
 * carries, static files included: they must not wait on the database.
 */
export function settingsNow(db: Kdb): SiteSettings | null {
  if (cached && Date.now() - cached.atMs >= CACHE_MS && !refreshing) {
    refreshing = getSettings(db)
      .catch(() => undefined)
      .finally(() => (refreshing = null));
  }
  return cached?.value ?? null;
}

/** After a transaction that saved `value` committed: this instance serves it at once. */
export function rememberSettings(value: SiteSettings): void {
  cached = { value: withDefaults(value), atMs: Date.now() };
}

export async function updateSettings(db: Kdb, patch: (s: SiteSettings) => SiteSettings): Promise<SiteSettings> {
  cached = null;
  const next = patch(structuredClone(await getSettings(db)));
  await saveSettings(db, next);
  return next;
}

/** What /api/app answers: the app info with the sponsor pages' URLs, made once per settings object. */
let appAnswer: { of: SiteSettings | null; value: AppInfo | null } = { of: null, value: null };
export function appInfoOf(settings: SiteSettings): AppInfo {
  if (appAnswer.of !== settings || !appAnswer.value) appAnswer = { of: settings, value: { ...settings.app, sponsor_urls: [settings.sponsorUrls[1] ?? '', settings.sponsorUrls[2] ?? ''] } };
  return appAnswer.value!;
}
