import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_LAUNCH_TTL_S, MSG, TRANSFER_STATE } from '@app/contract';
import { launchSecret, verifyLaunch, type LaunchClaims } from '../src/lib/launch-token.js';
import { demoGameForCategory, gamesByProvider } from '../src/venue-demo/games/index.js';
import { startServer, type TestServer } from './harness.js';
import { centralFen, fundedMember, into, setVenueEnabled, venueFen } from './transfer-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0 });
});
afterAll(() => s.close());

const launch = (token: string | undefined, plat_name: string, game_code: string) =>
  s.api('/api/getGameUrl', { plat_name, game_type: 0, game_code, is_mobile_url: 1 }, { token });

async function claimsOf(url: string, nowS?: number): Promise<LaunchClaims | null> {
  expect(url).toMatch(/^\/venue\/\?launch=[\w-]+\.[\w-]+$/);
  const token = url.slice('/venue/?launch='.length);
  return verifyLaunch(await launchSecret(s.db.kysely), token, nowS);
}

describe('POST /api/getGameUrl', () => {
  it('answers 401 请登录！ without a session', async () => {
    expect(await launch(undefined, 'AG', 'ag_realbet')).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });

  it('refuses an unknown venue, a venue in maintenance, an unknown game', async () => {
    const { token } = await fundedMember(s, 0);
    expect(await launch(token, 'NOPE', 'x')).toMatchObject({ code: 400, message: MSG.venueMissing });
    expect(await launch(token, '', '')).toMatchObject({ code: 400, message: MSG.venueMissing });
    expect(await launch(token, 'AG', 'no_such_game')).toMatchObject({ code: 400, message: MSG.gameMissing });
    // a provider's game at another provider
    expect(await launch(token, 'pp', 'obgdy_fruit')).toMatchObject({ code: 400, message: MSG.gameMissing });
    await setVenueEnabled(s, 'WM', false);
    try {
      expect(await launch(token, 'WM', 'wm_realbet')).toMatchObject({ code: 400, message: MSG.venueClosed });
    } finally {
      await setVenueEnabled(s, 'WM', true);
    }
  });

  it('opens every hall tile of the live, card, sport, e-sports and lottery tabs with its category demo game', async () => {
    const { token, id } = await fundedMember(s, 0);
    const entries = await s.db.kysely.selectFrom('game_entries').select(['category_id', 'platform_name', 'game_code']).where('category_id', 'in', ['realbet', 'joker', 'sport', 'gaming', 'lottery']).execute();
    expect(entries.length).toBeGreaterThanOrEqual(19);
    const want = { realbet: 'demo_baccarat', joker: 'demo_dragontiger', sport: 'demo_football', gaming: 'demo_esports', lottery: 'demo_k3' } as Record<string, string>;
    for (const e of entries) {
      const r = await launch(token, e.platform_name, e.game_code);
      expect(r.code, `${e.platform_name} ${e.game_code}`).toBe(200);
      const claims = await claimsOf(r.data.url);
      expect(claims).toMatchObject({ player: String(id), venue: e.platform_name, game: want[e.category_id] });
      expect(demoGameForCategory(e.category_id as 'realbet')!.code).toBe(want[e.category_id]);
    }
  });

  it("opens electronic providers' games at the provider's venue, and the provider tile opens its first game", async () => {
    const { token } = await fundedMember(s, 0);
    for (const provider of ['obgdy', 'fgdz', 'pp', 'ae'] as const) {
      const games = gamesByProvider(provider);
      expect(games.length).toBeGreaterThanOrEqual(2);
      for (const g of games) {
        const r = await launch(token, provider, g.code);
        expect(r.code).toBe(200);
        expect(await claimsOf(r.data.url)).toMatchObject({ venue: provider, game: g.code });
      }
      const tile = await launch(token, provider, provider);
      expect(await claimsOf(tile.data.url)).toMatchObject({ venue: provider, game: games[0].code });
    }
    const fishing = await launch(token, 'fgdz', 'fgdz_fishing');
    expect(await claimsOf(fishing.data.url)).toMatchObject({ venue: 'fgdz', game: 'fgdz_fishing' });
  });


  it('signs a token for this member only, valid for GAME_LAUNCH_TTL_S, each with its own nonce', async () => {
    const a = await fundedMember(s, 0);
    const b = await fundedMember(s, 0);
    const nowS = Math.floor(Date.now() / 1000);
    const ra = await launch(a.token, 'AG', 'ag_realbet');
    const ra2 = await launch(a.token, 'AG', 'ag_realbet');
    const rb = await launch(b.token, 'AG', 'ag_realbet');
    const ca = (await claimsOf(ra.data.url))!;
    expect(ca.player).toBe(String(a.id));
    expect((await claimsOf(rb.data.url))!.player).toBe(String(b.id));
    expect(ca.exp).toBeGreaterThanOrEqual(nowS + GAME_LAUNCH_TTL_S);
    expect(ca.exp).toBeLessThanOrEqual(nowS + GAME_LAUNCH_TTL_S + 2);
    expect((await claimsOf(ra2.data.url))!.nonce).not.toBe(ca.nonce);
    // expired after the TTL
    expect(await claimsOf(ra.data.url, ca.exp)).not.toBeNull();
    expect(await claimsOf(ra.data.url, ca.exp + 1)).toBeNull();
    // tampered: another member's id under the same signature
    const token = ra.data.url.slice('/venue/?launch='.length) as string;
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...ca, player: String(b.id) })).toString('base64url');
    expect(verifyLaunch(await launchSecret(s.db.kysely), `${forged}.${sig}`)).toBeNull();
    expect(body).not.toBe(forged);
  });

  it('answers 游戏暂时无法进入 when the venue does not give a launch URL', async () => {
    const { token } = await fundedMember(s, 0);
    const venues = s.app.venues;
    const original = venues.launchUrl;
    venues.launchUrl = async () => {
      throw new Error('venue down');
    };
    try {
      expect(await launch(token, 'AG', 'ag_realbet')).toMatchObject({ status: 200, code: 400, message: MSG.gameLaunchFailed });
    } finally {
      venues.launchUrl = original;
    }
  });

  it('lets the trial account play', async () => {
    const g = await s.api('/api/guestlogin', {});
    expect(g.code).toBe(200);
    const r = await launch(g.data.api_token, 'KY', 'ky_joker');
    expect(r.code).toBe(200);
    expect(await claimsOf(r.data.url)).toMatchObject({ game: 'demo_dragontiger', venue: 'KY' });
  });
});

describe('auto-transfer on launch (transferstatus 1)', () => {
  it('recycles the other venues and moves the whole central balance into the launched venue', async () => {
    const { token, id } = await fundedMember(s, 100);
    expect((await s.api('/api/transfer', into('BBIN', 20), { token })).code).toBe(200);
    expect((await s.api('/api/transfer', into('pp', 10.5), { token })).code).toBe(200);
    expect((await s.api('/api/transfer', into('AG', 5), { token })).code).toBe(200);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).code).toBe(200);

    const r = await launch(token, 'AG', 'ag_realbet');
    expect(r.code).toBe(200);
    expect(await centralFen(s, id)).toBe(0);
    expect(await venueFen(s, id, 'AG')).toBe(100_00);
    expect(await venueFen(s, id, 'BBIN')).toBe(0);
    expect(await venueFen(s, id, 'pp')).toBe(0);
    const rows = await s.db.kysely.selectFrom('transfers').select(['venue', 'direction', 'amount_fen', 'state']).where('member_id', '=', id).orderBy('id').execute();
    expect(rows.slice(3)).toEqual(
      expect.arrayContaining([
        { venue: 'BBIN', direction: 4, amount_fen: 20_00, state: TRANSFER_STATE.success },
        { venue: 'pp', direction: 4, amount_fen: 10_50, state: TRANSFER_STATE.success },
        { venue: 'AG', direction: 3, amount_fen: 95_00, state: TRANSFER_STATE.success },
      ]),
    );
    expect(rows).toHaveLength(6);

    // Launching again with nothing left centrally moves nothing.
    expect((await launch(token, 'AG', 'ag_realbet')).code).toBe(200);
    expect(await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).execute()).toHaveLength(6);
  });

  it('moves nothing with auto-transfer off', async () => {
    const { token, id } = await fundedMember(s, 50);
    expect((await s.api('/api/transfer', into('BBIN', 20), { token })).code).toBe(200);
    expect((await launch(token, 'AG', 'ag_realbet')).code).toBe(200);
    expect(await centralFen(s, id)).toBe(30_00);
    expect(await venueFen(s, id, 'BBIN')).toBe(20_00);
    expect(await venueFen(s, id, 'AG')).toBe(0);
  });

  it('still launches when a venue refuses the transfer, and two launches at once never overdraw', async () => {
    const { token, id } = await fundedMember(s, 40);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).code).toBe(200);
    s.app.venues.demo.setFault('fail', { venues: ['DG'] });
    try {
      const r = await launch(token, 'DG', 'dg_realbet');
      expect(r.code).toBe(200);
      expect(await centralFen(s, id)).toBe(40_00); // refunded
    } finally {
      s.app.venues.demo.setFault('none');
    }
    const both = await Promise.all([launch(token, 'EVO', 'evo_realbet'), launch(token, 'EVO', 'evo_realbet')]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect(await centralFen(s, id)).toBe(0);
    expect(await venueFen(s, id, 'EVO')).toBe(40_00);
  });
});
