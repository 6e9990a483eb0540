/**
 * The hall's game pictures: one drawn scene per venue tile (assets/games/<category>-<platform>.svg)
 * and per provider game (assets/games/slots/<code>.svg), so no two tiles share a template. Each scene
 * is a few gradients and paths around the tile's centre (120, 84) of a 240×240 tile; the lower band
 * carries the wordmark. Files stay a few kilobytes: the hall loads a screenful of them at once.
 */
import type { CatalogueEntry } from '../catalogue.js';
import type { SLOT_MACHINES } from '../../venue-demo/games/slots/machines.js';
import { FISH } from '../../venue-demo/games/fishing.js';
import { DEMO_ELECTRONIC_NAMES, DEMO_MARK } from '@app/contract';
import { FONT, GOLD, GOLD_LIGHT, esc, linear, radial, sparkles, star, svg } from './kit.js';

type Pair = [string, string];
type SlotMachine = (typeof SLOT_MACHINES)[number];

// ---- small drawings, each around (x, y) ---------------------------------------------------------

const g = (x: number, y: number, body: string, s = 1, rot = 0) =>
  `<g transform="translate(${x} ${y})${rot ? ` rotate(${rot})` : ''}${s !== 1 ? ` scale(${s})` : ''}">${body}</g>`;

const shadow = (y: number, rx: number, ry = rx / 7) => `<ellipse cx="120" cy="${y}" rx="${rx}" ry="${ry.toFixed(1)}" fill="#000" opacity=".25"/>`;

/** A playing-card suit, 1 unit ≈ 1 px at s = 1 (about 20 px tall). */
function suit(kind: 'S' | 'H' | 'D' | 'C', fill: string): string {
  if (kind === 'H') return `<path d="M0 9C-4 5-10 1-10-4A5 5 0 0 1 0-7 5 5 0 0 1 10-4C10 1 4 5 0 9Z" fill="${fill}"/>`;
  if (kind === 'D') return `<path d="M0-10 8 0 0 10-8 0Z" fill="${fill}"/>`;
  if (kind === 'S') return `<path d="M0-10C4-4 10-1 10 3A5 5 0 0 1 1 5L3 10H-3L-1 5A5 5 0 0 1-10 3C-10-1-4-4 0-10Z" fill="${fill}"/>`;
  return `<circle cy="-5" r="4.6" fill="${fill}"/><circle cx="-5" cy="2" r="4.6" fill="${fill}"/><circle cx="5" cy="2" r="4.6" fill="${fill}"/><path d="M-1 2H1L3 10H-3Z" fill="${fill}"/>`;
}

function card(x: number, y: number, rot: number, rank: string, kind: 'S' | 'H' | 'D' | 'C', s = 1): string {
  const c = kind === 'H' || kind === 'D' ? '#e0303f' : '#1b1d29';
  return g(
    x,
    y,
    `<rect x="-25" y="-35" width="50" height="70" rx="6" fill="#fff" stroke="#000" stroke-opacity=".15"/>
<text x="-19" y="-17" font-family="${FONT}" font-size="17" font-weight="900" fill="${c}">${rank}</text>${g(4, 8, suit(kind, c), 1.5)}`,
    s,
    rot,
  );
}

/** A casino chip seen from above. */
const chip = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#000" stroke-opacity=".25"/><circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="none" stroke="#fff" stroke-width="${r * 0.3}" stroke-dasharray="${(r * 0.42).toFixed(1)} ${(r * 0.42).toFixed(1)}"/><circle cx="${x}" cy="${y}" r="${r * 0.5}" fill="${fill}" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>`;

/** A stack of n chips seen from the side. */
function chipStack(x: number, y: number, n: number, fill: string): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const cy = y - i * 6;
    out += `<ellipse cx="${x}" cy="${cy + 2}" rx="17" ry="6" fill="#000" opacity=".3"/><ellipse cx="${x}" cy="${cy}" rx="17" ry="6" fill="${fill}"/><ellipse cx="${x}" cy="${cy}" rx="17" ry="6" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="4 5"/>`;
  }
  return out;
}

function die(x: number, y: number, size: number, rot: number, face: number, pip = '#d62839'): string {
  const h = size / 2;
  const p = size * 0.26;
  const spots: Record<number, [number, number][]> = {
    1: [[0, 0]],
    2: [[-p, -p], [p, p]],
    3: [[-p, -p], [0, 0], [p, p]],
    4: [[-p, -p], [p, -p], [-p, p], [p, p]],
    5: [[-p, -p], [p, -p], [0, 0], [-p, p], [p, p]],
    6: [[-p, -p], [p, -p], [-p, 0], [p, 0], [-p, p], [p, p]],
  };
  const dots = spots[face]!.map(([dx, dy]) => `<circle cx="${dx.toFixed(1)}" cy="${dy.toFixed(1)}" r="${(size * (face === 1 ? 0.13 : 0.09)).toFixed(1)}" fill="${face === 1 || face === 4 ? '#d62839' : pip}"/>`).join('');
  return g(x, y, `<rect x="${-h + 2}" y="${-h + 4}" width="${size}" height="${size}" rx="${size * 0.2}" fill="#000" opacity=".25"/><rect x="${-h}" y="${-h}" width="${size}" height="${size}" rx="${size * 0.2}" fill="url(#ivory)"/>${dots}`, 1, rot);
}

/** A lottery ball with its number. */
const ball = (x: number, y: number, r: number, fill: string, n: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="#fff"/><text x="${x}" y="${y + r * 0.25}" text-anchor="middle" font-family="${FONT}" font-size="${r * 0.72}" font-weight="900" fill="#222">${n}</text><circle cx="${x}" cy="${y}" r="${r}" fill="url(#shine)"/>`;

/** A brilliant-cut gem, r ≈ half its width. */
function gem(x: number, y: number, r: number, fill: string): string {
  const q = (n: number) => (n * r).toFixed(1);
  return g(
    x,
    y,
    `<path d="M${q(-1)} ${q(-0.25)}L${q(-0.6)} ${q(-0.75)}H${q(0.6)}L${q(1)} ${q(-0.25)}L0 ${q(1)}Z" fill="${fill}" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/>
<path d="M${q(-0.35)} ${q(-0.75)}H${q(0.35)}L${q(0.5)} ${q(-0.25)}H${q(-0.5)}Z" fill="#fff" opacity=".45"/>
<path d="M${q(-1)} ${q(-0.25)}L${q(-0.6)} ${q(-0.75)}L${q(-0.5)} ${q(-0.25)}Z" fill="#fff" opacity=".25"/>
<path d="M${q(-1)} ${q(-0.25)}H${q(-0.5)}L0 ${q(1)}Z" fill="#fff" opacity=".18"/>
<path d="M${q(0.5)} ${q(-0.25)}H${q(1)}L0 ${q(1)}Z" fill="#000" opacity=".28"/>`,
  );
}

/** A gold coin: a square hole (铜钱) or a ¥. */
const coin = (x: number, y: number, r: number, holed = true) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#goldG)" stroke="#b07d12" stroke-width="2"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="none" stroke="#b07d12" stroke-opacity=".6" stroke-width="1.5"/>${
    holed
      ? `<rect x="${x - r * 0.22}" y="${y - r * 0.22}" width="${r * 0.44}" height="${r * 0.44}" fill="#8a5a00"/>`
      : `<text x="${x}" y="${y + r * 0.36}" text-anchor="middle" font-family="${FONT}" font-size="${r}" font-weight="900" fill="#a06a00">¥</text>`
  }`;

/** A gold ingot (元宝). */
const ingot = (x: number, y: number, s = 1) =>
  g(
    x,
    y,
    `<ellipse cx="0" cy="-10" rx="22" ry="17" fill="url(#goldG)" stroke="#b07d12" stroke-width="2"/><ellipse cx="-6" cy="-16" rx="7" ry="4" fill="#fff" opacity=".6"/>
<path d="M-50 -20Q-44 -2-26-6H26Q44-2 50-20Q52 20 0 22Q-52 20-50-20Z" fill="url(#goldG)" stroke="#b07d12" stroke-width="2"/><path d="M-40 -4Q0 10 40 -4" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="3"/>`,
    s,
  );

/** A red lantern with gold caps and a tassel. */
const lantern = (x: number, y: number, s = 1) =>
  g(
    x,
    y,
    `<path d="M0 -34V-26" stroke="${GOLD}" stroke-width="2"/><rect x="-11" y="-27" width="22" height="7" rx="2" fill="url(#goldG)"/>
<ellipse rx="26" ry="22" fill="#e3262f"/><ellipse rx="14" ry="22" fill="none" stroke="#a5101a" stroke-width="2"/><path d="M0-22V22" stroke="#a5101a" stroke-width="2"/><ellipse cx="-9" cy="-8" rx="8" ry="6" fill="#fff" opacity=".25"/>
<rect x="-11" y="20" width="22" height="7" rx="2" fill="url(#goldG)"/><path d="M-4 27V42M0 27V44M4 27V42" stroke="#ffcf3a" stroke-width="2"/>`,
    s,
  );

/** A fish facing left (right when flipped). */
function fish(x: number, y: number, len: number, fill: string, flip = false): string {
  const k = (n: number) => (n * len).toFixed(1);
  return `<g transform="translate(${x} ${y})${flip ? ' scale(-1 1)' : ''}"><path d="M${k(0.35)} 0L${k(0.62)} ${k(-0.24)}Q${k(0.55)} 0 ${k(0.62)} ${k(0.24)}Z" fill="${fill}"/>
<ellipse rx="${k(0.42)}" ry="${k(0.24)}" fill="${fill}"/><path d="M${k(-0.05)} ${k(-0.22)}Q${k(0.1)} ${k(-0.42)} ${k(0.22)} ${k(-0.16)}Z" fill="${fill}"/>
<ellipse rx="${k(0.42)}" ry="${k(0.24)}" fill="url(#shine)"/><path d="M${k(-0.12)} ${k(-0.18)}Q${k(-0.02)} 0 ${k(-0.12)} ${k(0.18)}" stroke="#000" stroke-opacity=".25" stroke-width="2" fill="none"/>
<circle cx="${k(-0.26)}" cy="${k(-0.05)}" r="${k(0.06)}" fill="#fff"/><circle cx="${k(-0.27)}" cy="${k(-0.05)}" r="${k(0.03)}" fill="#111"/></g>`;
}

const bubbles = (pts: [number, number, number][]) =>
  pts.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/>`).join('');

const seaweed = (x: number, h: number, fill: string) =>
  `<path d="M${x} 240C${x - 14} ${240 - h * 0.3} ${x + 14} ${240 - h * 0.6} ${x} ${240 - h}C${x + 8} ${240 - h * 0.6} ${x - 6} ${240 - h * 0.3} ${x + 8} 240Z" fill="${fill}"/>`;

const cherries = (x: number, y: number, s = 1) =>
  g(
    x,
    y,
    `<path d="M-12 10Q-8-14 8-26M12 12Q12-10 8-26" fill="none" stroke="#3d7a1c" stroke-width="4" stroke-linecap="round"/><path d="M8-26Q24-34 30-20Q18-16 8-26Z" fill="#4caf50"/>
<circle cx="-14" cy="18" r="14" fill="#d90429"/><circle cx="14" cy="20" r="14" fill="#d90429"/><circle cx="-18" cy="13" r="4" fill="#fff" opacity=".7"/><circle cx="10" cy="15" r="4" fill="#fff" opacity=".7"/>`,
    s,
  );

const lemon = (x: number, y: number, s = 1) =>
  g(x, y, `<path d="M-30 0Q-24-22 0-22Q24-22 30 0Q24 22 0 22Q-24 22-30 0Z" fill="#ffd60a" stroke="#e0a800" stroke-width="2"/><ellipse cx="-8" cy="-9" rx="10" ry="4" fill="#fff" opacity=".6"/>`, s);

const melon = (x: number, y: number, s = 1) =>
  g(
    x,
    y,
    `<path d="M-34 0A34 34 0 0 0 34 0Z" fill="#2d8a34"/><path d="M-29 0A29 29 0 0 0 29 0Z" fill="#e9f5db"/><path d="M-26 0A26 26 0 0 0 26 0Z" fill="#ef233c"/>
<g fill="#222"><ellipse cx="-12" cy="7" rx="2" ry="3"/><ellipse cx="0" cy="12" rx="2" ry="3"/><ellipse cx="12" cy="7" rx="2" ry="3"/><ellipse cx="-5" cy="4" rx="2" ry="3"/><ellipse cx="6" cy="3" rx="2" ry="3"/></g>`,
    s,
  );

const seven = (x: number, y: number, size: number) =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-family="Arial Black, ${FONT}" font-size="${size}" font-weight="900" font-style="italic" fill="#e5202e" stroke="#ffe07a" stroke-width="${size / 14}" paint-order="stroke">7</text>`;

/** A spiral lollipop. */
const lollipop = (x: number, y: number, r: number, fill: string, s = 1) =>
  g(
    x,
    y,
    `<rect x="-3" y="${r - 4}" width="6" height="${r * 1.5}" rx="3" fill="#f1f1f1"/><circle r="${r}" fill="${fill}"/>
<path d="M0 0a3 3 0 0 1 6 0a6 6 0 0 1-12 0a9 9 0 0 1 18 0a12 12 0 0 1-24 0a15 15 0 0 1 30 0" transform="scale(${(r / 27).toFixed(2)})" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
<circle r="${r}" fill="url(#shine)"/>`,
    s,
  );

/** A wrapped sweet. */
const sweet = (x: number, y: number, fill: string, rot = 0) =>
  g(
    x,
    y,
    `<path d="M-18 0L-34-14V14ZM18 0L34-14V14Z" fill="${fill}" opacity=".85"/><ellipse rx="20" ry="14" fill="${fill}"/><path d="M-8-13L-14 12M4-14L-2 14M14-10L10 12" stroke="#fff" stroke-width="4" opacity=".7"/><ellipse rx="20" ry="14" fill="url(#shine)"/>`,
    1,
    rot,
  );

/** A Chinese dragon: a scaled S-shaped body, a horned head to the right, a flaming pearl. */
const dragon = (x: number, y: number, s = 1) =>
  g(
    x,
    y,
    `<path d="M-84 54C-50 86-10 40-30 14S-10-40 26-30" fill="none" stroke="#b87a00" stroke-width="22" stroke-linecap="round"/>
<path d="M-84 54C-50 86-10 40-30 14S-10-40 26-30" fill="none" stroke="url(#goldG)" stroke-width="17" stroke-linecap="round"/>
<path d="M-84 54C-50 86-10 40-30 14S-10-40 26-30" fill="none" stroke="#b87a00" stroke-width="10" stroke-dasharray="3 5"/>
<path d="M-78 44C-50 70-18 36-40 12S-22-46 20-42" fill="none" stroke="#e3262f" stroke-width="4" stroke-dasharray="6 4"/>
<g transform="translate(30 -32)"><path d="M-22-8C-10-24 14-22 22-12L38-10Q44-2 36 4L22 6Q8 18-16 10Z" fill="url(#goldG)" stroke="#b87a00" stroke-width="2"/>
<path d="M-10-16Q-18-38-32-40M0-18Q-4-40-16-46" stroke="#b87a00" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M-20-4L-36-12-28 0-42 4-26 8-34 16-12 10Z" fill="#e3262f"/><circle cx="8" cy="-8" r="4.5" fill="#fff"/><circle cx="9" cy="-8" r="2.4" fill="#111"/>
<path d="M36 2Q52 8 60 28M30 6Q40 22 32 38" stroke="#b87a00" stroke-width="2.5" fill="none" stroke-linecap="round"/><path d="M22 6L34 4" stroke="#7a3b00" stroke-width="2"/></g>
<circle cx="78" cy="-58" r="12" fill="url(#pearl)"/><path d="M66-66Q70-84 78-76Q84-90 90-70" fill="none" stroke="#ff9f1c" stroke-width="3" stroke-linecap="round"/>`,
    s,
  );

/** A football around (0, 0), r 44 at s = 1. */
const football = (x: number, y: number, s = 1) =>
  g(
    x,
    y,
    `<circle r="44" fill="#fff" stroke="#222" stroke-width="2"/><path d="M0-18L17-6 11 14H-11L-17-6Z" fill="#222"/>
<path d="M0-18V-42M17-6L40-14M11 14L26 34M-11 14L-26 34M-17-6L-40-14" stroke="#222" stroke-width="2.5"/><path d="M-12-43L0-44 12-43 8-34H-8ZM39-24L44-10 40 2 32-4 35-18ZM-39-24L-44-10-40 2-32-4-35-18Z" fill="#222"/><circle r="44" fill="url(#shine)"/>`,
    s,
  );

const cloud = (x: number, y: number, s = 1, fill = '#fff') =>
  g(x, y, `<path d="M-30 6A10 10 0 0 1-20-10A14 14 0 0 1 6-14A12 12 0 0 1 28-2A8 8 0 0 1 28 12H-24A8 8 0 0 1-30 6Z" fill="${fill}"/><path d="M-14 4Q-8-4 0 2M6 0Q12-8 18 0" fill="none" stroke="${fill === '#fff' ? '#c9a227' : '#fff'}" stroke-opacity=".7" stroke-width="2"/>`, s);

const pyramid = (x: number, base: number, h: number) =>
  `<path d="M${x - h} ${base}L${x} ${base - h}L${x + h} ${base}Z" fill="#e9b949"/><path d="M${x} ${base - h}L${x + h} ${base}H${x + h * 0.25}Z" fill="#a8711c"/>`;

const ankh = (x: number, y: number, s = 1) =>
  g(x, y, `<path d="M0-10C-14-10-14-34 0-34S14-10 0-10ZM-18-8H18M0-10V30" fill="none" stroke="url(#goldG)" stroke-width="8" stroke-linecap="round"/>`, s);

// ---- the venue tiles ----------------------------------------------------------------------------

interface Look {
  /** The scene, drawn over the tile's gradient; may use url(#goldG), #shine, #ivory, #pearl. */
  art: (c: Pair) => string;
  /** The line under the wordmark. */
  tag: string;
  /** Background override (the catalogue's colours otherwise). */
  bg?: Pair;
  /** Wordmark colour. */
  ink?: string;
}

const LOOKS: Record<string, Look> = {
  // ---- 真人视讯: the demo venue's baccarat, each tile its own table
  'realbet-DEMOLIVEA': {
    tag: '百家乐 · 电子发牌',
    art: () => `<path d="M-10 150Q120 20 250 150Z" fill="#0c3b24"/><path d="M4 150Q120 38 236 150" fill="none" stroke="url(#goldG)" stroke-width="6"/>
<path d="M30 150Q120 70 210 150" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2" stroke-dasharray="6 5"/>
${card(96, 96, -10, '9', 'H')}${card(144, 96, 10, 'K', 'S')}${chip(44, 128, 16, '#e0303f')}${chip(198, 126, 16, '#1f6feb')}${chip(60, 108, 13, '#111')}`,
  },
  'realbet-DEMOLIVEB': {
    tag: '百家乐 · 电子发牌',
    art: () => {
      const spot = (x: number, fill: string, ch: string) =>
        `<rect x="${x - 30}" y="44" width="60" height="86" rx="10" fill="${fill}" stroke="#fff" stroke-opacity=".55" stroke-width="2"/><text x="${x}" y="98" text-anchor="middle" font-family="${FONT}" font-size="34" font-weight="900" fill="#fff" opacity=".92">${ch}</text>`;
      return `${shadow(148, 100, 10)}<rect x="16" y="34" width="208" height="106" rx="16" fill="#0c3b24" stroke="url(#goldG)" stroke-width="5"/>
${spot(54, '#1f6feb', '闲')}${spot(120, '#12a150', '和')}${spot(186, '#d61f2c', '庄')}${chip(60, 122, 13, '#111')}${chip(180, 118, 14, '#f5a300')}${chip(194, 130, 11, '#fff')}
${star(120, 20, 10, GOLD_LIGHT)}`;
    },
  },
  'realbet-DEMOLIVEC': {
    tag: '百家乐 · 电子发牌',
    art: () => `<circle cx="120" cy="70" r="60" fill="#fff" opacity=".1"/>
<path d="M76 150C76 112 96 100 120 100S164 112 164 150Z" fill="#1b1030"/><path d="M108 100L120 132 132 100Z" fill="#fff"/><path d="M110 106L120 112 110 118ZM130 106L120 112 130 118Z" fill="#e0303f"/>
<path d="M88 76C84 30 156 30 152 76C156 96 150 110 142 112L140 70H100L98 112C90 110 84 96 88 76Z" fill="#2a1406"/>
<ellipse cx="120" cy="72" rx="22" ry="27" fill="#ffd9bf"/><path d="M98 64C100 42 140 40 142 62C128 52 112 52 98 64Z" fill="#2a1406"/>
<path d="M108 72Q112 69 116 72M124 72Q128 69 132 72" stroke="#3a2010" stroke-width="2.4" fill="none" stroke-linecap="round"/><path d="M114 86Q120 90 126 86" stroke="#d6336c" stroke-width="3" fill="none" stroke-linecap="round"/>
<rect x="20" y="138" width="200" height="14" rx="4" fill="url(#goldG)"/>${card(70, 132, -14, 'A', 'S', 0.6)}${card(170, 132, 14, 'Q', 'H', 0.6)}`,
  },
  'realbet-DEMOLIVED': {
    tag: '百家乐 · 电子发牌',
    art: () => `${chipStack(70, 136, 5, '#1f6feb')}${chipStack(120, 138, 7, '#e0303f')}${chipStack(170, 136, 3, '#12a150')}
${card(96, 58, -12, 'A', 'S', 0.8)}${card(138, 58, 10, 'J', 'H', 0.8)}`,
  },
  'realbet-DEMOLIVEE': {
    tag: '百家乐 · 电子发牌',
    art: () => {
      const plaque = (x: number, fill: string, ch: string) =>
        `<rect x="${x - 22}" y="122" width="44" height="22" rx="11" fill="${fill}"/><text x="${x}" y="139" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="900" fill="#fff">${ch}</text>`;
      return `${shadow(146, 96, 10)}<ellipse cx="120" cy="128" rx="104" ry="22" fill="url(#goldG)"/><ellipse cx="120" cy="124" rx="94" ry="16" fill="#7a3a08"/>
${card(60, 80, -12, '4', 'C', 0.85)}${card(88, 84, 4, '5', 'D', 0.85)}${card(152, 84, -4, '9', 'S', 0.85)}${card(180, 80, 12, 'K', 'H', 0.85)}
${plaque(74, '#1f6feb', '闲')}${plaque(166, '#d61f2c', '庄')}${star(120, 40, 10, GOLD_LIGHT)}`;
    },
  },
  // ---- 棋牌: the demo venue's 龙虎斗 on tiles, cards, ingots, pieces
  'joker-DEMOCARDA': {
    tag: '龙虎斗 · 电子发牌',
    art: () => {
      const tile = (x: number, rot: number, face: string) =>
        g(x, 88, `<rect x="-26" y="-36" width="52" height="74" rx="8" fill="#1d7a4c"/><rect x="-26" y="-40" width="52" height="72" rx="8" fill="url(#ivory)"/>${face}`, 1, rot);
      return `${shadow(140, 84, 10)}${tile(62, -12, `<text y="12" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="900" fill="#d61f2c">龍</text>`)}${tile(178, 12, `<text y="12" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="900" fill="#1f5fbf">虎</text>`)}
${tile(120, 0, `<text y="12" text-anchor="middle" font-family="${FONT}" font-size="44" font-weight="900" fill="#12874f">和</text>`)}`;
    },
  },
  'joker-DEMOCARDB': {
    tag: '龙虎斗 · 电子发牌',
    art: () => `${chip(48, 128, 17, '#12a150')}${chip(192, 126, 17, '#e0303f')}
${card(82, 92, -28, 'J', 'D')}${card(106, 82, -10, 'Q', 'C')}${card(134, 82, 10, 'K', 'H')}${card(158, 92, 28, 'A', 'S')}${star(120, 30, 12, GOLD_LIGHT)}`,
  },
  'joker-DEMOCARDC': {
    tag: '龙虎斗 · 电子发牌',
    art: () => `<circle cx="120" cy="86" r="62" fill="url(#halo)"/>${card(80, 72, -18, '8', 'H', 0.85)}${card(160, 72, 18, '8', 'D', 0.85)}
${coin(54, 130, 14, true)}${coin(186, 128, 14, true)}${ingot(120, 104, 1.25)}${star(66, 36, 7, '#fff')}${star(182, 30, 9, '#fff')}`,
  },
  'joker-DEMOCARDD': {
    tag: '龙虎斗 · 电子发牌',
    art: () => {
      const piece = (x: number, y: number, r: number, ch: string, ink: string) =>
        `<circle cx="${x}" cy="${y + 5}" r="${r}" fill="#6b3a12"/><circle cx="${x}" cy="${y}" r="${r}" fill="url(#wood)"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="none" stroke="${ink}" stroke-width="2.5"/><text x="${x}" y="${y + r * 0.36}" text-anchor="middle" font-family="${FONT}" font-size="${r}" font-weight="900" fill="${ink}">${ch}</text>`;
      return `<g stroke="#fff" stroke-opacity=".22" stroke-width="2">${[40, 80, 120, 160, 200].map((x) => `<path d="M${x} 14V150"/>`).join('')}${[30, 70, 110, 150].map((y) => `<path d="M20 ${y}H220"/>`).join('')}</g>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe3b0"/><stop offset="1" stop-color="#e0a35a"/></linearGradient>
${piece(82, 76, 36, '龍', '#c81e2a')}${piece(160, 104, 30, '虎', '#1b1d29')}${piece(170, 40, 18, '和', '#12874f')}`;
    },
  },
  // ---- 电竞: shooter, MOBA, fire
  'gaming-DEMOESPORTA': {
    tag: '虚拟电竞赛事',
    art: () => `<g stroke="#5ef2ff" fill="none"><circle cx="120" cy="84" r="58" stroke-width="4" opacity=".85"/><circle cx="120" cy="84" r="38" stroke-width="2" opacity=".6" stroke-dasharray="8 6"/>
<path d="M120 14V54M120 114V154M50 84H90M150 84H190" stroke-width="5" stroke-linecap="round"/></g><circle cx="120" cy="84" r="7" fill="#ff3b5c"/>
<path d="M34 30L54 30 62 20M206 138H186L178 148" stroke="#5ef2ff" stroke-opacity=".5" stroke-width="3" fill="none"/>`,
  },
  'gaming-DEMOESPORTB': {
    tag: '虚拟电竞赛事',
    art: () => {
      const sword = (rot: number) =>
        g(120, 84, `<path d="M-5-70L0-80 5-70V26H-5Z" fill="#dfe7f2" stroke="#8a97ab" stroke-width="1.5"/><rect x="-22" y="24" width="44" height="8" rx="3" fill="url(#goldG)"/><rect x="-4" y="32" width="8" height="24" fill="#5a2a82"/><circle cy="60" r="6" fill="url(#goldG)"/>`, 1, rot);
      return `${sword(-40)}${sword(40)}<path d="M120 34L164 50V88C164 118 144 134 120 144 96 134 76 118 76 88V50Z" fill="url(#goldG)"/>
<path d="M120 44L154 57V88C154 112 138 126 120 133 102 126 86 112 86 88V57Z" fill="#4a1a6e"/>${star(120, 86, 24, '#e7c6ff', 0.42)}`;
    },
  },
  'gaming-DEMOESPORTC': {
    tag: '虚拟电竞赛事',
    art: () => `<path d="M120 154C70 154 58 112 78 82 82 100 92 104 96 98 88 70 106 42 128 26 124 52 140 60 146 48 168 70 178 102 166 128 158 144 142 154 120 154Z" fill="url(#fire)"/>
<path d="M120 154C96 154 90 132 100 116 104 126 110 126 112 120 110 104 120 92 130 86 130 100 140 106 144 100 152 118 148 154 120 154Z" fill="#ffe066"/>
<path d="M134 8L96 84H122L104 150 160 64H132L150 8Z" fill="#fff6bf" stroke="#ffb703" stroke-width="3" stroke-linejoin="round"/>`,
  },
  // ---- 体育: the demo venue's virtual football, each tile its own view of it
  'sport-DEMOSPORTA': {
    tag: '虚拟足球赛事',
    art: () => `<path d="M28 150V40H212V150" fill="none" stroke="#fff" stroke-width="5"/><g stroke="#fff" stroke-opacity=".3" stroke-width="1.5">${[52, 76, 100, 124, 148, 172, 196].map((x) => `<path d="M${x} 40V150"/>`).join('')}${[58, 76, 94, 112, 130].map((y) => `<path d="M28 ${y}H212"/>`).join('')}</g>
${shadow(150, 44, 7)}${football(120, 104)}`,
  },
  'sport-DEMOSPORTB': {
    tag: '虚拟足球赛事',
    art: () => `<path d="M36 40H204V132" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><path d="M36 40V132" stroke="#fff" stroke-width="6"/>
<g stroke="#fff" stroke-opacity=".35" stroke-width="1.5">${[60, 84, 108, 132, 156, 180].map((x) => `<path d="M${x} 40V132"/>`).join('')}${[58, 76, 94, 112].map((y) => `<path d="M36 ${y}H204"/>`).join('')}</g>
${shadow(150, 40, 6)}${football(150, 110, 0.62)}<path d="M76 120Q100 104 118 112" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="3" stroke-dasharray="5 5" stroke-linecap="round"/>`,
  },
  'sport-DEMOSPORTC': {
    tag: '虚拟足球赛事',
    art: () => `<g transform="rotate(-14 70 70)"><rect x="44" y="26" width="46" height="64" rx="6" fill="#ffd60a" stroke="#000" stroke-opacity=".2"/></g><g transform="rotate(12 170 64)"><rect x="148" y="22" width="46" height="64" rx="6" fill="#e0303f" stroke="#000" stroke-opacity=".2"/></g>
<path d="M106 40Q120 30 134 40" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="3"/>${shadow(150, 40, 6)}${football(120, 104, 0.78)}`,
  },
  'sport-DEMOSPORTD': {
    tag: '虚拟足球赛事',
    art: () => `<path d="M20 0L90 150H60ZM220 0L150 150H180Z" fill="#fff" opacity=".08"/><circle cx="20" cy="8" r="8" fill="#fff" opacity=".8"/><circle cx="220" cy="8" r="8" fill="#fff" opacity=".8"/>
${shadow(152, 50, 6)}<path d="M86 26H154V58C154 82 138 96 120 98 102 96 86 82 86 58Z" fill="url(#goldG)" stroke="#b07d12" stroke-width="2"/>
<path d="M86 36C62 36 62 70 92 76M154 36C178 36 178 70 148 76" fill="none" stroke="url(#goldG)" stroke-width="7"/><rect x="112" y="96" width="16" height="22" fill="#d9a632"/><rect x="92" y="116" width="56" height="12" rx="3" fill="#d9a632"/><rect x="84" y="128" width="72" height="18" rx="4" fill="#6b4a12"/>
${star(120, 56, 15, '#fff8e1')}<path d="M60 130Q44 100 54 70M180 130Q196 100 186 70" fill="none" stroke="#7ed957" stroke-width="4"/><g fill="#7ed957">${[80, 96, 112].map((y) => `<ellipse cx="52" cy="${y}" rx="7" ry="4" transform="rotate(-40 52 ${y})"/><ellipse cx="188" cy="${y}" rx="7" ry="4" transform="rotate(40 188 ${y})"/>`).join('')}</g>`,
  },
  // ---- 彩票: the demo venue's 快三骰宝
  'lottery-DEMOLOTTOA': {
    tag: '快三骰宝',
    art: () => `${shadow(150, 60, 7)}<path d="M64 124H176L186 148H54Z" fill="url(#goldG)"/><path d="M58 124Q58 30 120 30T182 124Z" fill="#fff" fill-opacity=".14" stroke="#fff" stroke-opacity=".7" stroke-width="3"/>
${die(92, 104, 30, -14, 2)}${die(128, 106, 30, 10, 5)}${die(110, 76, 30, 24, 1)}<path d="M76 64Q86 44 106 40" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="4" stroke-linecap="round"/>`,
  },
  'lottery-DEMOLOTTOB': {
    tag: '快三骰宝',
    art: () => `${shadow(150, 90, 8)}${die(80, 100, 40, -12, 3, '#1b1d29')}${die(120, 92, 40, 6, 4, '#1b1d29')}${die(160, 100, 40, 16, 6, '#1b1d29')}
${ball(40, 44, 18, '#e0303f', '大')}${ball(92, 34, 16, '#1f6feb', '小')}${ball(148, 34, 16, '#12a150', '单')}${ball(200, 44, 18, '#f5a300', '双')}`,
  },
  'lottery-DEMOLOTTOC': {
    tag: '快三骰宝',
    art: () => `<circle cx="120" cy="86" r="62" fill="url(#halo)"/>${die(76, 106, 50, -16, 6, '#1b1d29')}${die(164, 100, 50, 14, 3, '#1b1d29')}${die(120, 62, 50, 4, 5, '#1b1d29')}${star(44, 40, 7, '#fff')}${star(200, 40, 9, GOLD_LIGHT)}`,
  },
  // ---- 电子游艺: each provider its own machine
  'concise-obgdy': {
    tag: '经典水果机',
    art: () => `<path d="M52 150V44Q52 14 120 14Q188 14 188 44V150Z" fill="#d61f2c" stroke="url(#goldG)" stroke-width="5"/>
<rect x="64" y="50" width="112" height="64" rx="8" fill="#fff"/><path d="M101 50V114M139 50V114" stroke="#ddd" stroke-width="2"/><path d="M64 82H176" stroke="#ffd60a" stroke-width="2" opacity=".7"/>
${cherries(84, 76, 0.62)}${seven(120, 100, 40)}${lemon(158, 82, 0.55)}<text x="120" y="39" text-anchor="middle" font-family="${FONT}" font-size="17" font-weight="900" fill="#ffe29a">JACKPOT</text>
<rect x="64" y="124" width="112" height="14" rx="7" fill="#7a0c14"/><path d="M196 100V54" stroke="#c8c8c8" stroke-width="6" stroke-linecap="round"/><circle cx="196" cy="48" r="11" fill="#ff3b3b"/><circle cx="193" cy="45" r="3.5" fill="#fff" opacity=".7"/>`,
  },
  'concise-fgdz': {
    tag: '龙凤 · 三国 · 捕鱼',
    bg: ['#5a0610', '#c81e2a'],
    art: () => `<circle cx="120" cy="84" r="70" fill="url(#halo)"/>${cloud(52, 132, 1, '#f5c542')}${lantern(34, 46, 0.72)}${lantern(204, 130, 0.5)}${dragon(124, 92, 0.9)}`,
  },
  'concise-pp': {
    tag: '埃及 · 糖果乐园',
    art: () => `<circle cx="78" cy="56" r="28" fill="#fff3b0" opacity=".9"/>${pyramid(78, 150, 64)}${pyramid(32, 150, 34)}<path d="M0 140H240V150H0Z" fill="#c98a1e" opacity=".6"/>
${lollipop(172, 70, 34, '#ff4fa3')}${sweet(150, 132, '#7c4dff', -14)}${sweet(214, 124, '#19c3b3', 20)}`,
  },
  'concise-ae': {
    tag: '深海 · 宝石',
    bg: ['#03245e', '#0a8fb8'],
    art: () => `<path d="M0 20L60 0H100L40 150H0ZM140 0H170L130 150H100Z" fill="#fff" opacity=".07"/>${seaweed(26, 120, '#0f7a5a')}${seaweed(214, 96, '#13a072')}
${gem(120, 80, 46, '#19d3c5')}${gem(62, 122, 20, '#f72585')}${gem(182, 118, 22, '#ffd60a')}${bubbles([[40, 40, 6], [56, 22, 4], [196, 40, 7], [206, 70, 4]])}`,
  },
};

const CATEGORY_TAG: Record<string, string> = { realbet: '真人视讯', joker: '棋牌游戏', gaming: '电子竞技', sport: '体育赛事', lottery: '彩票游戏', concise: '电子游艺' };

const fade = (id: string, color: string, opacity: number, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** The gradients every scene may use: bg, goldG, ivory, shade (the band), shine, halo, pearl, fire. */
const baseDefs = (bg: Pair) =>
  `<defs>${linear('bg', bg)}${linear('goldG', [GOLD_LIGHT, GOLD])}${linear('ivory', ['#ffffff', '#f1e6cc'], 0, 1)}
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset=".45" stop-color="#000" stop-opacity=".5"/><stop offset="1" stop-color="#000" stop-opacity=".7"/></linearGradient>
${fade('shine', '#fff', 0.55, 0.32, 0.28, 0.6)}${fade('halo', '#fff', 0.3)}${radial('pearl', '#ffffff', '#ff9f1c', 0.35, 0.35, 0.7)}${linear('fire', ['#ffd23f', '#e8430e'], 0, 1)}</defs>`;

/** How wide a wordmark sets, in ems (CJK a whole em, Latin letters and digits about two thirds). */
const ems = (s: string) => [...s].reduce((w, ch) => w + (/[\x20-\x7e]/.test(ch) ? 0.68 : 1), 0);

/**
 * The lower band: a darkening, the wordmark and a tag line. A demo venue's wordmark carries the
 * 演示 mark beside it, a small gold pill, the two centred together.
 */
function band(title: string, tag: string, ink: string, accent: string, demo = false): string {
  const size = title.length > 4 ? (title.length > 5 ? 28 : 32) : 38;
  const width = ems(title) * size + title.length;
  const pill = { w: 40, h: 21, gap: 6 };
  const x = demo ? 120 - (pill.gap + pill.w) / 2 : 120;
  const mark = demo
    ? `<rect x="${x + width / 2 + pill.gap}" y="161" width="${pill.w}" height="${pill.h}" rx="${pill.h / 2}" fill="${GOLD_LIGHT}" stroke="#000" stroke-opacity=".3"/>
<text x="${x + width / 2 + pill.gap + pill.w / 2}" y="176" text-anchor="middle" font-family="${FONT}" font-size="13" font-weight="900" fill="#5a3a00">${DEMO_MARK}</text>`
    : '';
  return `<path d="M0 150H240V212Q240 240 212 240H28Q0 240 0 212Z" fill="url(#shade)"/>
<text x="${x}" y="194" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="900" fill="${ink}" stroke="#000" stroke-opacity=".45" stroke-width="4" paint-order="stroke" letter-spacing="1">${esc(title)}</text>${mark}
<text x="120" y="222" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="700" fill="${accent}" stroke="#000" stroke-opacity=".35" stroke-width="3" paint-order="stroke">${esc(tag)}</text>`;
}

/** A small stable number from a text, so each tile's sparkles fall their own way. */
const seedOf = (s: string) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 233280, 7);

/** A hall provider tile: its own scene, its wordmark (our demo brand, with its 演示 mark), what it offers. */
export function venueTile(e: CatalogueEntry): string {
  const look = LOOKS[`${e.category}-${e.platform}`];
  const bg = look?.bg ?? e.colors;
  const scene = look ? look.art(e.colors) : '';
  const body = `${baseDefs(bg)}
<rect width="240" height="240" rx="28" fill="url(#bg)"/>
<circle cx="120" cy="84" r="110" fill="url(#halo)"/>
${sparkles(240, 150, 8, seedOf(e.platform))}
${scene}
${band(e.mark, look?.tag ?? CATEGORY_TAG[e.category] ?? '', look?.ink ?? '#fff', GOLD_LIGHT, e.mark !== e.name)}`;
  return svg(240, 240, body, e.name);
}

// ---- the provider games' tiles --------------------------------------------------------------------

/** A provider game's tile (gamelistBycode gamepic): /assets/games/slots/<code>.svg. */
export function providerGamePic(code: string): string {
  return `/assets/games/slots/${code}.svg`;
}

/** 财神: the god of wealth with his winged hat, beard and an ingot. */
const caishen = () => `<circle cx="120" cy="80" r="72" fill="url(#halo)"/>${coin(34, 120, 13, true)}${coin(206, 116, 13, true)}${coin(200, 36, 9, false)}
<path d="M62 150C62 118 88 104 120 104S178 118 178 150Z" fill="#c81e2a"/><path d="M96 108Q120 126 144 108L140 150H100Z" fill="url(#goldG)"/>
<ellipse cx="120" cy="76" rx="30" ry="32" fill="#ffd7b0"/><path d="M104 74Q109 70 114 74M126 74Q131 70 136 74" stroke="#3a2010" stroke-width="2.6" fill="none" stroke-linecap="round"/><circle cx="104" cy="86" r="5" fill="#ff8a8a" opacity=".6"/><circle cx="136" cy="86" r="5" fill="#ff8a8a" opacity=".6"/>
<path d="M106 92Q120 100 134 92Q132 124 120 128Q108 124 106 92Z" fill="#1b1b1b"/><path d="M112 92Q120 88 128 92" stroke="#1b1b1b" stroke-width="4" fill="none"/>
<path d="M88 58Q90 26 120 26T152 58Z" fill="#c81e2a"/><rect x="88" y="52" width="64" height="10" rx="4" fill="url(#goldG)"/><circle cx="120" cy="40" r="7" fill="url(#goldG)"/>
<ellipse cx="70" cy="48" rx="22" ry="7" fill="#1b1b1b" transform="rotate(-12 70 48)"/><ellipse cx="170" cy="48" rx="22" ry="7" fill="#1b1b1b" transform="rotate(12 170 48)"/>${ingot(120, 140, 0.72)}`;

/** 三国: a general's helmet with a red plume, a sword and a halberd crossed behind, a war banner. */
const general = () => `<path d="M176 18V150" stroke="#6b3a12" stroke-width="4"/><path d="M178 20H220L210 40 220 60H178Z" fill="#c81e2a"/><text x="198" y="48" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="900" fill="${GOLD_LIGHT}">蜀</text>
<path d="M36 150L96 40" stroke="#6b3a12" stroke-width="5"/><path d="M92 46Q110 20 102 10 86 26 84 50Z" fill="#dfe7f2" stroke="#8a97ab" stroke-width="1.5"/>
<path d="M74 150C74 120 94 108 120 108S166 120 166 150Z" fill="#2d6a4f"/><path d="M88 120L120 134 152 120 148 150H92Z" fill="url(#goldG)" opacity=".9"/>
<ellipse cx="120" cy="82" rx="24" ry="28" fill="#c0392b"/><path d="M106 80L114 78M126 78L134 80" stroke="#1b1b1b" stroke-width="3.5" stroke-linecap="round"/><path d="M100 72L114 74M140 72L126 74" stroke="#1b1b1b" stroke-width="3" stroke-linecap="round"/>
<path d="M104 94Q120 104 136 94Q136 142 120 150Q104 142 104 94Z" fill="#111"/>
<path d="M92 74Q92 38 120 36T148 74L140 66H100Z" fill="url(#goldG)" stroke="#8a5a00" stroke-width="2"/><path d="M120 36V22" stroke="#8a5a00" stroke-width="3"/><path d="M120 24C104 10 108 2 120 4 132 2 136 10 120 24Z" fill="#e3262f"/>
<path d="M92 74Q86 92 96 104M148 74Q154 92 144 104" stroke="url(#goldG)" stroke-width="6" fill="none"/>`;

/** 埃及艳后: Cleopatra with her bob, gold band and cobra, before the pyramids at sunset. */
const cleopatra = () => `<circle cx="120" cy="70" r="62" fill="#ffcf6a" opacity=".35"/>${pyramid(36, 150, 46)}${pyramid(212, 150, 40)}
<path d="M78 150C78 124 96 112 120 112S162 124 162 150Z" fill="#1d3557"/><path d="M86 124Q120 146 154 124" fill="none" stroke="url(#goldG)" stroke-width="9"/><path d="M92 136Q120 154 148 136" fill="none" stroke="#19a5c9" stroke-width="5"/>
<path d="M82 56Q82 20 120 20T158 56V116H82Z" fill="#141021"/><ellipse cx="120" cy="74" rx="25" ry="31" fill="#e8b889"/><path d="M94 56Q96 34 120 34T146 56V60H94Z" fill="#141021"/>
<rect x="92" y="46" width="56" height="8" rx="3" fill="url(#goldG)"/><path d="M120 46Q112 36 120 28Q128 36 120 46Z" fill="url(#goldG)" stroke="#8a5a00"/>
<path d="M104 72Q110 67 116 72Q110 76 104 72ZM124 72Q130 67 136 72Q130 76 124 72Z" fill="#111"/><path d="M116 72L121 70M136 72L141 70" stroke="#111" stroke-width="2"/><path d="M101 66Q109 62 116 66M124 66Q131 62 139 66" stroke="#19a5c9" stroke-width="2.5" fill="none"/>
<path d="M113 90Q120 95 127 90Q120 87 113 90Z" fill="#c81e2a"/>${ankh(212, 46, 0.7)}`;

/** 糖果乐园: lollipops, sweets and a sprinkled doughnut. */
const candyland = () => {
  const sprinkles = [[-10, -10, 20], [8, -14, -30], [14, 4, 60], [-14, 8, 10], [0, 14, -60]].map(([x, y, r], i) => `<rect x="${x}" y="${y}" width="8" height="3" rx="1.5" fill="${['#fff', '#ffd60a', '#70d6ff', '#7cdb5a', '#fff'][i]}" transform="rotate(${r} ${x} ${y})"/>`).join('');
  return `<path d="M0 130Q60 100 120 128T240 124V160H0Z" fill="#fff" opacity=".35"/>${lollipop(74, 66, 38, '#ff3d8b')}${lollipop(176, 60, 28, '#8f5cff')}
${g(164, 118, `<circle r="28" fill="#c98a4b"/><circle r="25" fill="#ff8fc7"/><circle r="9" fill="#c98a4b"/><circle r="7" fill="#ffd6e0"/>${sprinkles}`)}${sweet(48, 132, '#19c3b3', -20)}${sweet(112, 138, '#ffb703', 10)}`;
};

/** 深海宝藏: an open chest of gold on the sea floor, weed and bubbles. */
const treasure = () => `<path d="M30 0L70 150H40ZM150 0L200 150H170Z" fill="#fff" opacity=".06"/>${seaweed(22, 130, '#0c7a5a')}${seaweed(40, 84, '#13a072')}${seaweed(220, 110, '#0c7a5a')}
<ellipse cx="120" cy="150" rx="110" ry="14" fill="#e9c46a" opacity=".5"/><circle cx="120" cy="80" r="46" fill="#ffe38a" opacity=".3"/>
<path d="M72 72Q72 40 120 40T168 72Z" fill="#8b4a1c" stroke="#4a2208" stroke-width="2" transform="rotate(-8 120 72)"/><rect x="72" y="84" width="96" height="58" rx="4" fill="#8b4a1c" stroke="#4a2208" stroke-width="2"/>
${coin(96, 84, 10, false)}${coin(120, 78, 11, false)}${coin(144, 84, 10, false)}${gem(110, 70, 9, '#f72585')}${gem(134, 70, 8, '#19d3c5')}
<rect x="72" y="84" width="96" height="10" fill="url(#goldG)"/><rect x="84" y="84" width="10" height="58" fill="url(#goldG)"/><rect x="146" y="84" width="10" height="58" fill="url(#goldG)"/><rect x="112" y="96" width="16" height="18" rx="3" fill="url(#goldG)" stroke="#8a5a00"/>
${fish(196, 56, 34, '#ff9f1c')}${bubbles([[56, 40, 7], [64, 20, 4], [178, 18, 5]])}`;

/** 宝石迷阵: a pile of cut gems under a crown of light. */
const gemPile = () => `<circle cx="120" cy="80" r="70" fill="url(#halo)"/>${gem(120, 66, 40, '#e0fbfc')}${gem(58, 110, 26, '#d00000')}${gem(182, 108, 26, '#0077b6')}${gem(94, 130, 20, '#2d6a4f')}${gem(148, 132, 20, '#7b2cbf')}
${star(60, 40, 8, '#fff')}${star(186, 46, 10, '#fff')}${star(150, 20, 5, '#fff')}`;

/** 水果派对: cherries, a watermelon slice, a lemon and a lucky seven. */
const fruitParty = () => `<g opacity=".8">${[[30, 20, '#ffd60a'], [200, 30, '#ff4fa3'], [60, 140, '#70d6ff'], [210, 130, '#7cdb5a'], [180, 16, '#fff']].map(([x, y, c]) => `<rect x="${x}" y="${y}" width="10" height="5" rx="2" fill="${c}" transform="rotate(${Number(x) % 60} ${x} ${y})"/>`).join('')}</g>
${seven(120, 104, 96)}${melon(60, 118, 1)}${cherries(188, 104, 1.15)}${lemon(172, 40, 0.8)}`;

/** 龙凤呈祥: the golden dragon and a red phoenix's tail among clouds. */
const dragonPhoenix = () => `<circle cx="120" cy="80" r="70" fill="url(#halo)"/>${cloud(190, 128, 1.1)}${cloud(44, 34, 0.8)}
<g fill="none" stroke-linecap="round"><path d="M30 150Q60 100 20 70" stroke="#ff4d6d" stroke-width="7"/><path d="M44 150Q84 104 56 60" stroke="#ffb703" stroke-width="6"/><path d="M60 150Q104 118 96 80" stroke="#ef233c" stroke-width="5"/></g>
<circle cx="20" cy="70" r="7" fill="#4cc9f0"/><circle cx="56" cy="60" r="6" fill="#4cc9f0"/><circle cx="96" cy="80" r="5" fill="#4cc9f0"/>${dragon(130, 88, 0.85)}`;

/** 海王捕鱼: the golden fish king over a shoal, the player's cannon below. */
const fishKing = () => {
  const shoal = FISH.slice(0, 4).map((f, i) => fish([40, 200, 56, 184][i]!, [40, 32, 112, 116][i]!, 30 + i * 4, f.color, i % 2 === 1)).join('');
  return `<path d="M40 0L80 150H50ZM170 0L210 150H180Z" fill="#fff" opacity=".07"/>${shoal}${fish(120, 76, 110, '#ffc300')}
<path d="M84 76Q120 62 150 74" stroke="#e85d04" stroke-width="2" fill="none" stroke-dasharray="4 4"/>${bubbles([[28, 84, 5], [214, 80, 6], [150, 22, 4]])}
<rect x="110" y="112" width="20" height="32" rx="4" fill="#8d99ae" stroke="#4a5568" stroke-width="2"/><path d="M84 150A36 24 0 0 1 156 150Z" fill="url(#goldG)" stroke="#8a5a00" stroke-width="2"/>`;
};

/** A standing mahjong tile, 44×60, around (x, y). */
const mahjongTile = (x: number, y: number, rot: number, face: string, s = 1) =>
  g(x, y, `<rect x="-19" y="-27" width="44" height="60" rx="7" fill="#1b7f4b"/><rect x="-22" y="-30" width="44" height="60" rx="7" fill="#fffaf0" stroke="#c9b99a" stroke-width="1.5"/>${face}`, s, rot);
const tileChar = (ch: string, fill: string, size = 34, y = 12) => `<text x="0" y="${y}" text-anchor="middle" font-family="serif" font-size="${size}" font-weight="900" fill="${fill}">${ch}</text>`;

/** 麻将胡了: a winning hand fanned out (發, 中, 八萬) over a spill of gold. */
const mahjongHand = () => `<circle cx="120" cy="80" r="70" fill="url(#halo)"/>${coin(40, 132, 12, true)}${coin(204, 128, 12, false)}${coin(188, 146, 9, true)}
${mahjongTile(72, 92, -16, tileChar('中', '#d00000'), 1.25)}${mahjongTile(168, 92, 16, `${tileChar('八', '#1d3557', 20, -4)}${tileChar('萬', '#d00000', 22, 20)}`, 1.25)}${mahjongTile(120, 80, 0, tileChar('發', '#16803c', 36), 1.5)}
${star(44, 34, 7, '#fff')}${star(200, 40, 9, GOLD_LIGHT)}`;

/** 熊猫福宝: a panda among golden bamboo with a 福 plaque. */
const pandaBamboo = () => {
  const stalk = (x: number, top: number, rot: number) =>
    g(x, 150, `<rect x="-7" y="${-150 + top}" width="14" height="${150 - top}" rx="6" fill="url(#goldG)" stroke="#a06a00" stroke-width="1.5"/>${[0.25, 0.5, 0.75].map((f) => `<path d="M-8 ${(-150 + top) * (1 - f)}H8" stroke="#a06a00" stroke-width="2.5"/>`).join('')}`, 1, rot);
  return `<circle cx="120" cy="84" r="72" fill="url(#halo)"/>${stalk(30, 20, -6)}${stalk(52, 50, 4)}${stalk(206, 16, 6)}${stalk(186, 56, -4)}
<path d="M40 40Q60 24 76 32Q60 46 40 40ZM200 50Q178 34 166 44Q184 56 200 50Z" fill="#7cdb5a"/>
<circle cx="84" cy="44" r="18" fill="#1b1b1b"/><circle cx="156" cy="44" r="18" fill="#1b1b1b"/><ellipse cx="120" cy="92" rx="52" ry="46" fill="#fff" stroke="#1b1b1b" stroke-width="2"/>
<ellipse cx="100" cy="84" rx="13" ry="17" fill="#1b1b1b" transform="rotate(-25 100 84)"/><ellipse cx="140" cy="84" rx="13" ry="17" fill="#1b1b1b" transform="rotate(25 140 84)"/><circle cx="102" cy="83" r="5" fill="#fff"/><circle cx="138" cy="83" r="5" fill="#fff"/>
<ellipse cx="120" cy="104" rx="9" ry="6" fill="#1b1b1b"/><path d="M112 114Q120 122 128 114" stroke="#1b1b1b" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="90" cy="106" r="7" fill="#ff8fa3" opacity=".7"/><circle cx="150" cy="106" r="7" fill="#ff8fa3" opacity=".7"/>
${g(212, 126, `<path d="M0-22 22 0 0 22-22 0Z" fill="url(#goldG)"/><path d="M0-16 16 0 0 16-16 0Z" fill="#d62828"/><text y="8" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="900" fill="${GOLD_LIGHT}">福</text>`, 0.8)}`;
};

/** 西游降魔: the Monkey King with his golden headband before his staff, on clouds. */
const monkeyKing = () => `<circle cx="120" cy="80" r="72" fill="url(#halo)"/>
${g(120, 80, `<rect x="-9" y="-96" width="18" height="192" rx="4" fill="#b91c1c" stroke="#7f1d1d" stroke-width="2"/><rect x="-11" y="-96" width="22" height="22" rx="4" fill="url(#goldG)"/><rect x="-11" y="74" width="22" height="22" rx="4" fill="url(#goldG)"/>`, 1, -52)}
${cloud(46, 130, 1.3)}${cloud(196, 136, 1.1)}
<circle cx="78" cy="86" r="15" fill="#a0522d"/><circle cx="162" cy="86" r="15" fill="#a0522d"/><circle cx="78" cy="86" r="8" fill="#f1c27d"/><circle cx="162" cy="86" r="8" fill="#f1c27d"/>
<ellipse cx="120" cy="88" rx="44" ry="48" fill="#a0522d"/><path d="M92 90Q92 64 110 66Q120 56 130 66Q148 64 148 90Q148 128 120 130Q92 128 92 90Z" fill="#f1c27d"/>
<ellipse cx="108" cy="88" rx="6" ry="7" fill="#fff"/><ellipse cx="132" cy="88" rx="6" ry="7" fill="#fff"/><circle cx="108" cy="89" r="3.5" fill="#c1121f"/><circle cx="132" cy="89" r="3.5" fill="#c1121f"/>
<path d="M110 112Q120 119 130 112" stroke="#6b3a12" stroke-width="3" fill="none" stroke-linecap="round"/>
<path d="M78 60Q120 38 162 60" stroke="url(#goldG)" stroke-width="9" fill="none" stroke-linecap="round"/><circle cx="120" cy="48" r="6" fill="#d00000" stroke="${GOLD_LIGHT}" stroke-width="2"/>
<path d="M96 54Q84 28 66 30M144 54Q156 28 174 30" stroke="#d00000" stroke-width="3.5" fill="none" stroke-linecap="round"/>`;

/** 虎虎生财: a golden tiger's face with coins and firecrackers. */
const goldTiger = () => `<circle cx="120" cy="84" r="74" fill="url(#halo)"/>${coin(36, 120, 13, true)}${coin(206, 112, 13, true)}${coin(198, 36, 9, false)}${lantern(40, 48, 0.8)}
<circle cx="82" cy="48" r="17" fill="url(#goldG)" stroke="#7a4a00" stroke-width="2"/><circle cx="158" cy="48" r="17" fill="url(#goldG)" stroke="#7a4a00" stroke-width="2"/><circle cx="82" cy="48" r="8" fill="#fff3e0"/><circle cx="158" cy="48" r="8" fill="#fff3e0"/>
<path d="M120 36C160 36 176 64 174 90 172 122 146 140 120 140S68 122 66 90C64 64 80 36 120 36Z" fill="url(#goldG)" stroke="#7a4a00" stroke-width="2"/>
<path d="M106 48 111 62 120 50 129 62 134 48M112 66H128" stroke="#2b1a0e" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M68 84 84 88M68 100 84 98M172 84 156 88M172 100 156 98" stroke="#2b1a0e" stroke-width="3.5" stroke-linecap="round"/>
<path d="M88 110Q120 92 152 110Q146 136 120 136Q94 136 88 110Z" fill="#fff3e0"/><ellipse cx="100" cy="86" rx="8" ry="7" fill="#2e7d32"/><ellipse cx="140" cy="86" rx="8" ry="7" fill="#2e7d32"/><ellipse cx="100" cy="86" rx="2.5" ry="6" fill="#111"/><ellipse cx="140" cy="86" rx="2.5" ry="6" fill="#111"/>
<path d="M111 102H129L120 112Z" fill="#d62828"/><path d="M120 112V118M110 121Q120 128 130 121" stroke="#2b1a0e" stroke-width="3" fill="none" stroke-linecap="round"/>`;

/** 众神之巅: a marble temple under Zeus' thunderbolt, gems at its steps. */
const olympus = () => `<circle cx="120" cy="60" r="70" fill="#fcd34d" opacity=".22"/>${cloud(40, 40, 1.2)}${cloud(204, 52, 1)}
<path d="M56 64 120 30 184 64Z" fill="#f1e6cc" stroke="#c9b99a" stroke-width="2"/><rect x="54" y="64" width="132" height="10" fill="#fffaf0"/>
${[70, 98, 126, 154].map((x) => `<rect x="${x}" y="74" width="16" height="56" fill="url(#ivory)" stroke="#c9b99a"/><path d="M${x + 5} 76V128M${x + 11} 76V128" stroke="#c9b99a" stroke-width="1.2"/>`).join('')}
<rect x="48" y="130" width="144" height="10" fill="#fffaf0" stroke="#c9b99a"/><rect x="40" y="140" width="160" height="10" fill="#f1e6cc" stroke="#c9b99a"/>
<path d="M132 0 100 52H124L104 104 156 36H128L148 0Z" fill="#ffd60a" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>
${gem(34, 128, 14, '#d00000')}${gem(206, 126, 14, '#0077b6')}${gem(20, 100, 9, '#7b2cbf')}`;

/** 霓虹777: three blue sevens in neon under a star, BAR plates below. */
const neonSevens = () => {
  const blueSeven = (x: number, y: number, size: number) =>
    `<text x="${x}" y="${y}" text-anchor="middle" font-family="Arial Black, ${FONT}" font-size="${size}" font-weight="900" font-style="italic" fill="#3a86ff" stroke="#bde0fe" stroke-width="${size / 16}" paint-order="stroke">7</text>`;
  const bar = (x: number, y: number, fill: string) => `<rect x="${x - 30}" y="${y - 10}" width="60" height="20" rx="5" fill="${fill}" stroke="#fff" stroke-width="2"/><text x="${x}" y="${y + 6}" text-anchor="middle" font-family="Arial Black, ${FONT}" font-size="15" font-weight="900" fill="#fff">BAR</text>`;
  return `<rect x="24" y="28" width="192" height="92" rx="18" fill="#000" opacity=".3" stroke="#f72585" stroke-width="4"/><rect x="24" y="28" width="192" height="92" rx="18" fill="none" stroke="#f72585" stroke-width="12" opacity=".25"/>
${blueSeven(66, 110, 76)}${blueSeven(120, 110, 76)}${blueSeven(174, 110, 76)}${star(120, 20, 16, '#ffd60a')}${star(30, 20, 6, '#4cc9f0')}${star(212, 18, 7, '#4cc9f0')}${bar(62, 138, '#fb5607')}${bar(178, 138, '#8338ec')}`;
};

/** 星际寻宝: a ringed planet, a rocket climbing past it and a flying saucer. */
const spaceHunt = () => `${sparkles(240, 150, 14, 77)}<circle cx="96" cy="84" r="44" fill="#f4a261"/><path d="M54 72Q96 84 138 70M56 98Q96 106 136 96" stroke="#e76f51" stroke-width="7" fill="none"/><circle cx="96" cy="84" r="44" fill="url(#shine)"/>
<ellipse cx="96" cy="86" rx="76" ry="16" fill="none" stroke="${GOLD_LIGHT}" stroke-width="6" transform="rotate(-16 96 86)"/>
${g(182, 70, `<path d="M-10 34Q0 60 10 34Z" fill="#ffd60a"/><path d="M-12 16-26 36H-10ZM12 16 26 36H10Z" fill="#ef476f"/><path d="M0-40C14-26 16 6 10 34H-10C-16 6-14-26 0-40Z" fill="#e9ecef" stroke="#6c757d" stroke-width="2"/><path d="M0-40C7-34 11-26 12-18H-12C-11-26-7-34 0-40Z" fill="#ef476f"/><circle cy="-2" r="7" fill="#4cc9f0" stroke="#fff" stroke-width="2.5"/>`, 1, 30)}
${g(196, 136, `<path d="M-12-6Q-12-22 0-22T12-6Z" fill="#90e0ef"/><ellipse rx="30" ry="10" fill="#c9d1dc" stroke="#6c757d" stroke-width="1.5"/><circle cx="-16" cy="2" r="2.5" fill="#ffd60a"/><circle cy="4" r="2.5" fill="#ef476f"/><circle cx="16" cy="2" r="2.5" fill="#ffd60a"/>`)}${star(34, 30, 8, '#fff')}`;

/** 幸运彩虹: a rainbow ending in a pot of gold, four-leaf clovers in the grass. */
const rainbowGold = () => {
  const clover = (x: number, y: number, s: number) =>
    g(x, y, [0, 90, 180, 270].map((a) => `<path d="M0 0C-10-7-16-20-8-26-3-29 0-24 0-21 0-24 3-29 8-26 16-20 10-7 0 0Z" fill="#2dc653" stroke="#14532d" stroke-width="1.5" transform="rotate(${a})"/>`).join(''), s);
  return `${['#ef476f', '#ff9f1c', '#ffd60a', '#2dc653', '#4cc9f0', '#7b2cbf'].map((c, i) => `<path d="M${14 + i * 9} 140A${100 - i * 9} ${100 - i * 9} 0 0 1 ${214 - i * 9} 140" fill="none" stroke="${c}" stroke-width="9"/>`).join('')}
${cloud(30, 132, 1.3)}<path d="M0 150Q60 128 120 146T240 138V150H0Z" fill="#14532d"/>
${[[150, 92], [166, 86], [182, 92], [158, 100], [174, 98]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="12" ry="7" fill="url(#goldG)" stroke="#a06a00" stroke-width="1.5"/>`).join('')}
<path d="M136 104H198Q204 150 167 152Q130 150 136 104Z" fill="#1b1b1b"/><ellipse cx="167" cy="104" rx="33" ry="8" fill="#333" stroke="#111" stroke-width="2"/><ellipse cx="167" cy="102" rx="27" ry="5" fill="url(#goldG)"/>
${coin(118, 138, 10, false)}${clover(70, 100, 0.9)}${clover(96, 126, 0.6)}`;
};

/** 金蟾捕鱼: the golden toad on a pile of coins in the deep, a whale and jellyfish about. */
const toadTank = () => `<path d="M40 0L80 150H50ZM170 0L210 150H180Z" fill="#fff" opacity=".07"/>${fish(204, 44, 54, '#1e40af', true)}
<g fill="#f9a8d4" opacity=".9"><path d="M30 56Q30 36 44 36T58 56Z"/><path d="M34 56V74M44 56V78M54 56V72" stroke="#f9a8d4" stroke-width="3" fill="none"/></g>
${coin(84, 136, 12, true)}${coin(156, 136, 12, false)}${coin(120, 142, 12, true)}
<ellipse cx="120" cy="104" rx="56" ry="34" fill="url(#goldG)" stroke="#8a5a00" stroke-width="2.5"/><circle cx="92" cy="72" r="16" fill="url(#goldG)" stroke="#8a5a00" stroke-width="2"/><circle cx="148" cy="72" r="16" fill="url(#goldG)" stroke="#8a5a00" stroke-width="2"/>
<circle cx="92" cy="72" r="8" fill="#c81e2a"/><circle cx="148" cy="72" r="8" fill="#c81e2a"/><circle cx="92" cy="72" r="3.5" fill="#111"/><circle cx="148" cy="72" r="3.5" fill="#111"/>
<path d="M96 92Q120 106 144 92" stroke="#7a4a00" stroke-width="3" fill="none"/>${coin(120, 100, 13, true)}${bubbles([[28, 110, 6], [212, 100, 5], [176, 16, 4]])}`;

const GAME_ART: Record<string, () => string> = {
  obgdy_fruit: fruitParty,
  obgdy_caishen: caishen,
  fgdz_dragon: dragonPhoenix,
  fgdz_sanguo: general,
  pp_egypt: cleopatra,
  pp_candy: candyland,
  ae_ocean: treasure,
  ae_gems: gemPile,
  obgdy_mahjong: mahjongHand,
  obgdy_panda: pandaBamboo,
  fgdz_journey: monkeyKing,
  fgdz_tiger: goldTiger,
  pp_olympus: olympus,
  pp_vegas: neonSevens,
  ae_space: spaceHunt,
  ae_lucky: rainbowGold,
  fgdz_fishing: fishKing,
  ae_fishing: toadTank,
};

function gameTile(code: string, name: string, tag: string, bg: Pair, accent: string): string {
  const art = GAME_ART[code]?.() ?? '';
  const body = `${baseDefs(bg)}
<rect width="240" height="240" rx="28" fill="url(#bg)"/>
${sparkles(240, 150, 8, code.length * 7 + code.charCodeAt(0))}
${art}
${band(name, tag, '#fff', accent)}`;
  return svg(240, 240, body, name);
}

/** A slot machine's tile: its own theme's scene and its name. */
export function slotTile(m: SlotMachine): string {
  return gameTile(m.code, m.name, `${DEMO_ELECTRONIC_NAMES[m.provider]} · ${m.theme.name}`, m.theme.background, m.theme.accent);
}

/** Each fishing tank's water (海王捕鱼 the open sea; 金蟾捕鱼 a dark teal deep lit by its gold). */
const FISHING_BG: Record<string, Pair> = { ae_fishing: ['#012a36', '#0f766e'] };

/** A fishing game's tile. */
export function fishingTile(code: string, name: string): string {
  return gameTile(code, name, '捕鱼 · FISHING', FISHING_BG[code] ?? ['#023e8a', '#00b4d8'], GOLD_LIGHT);
}
