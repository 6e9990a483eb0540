import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { BET_STATUS, GAME_LAUNCH_TTL_S, MSG, RECENT_WINS, TRANSFER_STATE, maskUsername, type RecentWin } from '@app/contract';
import { recentWinsReader } from '../src/modules/games/highlights.js';
import { applyBets, VenueCategories } from '../src/modules/games/ingest.js';
import { verifyLaunch, type LaunchClaims } from '../src/lib/launch-token.js';
import { launchSecret } from '../src/modules/site/launch-secret.js';
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
    expect(await launch(undefined, 'DEMOLIVEA', 'demolivea_realbet')).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });

  it('refuses an unknown venue, a venue in maintenance, an unknown game', async () => {
    const { token } = await fundedMember(s, 0);
    expect(await launch(token, 'NOPE', 'x')).toMatchObject({ code: 400, message: MSG.venueMissing });
    expect(await launch(token, '', '')).toMatchObject({ code: 400, message: MSG.venueMissing });
    expect(await launch(token, 'DEMOLIVEA', 'no_such_game')).toMatchObject({ code: 400, message: MSG.gameMissing });
    // a provider's game at another provider
    expect(await launch(token, 'pp', 'obgdy_fruit')).toMatchObject({ code: 400, message: MSG.gameMissing });
    await setVenueEnabled(s, 'DEMOLIVEE', false);
    try {
      expect(await launch(token, 'DEMOLIVEE', 'demolivee_realbet')).toMatchObject({ code: 400, message: MSG.venueClosed });
    } finally {
      await setVenueEnabled(s, 'DEMOLIVEE', true);
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
    const ra = await launch(a.token, 'DEMOLIVEA', 'demolivea_realbet');
    const ra2 = await launch(a.token, 'DEMOLIVEA', 'demolivea_realbet');
    const rb = await launch(b.token, 'DEMOLIVEA', 'demolivea_realbet');
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
      expect(await launch(token, 'DEMOLIVEA', 'demolivea_realbet')).toMatchObject({ status: 200, code: 400, message: MSG.gameLaunchFailed });
    } finally {
      venues.launchUrl = original;
    }
  });

  it('lets the trial account play', async () => {
    const g = await s.api('/api/guestlogin', {});
    expect(g.code).toBe(200);
    const r = await launch(g.data.api_token, 'DEMOCARDA', 'democarda_joker');
    expect(r.code).toBe(200);
    expect(await claimsOf(r.data.url)).toMatchObject({ game: 'demo_dragontiger', venue: 'DEMOCARDA' });
  });
});

describe('auto-transfer on launch (transferstatus 1)', () => {
  it('recycles the other venues and moves the whole central balance into the launched venue', async () => {
    const { token, id } = await fundedMember(s, 100);
    expect((await s.api('/api/transfer', into('DEMOLIVEB', 20), { token })).code).toBe(200);
    expect((await s.api('/api/transfer', into('pp', 10.5), { token })).code).toBe(200);
    expect((await s.api('/api/transfer', into('DEMOLIVEA', 5), { token })).code).toBe(200);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).code).toBe(200);

    const r = await launch(token, 'DEMOLIVEA', 'demolivea_realbet');
    expect(r.code).toBe(200);
    expect(await centralFen(s, id)).toBe(0);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(100_00);
    expect(await venueFen(s, id, 'DEMOLIVEB')).toBe(0);
    expect(await venueFen(s, id, 'pp')).toBe(0);
    const rows = await s.db.kysely.selectFrom('transfers').select(['venue', 'direction', 'amount_fen', 'state']).where('member_id', '=', id).orderBy('id').execute();
    expect(rows.slice(3)).toEqual(
      expect.arrayContaining([
        { venue: 'DEMOLIVEB', direction: 4, amount_fen: 20_00, state: TRANSFER_STATE.success },
        { venue: 'pp', direction: 4, amount_fen: 10_50, state: TRANSFER_STATE.success },
        { venue: 'DEMOLIVEA', direction: 3, amount_fen: 95_00, state: TRANSFER_STATE.success },
      ]),
    );
    expect(rows).toHaveLength(6);

    // Launching again with nothing left centrally moves nothing.
    expect((await launch(token, 'DEMOLIVEA', 'demolivea_realbet')).code).toBe(200);
    expect(await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).execute()).toHaveLength(6);
  });

  it('moves nothing with auto-transfer off', async () => {
    const { token, id } = await fundedMember(s, 50);
    expect((await s.api('/api/transfer', into('DEMOLIVEB', 20), { token })).code).toBe(200);
    expect((await launch(token, 'DEMOLIVEA', 'demolivea_realbet')).code).toBe(200);
    expect(await centralFen(s, id)).toBe(30_00);
    expect(await venueFen(s, id, 'DEMOLIVEB')).toBe(20_00);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(0);
  });

  it('still launches when a venue refuses the transfer, and two launches at once never overdraw', async () => {
    const { token, id } = await fundedMember(s, 40);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).code).toBe(200);
    s.app.demoVenue.setFault('fail', { venues: ['DEMOLIVEC'] });
    try {
      const r = await launch(token, 'DEMOLIVEC', 'demolivec_realbet');
      expect(r.code).toBe(200);
      expect(await centralFen(s, id)).toBe(40_00); // refunded
    } finally {
      s.app.demoVenue.setFault('none');
    }
    const both = await Promise.all([launch(token, 'DEMOLIVED', 'demolived_realbet'), launch(token, 'DEMOLIVED', 'demolived_realbet')]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect(await centralFen(s, id)).toBe(0);
    expect(await venueFen(s, id, 'DEMOLIVED')).toBe(40_00);
  });
});

describe('最近在玩 (POST /api/recentGames)', () => {
  it("lists the member's launched games, newest first, once each, as they were opened; only the member's own", async () => {
    const { token } = await fundedMember(s, 0);
    expect((await s.api('/api/recentGames', {}, { token })).data).toEqual([]);
    expect((await launch(token, 'DEMOLIVEA', 'demolivea_realbet')).code).toBe(200);
    expect((await launch(token, 'pp', 'pp_candy')).code).toBe(200);
    expect((await launch(token, 'DEMOLIVEA', 'demolivea_realbet')).code).toBe(200);
    const tile = await s.db.kysely.selectFrom('game_entries').select(['name', 'image']).where('platform_name', '=', 'DEMOLIVEA').where('game_code', '=', 'demolivea_realbet').executeTakeFirstOrThrow();
    const candy = gamesByProvider('pp').find((g) => g.code === 'pp_candy')!;
    expect((await s.api('/api/recentGames', {}, { token })).data).toEqual([
      { plat_name: 'DEMOLIVEA', game_code: 'demolivea_realbet', game_type: 'realbet', name: tile.name, image: tile.image },
      { plat_name: 'pp', game_code: 'pp_candy', game_type: 'concise', name: candy.name, image: '/assets/games/slots/pp_candy.svg' },
    ]);
    // a refused launch is no game played
    expect((await launch(token, 'DEMOLIVEA', 'no_such_game')).code).toBe(400);
    expect((await s.api('/api/recentGames', {}, { token })).data).toHaveLength(2);
    const other = await fundedMember(s, 0);
    expect((await s.api('/api/recentGames', {}, { token: other.token })).data).toEqual([]);
    expect((await s.api('/api/recentGames', {})).code).toBe(401);
  });
});

describe('the winners ticker (POST /api/recentWins)', () => {
  it(`shows real settled wins of at least ${RECENT_WINS.minYuan} yuan in the last ${RECENT_WINS.hours} hours, newest first, names masked; no trial account`, async () => {
    const { id } = await fundedMember(s, 0);
    const member = await s.db.kysely.selectFrom('members').select('username').where('id', '=', id).executeTakeFirstOrThrow();
    const guest = (await s.api('/api/guestlogin', {})).data.api_token as string;
    const guestId = (await s.api('/api/user', {}, { token: guest })).data.id as number;
    const now = Date.now();
    const bet = (memberId: number, winYuan: number, agoMs: number, game: string) => ({
      seq: 0, venue: 'DEMOLIVEA', betId: `RW${randomBytes(8).toString('hex')}`, memberId, game: 'demo_baccarat', gameName: game, category: 'realbet' as const,
      stakeFen: 10_000, validFen: 10_000, winLossFen: winYuan * 100, status: BET_STATUS.settled, detail: '{}', betAt: new Date(now - agoMs), settledAt: new Date(now - agoMs),
    });
    await applyBets(s.db.kysely, [
      bet(id, RECENT_WINS.minYuan, 60_000, '百家乐甲'),
      bet(id, RECENT_WINS.minYuan * 12.5, 30_000, '百家乐乙'),
      bet(id, RECENT_WINS.minYuan - 0.01, 10_000, '不够大'),
      bet(id, -500, 5_000, '输了'),
      bet(id, 5000, (RECENT_WINS.hours + 1) * 3_600_000, '太久了'),
      bet(guestId, 5000, 1_000, '试玩'),
    ], new VenueCategories(s.db.kysely));
    const wins = (await s.api('/api/recentWins', {})).data as RecentWin[];
    const games = wins.map((w) => w.game);
    expect(games.indexOf('百家乐乙')).toBeLessThan(games.indexOf('百家乐甲'));
    for (const absent of ['不够大', '输了', '太久了', '试玩']) expect(games).not.toContain(absent);
    expect(wins.find((w) => w.game === '百家乐乙')).toEqual({ user: maskUsername(member.username), game: '百家乐乙', amount: 1250, time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(wins.length).toBeLessThanOrEqual(RECENT_WINS.max);
  });

  it('is read once per recentWinsCacheMs (30 s by default) per instance, and anew after', async () => {
    expect(s.config.recentWinsCacheMs).toBe(30_000);
    const RECENT_WINS_CACHE_MS = s.config.recentWinsCacheMs;
    let t = 1_000_000;
    const read = recentWinsReader(s.db.kysely, RECENT_WINS_CACHE_MS, () => t);
    const first = await read();
    const { id } = await fundedMember(s, 0);
    await applyBets(s.db.kysely, [{ seq: 0, venue: 'DEMOLIVEA', betId: `RW${randomBytes(8).toString('hex')}`, memberId: id, game: 'demo_baccarat', gameName: '缓存之后', category: 'realbet', stakeFen: 100, validFen: 100, winLossFen: 99_900, status: BET_STATUS.settled, detail: '{}', betAt: new Date(), settledAt: new Date() }], new VenueCategories(s.db.kysely));
    t += RECENT_WINS_CACHE_MS - 1;
    expect(await read()).toEqual(first);
    t += 1;
    expect((await read()).map((w) => w.game)).toContain('缓存之后');
  });
});
