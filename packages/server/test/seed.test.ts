import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, storedRules } from '@app/contract';
import { startServer, type TestServer } from './harness.js';
import { getSettings } from '../src/modules/site/service.js';
import { VIP_TIERS, vipBadge } from '../src/seed/vip.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../h5/public');
function assetExists(webPath: string): boolean {
  const clean = webPath.split(/[?#]/)[0];
  if (!clean.startsWith('/assets/')) return false;
  const file = path.join(PUBLIC_DIR, clean);
  return file.startsWith(PUBLIC_DIR + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** The figures an SVG's illustrations carry (<text class="figure">, written by seed/assets/generate.ts). */
function figuresOf(svg: string): string[] {
  return [...svg.matchAll(/<text class="figure"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}
const readAsset = (webPath: string) => fs.readFileSync(path.join(PUBLIC_DIR, webPath), 'utf8');
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

/** The member app's routes that show a screen (routes.tsx; redirects and the catch-all excluded). */
function memberAppScreens(): Set<string> {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../h5/src/app/routes.tsx'), 'utf8');
  const screens = new Set(['/']); // the index route: the hall
  for (const m of source.matchAll(/\{ path: '([^']+)', element: (<?\w+)/g)) if (m[1] !== '*' && m[2] !== '<Navigate') screens.add(`/${m[1]}`);
  return screens;
}

describe('seed', () => {
  it('names only pictures and pages that exist under packages/h5/public/assets', async () => {
    const db = s.db.kysely;
    const settings = await getSettings(db);
    const paths = [
      ...(await db.selectFrom('banners').select('src').execute()).map((r) => r.src),
      ...(await db.selectFrom('game_entries').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('activities').select('banner').execute()).map((r) => r.banner),
      settings.app.site_logo,
      ...VIP_TIERS.map((t) => vipBadge(t.level)),
      '/assets/avatars/default.svg',
      ...['recharge', 'transfer', 'vip', 'withdraw', 'redpacket', 'app-download'].map((n) => `/assets/icons/${n}.svg`),
      '/assets/app/phone.svg',
      '/assets/sponsor/team-1.svg',
      '/assets/sponsor/team-2.svg',
      // the built-in sponsor pages (features/sponsor), shown while no URL is saved
      '/assets/sponsor-1.html',
      '/assets/sponsor-2.html',
    ];
    const missing = paths.filter((p) => !assetExists(p));
    expect(missing).toEqual([]);
  });

  it('keeps the shipped assets small', () => {
    let bytes = 0;
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else bytes += fs.statSync(p).size;
      }
    };
    walk(path.join(PUBLIC_DIR, 'assets'));
    expect(bytes).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('seeds providers in all six game categories', async () => {
    const rows = await s.db.kysely.selectFrom('game_entries').select('category_id').distinct().execute();
    expect(rows.map((r) => r.category_id).sort()).toEqual([...GAME_CATEGORIES].sort());
  });

  it('seeds VIP1–VIP10 with rising thresholds and rebate rates between 0.40 % and 1.20 %', async () => {
    const tiers = await s.db.kysely.selectFrom('vip_tiers').selectAll().orderBy('level').execute();
    expect(tiers.map((t) => t.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(tiers.map((t) => t.name)).toEqual(tiers.map((t) => `VIP${t.level}`));
    expect(tiers[0]).toMatchObject({ recharge_fen: 0, flow_fen: 0 });
    expect(tiers[1]).toMatchObject({ recharge_fen: 100_000, flow_fen: 500_000 });
    const rates = ['realperson_bp', 'sport_bp', 'e_sport_bp', 'joker_bp', 'electron_bp', 'lottery_bp'] as const;
    for (let i = 1; i < tiers.length; i++) {
      expect(tiers[i].recharge_fen).toBeGreaterThan(tiers[i - 1].recharge_fen);
      expect(tiers[i].flow_fen).toBeGreaterThan(tiers[i - 1].flow_fen);
      expect(tiers[i].retention_flow_fen).toBeGreaterThan(tiers[i - 1].retention_flow_fen);
      for (const k of rates) expect(tiers[i][k]).toBeGreaterThan(tiers[i - 1][k]);
    }
    for (const t of tiers) {
      for (const k of rates) {
        expect(t[k]).toBeGreaterThanOrEqual(30);
        expect(t[k]).toBeLessThanOrEqual(120);
      }
    }
  });

  it('seeds help articles 1–9', async () => {
    const rows = await s.db.kysely.selectFrom('articles').select('type').orderBy('type').execute();
    expect(rows.map((r) => r.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('seeds three activity types, eight activities and at least six home notices', async () => {
    const db = s.db.kysely;
    expect((await db.selectFrom('activity_types').select('id').execute()).length).toBe(3);
    expect((await db.selectFrom('activities').select('id').execute()).length).toBe(8);
    expect((await db.selectFrom('notices').select('id').where('on_home', '=', true).execute()).length).toBeGreaterThanOrEqual(6);
  });

  it('gives every banner a target that opens a screen with content: an activity, a help article or a screen of the member app', async () => {
    const db = s.db.kysely;
    const banners = await db.selectFrom('banners').select(['src', 'url']).orderBy('sort').execute();
    const activities = await db.selectFrom('activities').select(['id', 'banner']).execute();
    const articles = new Set((await db.selectFrom('articles').select('type').execute()).map((r) => r.type));
    const screens = memberAppScreens();
    expect(banners.length).toBe(8);
    for (const b of banners) {
      expect(b.url, b.src).toMatch(/^\/#\//);
      const target = new URL(b.url.slice(2), 'http://app');
      expect(screens, `${b.src} → ${b.url}`).toContain(target.pathname);
      if (target.pathname === '/activityInfo') {
        const activity = activities.find((a) => a.id === Number(target.searchParams.get('id')));
        expect(activity, b.url).toBeDefined();
        // A banner for an activity carries that activity's own figure (the same terms on both pictures).
        expect(figuresOf(readAsset(b.src)), b.src).toEqual(figuresOf(readAsset(activity!.banner)));
      }
      if (target.pathname === '/boutBallBetInfo') expect(articles, b.url).toContain(Number(target.searchParams.get('type')));
    }
  });

  it("draws each activity's own figure from its rules on its picture, and no line inviting a tap on its detail page", async () => {
    const activities = await s.db.kysely.selectFrom('activities').select(['title', 'content', 'banner', 'rules']).execute();
    expect(activities.length).toBe(8);
    for (const a of activities) {
      const svg = readAsset(a.banner);
      const figures = figuresOf(svg);
      expect(figures.length, a.title).toBe(1);
      const rules = storedRules(a.rules);
      if (rules) {
        const own = rules.payout === 'deposit_percent' ? `${rules.percent}%` : `${(rules.amount_fen / 100).toLocaleString('en-US')}元`;
        expect(figures[0], a.title).toBe(own);
      }
      // The figure is one the member reads in the activity's description (a red packet's, the VIP bonus's top).
      expect(plain(a.content), a.title).toContain(figures[0].replace(/^最高/, ''));
      // No other percent than its own title's and figure's (the 10% card once showed "100%").
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
      for (const pct of texts.match(/\d+(\.\d+)?%/g) ?? []) expect(`${a.title} ${figures[0]}`, a.title).toContain(pct);
      expect(svg).not.toContain('点击查看活动详情');
    }
  });
});
