import { type AdminSiteSettings, type SiteMaintenanceForm, type SiteSettingsForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { sanitizeHtml } from '../content/sanitize.js';
import { rememberSettings, withDefaults, type SiteSettings } from './service.js';

/**
 * 站点设置: the site settings (service.ts) as staff edit them in the console. A save
 * reads the stored row under a lock, writes it and its audit row (before/after) in one transaction,
 * then this instance serves it at once (the others within the settings cache's second).
 */

const KEY = 'site';
const TARGET = 'site:settings';

/** The editable part of the settings, as the console sees it. */
export function formOf(s: SiteSettings): SiteSettingsForm {
  return {
    title: s.app.title,
    site_logo: s.app.site_logo,
    redpacket_switch: s.app.redpacket_switch,
    trial_switch: s.app.trial_switch,
    index_modal: s.app.index_modal,
    webcontent: s.app.webcontent,
    service_url: s.serviceUrl,
    visit_url: s.visitUrl,
    sponsor_url_1: s.sponsorUrls[1],
    sponsor_url_2: s.sponsorUrls[2],
    h5_url: s.app.h5_url,
    ios_download_url: s.app.ios_download_url,
    ios_download_qrcode: s.app.ios_download_qrcode,
    android_download_url: s.app.android_download_url,
    usdt_rate: s.usdtRate,
    withdraw_usdt_rate: s.withdrawUsdtRate,
    withdraw_fee_erc20: s.withdrawFeeErc20,
    withdraw_fee_trc20: s.withdrawFeeTrc20,
    frame_hosts: [...s.app.frame_hosts],
  };
}

function withForm(s: SiteSettings, f: SiteSettingsForm): SiteSettings {
  return {
    ...s,
    app: {
      ...s.app,
      title: f.title,
      site_logo: f.site_logo,
      redpacket_switch: f.redpacket_switch,
      trial_switch: f.trial_switch,
      index_modal: f.index_modal,
      webcontent: f.webcontent,
      h5_url: f.h5_url,
      ios_download_url: f.ios_download_url,
      ios_download_qrcode: f.ios_download_qrcode,
      android_download_url: f.android_download_url,
      frame_hosts: f.frame_hosts,
    },
    serviceUrl: f.service_url,
    visitUrl: f.visit_url,
    sponsorUrls: { 1: f.sponsor_url_1, 2: f.sponsor_url_2 },
    usdtRate: f.usdt_rate,
    withdrawUsdtRate: f.withdraw_usdt_rate,
    withdrawFeeErc20: f.withdraw_fee_erc20,
    withdrawFeeTrc20: f.withdraw_fee_trc20,
  };
}

/** The stored settings (not the one-second cache) with the maintenance state and the last save. */
export async function adminSiteSettings(db: Kdb): Promise<AdminSiteSettings> {
  const row = await db.selectFrom('site_settings').select(['value', 'updated_at']).where('key', '=', KEY).executeTakeFirstOrThrow();
  const s = withDefaults(row.value as SiteSettings);
  return {
    settings: formOf(s),
    maintenance: { on: s.app.site_state === 0, repair_tips: s.app.repair_tips },
    updated_at: beijing(row.updated_at),
  };
}

/** Reads the row under a lock, applies `change`, writes it and the audit row; then serves it here. */
async function change(db: Kdb, actor: Actor, action: 'site.settings' | 'site.maintenance', apply: (s: SiteSettings) => SiteSettings, audited: (s: SiteSettings) => unknown): Promise<void> {
  const saved = await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('site_settings').select('value').where('key', '=', KEY).forUpdate().executeTakeFirstOrThrow();
    const before = withDefaults(row.value as SiteSettings);
    const after = apply(structuredClone(before));
    await tx
      .updateTable('site_settings')
      .set({ value: JSON.stringify(after), updated_at: new Date() })
      .where('key', '=', KEY)
      .execute();
    await writeAudit(tx, actor, action, TARGET, audited(before), audited(after));
    return after;
  });
  rememberSettings(saved);
}

/** Saves the editable settings (the schema ran siteSettingsFailure); the modal's HTML is sanitized. */
export async function saveSiteSettings(db: Kdb, actor: Actor, form: SiteSettingsForm): Promise<AdminSiteSettings> {
  const clean: SiteSettingsForm = { ...form, webcontent: sanitizeHtml(form.webcontent) };
  await change(db, actor, 'site.settings', (s) => withForm(s, clean), formOf);
  return adminSiteSettings(db);
}

/** Maintenance on (site_state 0: members get 503 with the tips) or off, with the tips shown. */
export async function setMaintenance(db: Kdb, actor: Actor, m: SiteMaintenanceForm): Promise<AdminSiteSettings> {
  await change(
    db,
    actor,
    'site.maintenance',
    (s) => ({ ...s, app: { ...s.app, site_state: m.on ? 0 : 1, repair_tips: m.repair_tips } }),
    (s) => ({ on: s.app.site_state === 0, repair_tips: s.app.repair_tips }),
  );
  return adminSiteSettings(db);
}
