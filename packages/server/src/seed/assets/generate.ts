/**
 * Writes the demo pictures under packages/h5/public/assets: banners, game tiles, activity banners,
 * VIP badges, hall icons, logo, avatar, phone mock-up, sponsor art and the demo receiving accounts'
 * payment codes. Hand-tuned SVG templates (the game tiles, one scene each, in tiles.ts);
 * run it again after changing the catalogue:
 *
 *   npx tsx packages/server/src/seed/assets/generate.ts
 *
 * The static pages (sponsor-*.html) are hand-written files, not generated.
 */
import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { DEFAULT_REDPACKET_RULES as RP } from '@app/contract';
import { CATALOGUE, gameImage } from '../catalogue.js';
import { ACTIVITIES, activityByKey, activityFigure, redPacketTop } from '../activities.js';
import { VIP_TIERS } from '../vip.js';
import { SLOT_MACHINES } from '../../venue-demo/games/slots/machines.js';
import { fishingGames } from '../../venue-demo/games/index.js';
import { BLUE, FONT, GOLD, GOLD_LIGHT, esc, linear, sparkles, star, svg, text } from './kit.js';
import { fishingTile, providerGamePic, slotTile, venueTile } from './tiles.js';

const OUT = path.resolve(import.meta.dirname, '../../../../h5/public');

function write(webPath: string, svg: string): void {
  const file = path.join(OUT, webPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg.replace(/\n\s*/g, '\n').trim() + '\n');
}

// ---- illustrations (drawn around a centre point) -------------------------------------------

/** How wide a label sets, in ems (CJK a whole em, digits about half). */
function ems(label: string): number {
  let w = 0;
  for (const ch of label) w += /[0-9.,]/.test(ch) ? 0.58 : ch === '%' ? 0.9 : /[\x20-\x7e]/.test(ch) ? 0.62 : 1;
  return w;
}

/**
 * The figure an illustration carries (a promotion's own percent or bonus, from its rules), centred on
 * (x, y) at `size` px or smaller so that it fits `maxWidth`. class="figure": the seed test reads it.
 */
function figure(x: number, y: number, size: number, maxWidth: number, fill: string, label: string, extra = ''): string {
  const px = Math.min(size, Math.floor(maxWidth / ems(label)));
  return `<text class="figure" x="${x}" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="${px}" font-weight="900" fill="${fill}" ${extra}>${esc(label)}</text>`;
}

/** A gold pill under an illustration carrying its figure. */
function figurePill(x: number, y: number, label: string): string {
  const size = 30;
  const w = Math.ceil(ems(label) * size) + 36;
  return `<rect x="${x - w / 2}" y="${y - 27}" width="${w}" height="46" rx="23" fill="url(#goldG)" stroke="#c99a2e" stroke-width="2"/>
${figure(x, y + 6, size, w - 24, '#7a1d00', label)}`;
}

type Art = (x: number, y: number, s: number, label: string) => string;

const art = {
  gift: (x: number, y: number, s: number, label: string) => `<g transform="translate(${x} ${y}) scale(${s})">
<ellipse cx="0" cy="92" rx="100" ry="14" fill="#000" opacity=".18"/>
<rect x="-80" y="-10" width="160" height="100" rx="10" fill="url(#giftBox)"/>
<rect x="-92" y="-40" width="184" height="40" rx="8" fill="#f04e6a"/>
<rect x="-16" y="-40" width="32" height="130" fill="url(#goldG)"/>
<path d="M0 -40 C -30 -90 -90 -80 -60 -42 Z" fill="url(#goldG)"/>
<path d="M0 -40 C 30 -90 90 -80 60 -42 Z" fill="url(#goldG)"/>
${figure(0, 62, 34, 140, '#fff', label, 'stroke="#b3123a" stroke-width="1" paint-order="stroke"')}
</g>`,
  coins: (x: number, y: number, s: number, label: string) => {
    let g = `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="96" rx="110" ry="14" fill="#000" opacity=".18"/>`;
    const stacks = [
      [-60, 6],
      [0, 9],
      [60, 5],
    ];
    for (const [cx, n] of stacks) {
      for (let i = 0; i < n; i++) {
        const cy = 84 - i * 14;
        g += `<ellipse cx="${cx}" cy="${cy + 4}" rx="34" ry="11" fill="#b8861b"/><ellipse cx="${cx}" cy="${cy}" rx="34" ry="11" fill="url(#goldG)" stroke="#c99a2e" stroke-width="1.5"/>`;
      }
    }
    return g + `${figure(0, -54, 46, 220, GOLD_LIGHT, label, 'stroke="#7a4d00" stroke-opacity=".35" stroke-width="2" paint-order="stroke"')}</g>`;
  },
  crown: (x: number, y: number, s: number, label: string) => `<g transform="translate(${x} ${y}) scale(${s})">
<ellipse cx="0" cy="90" rx="100" ry="14" fill="#000" opacity=".18"/>
<path d="M-90 60 L-100 -40 L-45 5 L0 -70 L45 5 L100 -40 L90 60 Z" fill="url(#goldG)" stroke="#c99a2e" stroke-width="3"/>
<rect x="-92" y="58" width="184" height="26" rx="6" fill="#d9a632"/>
<circle cx="-100" cy="-44" r="10" fill="${GOLD_LIGHT}"/><circle cx="0" cy="-76" r="12" fill="${GOLD_LIGHT}"/><circle cx="100" cy="-44" r="10" fill="${GOLD_LIGHT}"/>
<circle cx="0" cy="20" r="16" fill="#3a5bef"/><circle cx="-50" cy="30" r="10" fill="#e0434f"/><circle cx="50" cy="30" r="10" fill="#12b886"/>
${figure(0, 79, 22, 170, '#7a4d00', label)}
</g>`,
  redPackets: (x: number, y: number, s: number, label: string) => {
    const one = (dx: number, dy: number, rot: number, k: number) => `<g transform="translate(${dx} ${dy}) rotate(${rot}) scale(${k})">
<rect x="-40" y="-55" width="80" height="110" rx="10" fill="#e8323c"/>
<path d="M-40 -45 Q0 -5 40 -45 L40 -55 Q40 -55 30 -55 L-30 -55 Q-40 -55 -40 -45 Z" fill="#c81e2a"/>
<circle cx="0" cy="-12" r="16" fill="url(#goldG)"/><text x="0" y="-5" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="800" fill="#b3121d">福</text>
</g>`;
    return `<g transform="translate(${x} ${y}) scale(${s})">${one(-70, 20, -14, 0.9)}${one(70, 10, 12, 0.85)}${one(0, -5, 0, 1.1)}
${star(-110, -60, 10, GOLD_LIGHT)}${star(110, -70, 8, GOLD_LIGHT)}${star(40, -95, 6, GOLD_LIGHT)}
${figurePill(0, 92, label)}</g>`;
  },
  football: (x: number, y: number, s = 1) => `<g transform="translate(${x} ${y}) scale(${s})">
<ellipse cx="0" cy="92" rx="90" ry="12" fill="#000" opacity=".2"/>
<path d="M-55 -80 H55 V-40 C55 10 25 30 0 34 C-25 30 -55 10 -55 -40 Z" fill="url(#goldG)" stroke="#c99a2e" stroke-width="3"/>
<path d="M-55 -66 C-95 -66 -95 -10 -40 0" fill="none" stroke="url(#goldG)" stroke-width="10"/>
<path d="M55 -66 C95 -66 95 -10 40 0" fill="none" stroke="url(#goldG)" stroke-width="10"/>
<rect x="-12" y="32" width="24" height="30" fill="#d9a632"/><rect x="-44" y="60" width="88" height="24" rx="5" fill="#b8861b"/>
${star(0, -28, 22, '#fff8e1')}
<g transform="translate(78 58)"><circle r="34" fill="#fff" stroke="#222" stroke-width="2"/>
<polygon points="0,-12 11,-4 7,10 -7,10 -11,-4" fill="#222"/>
<path d="M0 -12 L0 -33 M11 -4 L31 -11 M7 10 L19 27 M-7 10 L-19 27 M-11 -4 L-31 -11" stroke="#222" stroke-width="2"/></g>
</g>`,
  phone: (x: number, y: number, s = 1) => `<g transform="translate(${x} ${y}) scale(${s})">
<rect x="-70" y="-130" width="140" height="260" rx="22" fill="#10153a" stroke="${GOLD}" stroke-width="3"/>
<rect x="-60" y="-112" width="120" height="226" rx="12" fill="url(#screen)"/>
<rect x="-20" y="-124" width="40" height="6" rx="3" fill="#2b3370"/>
${star(0, -60, 26, GOLD)}
<text x="0" y="-10" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="800" fill="#fff">星耀娱乐</text>
<rect x="-44" y="12" width="40" height="32" rx="6" fill="#ffffff" opacity=".18"/><rect x="4" y="12" width="40" height="32" rx="6" fill="#ffffff" opacity=".18"/>
<rect x="-44" y="52" width="40" height="32" rx="6" fill="#ffffff" opacity=".18"/><rect x="4" y="52" width="40" height="32" rx="6" fill="#ffffff" opacity=".18"/>
<rect x="-36" y="94" width="72" height="12" rx="6" fill="url(#goldG)"/>
</g>`,
  shield: (x: number, y: number, s = 1) => `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M0 -90 L80 -60 V0 C80 50 40 80 0 96 C-40 80 -80 50 -80 0 V-60 Z" fill="url(#goldG)"/>
<path d="M0 -74 L64 -50 V0 C64 40 32 64 0 78 C-32 64 -64 40 -64 0 V-50 Z" fill="#1e2a78"/>
<path d="M-30 2 L-6 26 L34 -18" fill="none" stroke="${GOLD_LIGHT}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>
</g>`,
  dice: (x: number, y: number, s = 1) => {
    const pip = (cx: number, cy: number) => `<circle cx="${cx}" cy="${cy}" r="6" fill="#e0434f"/>`;
    return `<g transform="translate(${x} ${y}) scale(${s})">
<g transform="rotate(-12)"><rect x="-90" y="-40" width="80" height="80" rx="14" fill="#fff"/>${pip(-70, -20)}${pip(-50, 0)}${pip(-30, 20)}</g>
<g transform="rotate(10)"><rect x="10" y="-50" width="80" height="80" rx="14" fill="#fff"/>${pip(30, -30)}${pip(70, -30)}${pip(30, 10)}${pip(70, 10)}${pip(50, -10)}</g>
${star(0, -80, 14, GOLD_LIGHT)}</g>`;
  },
  cards: (x: number, y: number, s: number, label: string) => `<g transform="translate(${x} ${y}) scale(${s})">
<g transform="rotate(-14)"><rect x="-60" y="-80" width="100" height="140" rx="10" fill="#fff" stroke="#ddd"/><text x="-48" y="-50" font-family="${FONT}" font-size="26" font-weight="800" fill="#e0434f">A</text><text x="-10" y="20" text-anchor="middle" font-size="54" fill="#e0434f">♥</text></g>
<g transform="rotate(12)"><rect x="-20" y="-86" width="100" height="140" rx="10" fill="#fff" stroke="#ddd"/><text x="-8" y="-56" font-family="${FONT}" font-size="26" font-weight="800" fill="#111">K</text><text x="30" y="14" text-anchor="middle" font-size="54" fill="#111">♠</text></g>
${figurePill(0, 92, label)}
</g>`,
};

const defs = (extra = '') => `<defs>
${linear('goldG', [GOLD_LIGHT, GOLD])}
${linear('giftBox', ['#ff6b81', '#d63352'], 0, 1)}
${linear('screen', BLUE, 0, 1)}
${extra}
</defs>`;

// ---- banners ---------------------------------------------------------------------------------

interface BannerSpec {
  file: string;
  w: number;
  h: number;
  bg: [string, string];
  tag: string;
  title: string;
  sub: string;
  cta: string;
  art: string;
  seed: number;
}

function banner(b: BannerSpec): string {
  const { w, h } = b;
  const titleSize = b.title.length > 9 ? 44 : 52;
  const body = `${defs(linear('bg', b.bg) + `<radialGradient id="glow" cx=".78" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`)}
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<rect width="${w}" height="${h}" fill="url(#glow)"/>
<circle cx="${w - 60}" cy="-40" r="150" fill="#fff" opacity=".06"/>
<circle cx="${w * 0.45}" cy="${h + 60}" r="140" fill="#fff" opacity=".05"/>
<path d="M0 ${h * 0.78} C ${w * 0.3} ${h * 0.62} ${w * 0.6} ${h * 0.98} ${w} ${h * 0.74} V${h} H0 Z" fill="#000" opacity=".12"/>
${sparkles(w, h, 28, b.seed)}
<rect x="40" y="${h * 0.16}" width="${b.tag.length * 20 + 28}" height="34" rx="17" fill="#000" opacity=".22"/>
${text(54, h * 0.16 + 23, 20, GOLD_LIGHT, b.tag, 'font-weight="700"')}
${text(40, h * 0.16 + 96, titleSize, '#ffffff', b.title, 'font-weight="900" stroke="#000" stroke-opacity=".12" stroke-width="1"')}
${text(42, h * 0.16 + 140, 24, '#ffffff', b.sub, 'opacity=".9"')}
<rect x="40" y="${h * 0.16 + 162}" width="${b.cta.length * 24 + 44}" height="46" rx="23" fill="url(#goldG)"/>
${text(62, h * 0.16 + 193, 22, '#6b3f00', b.cta, 'font-weight="800"')}
${b.art}`;
  return svg(w, h, body, b.title);
}

// The banners' figures come from the seeded activities they open (seed/content.ts BANNERS), the VIP
// tiers and the red-packet defaults, so a banner cannot promise another figure than its terms.
const firstDeposit = activityByKey('first-deposit').rules!;
const sprint = activityByKey('sprint').rules!;
const yuan = (n: number) => n.toLocaleString('en-US');
const topRebate = `${(Math.max(...VIP_TIERS.flatMap((t) => Object.values(t.rates))) / 100).toFixed(2)}%`;
const topLevelup = `${yuan(Math.max(...VIP_TIERS.map((t) => t.levelupBonusYuan)))}元`;

const HALL: Omit<BannerSpec, 'w' | 'h' | 'file'>[] = [
  { bg: ['#1e2a78', '#3a5bef'], tag: '新人专享', title: `新会员首存${firstDeposit.percent}%彩金`, sub: `最高赠送${yuan(firstDeposit.cap)}元 · 首存到账即可申请`, cta: '立即申请', art: art.gift(600, 150, 0.95, `${firstDeposit.percent}%`), seed: 1 },
  { bg: ['#0f3d6e', '#1f8ef1'], tag: '天天返水', title: '每日返水 无上限', sub: `最高${topRebate} · 次日到账 返水中心一键领取`, cta: '了解详情', art: art.coins(600, 140, 0.95, topRebate), seed: 2 },
  { bg: ['#2a1a6e', '#7b4fe0'], tag: 'VIP特权', title: 'VIP晋级礼金', sub: `单级最高${topLevelup} · 晋级自动发放`, cta: '立即查看', art: art.crown(610, 150, 0.85, activityFigure(activityByKey('vip-upgrade'))), seed: 3 },
  { bg: ['#8c0f1f', '#e8323c'], tag: '限时活动', title: '天天红包雨', sub: `每日${RP.start_time}-${RP.end_time} · 单个最高${yuan(redPacketTop)}元`, cta: '马上去抢', art: art.redPackets(600, 140, 0.9, activityFigure(activityByKey('red-packet'))), seed: 4 },
  { bg: ['#0b5a3a', '#1fae6b'], tag: '限时活动', title: '限时冲刺奖', sub: `${sprint.days}天投注满${yuan(sprint.min_amount)}元 送${yuan(sprint.amount)}元`, cta: '立即申请', art: art.coins(600, 140, 0.95, `${yuan(sprint.amount)}元`), seed: 5 },
];

const APP: Omit<BannerSpec, 'w' | 'h' | 'file'>[] = [
  { bg: ['#1e2a78', '#3a5bef'], tag: '星耀娱乐APP', title: '随时随地 畅玩无忧', sub: '真人 · 体育 · 电竞 · 彩票 一手掌握', cta: '立即体验', art: art.phone(610, 180, 1.05), seed: 11 },
  { bg: ['#3a1a78', '#8a5cf0'], tag: '新人专享', title: '首存加赠 好礼不停', sub: `首存${firstDeposit.percent}%彩金 最高${yuan(firstDeposit.cap)}元`, cta: '领取优惠', art: art.gift(605, 190, 0.95, `${firstDeposit.percent}%`), seed: 12 },
  { bg: ['#0c3b5e', '#2a8fd8'], tag: '安全保障', title: '安全稳定 极速存取', sub: '复式记账 资金实时对账 · 7×24小时客服', cta: '了解更多', art: art.shield(610, 180, 1.15), seed: 13 },
];

// ---- activity banners --------------------------------------------------------------------------

/** Each activity's colours and illustration, by its key; the illustration carries the activity's own figure. */
const ACTIVITY_LOOK: Record<string, { bg: [string, string]; art: Art }> = {
  'first-deposit': { bg: ['#1e2a78', '#3a5bef'], art: art.gift },
  'daily-deposit': { bg: ['#243b9c', '#5b7bff'], art: art.gift },
  'daily-turnover': { bg: ['#0f5a55', '#1fb5a3'], art: art.coins },
  'weekly-turnover': { bg: ['#5a1a82', '#b05cf0'], art: art.cards },
  'loyal-reward': { bg: ['#6b1b1b', '#e0573a'], art: art.gift },
  'red-packet': { bg: ['#8c0f1f', '#e8323c'], art: art.redPackets },
  sprint: { bg: ['#0b5a3a', '#1fae6b'], art: art.coins },
  'vip-upgrade': { bg: ['#2a1a6e', '#7b4fe0'], art: art.crown },
};

/**
 * An activity's picture, shown on its card in 优惠活动 and atop its own detail page: its type, its
 * title (headline and the line after the first space) and its illustration with its own figure.
 */
function activityBanner(i: number): string {
  const a = ACTIVITIES[i];
  const look = ACTIVITY_LOOK[a.key];
  if (!look) throw new Error(`no look for the seeded activity ${a.key}`);
  const w = 690;
  const h = 260;
  const [main, rest] = splitTitle(a.title);
  // The text block sits centred in the height whether the title has one line or two, below the
  // detail page's round back button (top left, over the picture).
  const top = rest ? 76 : 86;
  const body = `${defs(linear('bg', look.bg))}
<rect width="${w}" height="${h}" rx="0" fill="url(#bg)"/>
<circle cx="${w - 90}" cy="${h / 2}" r="140" fill="#fff" opacity=".08"/>
<circle cx="${w - 90}" cy="${h / 2}" r="100" fill="#fff" opacity=".07"/>
${sparkles(w, h, 22, 40 + i)}
<rect x="32" y="${top}" width="${a.type.length * 20 + 28}" height="32" rx="16" fill="url(#goldG)"/>
${text(46, top + 23, 19, '#6b3f00', a.type, 'font-weight="800"')}
${text(32, top + (rest ? 84 : 90), main.length > 9 ? 38 : 44, '#ffffff', main, 'font-weight="900"')}
${rest ? text(34, top + 130, 28, GOLD_LIGHT, rest, 'font-weight="700"') : ''}
${look.art(w - 120, h / 2 - 6, 0.72, activityFigure(a))}`;
  return svg(w, h, body, a.title);
}

/** Splits "新会员首存100%彩金" style titles at a space into headline and sub-line. */
function splitTitle(title: string): [string, string] {
  const at = title.indexOf(' ');
  return at < 0 ? [title, ''] : [title.slice(0, at), title.slice(at + 1)];
}

// ---- VIP badges ------------------------------------------------------------------------------

const VIP_COLORS: [string, string][] = [
  ['#c98a5a', '#8a5430'],
  ['#d39c6c', '#9a6035'],
  ['#d8dde6', '#8e99ab'],
  ['#e6ebf2', '#9aa6ba'],
  ['#ffe29a', '#d9a632'],
  ['#ffd36b', '#c98d12'],
  ['#b9f0ff', '#3fa7d6'],
  ['#9be7ff', '#2f7de1'],
  ['#e3c4ff', '#8a4fe0'],
  ['#ffc4e6', '#c2185b'],
];

function vipBadge(level: number): string {
  const [light, dark] = VIP_COLORS[level - 1];
  const stars = Math.min(5, Math.ceil(level / 2));
  let starRow = '';
  for (let i = 0; i < stars; i++) starRow += star(60 + (i - (stars - 1) / 2) * 10, 96, 4.5, '#fff');
  const body = `<defs>${linear('m', [light, dark])}${linear('rim', [dark, light])}</defs>
<path d="M60 6 L106 26 V62 C106 90 84 108 60 116 C36 108 14 90 14 62 V26 Z" fill="url(#rim)"/>
<path d="M60 14 L98 31 V62 C98 85 80 100 60 107 C40 100 22 85 22 62 V31 Z" fill="url(#m)"/>
<path d="M60 14 L98 31 V48 C80 40 40 40 22 48 V31 Z" fill="#fff" opacity=".25"/>
<text x="60" y="52" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="900" fill="#fff" stroke="${dark}" stroke-width="3" paint-order="stroke">VIP</text>
<text x="60" y="84" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="900" fill="#fff" stroke="${dark}" stroke-width="4" paint-order="stroke">${level}</text>
${starRow}`;
  return svg(120, 120, body, `VIP${level}`);
}

// ---- hall icons ------------------------------------------------------------------------------

function icon(name: string, label: string, bg: [string, string], glyph: string): void {
  const body = `<defs>${linear('b', bg)}${linear('goldG', [GOLD_LIGHT, GOLD])}</defs>
<rect x="4" y="4" width="88" height="88" rx="26" fill="url(#b)"/>
<rect x="4" y="4" width="88" height="44" rx="22" fill="#fff" opacity=".12"/>
${glyph}`;
  write(`assets/icons/${name}.svg`, svg(96, 96, body, label));
}

function icons(): void {
  icon('recharge', '存款', ['#ffb347', '#f0771a'], `<rect x="22" y="32" width="52" height="38" rx="8" fill="#fff"/><rect x="22" y="32" width="52" height="11" fill="#ffe0b8"/><circle cx="62" cy="56" r="5" fill="#f0771a"/><path d="M48 18 V30 M42 24 H54" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`);
  icon('transfer', '转账', ['#5b8cff', '#2f54eb'], `<path d="M26 38 H66 L56 28" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/><path d="M70 60 H30 L40 70" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`);
  icon('vip', 'VIP', ['#b57bff', '#7b3fe4'], `<path d="M24 64 L20 32 L36 46 L48 26 L60 46 L76 32 L72 64 Z" fill="url(#goldG)"/><rect x="24" y="64" width="48" height="8" rx="3" fill="#ffe29a"/>`);
  icon('withdraw', '取款', ['#35d0a0', '#0f9d74'], `<rect x="20" y="30" width="56" height="38" rx="7" fill="#fff"/><rect x="20" y="38" width="56" height="8" fill="#0f9d74" opacity=".6"/><rect x="28" y="54" width="18" height="6" rx="3" fill="#0f9d74" opacity=".6"/><path d="M60 58 V80 M52 72 L60 80 L68 72" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`);
  icon('app-download', 'APP下载', BLUE, `<rect x="32" y="16" width="32" height="58" rx="7" fill="#fff"/><rect x="36" y="24" width="24" height="40" rx="3" fill="#3a5bef" opacity=".25"/><path d="M48 30 V52 M40 45 L48 53 L56 45" fill="none" stroke="#1e2a78" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/><rect x="42" y="68" width="12" height="3" rx="1.5" fill="#1e2a78" opacity=".4"/>`);

  // The floating red packet of the hall: no tile, a tilted envelope with a gold seal.
  const rp = `<defs>${linear('env', ['#ff5a5f', '#d61f2c'], 0, 1)}${linear('goldG', [GOLD_LIGHT, GOLD])}</defs>
<ellipse cx="60" cy="128" rx="30" ry="6" fill="#000" opacity=".15"/>
<g transform="rotate(-8 60 64)">
<rect x="22" y="14" width="76" height="102" rx="12" fill="url(#env)"/>
<path d="M22 28 Q60 66 98 28 V26 Q98 14 86 14 H34 Q22 14 22 26 Z" fill="#b3121d"/>
<circle cx="60" cy="50" r="17" fill="url(#goldG)" stroke="#c99a2e" stroke-width="2"/>
<text x="60" y="57" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="900" fill="#b3121d">開</text>
<text x="60" y="96" text-anchor="middle" font-family="${FONT}" font-size="17" font-weight="800" fill="${GOLD_LIGHT}">抢红包</text>
</g>
${star(104, 18, 8, GOLD)}${star(14, 40, 6, GOLD)}`;
  write('assets/icons/redpacket.svg', svg(120, 136, rp, '红包'));
}

// ---- logo, avatar, phone, sponsors -----------------------------------------------------------

function logo(): string {
  const body = `<defs>${linear('bg', BLUE)}${linear('goldG', [GOLD_LIGHT, GOLD])}</defs>
<rect width="128" height="128" rx="30" fill="url(#bg)"/>
<circle cx="64" cy="64" r="46" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="3"/>
<path d="M18 96 C 40 80 90 80 112 60" fill="none" stroke="${GOLD}" stroke-opacity=".5" stroke-width="3" stroke-linecap="round"/>
${star(64, 62, 36, 'url(#goldG)', 0.42)}
${star(64, 62, 16, '#fff8e1', 0.42)}
${star(102, 26, 6, '#ffffff')}`;
  return svg(128, 128, body, '星耀娱乐');
}

function avatar(): string {
  const body = `<defs>${linear('bg', ['#c9d4ff', '#8ea2f5'])}</defs>
<circle cx="60" cy="60" r="60" fill="url(#bg)"/>
<circle cx="60" cy="48" r="22" fill="#fff"/>
<path d="M20 104 C24 78 42 70 60 70 C78 70 96 78 100 104 C88 114 74 120 60 120 C46 120 32 114 20 104 Z" fill="#fff"/>`;
  return svg(120, 120, body, '默认头像');
}

function phoneMockup(): string {
  const w = 320;
  const h = 600;
  const tiles = ['#2fb380', '#e0434f', '#9b6cf0', '#2f7de1', '#e08a2e', '#19b3a6'];
  let grid = '';
  tiles.forEach((c, i) => {
    const x = 44 + (i % 3) * 80;
    const y = 300 + Math.floor(i / 3) * 86;
    grid += `<rect x="${x}" y="${y}" width="70" height="76" rx="12" fill="${c}"/><rect x="${x + 10}" y="${y + 56}" width="50" height="8" rx="4" fill="#fff" opacity=".7"/>`;
  });
  const body = `<defs>${linear('bg', BLUE, 0, 1)}${linear('goldG', [GOLD_LIGHT, GOLD])}${linear('frame', ['#3b3f55', '#101222'])}</defs>
<ellipse cx="160" cy="588" rx="120" ry="10" fill="#000" opacity=".15"/>
<rect x="10" y="6" width="300" height="574" rx="44" fill="url(#frame)"/>
<rect x="22" y="18" width="276" height="550" rx="34" fill="#f3f5fb"/>
<path d="M22 52 Q22 18 56 18 H264 Q298 18 298 52 V214 H22 Z" fill="url(#bg)"/>
<rect x="118" y="26" width="84" height="20" rx="10" fill="#101222"/>
${star(62, 84, 16, 'url(#goldG)')}
${text(86, 92, 20, '#fff', '星耀娱乐', 'font-weight="800"')}
<rect x="40" y="116" width="240" height="84" rx="14" fill="#fff" opacity=".14"/>
${text(56, 150, 20, '#fff', `新会员首存${firstDeposit.percent}%彩金`, 'font-weight="800"')}
<rect x="56" y="164" width="78" height="24" rx="12" fill="url(#goldG)"/>
${text(68, 181, 13, '#6b3f00', '立即领取', 'font-weight="800"')}
<rect x="40" y="226" width="240" height="54" rx="12" fill="#fff"/>
${['存款', '转账', 'VIP', '取款'].map((t, i) => text(58 + i * 60, 259, 14, '#1f2540', t, 'font-weight="600"')).join('')}
${grid}
<rect x="22" y="512" width="276" height="56" fill="#fff"/>
<path d="M22 512 H298 V534 Q298 568 264 568 H56 Q22 568 22 534 Z" fill="#fff"/>
${['客服', '大厅', '动态', '优惠', '我的'].map((t, i) => text(44 + i * 52, 548, 13, i === 1 ? '#3a5bef' : '#8a90a8', t, 'font-weight="600"')).join('')}`;
  return svg(w, h, body, '星耀娱乐APP');
}

function sponsorArt(n: 1 | 2): string {
  const look =
    n === 1
      ? { bg: ['#0d2a6b', '#2f6fe0'] as [string, string], crest: '#1e4fd1', name: '蓝鹰足球俱乐部', en: 'BLUE EAGLES FC', animal: 'eagle' }
      : { bg: ['#5a0f14', '#d23a2a'] as [string, string], crest: '#c4301f', name: '金狮竞技足球俱乐部', en: 'GOLDEN LIONS FC', animal: 'lion' };
  const w = 690;
  const h = 400;
  const emblem =
    look.animal === 'eagle'
      ? `<path d="M-50 -6 C-30 -30 -10 -20 0 -40 C10 -20 30 -30 50 -6 C34 -12 20 -6 12 4 L0 30 L-12 4 C-20 -6 -34 -12 -50 -6 Z" fill="#fff"/><circle cx="0" cy="-30" r="6" fill="${GOLD}"/>`
      : `${Array.from({ length: 14 }, (_, i) => `<path d="M0 -40 L9 -22 L-9 -22 Z" fill="${GOLD}" transform="rotate(${i * (360 / 14)})"/>`).join('')}<circle r="26" fill="${GOLD}"/><circle r="20" fill="#f6d58a"/><path d="M-12 -6 L-4 -4 M12 -6 L4 -4" stroke="#5a0f14" stroke-width="3" stroke-linecap="round"/><path d="M-5 4 L5 4 L0 10 Z" fill="#5a0f14"/><path d="M0 10 V13 M0 13 Q-6 17 -10 13 M0 13 Q6 17 10 13" stroke="#5a0f14" stroke-width="2" fill="none"/>`;
  let stands = '';
  for (let i = 0; i < 40; i++) stands += `<circle cx="${10 + i * 17.5}" cy="${118 + (i % 3) * 4}" r="5" fill="#fff" opacity="${0.15 + (i % 5) * 0.05}"/>`;
  const body = `<defs>${linear('bg', look.bg, 0, 1)}${linear('goldG', [GOLD_LIGHT, GOLD])}${linear('pitch', ['#1f9d55', '#157a41'], 0, 1)}</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<path d="M0 130 H${w} V${h} H0 Z" fill="url(#pitch)"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="0" y="${130 + i * 45}" width="${w}" height="22" fill="#fff" opacity=".04"/>`).join('')}
<ellipse cx="${w / 2}" cy="300" rx="160" ry="46" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>
<path d="M${w / 2} 130 V${h}" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>
${stands}
<circle cx="120" cy="40" r="26" fill="#fff" opacity=".9"/><circle cx="570" cy="40" r="26" fill="#fff" opacity=".9"/>
<g transform="translate(${w / 2} 200)">
<path d="M0 -92 L78 -64 V0 C78 50 40 78 0 94 C-40 78 -78 50 -78 0 V-64 Z" fill="url(#goldG)"/>
<path d="M0 -80 L66 -56 V0 C66 42 34 66 0 80 C-34 66 -66 42 -66 0 V-56 Z" fill="${look.crest}"/>
${emblem}
<text y="58" text-anchor="middle" font-family="${FONT}" font-size="14" font-weight="800" fill="${GOLD_LIGHT}">${look.en.split(' ')[0]}</text>
</g>
<rect x="${w / 2 - 210}" y="312" width="420" height="72" rx="16" fill="#000" opacity=".4"/>
<text x="${w / 2}" y="344" text-anchor="middle" font-family="${FONT}" font-size="28" font-weight="900" fill="#fff">${look.name}</text>
<text x="${w / 2}" y="372" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="700" fill="${GOLD_LIGHT}" letter-spacing="1">星耀娱乐官方合作伙伴 · ${look.en}</text>`;
  return svg(w, h, body, look.name);
}

/**
 * A demo receiving account's payment code (the payimg of /api/payinfo): a real QR code of the seeded
 * account (the USDT address itself, or the demo payee of WeChat / Alipay) on the method's colours.
 * Operators replace these with their own codes in the back-office (支付设置 → 收款账户).
 */
async function payCode(title: string, caption: string, payload: string, colors: [string, string]): Promise<string> {
  const w = 360;
  const h = 440;
  const qr = (await QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })).replace('<svg ', '<svg x="60" y="96" width="240" height="240" ');
  const body = `${linear('payBg', colors)}
<rect width="${w}" height="${h}" rx="24" fill="url(#payBg)"/>
${text(w / 2, 58, 26, '#fff', title, 'text-anchor="middle" font-weight="800"')}
<rect x="40" y="80" width="280" height="272" rx="16" fill="#fff"/>
${qr}
${text(w / 2, 388, caption.length > 30 ? 11 : 15, '#fff', caption, 'text-anchor="middle" opacity=".92"')}
${text(w / 2, 414, 12, '#fff', '付款前请核对收款信息 · 如有疑问请联系客服', 'text-anchor="middle" opacity=".7"')}`;
  return svg(w, h, body, title);
}

// ---- run -------------------------------------------------------------------------------------

write('assets/logo.svg', logo());
write('assets/avatars/default.svg', avatar());
write('assets/app/phone.svg', phoneMockup());
write('assets/sponsor/team-1.svg', sponsorArt(1));
write('assets/sponsor/team-2.svg', sponsorArt(2));
HALL.forEach((b, i) => write(`assets/banners/hall-${i + 1}.svg`, banner({ ...b, file: '', w: 750, h: 300 })));
APP.forEach((b, i) => write(`assets/banners/app-${i + 1}.svg`, banner({ ...b, file: '', w: 750, h: 360 })));
ACTIVITIES.forEach((_, i) => write(`assets/activities/activity-${i + 1}.svg`, activityBanner(i)));
for (const g of CATALOGUE) write(gameImage(g).slice(1), venueTile(g));
for (let level = 1; level <= 10; level++) write(`assets/vip/vip${level}.svg`, vipBadge(level));
icons();
for (const m of SLOT_MACHINES) write(providerGamePic(m.code).slice(1), slotTile(m));
for (const g of fishingGames()) write(providerGamePic(g.code).slice(1), fishingTile(g.code, g.name));
write('assets/pay/wechat.svg', await payCode('微信扫码支付', '打开微信「扫一扫」完成付款', 'wxp://f2f0xinghai-demo-payee', ['#07c160', '#05a050']));
write('assets/pay/alipay.svg', await payCode('支付宝扫码支付', '打开支付宝「扫一扫」完成付款', 'https://qr.alipay.com/xinghai-demo-payee', ['#1677ff', '#0e5ad6']));
write('assets/pay/usdt-trc20.svg', await payCode('USDT · TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', ['#26a17b', '#1a7a5c']));
write('assets/pay/usdt-erc20.svg', await payCode('USDT · ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', ['#3c5bd8', '#2a44b0']));
console.log(`assets written under ${path.join(OUT, 'assets')}`);
