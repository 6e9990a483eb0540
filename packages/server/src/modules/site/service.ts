import { sql } from 'kysely';
import type { AppInfo } from '@app/contract';
import type { Kdb } from '../../db/connect.js';

/**
 * Site settings: the app info of spec §3 plus operator URLs. Read on every member request (the
 * maintenance check), so kept in process for a second; a write refreshes this instance at once.
 */
export interface SiteSettings {
  app: AppInfo;
  /** Customer-service chat URL framed by /kefu. */
  serviceUrl: string;
  /** getVisitUrl: empty means "stay local" (DESIGN §4). */
  visitUrl: string;
  /** Sponsor pages framed by /zhanzhuye?type=1|2. */
  sponsorUrls: { 1: string; 2: string };
  // Hosts /iframepage may frame besides our own origin: contract FRAME_ALLOWED_HOSTS (the app's rule and
  // the CSP's frame-src read the same list).
  trialUsername: string;
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
  cached = { value: row.value as SiteSettings, atMs: now };
  return cached.value;
}

export async function saveSettings(db: Kdb, value: SiteSettings): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('site_settings')
    .values({ key: KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql`now()` }))
    .execute();
  cached = { value, atMs: Date.now() };
}

export async function updateSettings(db: Kdb, patch: (s: SiteSettings) => SiteSettings): Promise<SiteSettings> {
  cached = null;
  const next = patch(structuredClone(await getSettings(db)));
  await saveSettings(db, next);
  return next;
}
