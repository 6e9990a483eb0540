import type { Transaction } from 'kysely';
import { FRAME_ALLOWED_HOSTS } from '@app/contract';
import type { Database } from '../db/schema.js';
import type { Config } from '../config.js';
import { createSettings, type SiteSettings } from '../modules/site/service.js';

export function defaultSettings(): SiteSettings {
  return {
    app: {
      title: '星耀娱乐',
      site_state: 1,
      repair_tips: '系统升级维护中，预计30分钟后恢复，给您带来不便敬请谅解。',
      redpacket_switch: 1,
      index_modal: 1,
      webcontent:
        '<p><b>欢迎来到星耀娱乐！</b></p><p>新会员首存即享100%彩金，每日返水无上限，VIP晋级礼金天天送。</p><p>理性娱乐，量力而行。</p>',
      site_logo: '/assets/logo.svg',
      h5_url: '/',
      ios_download_url: '/#/app',
      ios_download_qrcode: '',
      android_download_url: '/#/app',
      frame_hosts: [...FRAME_ALLOWED_HOSTS],
      trial_switch: 1,
    },
    // empty: the built-in live chat (modules/service-chat); an external URL here is framed instead
    serviceUrl: '',
    visitUrl: '',
    // empty: the member app's built-in sponsor pages (features/sponsor)
    sponsorUrls: { 1: '', 2: '' },
    usdtRate: 7.2,
    withdrawUsdtRate: 7.3,
    withdrawFeeErc20: 5,
    withdrawFeeTrc20: 1,
  };
}

export async function seedSite(tx: Transaction<Database>, _config: Config): Promise<void> {
  await createSettings(tx, defaultSettings());
}
