import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELECTRONIC_PROVIDERS, GAME_CATEGORIES } from '@app/contract';
import { publicContentChanged, startServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const list = (query = '') => s.api(`/api/game/list${query}`, undefined, { method: 'GET' });

describe('game list', () => {
  it('lists every shown provider tile of the six categories, category by category', async () => {
    const r = await list('?category=');
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThanOrEqual(18);
    const categories = [...new Set(r.data.map((g: any) => g.category_id))];
    expect(categories).toEqual([...GAME_CATEGORIES]);
    // the spec's fields, and ours where the venue says how its games are played (catalogue.test.ts)
    const spec = ['app_state', 'category_id', 'game_code', 'id', 'image', 'name', 'platform_name'];
    for (const e of r.data) expect(Object.keys(e).filter((k) => k !== 'play').sort()).toEqual(spec);
    for (const e of r.data) {
      expect(e.app_state).toBe(1);
      expect(e.image).toBe(`/assets/games/${e.category_id}-${e.platform_name}.svg`);
    }
    expect((await list()).data).toEqual(r.data);
  });

  it('has three to six providers in every category', async () => {
    for (const category of GAME_CATEGORIES) {
      const r = await list(`?category=${category}`);
      expect(r.code).toBe(200);
      expect(r.data.length).toBeGreaterThanOrEqual(3);
      expect(r.data.length).toBeLessThanOrEqual(6);
      for (const e of r.data) expect(e.category_id).toBe(category);
    }
  });

  it('lists the four electronic providers under concise, each with its provider code', async () => {
    const r = await list('?category=concise');
    expect(r.data.map((g: any) => g.platform_name)).toEqual([...ELECTRONIC_PROVIDERS]);
    expect(r.data.map((g: any) => g.game_code)).toEqual([...ELECTRONIC_PROVIDERS]);
  });

  it('lists live casino providers with Chinese names', async () => {
    const r = await list('?category=realbet');
    expect(r.data.map((g: any) => g.platform_name)).toEqual(expect.arrayContaining(['DEMOLIVEA', 'DEMOLIVEB', 'DEMOLIVEC', 'DEMOLIVED']));
    expect(r.data.find((g: any) => g.platform_name === 'DEMOLIVEA').name).toBe('演示真人A');
  });

  it('hides a tile whose app_state is 0', async () => {
    const before = (await list('?category=sport')).data;
    await s.db.kysely.updateTable('game_entries').set({ app_state: 0 }).where('id', '=', before[0].id).execute();
    publicContentChanged(s);
    try {
      const after = (await list('?category=sport')).data;
      expect(after.map((g: any) => g.id)).not.toContain(before[0].id);
      expect(after).toHaveLength(before.length - 1);
    } finally {
      await s.db.kysely.updateTable('game_entries').set({ app_state: 1 }).where('id', '=', before[0].id).execute();
      publicContentChanged(s);
    }
  });

  it('answers an unknown category with 400 请求参数错误', async () => {
    for (const q of ['?category=casino', '?category=REALBET', `?category=${'x'.repeat(500)}`, '?category=realbet&category=joker', "?category=' or 1=1"]) {
      const r = await list(q);
      expect(r).toMatchObject({ status: 200, code: 400, message: '请求参数错误' });
    }
  });
});
