import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ELECTRONIC_NAMES, DEMO_MARK, ELECTRONIC_PROVIDERS, type GameEntry, type ProviderGame, type RecentGame, type VenueBalance } from '@app/contract';
import { demoBrandNotice } from '../src/modules/content/migrations.js';
import { demoBrandTiles } from '../src/modules/games/migrations.js';
import { demoBrandVenues } from '../src/modules/venues/migrations.js';
import { CATALOGUE } from '../src/seed/catalogue.js';
import { startServer, type TestServer } from './harness.js';
import { fundedMember } from './transfer-helpers.js';

/**
 * Seeded demo venues do not present themselves as real providers (DESIGN §6): no real provider's
 * name or code in what is seeded or what the member API answers about the hall, its pictures
 * included. Only the electronic providers' codes are fixed by the spec (obgdy, fgdz, pp, ae): they stay
 * as codes, and members see our demo brand (演示电子A…) for them.
 */
const REAL_LATIN = ['AG', 'BBIN', 'DG', 'EVO', 'Evolution', 'WM', 'KY', 'LEG', 'VG', 'MT', 'IA', 'TF', 'LH', 'IM', 'SABA', 'FB', 'BTI', 'VR', 'TCG', 'SGWIN', 'OB', 'FG', 'PP', 'AE', 'PG', 'JDB', 'CQ9', 'Pragmatic'];
const REAL_CJK = ['开元', '乐游', '财神棋牌', '美天', '雷火', '沙巴', '双赢'];
const H5_PUBLIC = path.resolve(import.meta.dirname, '../../h5/public');

/**
 * The real providers a text names: a Latin word that is one's code or name in any case (ky_joker, PP电子),
 * or begins with it in capitals (OBGDY); one's Chinese name anywhere. An English word merely starting
 * with the same letters (agent@…) is not one.
 */
function realProvidersIn(text: string): string[] {
  const words = text.match(/[A-Za-z0-9]+/g) ?? [];
  const names = (r: string) => words.some((w) => w.toUpperCase() === r.toUpperCase() || w.startsWith(r.toUpperCase()));
  return [...REAL_LATIN.filter(names), ...REAL_CJK.filter((r) => text.includes(r))];
}

/** A code of the spec's electronic providers, or a game code under one (pp_egypt): an identifier the spec fixes. */
const specCode = (code: string) => ELECTRONIC_PROVIDERS.some((p) => code === p || code.startsWith(`${p}_`));

/** What members read: no real provider at all. */
function expectNoRealName(text: string, where: string): void {
  expect(realProvidersIn(text), `${where}: ${text}`).toEqual([]);
}

/** An identifier: a real provider's code only where the spec fixes it. */
function expectNoRealCode(code: string, where: string): void {
  if (!specCode(code)) expect(realProvidersIn(code), `${where}: ${code}`).toEqual([]);
}

/** A picture: its path names no real provider but by a spec code, and nothing it draws or says does. */
function expectHonestPicture(webPath: string, where: string): void {
  for (const part of path.basename(webPath, '.svg').split('-')) expectNoRealCode(part, `${where} picture`);
  const svg = fs.readFileSync(path.join(H5_PUBLIC, webPath), 'utf8');
  const shown = [...svg.matchAll(/<(text|title)[^>]*>([^<]*)</g)].map((m) => m[2]!).concat([...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!));
  expect(shown.length, webPath).toBeGreaterThan(0);
  for (const text of shown) expectNoRealName(text, `${where} picture ${webPath}`);
}

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0 });
});
afterAll(() => s.close());

describe('the seeded catalogue', () => {
  it('knows a real provider when it sees one, and a spec code as a code', () => {
    for (const text of ['AG真人', 'BBIN', 'EVO真人', 'Evolution Gaming', 'OB电子', 'OBGDY', 'PP电子', 'Pragmatic Play', '开元棋牌', '沙巴体育', '财神棋牌', '双赢彩票', 'IM体育', 'ky_joker']) {
      expect(realProvidersIn(text), text).not.toEqual([]);
    }
    for (const text of ['演示真人A', '演示电子C', 'DEMOLIVEA', 'demosporta_sport', '百家乐', '/assets/games/realbet-DEMOLIVEA.svg', 'agent@xingyao.example']) expect(realProvidersIn(text), text).toEqual([]);
    expect(specCode('pp')).toBe(true);
    expect(specCode('obgdy_fruit')).toBe(true);
    expect(specCode('PP')).toBe(false);
    expect(specCode('ppx')).toBe(false);
  });

  it('seeds our demo brand only: every venue and tile named 演示…, coded ours or by the spec', async () => {
    for (const e of CATALOGUE) {
      expectNoRealName(e.name, 'catalogue');
      expectNoRealCode(e.platform, 'catalogue');
      expectNoRealCode(e.gameCode, 'catalogue');
      expect(e.name.startsWith(DEMO_MARK), e.name).toBe(true);
    }
    const concise = CATALOGUE.filter((e) => e.category === 'concise');
    expect(concise.map((e) => e.platform)).toEqual([...ELECTRONIC_PROVIDERS]);
    expect(concise.map((e) => e.name)).toEqual(ELECTRONIC_PROVIDERS.map((p) => DEMO_ELECTRONIC_NAMES[p]));

    const venues = await s.db.kysely.selectFrom('venues').select(['code', 'name']).execute();
    for (const v of venues) {
      expectNoRealName(v.name, `venue ${v.code}`);
      expectNoRealCode(v.code, 'venue');
    }
    for (const e of CATALOGUE) expect(venues.find((v) => v.code === e.platform)?.name, e.platform).toBe(e.name);
    const tiles = await s.db.kysely.selectFrom('game_entries').select(['platform_name', 'game_code', 'name', 'image']).execute();
    expect(tiles).toHaveLength(CATALOGUE.length);
    for (const t of tiles) {
      expectNoRealName(t.name, `tile ${t.platform_name}`);
      expectNoRealCode(t.platform_name, 'tile');
      expectNoRealCode(t.game_code, 'tile');
      expectHonestPicture(t.image, `tile ${t.platform_name}`);
    }
  });

  it('seeds no text that names a real provider: notices, articles, activities', async () => {
    const notices = await s.db.kysely.selectFrom('notices').select(['title', 'content']).execute();
    const articles = await s.db.kysely.selectFrom('articles').select(['title', 'content']).execute();
    const activities = await s.db.kysely.selectFrom('activities').select(['title', 'content']).execute();
    expect(notices.length * articles.length * activities.length).toBeGreaterThan(0);
    for (const t of [...notices, ...articles, ...activities]) {
      expectNoRealName(t.title, 'seeded title');
      expectNoRealName(t.content.replace(/<[^>]*>/g, ' '), `seeded text ${t.title}`);
    }
  });
});

describe('the hall as the member API answers it', () => {
  it('game/list, the /concise tabs and every provider’s games name no real provider, in words or pictures', async () => {
    const hall = (await s.api<GameEntry[]>('/api/game/list?category=', undefined, { method: 'GET' })).data;
    expect(hall.length).toBe(CATALOGUE.length);
    for (const g of hall) {
      expectNoRealName(g.name, `game/list ${g.platform_name}`);
      expectNoRealCode(g.platform_name, 'game/list');
      expectNoRealCode(g.game_code, 'game/list');
      expectHonestPicture(g.image, `game/list ${g.platform_name}`);
    }
    // /concise's tabs: the spec's codes, our demo brand's names, each marked 演示.
    const tabs = hall.filter((g) => g.category_id === 'concise');
    expect(tabs.map((g) => [g.game_code, g.name])).toEqual(ELECTRONIC_PROVIDERS.map((p) => [p, DEMO_ELECTRONIC_NAMES[p]]));
    for (const t of tabs) expect(t.name).toContain(DEMO_MARK);

    for (const provider of ELECTRONIC_PROVIDERS) {
      const games = (await s.api<ProviderGame[]>('/api/gamelistBycode', { gamecode: provider })).data;
      expect(games.length, provider).toBeGreaterThan(0);
      for (const g of games) {
        expectNoRealName(g.gamename, `gamelistBycode ${provider}`);
        expectNoRealCode(g.catecode, 'gamelistBycode');
        expectNoRealCode(g.gamecode, 'gamelistBycode');
        expectHonestPicture(g.gamepic, `gamelistBycode ${g.gamecode}`);
      }
    }
  });

  it('a member’s wallets, 最近在玩 and notices name our demo brand', async () => {
    const { token } = await fundedMember(s, 0);
    const wallets = (await s.api<VenueBalance[]>('/api/balancelist', {}, { token })).data;
    // Every transfer venue: a seamless one holds no member money and is not listed.
    expect(wallets.length).toBeGreaterThan(CATALOGUE.length / 2);
    for (const w of wallets) {
      expectNoRealName(w.name, `balancelist ${w.platname}`);
      expectNoRealCode(w.platname, 'balancelist');
      expect(w.name, w.platname).toBe(CATALOGUE.find((e) => e.platform === w.platname)!.name);
    }

    for (const e of CATALOGUE.slice(0, 8)) {
      expect((await s.api('/api/getGameUrl', { plat_name: e.platform, game_type: 0, game_code: e.gameCode, is_mobile_url: 1 }, { token })).code, e.platform).toBe(200);
    }
    const recent = (await s.api<RecentGame[]>('/api/recentGames', {}, { token })).data;
    expect(recent).toHaveLength(8);
    for (const r of recent) {
      expectNoRealName(r.name, `recentGames ${r.plat_name}`);
      expectNoRealCode(r.plat_name, 'recentGames');
      expectHonestPicture(r.image, `recentGames ${r.plat_name}`);
    }

    const notices = [...(await s.api<string[]>('/api/homenotice')).data, ...((await s.api<{ data: { title: string; content: string }[] }>('/api/noticeList', { page: 1 })).data.data ?? []).flatMap((n) => [n.title, n.content])];
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices) expectNoRealName(n, 'notice');
  });
});

describe('a database seeded before the demo brand', () => {
  // The seed of then: a venue and its tile under a real provider's code and name, its old picture.
  const OLD = [
    { code: 'AG', category: 'realbet', name: 'AG真人', image: '/assets/games/realbet-AG.svg', now: '演示真人A', picture: '/assets/games/realbet-DEMOLIVEA.svg' },
    { code: 'SGWIN', category: 'lottery', name: '双赢彩票', image: '/assets/games/lottery-sgwin.svg', now: '演示彩票C', picture: '/assets/games/lottery-DEMOLOTTOC.svg' },
    { code: 'pp', category: 'concise', name: 'PP电子', image: '/assets/games/concise-pp.svg', now: '演示电子C', picture: '/assets/games/concise-pp.svg' },
  ] as const;

  it('keeps its codes (bet records and transfers hold them) and shows the demo brand’s names and pictures; a name staff chose stays', async () => {
    const k = s.db.kysely;
    const { id } = await fundedMember(s, 0);
    for (const o of OLD) {
      if (o.code === 'pp') {
        // The electronic providers' codes are the same then and now: their rows get the old names back.
        await k.updateTable('venues').set({ name: o.name }).where('code', '=', o.code).execute();
        await k.updateTable('game_entries').set({ name: o.name }).where('platform_name', '=', o.code).execute();
      } else {
        await k.insertInto('venues').values({ code: o.code, name: o.name, adapter: 'demo' }).execute();
        await k.insertInto('game_entries').values({ category_id: o.category, platform_name: o.code, game_code: `${o.code.toLowerCase()}_${o.category}`, name: o.name, image: o.image }).execute();
      }
      await k.insertInto('member_recent_games').values({ member_id: id, plat_name: o.code, game_code: o.code.toLowerCase(), game_type: o.category, name: o.name, image: o.image, last_at: new Date() }).execute();
    }
    // Staff renamed this one: it keeps the name they chose, and gets the new picture for the one gone.
    await k.insertInto('venues').values({ code: 'BBIN', name: '贵宾厅', adapter: 'demo' }).execute();
    await k.insertInto('game_entries').values({ category_id: 'realbet', platform_name: 'BBIN', game_code: 'bbin_realbet', name: '贵宾厅', image: '/assets/games/realbet-BBIN.svg' }).execute();
    const notice = { title: 'BBIN真人系统维护公告', content: 'BBIN真人将于本周三凌晨02:00~05:00进行例行维护，维护期间无法进入游戏，请提前将场馆余额转回中心钱包。给您带来不便，敬请谅解。' };
    const { id: noticeId } = await k.insertInto('notices').values(notice).returning('id').executeTakeFirstOrThrow();

    await s.db.exclusive(async (x) => {
      for (const m of [demoBrandTiles, demoBrandVenues, demoBrandNotice]) await x.exec(m.sql);
    });

    for (const o of OLD) {
      expect(await k.selectFrom('venues').select(['code', 'name']).where('code', '=', o.code).executeTakeFirst()).toEqual({ code: o.code, name: o.now });
      expect(await k.selectFrom('game_entries').select(['platform_name', 'name', 'image']).where('platform_name', '=', o.code).executeTakeFirst()).toEqual({ platform_name: o.code, name: o.now, image: o.picture });
      expect(await k.selectFrom('member_recent_games').select(['plat_name', 'name', 'image']).where('member_id', '=', id).where('plat_name', '=', o.code).executeTakeFirst()).toEqual({ plat_name: o.code, name: o.now, image: o.picture });
      expect(fs.existsSync(path.join(H5_PUBLIC, o.picture)), o.picture).toBe(true);
    }
    expect(await k.selectFrom('venues').select('name').where('code', '=', 'BBIN').executeTakeFirst()).toEqual({ name: '贵宾厅' });
    expect(await k.selectFrom('game_entries').select(['name', 'image']).where('platform_name', '=', 'BBIN').executeTakeFirst()).toEqual({ name: '贵宾厅', image: '/assets/games/realbet-DEMOLIVEB.svg' });
    const renamed = await k.selectFrom('notices').select(['title', 'content']).where('id', '=', noticeId).executeTakeFirstOrThrow();
    expectNoRealName(renamed.title, 'notice');
    expectNoRealName(renamed.content, 'notice');
    expect(renamed.title).toBe('演示真人B系统维护公告');

    // Such a database's hall: real providers' codes stay as identifiers, no name or picture shows one.
    await s.app.publicCache.changed();
    const hall = (await s.api<GameEntry[]>('/api/game/list?category=', undefined, { method: 'GET' })).data;
    for (const g of hall) {
      expectNoRealName(g.name, `game/list ${g.platform_name}`);
      expect(fs.existsSync(path.join(H5_PUBLIC, g.image)), g.image).toBe(true);
    }
  });
});
