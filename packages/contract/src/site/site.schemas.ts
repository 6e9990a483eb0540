import { z } from 'zod';
import { multiline, numberAsSent } from '../shared/validation.js';
import { SITE_ADMIN_LIMITS as L, siteMaintenanceFailure, siteSettingsFailure } from './site.admin.js';

/**
 * Request schemas of the console's site settings (site.admin.ts). Shapes only take what may come and
 * cap lengths a little above the rules, so the rules (not the shape) answer with their messages.
 */

const str = (max: number) => z.string().trim().max(max + 100).default('');
const flag = () => z.union([z.number(), z.string().max(10)]).default('');

/** POST /admin/api/site/settings */
export const siteSettingsSchema = z
  .object({
    title: str(L.titleMax),
    site_logo: str(300),
    redpacket_switch: flag(),
    trial_switch: flag(),
    index_modal: flag(),
    webcontent: multiline(z.string().trim().max(L.webcontentMax + 100).default('')),
    service_url: str(L.urlMax),
    visit_url: str(L.urlMax),
    sponsor_url_1: str(L.urlMax),
    sponsor_url_2: str(L.urlMax),
    h5_url: str(L.urlMax),
    ios_download_url: str(L.urlMax),
    ios_download_qrcode: str(300),
    android_download_url: str(L.urlMax),
    usdt_rate: numberAsSent(),
    withdraw_usdt_rate: numberAsSent(),
    withdraw_fee_erc20: numberAsSent(),
    withdraw_fee_trc20: numberAsSent(),
    frame_hosts: z.array(z.string().max(L.hostMax + 10).transform((h) => h.trim().toLowerCase())).max(L.frameHostsMax + 10).default([]),
  })
  .superRefine((v, ctx) => {
    const message = siteSettingsFailure(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** POST /admin/api/site/maintenance {on, repair_tips} */
export const siteMaintenanceSchema = z
  .object({ on: z.boolean(), repair_tips: multiline(z.string().trim().max(L.repairTipsMax + 100).default('')) })
  .superRefine((v, ctx) => {
    const message = siteMaintenanceFailure(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
