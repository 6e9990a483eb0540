import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertBanners, insertNotices, saveArticle, BANNER_TYPE } from '../modules/content/service.js';
import { insertGameEntries } from '../modules/games/catalogue.js';
import { insertActivity, insertActivityType } from '../modules/promotions/activities.js';
import { writeActivityRules } from '../modules/promotions/rules.js';
import { insertVenues } from '../modules/venues/service.js';
import { activityRulesFailure, beijingWireTime, DEFAULT_REDPACKET_RULES as RP } from '@app/contract';
import { ACTIVITIES, ACTIVITY_TYPES, redPacketTop } from './activities.js';
import { ARTICLES } from './articles.js';
import { CATALOGUE, gameImage } from './catalogue.js';
import { seedVipTiers } from './vip.js';

/**
 * Demo content of a fresh database: banners, notices, the game catalogue, promotions, help
 * articles and VIP tiers. Every picture it names lives under packages/h5/public/assets (a test
 * checks this).
 */
const DAY_MS = 86_400_000;

function daysAgo(days: number, hour = 10): Date {
  const d = new Date(Date.now() - days * DAY_MS);
  d.setUTCHours(hour - 8, 0, 0, 0); // `hour` o'clock Beijing time
  return d;
}

const NOTICES: { title: string; content: string; ageDays: number }[] = [
  {
    title: '天天红包雨上线公告',
    content: `尊敬的会员：天天红包雨现已上线，每日${RP.start_time}~${RP.end_time}（北京时间）开放抽取，前一日${RP.end_time}至当日${RP.start_time}存款满${Math.min(...RP.tiers.map((t) => t.recharge))}元即可获得抽取资格，存款与投注越多次数越多，单个红包最高${redPacketTop}元。详情请查看优惠活动页面。`,
    ageDays: 1,
  },
  {
    title: '限时冲刺奖火热进行中',
    content: '限时冲刺奖现已开放：近3天有效投注满5,000元即可在优惠活动页面申请88元彩金，每人一次，活动截止后不再受理。',
    ageDays: 3,
  },
  {
    title: '关于USDT存款通道升级的通知',
    content: 'USDT存款通道已完成升级，现同时支持TRC20与ERC20协议。转账前请务必核对收款地址与协议，协议选择错误将导致资金无法到账。',
    ageDays: 5,
  },
  {
    title: '防范诈骗提醒',
    content: '近期发现有不法分子冒充平台客服，以“解冻账户”“刷流水”等理由诱导会员转账。官方客服不会索要您的密码，也不会要求您向私人账户转账，请提高警惕。',
    ageDays: 8,
  },
  {
    title: '演示真人B系统维护公告',
    content: '演示真人B将于本周三凌晨02:00~05:00进行例行维护，维护期间无法进入游戏，请提前将场馆余额转回中心钱包。给您带来不便，敬请谅解。',
    ageDays: 10,
  },
  {
    title: '每日返水规则调整说明',
    content: '自本月起，返水将在次日24小时内计入返水中心，会员可自行一键领取，返水只需1倍有效投注即可取款。VIP等级越高，返水比例越高，最高可达1.20%。',
    ageDays: 14,
  },
  {
    title: '星耀娱乐APP全新上线',
    content: '星耀娱乐APP全新上线，界面更流畅、存取更快捷。前往“APP下载”页面即可安装，随时随地参与优惠活动。',
    ageDays: 21,
  },
];

/**
 * Hall banners (type 2) and app-download banners (type 3). Every banner opens what it promises (its
 * url, read by the member app's useOpenLink): `activity` the detail of a seeded promotion, `route`
 * a screen of the member app. The pictures (assets/generate.ts) draw their figures from the same
 * activities, VIP tiers and red-packet rules.
 */
export const BANNERS: { type: number; src: string; activity?: string; route?: string }[] = [
  { type: BANNER_TYPE.hall, src: '/assets/banners/hall-1.svg', activity: 'first-deposit' },
  // 每日返水 无上限 · 最高1.20%: the VIP page's 返水比例 table (the 返水中心 itself links there too).
  { type: BANNER_TYPE.hall, src: '/assets/banners/hall-2.svg', route: '/vip' },
  { type: BANNER_TYPE.hall, src: '/assets/banners/hall-3.svg', activity: 'vip-upgrade' },
  { type: BANNER_TYPE.hall, src: '/assets/banners/hall-4.svg', activity: 'red-packet' },
  { type: BANNER_TYPE.hall, src: '/assets/banners/hall-5.svg', activity: 'sprint' },
  // 随时随地 畅玩无忧 · 真人 · 体育 · 电竞 · 彩票: the hall and its games (the installed app is this site).
  { type: BANNER_TYPE.app, src: '/assets/banners/app-1.svg', route: '/' },
  { type: BANNER_TYPE.app, src: '/assets/banners/app-2.svg', activity: 'first-deposit' },
  // 安全稳定 极速存取 · 复式记账 资金实时对账 · 7×24小时客服: 关于我们 (资金安全, 贴心服务).
  { type: BANNER_TYPE.app, src: '/assets/banners/app-3.svg', route: '/boutBallBetInfo?type=7' },
];

function bannerUrl(b: (typeof BANNERS)[number], activityIds: Map<string, number>): string {
  if (b.activity) {
    const id = activityIds.get(b.activity);
    if (!id) throw new Error(`banner ${b.src}: no seeded activity ${b.activity}`);
    return `/#/activityInfo?id=${id}`;
  }
  if (!b.route) throw new Error(`banner ${b.src} has no target`);
  return `/#${b.route}`;
}

export async function seedContent(tx: Transaction<Database>): Promise<void> {
  const typeIds = new Map<string, number>();
  for (const [i, name] of ACTIVITY_TYPES.entries()) {
    typeIds.set(name, await insertActivityType(tx, { name, sort: i + 1 }));
  }
  const activityIds = new Map<string, number>();
  for (const [i, a] of ACTIVITIES.entries()) {
    // A limited-time activity closes at the end of the Beijing day endsInDays after the seed.
    const endsAt = a.endsInDays ? `${beijingWireTime(new Date(Date.now() + a.endsInDays * DAY_MS)).slice(0, 10)} 23:59:59` : '';
    const id = await insertActivity(tx, {
      typeId: typeIds.get(a.type)!,
      banner: `/assets/activities/activity-${i + 1}.svg`,
      title: a.title,
      content: a.content,
      memo: a.memo.replace('{ends}', endsAt),
      sort: i + 1,
      createdAt: daysAgo(a.ageDays),
    });
    if (a.rules) {
      // Seeded rules pass the same validation as the console's, and are written by the same writer.
      const form = { ...a.rules, ends_at: endsAt };
      const failure = activityRulesFailure(form);
      if (failure) throw new Error(`seeded activity ${a.key}: ${failure}`);
      await writeActivityRules(tx, id, form);
    }
    activityIds.set(a.key, id);
  }

  await insertBanners(
    tx,
    BANNERS.map((b, i) => ({
      type: b.type,
      src: b.src,
      url: bannerUrl(b, activityIds),
      sort: i + 1,
    })),
  );

  await insertNotices(
    tx,
    NOTICES.map((n, i) => ({ title: n.title, content: n.content, on_home: true, created_at: daysAgo(n.ageDays, 9 + (i % 8)) })),
  );

  await insertGameEntries(
    tx,
    CATALOGUE.map((g, i) => ({
      category_id: g.category,
      platform_name: g.platform,
      game_code: g.gameCode,
      name: g.name,
      image: gameImage(g),
      app_state: 1,
      sort: i + 1,
    })),
  );

  // One venue per provider; every seeded provider is served by the built-in demo venue (DESIGN §6).
  await insertVenues(
    tx,
    CATALOGUE.map((g, i) => ({ code: g.platform, name: g.name, adapter: 'demo', sort: i + 1 })),
  );

  for (const article of ARTICLES) await saveArticle(tx, article);

  await seedVipTiers(tx);
}
