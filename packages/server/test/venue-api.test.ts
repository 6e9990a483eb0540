import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fenToYuan, type VenuePlayResult } from '@app/contract';
import { signLaunch } from '../src/lib/launch-token.js';
import { launchSecret } from '../src/modules/site/launch-secret.js';
import { checkDemoVenueBets } from '../src/venue-demo/play.js';
import { slotMachine } from '../src/venue-demo/games/index.js';
import { checkDemoVenue } from '../src/venue-demo/store.js';
import { checkLedger } from '../src/modules/ledger/service.js';
import { startServer, venueCall, venueLaunchToken, venueSession, type TestServer } from './harness.js';
import { fundedMember, into, venueFen } from './transfer-helpers.js';

// The demo venue's game API (notes/venue-api.md): launch exchange, sessions, instant play booked
// atomically in the venue's own books, history. Funded through the platform's own transfer.
const VENUE = 'DEMOLIVEA';

let s: TestServer;
const venueDist = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(venueDist, 'assets'));
  fs.writeFileSync(path.join(venueDist, 'index.html'), '<!doctype html><title>venue</title>');
  fs.writeFileSync(path.join(venueDist, 'assets', 'app-abcdef12.js'), 'console.log(1)');
  s = await startServer({ reconcileIntervalMs: 0, venueSettleIntervalMs: 0, venueDist });
});
afterAll(() => s.close());

/** A member with `venueYuan` moved into VENUE through POST /api/transfer. */
async function player(venueYuan: number, venue = VENUE) {
  const m = await fundedMember(s, venueYuan + 10);
  if (venueYuan > 0) expect((await s.api('/api/transfer', into(venue, venueYuan), { token: m.token })).code).toBe(200);
  return m;
}

const betRows = (memberId: number) => s.db.kysely.selectFrom('demo_venue_bets').selectAll().where('player', '=', String(memberId)).orderBy('id').execute();

describe('POST /venue/api/session', () => {
  it('exchanges a launch token for a session with the player, venue, game and balance', async () => {
    const m = await player(50);
    const launch = await venueLaunchToken(s, m.id, VENUE, 'obgdy_fruit');
    const r = await venueCall(s, '/session', null, { launch });
    expect(r.code).toBe(200);
    expect(r.data.session).toMatch(/^[\w-]{40,}$/);
    expect(r.data).toMatchObject({ player: { id: String(m.id) }, venue: { code: VENUE }, balance: 50, wallet: 'venue', game: { code: 'obgdy_fruit', kind: 'slot', provider: 'obgdy' } });
    expect(r.data.venue.name).toBeTruthy();
    const me = await venueCall(s, '/me', r.data.session);
    expect(me.code).toBe(200);
    expect(me.data).toEqual({ player: r.data.player, venue: r.data.venue, game: r.data.game, balance: 50, wallet: 'venue' });
    expect((await venueCall(s, '/balance', r.data.session)).data).toEqual({ balance: 50 });
    // the session is stored hashed, never as the token
    const stored = await s.db.kysely.selectFrom('demo_venue_sessions').select('token_hash').where('player', '=', String(m.id)).execute();
    expect(stored.map((x) => x.token_hash)).not.toContain(r.data.session);
  });

  it('refuses an expired, tampered, replayed or missing launch token with 401 游戏链接已失效', async () => {
    const m = await player(0);
    const refused = { code: 401, message: MSG.venueLaunchInvalid };
    expect(await venueCall(s, '/session', null, { launch: await venueLaunchToken(s, m.id, VENUE, 'obgdy_fruit', { ttlS: -5 }) })).toMatchObject(refused);
    const good = await venueLaunchToken(s, m.id, VENUE, 'obgdy_fruit');
    const [body, sig] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), player: '1' })).toString('base64url');
    expect(await venueCall(s, '/session', null, { launch: `${forged}.${sig}` })).toMatchObject(refused);
    expect(await venueCall(s, '/session', null, { launch: signLaunch(Buffer.alloc(32, 7), { player: String(m.id), venue: VENUE, game: 'obgdy_fruit', exp: 2e9 }) })).toMatchObject(refused);
    expect(await venueCall(s, '/session', null, {})).toMatchObject(refused);
    expect(await venueCall(s, '/session', null, { launch: 42 })).toMatchObject(refused);
    expect(await venueCall(s, '/session', null, { launch: 'x'.repeat(5000) })).toMatchObject(refused);
    expect((await venueCall(s, '/session', null, { launch: good })).code).toBe(200);
    expect(await venueCall(s, '/session', null, { launch: good })).toMatchObject(refused); // replay
  });

  it('answers 401 for a missing or unknown session on every session endpoint', async () => {
    for (const [path, body] of [
      ['/me', undefined],
      ['/balance', undefined],
      ['/bets', undefined],
      ['/matches?sport=demo_football', undefined],
      ['/play', { game: 'obgdy_fruit', bet: { stake: 1 } }],
      ['/matches/bet', { sport: 'demo_football' }],
    ] as const) {
      expect(await venueCall(s, path, null, body)).toMatchObject({ code: 401, message: MSG.venueSessionInvalid });
      expect(await venueCall(s, path, 'no-such-session', body)).toMatchObject({ code: 401, message: MSG.venueSessionInvalid });
    }
  });
});

describe('GET /venue/api/games/:code', () => {
  it('describes a slot machine completely enough to draw it', async () => {
    const r = await venueCall(s, '/games/pp_egypt', null);
    expect(r.code).toBe(200);
    const g = r.data;
    expect(g).toMatchObject({ code: 'pp_egypt', kind: 'slot', provider: 'pp', category: 'concise' });
    expect(g.strips).toHaveLength(g.reels);
    expect(g.lines.every((l: number[]) => l.length === g.reels && l.every((row) => row >= 0 && row < g.rows))).toBe(true);
    const ids = new Set(g.symbols.map((x: { id: string }) => x.id));
    expect(g.strips.join('').split('').every((c: string) => ids.has(c))).toBe(true);
    expect(g.paytable.length).toBeGreaterThan(3);
    expect(g.stakes.every((y: number) => y <= g.max_stake)).toBe(true);
    expect(g.rtp).toBeGreaterThanOrEqual(0.9);
  });

  it('describes tables, fishing and matches; 404 for an unknown game', async () => {
    const bac = (await venueCall(s, '/games/demo_baccarat', null)).data;
    expect(bac.options.map((o: { id: string }) => o.id)).toEqual(['banker', 'player', 'tie']);
    expect(bac.options[0].payout).toBe(1.95);
    expect(bac.chips.length).toBeGreaterThan(2);
    const fish = (await venueCall(s, '/games/fgdz_fishing', null)).data;
    expect(fish.cannons).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(fish.fish.length).toBeGreaterThan(3);
    const fb = (await venueCall(s, '/games/demo_football', null)).data;
    expect(fb.schedule).toEqual({ interval_ms: 180_000, matches_per_round: 4, duration_ms: 90_000 });
    expect(await venueCall(s, '/games/nope', null)).toMatchObject({ code: 404, message: MSG.venueGameMissing });
  });
});

describe('POST /venue/api/play', () => {
  const cases: Array<[string, unknown, number]> = [
    ['obgdy_fruit', { stake: 3 }, 300],
    ['ae_gems', { stake: 2.5 }, 250],
    ['demo_baccarat', { stakes: { banker: 2, player: 1, tie: 0.5 } }, 350],
    ['demo_dragontiger', { stakes: { dragon: 2, tie: 1 } }, 300],
    ['demo_k3', { stakes: { big: 1, odd: 1, triple: 0.5 } }, 250],
    ['fgdz_fishing', { stake: 5 }, 500],
  ];
  it.each(cases)('%s: the balance moves by payout − stake, and the bet row matches the outcome', async (game, bet, stakeFen) => {
    const m = await player(200);
    const session = await venueSession(s, m.id, VENUE, game);
    let expectFen = 20_000;
    for (let i = 0; i < 6; i++) {
      const r = await venueCall<VenuePlayResult>(s, '/play', session, { game, bet });
      expect(r.code, r.message).toBe(200);
      expect(r.data.stake).toBe(fenToYuan(stakeFen));
      expect(r.data.win_loss).toBeCloseTo(r.data.payout - r.data.stake, 6);
      expectFen += Math.round(r.data.payout * 100) - stakeFen;
      expect(r.data.balance).toBe(fenToYuan(expectFen));
      // the payout is what the outcome says
      const payoutFen = Math.round(r.data.payout * 100);
      const o = r.data.outcome as { lines?: Array<{ stake: number; payout: number }>; winUnits?: number; fish?: { multiplier: number } | null };
      if (o.lines) expect(o.lines.reduce((a, l) => a + Math.round(l.payout * 100), 0)).toBe(payoutFen);
      if (o.winUnits !== undefined) {
        const lineCount = slotMachine(game)!.lines.length;
        expect(payoutFen).toBe(Math.floor((stakeFen * o.winUnits) / lineCount));
      }
      if (o.fish !== undefined) expect(payoutFen).toBe(o.fish ? stakeFen * o.fish.multiplier : 0);
      const row = await s.db.kysely.selectFrom('demo_venue_bets').selectAll().where('bet_id', '=', r.data.bet_id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ stake_fen: stakeFen, payout_fen: payoutFen, status: 1 });
      expect(row.detail).toEqual(r.data.outcome);
    }
    expect(await venueFen(s, m.id, VENUE)).toBe(expectFen);
    const rows = await betRows(m.id);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row).toMatchObject({ venue: VENUE, game, stake_fen: stakeFen, status: 1, match_id: null });
      expect(row.bet_id.startsWith(`${VENUE}-`)).toBe(true);
      expect(row.settled_at).not.toBeNull();
      expect(row.detail).toBeTruthy();
    }
    expect(new Set(rows.map((r) => r.bet_id)).size).toBe(6);
    expect((await checkDemoVenueBets(s.db.kysely)).ok).toBe(true);
  });

  it('refuses another game than the session’s (403), bad bets with the engine’s message (400)', async () => {
    const m = await player(20);
    const session = await venueSession(s, m.id, VENUE, 'obgdy_fruit');
    expect(await venueCall(s, '/play', session, { game: 'pp_egypt', bet: { stake: 1 } })).toMatchObject({ code: 403, message: MSG.venueWrongGame });
    expect(await venueCall(s, '/play', session, { game: 'obgdy_fruit', bet: { stake: 0 } })).toMatchObject({ code: 400, message: MSG.amountInvalid });
    expect(await venueCall(s, '/play', session, { game: 'obgdy_fruit', bet: { stake: 'abc' } })).toMatchObject({ code: 400, message: MSG.amountInvalid });
    expect(await venueCall(s, '/play', session, { game: 'obgdy_fruit', bet: { stake: 1.234 } })).toMatchObject({ code: 400, message: MSG.amountInvalid });
    expect((await venueCall(s, '/play', session, { game: 'obgdy_fruit', bet: { stake: 100000 } })).message).toContain('单注金额不能超过');
    expect(await venueCall(s, '/play', session, { game: 'obgdy_fruit' })).toMatchObject({ code: 400 });
    expect(await venueCall(s, '/play', session, 'junk')).toMatchObject({ code: 400 });
    const fish = await venueSession(s, m.id, VENUE, 'fgdz_fishing');
    expect(await venueCall(s, '/play', fish, { game: 'fgdz_fishing', bet: { stake: 3 } })).toMatchObject({ code: 400, message: MSG.gameCannonLevel });
    const bac = await venueSession(s, m.id, VENUE, 'demo_baccarat');
    expect(await venueCall(s, '/play', bac, { game: 'demo_baccarat', bet: { stakes: {} } })).toMatchObject({ code: 400, message: MSG.gameBetEmpty });
    expect(await venueCall(s, '/play', bac, { game: 'demo_baccarat', bet: { stakes: { dragon: 1 } } })).toMatchObject({ code: 400, message: MSG.gameBetOption });
    expect(await betRows(m.id)).toHaveLength(0);
    expect(await venueFen(s, m.id, VENUE)).toBe(2000);
  });

  it('refuses a bet above the venue balance with 余额不足，请先转入额度 and changes nothing', async () => {
    const m = await player(5);
    const session = await venueSession(s, m.id, VENUE, 'demo_baccarat');
    const before = await s.db.kysely.selectFrom('demo_venue_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await venueCall(s, '/play', session, { game: 'demo_baccarat', bet: { stakes: { banker: 4, player: 2 } } })).toMatchObject({ code: 400, message: MSG.venueInsufficient });
    const none = await player(0);
    const empty = await venueSession(s, none.id, VENUE, 'demo_baccarat');
    expect(await venueCall(s, '/play', empty, { game: 'demo_baccarat', bet: { stakes: { tie: 1 } } })).toMatchObject({ code: 400, message: MSG.venueInsufficient });
    const after = await s.db.kysely.selectFrom('demo_venue_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await venueFen(s, m.id, VENUE)).toBe(500);
    expect(await betRows(m.id)).toHaveLength(0);
    // exactly the balance is fine
    expect((await venueCall(s, '/play', session, { game: 'demo_baccarat', bet: { stakes: { banker: 5 } } })).code).toBe(200);
  });

  it('40 parallel spins from two frames at a balance that covers only some: never below zero, every fen accounted for', async () => {
    const m = await player(12);
    const frames = [await venueSession(s, m.id, VENUE, 'fgdz_dragon'), await venueSession(s, m.id, VENUE, 'fgdz_dragon')];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => venueCall<VenuePlayResult>(s, '/play', frames[i % 2]!, { game: 'fgdz_dragon', bet: { stake: 1 } })));
    const played = results.filter((r) => r.code === 200);
    const refused = results.filter((r) => r.code !== 200);
    expect(refused.every((r) => r.code === 400 && r.message === MSG.venueInsufficient)).toBe(true);
    expect(played.length).toBeGreaterThanOrEqual(12);
    // 40 yuan of stakes at 12 yuan: some are refused unless the wins alone covered the other 28
    const won = played.reduce((a, r) => a + Math.round(r.data.payout * 100), 0);
    if (won < 2800) expect(refused.length).toBeGreaterThan(0);
    const net = played.reduce((a, r) => a + Math.round(r.data.payout * 100) - 100, 0);
    const final = await venueFen(s, m.id, VENUE);
    expect(final).toBe(1200 + net);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(Math.min(...played.map((r) => r.data.balance))).toBeGreaterThanOrEqual(0);
    expect(await betRows(m.id)).toHaveLength(played.length);
    expect((await checkDemoVenue(s.db.kysely)).ok).toBe(true);
    expect((await checkDemoVenueBets(s.db.kysely)).ok).toBe(true);
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  });
});

describe('odd requests', () => {
  it('answer a Chinese envelope, never a 500', async () => {
    const m = await player(5);
    const slot = await venueSession(s, m.id, VENUE, 'obgdy_fruit');
    const table = await venueSession(s, m.id, VENUE, 'demo_dragontiger');
    const sport = await venueSession(s, m.id, VENUE, 'demo_football');
    const bodies: unknown[] = [null, [], 'x', 1, {}, { game: null }, { game: ['obgdy_fruit'] }, { bet: null }, { game: 'obgdy_fruit', bet: [] }, { game: 'obgdy_fruit', bet: { stake: {} } },
      { game: 'obgdy_fruit', bet: { stake: -1 } }, { game: 'obgdy_fruit', bet: { stake: 1e308 } }, { game: 'obgdy_fruit', bet: { stake: '1e3' } }, { game: 'demo_dragontiger', bet: { stakes: null } },
      { game: 'demo_dragontiger', bet: { stakes: [] } }, { game: 'demo_dragontiger', bet: { stakes: JSON.parse('{"dragon":1,"__proto__":{"tie":1}}') } }, { game: 'demo_dragontiger', bet: { stakes: { dragon: '1', tiger: null } } },
      { sport: 'demo_football', matchId: {}, market: [], selection: 1, stake: 'a' }, { sport: 'demo_football', matchId: 'fb-x-1' }, { sport: 'demo_football', matchId: 'fb-99999999999999-0' }];
    for (const body of bodies) {
      for (const [path, session] of [['/play', slot], ['/play', table], ['/matches/bet', sport], ['/session', null]] as const) {
        const r = await venueCall(s, path, session, body);
        expect(r.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(r.code).not.toBe(200);
        expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    for (const q of ['?page=-1', '?page=1e400', '?page=1&page=2']) expect((await venueCall(s, `/bets${q}`, slot)).code).toBe(200);
    // A control character is refused in any query string.
    expect(await venueCall(s, '/bets?page=%00', slot)).toMatchObject({ code: 400, message: MSG.badRequest });
    expect(await venueFen(s, m.id, VENUE)).toBe(500);
  });
});

describe('GET /venue/api/bets', () => {
  it('pages this player’s bets at this venue, newest first', async () => {
    const m = await player(100);
    const session = await venueSession(s, m.id, VENUE, 'pp_candy');
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await venueCall(s, '/play', session, { game: 'pp_candy', bet: { stake: 1 } })).data.bet_id);
    // the same player's bets at another venue are not listed here
    const elsewhere = await player(0, 'DEMOLIVEB');
    void elsewhere;
    const p1 = await venueCall(s, '/bets?page=1', session);
    expect(p1.data).toMatchObject({ page: 1, page_size: 20, has_more: true });
    expect(p1.data.list.map((b: { bet_id: string }) => b.bet_id)).toEqual(ids.slice(3).reverse());
    expect(p1.data.list[0]).toMatchObject({ game: 'pp_candy', game_name: '糖果乐园', stake: 1, status: 1 });
    const p2 = await venueCall(s, '/bets?page=2', session);
    expect(p2.data).toMatchObject({ page: 2, has_more: false });
    expect(p2.data.list.map((b: { bet_id: string }) => b.bet_id)).toEqual(ids.slice(0, 3).reverse());
    expect((await venueCall(s, '/bets?page=abc', session)).data.page).toBe(1);
    expect((await venueCall(s, '/bets?page=9', session)).data.list).toEqual([]);
  });
});

describe('/venue pages', () => {
  it('serves the built pages at /venue/ with index.html for the pages’ own paths; unknown /venue/api paths stay 404 envelopes', async () => {
    for (const p of ['/venue', '/venue/', '/venue/?launch=abc', '/venue/game/pp_egypt']) {
      const res = await fetch(s.url + p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>venue</title>');
    }
    const asset = await fetch(`${s.url}/venue/assets/app-abcdef12.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await venueCall(s, '/nope', null)).toMatchObject({ status: 404, code: 404 });
    expect((await fetch(`${s.url}/venue/api/nope`)).status).toBe(404);
  });
  it('the launch secret is shared with the platform', async () => {
    expect((await launchSecret(s.db.kysely)).length).toBe(32);
  });
});
