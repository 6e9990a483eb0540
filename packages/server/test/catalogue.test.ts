import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELECTRONIC_PROVIDERS, GAME_PLAY_LABELS, MSG, type GameEntry, type GamePlay, type ProviderGame } from '@app/contract';
import { verifyLaunch } from '../src/lib/launch-token.js';
import { launchSecret } from '../src/modules/site/launch-secret.js';
import { gamesByProvider } from '../src/venue-demo/games/index.js';
import { startServer, type TestServer } from './harness.js';
import { fundedMember } from './transfer-helpers.js';

const H5_PUBLIC = path.resolve(import.meta.dirname, '../../h5/public');

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0 });
});
afterAll(() => s.close());

describe('POST /api/gamelistBycode', () => {
  it.each(ELECTRONIC_PROVIDERS)("lists %s's games (slots, then fishing) with picture and names", async (provider) => {
    const r = await s.api<ProviderGame[]>('/api/gamelistBycode', { gamecode: provider });
    expect(r.code).toBe(200);
    const defs = gamesByProvider(provider);
    expect(r.data).toEqual(defs.map((d) => ({ catecode: provider, gamecode: d.code, gamename: d.name, gamepic: `/assets/games/slots/${d.code}.svg`, ...(d.kind === 'fishing' && { fishing: true }) })));
    for (const g of r.data) expect(fs.existsSync(path.join(H5_PUBLIC, g.gamepic)), g.gamepic).toBe(true);
    expect(r.data.length).toBeGreaterThanOrEqual(2);
    for (const g of r.data) expect(g.gamename).toMatch(/\S/);
  });

  it('lists the fishing game under fgdz, marked as fishing (the hall\'s 捕鱼 tab lists its provider)', async () => {
    const r = await s.api<ProviderGame[]>('/api/gamelistBycode', { gamecode: 'fgdz' });
    expect(r.data.map((g) => g.gamecode)).toContain('fgdz_fishing');
    expect(r.data.filter((g) => g.fishing).map((g) => g.gamecode)).toEqual(['fgdz_fishing']);
  });

  it.each([{ gamecode: 'DEMOLIVEA' }, { gamecode: 'nope' }, { gamecode: '' }, {}, { gamecode: 12 }, { gamecode: 'x'.repeat(500) }])('answers 400 for %j', async (body) => {
    expect(await s.api('/api/gamelistBycode', body)).toMatchObject({ status: 200, code: 400, message: MSG.gameProviderMissing });
  });

  it('every listed game opens through getGameUrl at its provider', async () => {
    const { token } = await fundedMember(s, 0);
    const secret = await launchSecret(s.db.kysely);
    for (const provider of ELECTRONIC_PROVIDERS) {
      const list = (await s.api<ProviderGame[]>('/api/gamelistBycode', { gamecode: provider })).data;
      for (const g of list) {
        const r = await s.api('/api/getGameUrl', { plat_name: g.catecode, game_type: 0, game_code: g.gamecode, is_mobile_url: 1 }, { token });
        expect(r.code).toBe(200);
        expect(verifyLaunch(secret, String(r.data.url).split('launch=')[1])).toMatchObject({ venue: provider, game: g.gamecode });
      }
    }
  });
});

describe('the hall', () => {
  it('every shown tile of game/list opens a game', async () => {
    const { token } = await fundedMember(s, 0);
    const list = (await s.api('/api/game/list?category=', undefined, { method: 'GET' })).data as Array<{ category_id: string; platform_name: string; game_code: string }>;
    expect(list.length).toBeGreaterThan(20);
    for (const e of list) {
      const r = await s.api('/api/getGameUrl', { plat_name: e.platform_name, game_type: 0, game_code: e.game_code, is_mobile_url: 1 }, { token });
      expect(r.code, `${e.platform_name} ${e.game_code}`).toBe(200);
    }
  });

  it('labels the demo venue’s tables 电子发牌 (rng) and its matches 虚拟赛事 (virtual); slots, fishing and another adapter’s tiles carry no label', async () => {
    const list = (await s.api('/api/game/list?category=', undefined, { method: 'GET' })).data as GameEntry[];
    const want: Record<string, GamePlay | undefined> = { realbet: 'rng', joker: 'rng', sport: 'virtual', gaming: 'virtual' };
    for (const e of list) expect(e.play, `${e.category_id} ${e.platform_name}`).toBe(want[e.category_id]);
    expect(GAME_PLAY_LABELS).toEqual({ rng: '电子发牌', virtual: '虚拟赛事' });
    const ag = list.find((e) => e.platform_name === 'DEMOLIVEA')!;
    await s.db.kysely.updateTable('venues').set({ adapter: 'elsewhere' }).where('code', '=', 'DEMOLIVEA').execute();
    try {
      const again = (await s.api('/api/game/list?category=realbet', undefined, { method: 'GET' })).data as GameEntry[];
      expect(again.find((e) => e.id === ag.id)).not.toHaveProperty('play');
    } finally {
      await s.db.kysely.updateTable('venues').set({ adapter: 'demo' }).where('code', '=', 'DEMOLIVEA').execute();
    }
  });
});
