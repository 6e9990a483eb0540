import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type VenueMatch, type VenueMatches } from '@app/contract';
import { buildApp } from '../src/app.js';
import { seededRng, virtualSport, type MatchBet } from '../src/venue-demo/games/index.js';
import { settleMatches } from '../src/venue-demo/matches.js';
import { JOB_LOCK } from '../src/lib/jobs.js';
import { checkDemoVenueBets } from '../src/venue-demo/play.js';
import { startServer, venueCall, venueSession, type TestServer } from './harness.js';
import { fundedMember, into, venueFen } from './transfer-helpers.js';

// The virtual matches: bets at the server's odds until kickoff, results drawn once, open bets settled
// once (whatever runs concurrently), and settled after a restart when their time passed while down.
const VENUE = 'DEMOSPORTA';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, venueSettleIntervalMs: 0 });
  const v = await s.db.kysely.selectFrom('venues').select('code').where('code', '=', VENUE).executeTakeFirst();
  if (!v) throw new Error(`no venue ${VENUE}`);
});
afterAll(() => s.close());

async function player(venueYuan: number, sport = 'demo_football') {
  const m = await fundedMember(s, venueYuan);
  expect((await s.api('/api/transfer', into(VENUE, venueYuan), { token: m.token })).code).toBe(200);
  return { ...m, session: await venueSession(s, m.id, VENUE, sport) };
}

const matches = async (session: string, sport = 'demo_football') => (await venueCall<VenueMatches>(s, `/matches?sport=${sport}`, session)).data;
const betRow = (betId: string) => s.db.kysely.selectFrom('demo_venue_bets').selectAll().where('bet_id', '=', betId).executeTakeFirstOrThrow();
const resultRows = (matchId: string) => s.db.kysely.selectFrom('demo_venue_match_results').selectAll().where('match_id', '=', matchId).execute();

/** An open match of the listing with an open selection. */
/** An open selection of the open match that closes last, so a slow test run is least likely to see it close. */
function openPick(list: VenueMatches): { match: VenueMatch; market: string; selection: string; odds: number } {
  for (const match of list.matches.filter((m) => m.state === 'open').sort((a, b) => b.closes_at - a.closes_at)) {
    for (const market of match.markets) {
      const sel = market.selections.find((x) => x.open);
      if (sel) return { match, market: market.id, selection: sel.id, odds: sel.odds };
    }
  }
  throw new Error('no open selection');
}

describe('GET /venue/api/matches', () => {
  it('lists the last finished rounds, the one playing and the next, with states, markets and results', async () => {
    const p = await player(10);
    // settle the recent past so the finished ones carry results
    await settleMatches(s.db);
    const list = await matches(p.session);
    expect(Math.abs(list.now - Date.now())).toBeLessThan(5000);
    const states = new Set(list.matches.map((m) => m.state));
    expect(states.has('open')).toBe(true);
    expect(states.has('finished')).toBe(true);
    for (const m of list.matches) {
      expect(m.closes_at).toBe(m.starts_at);
      expect(m.state === 'open').toBe(list.now < m.starts_at);
      if (m.state === 'finished') expect(m.result).toMatchObject({ homeGoals: expect.any(Number), awayGoals: expect.any(Number) });
      expect(m.markets.map((k) => k.id)).toEqual(['1x2', 'ou2.5']);
    }
    const es = await player(10, 'demo_esports');
    const el = await matches(es.session, 'demo_esports');
    expect(el.matches.length).toBeGreaterThan(3);
    expect((await venueCall(s, '/matches?sport=nope', p.session)).code).toBe(404);
  });
});

describe('POST /venue/api/matches/bet', () => {
  it('takes a bet at the server’s odds (forged odds ignored), debits the stake and leaves it unsettled', async () => {
    const p = await player(100);
    const pick = openPick(await matches(p.session));
    const r = await venueCall(s, '/matches/bet', p.session, { sport: 'demo_football', matchId: pick.match.id, market: pick.market, selection: pick.selection, stake: 10, odds: 1000, oddsE2: 100000 });
    expect(r.code, r.message).toBe(200);
    expect(r.data.balance).toBe(90);
    expect(await venueFen(s, p.id, VENUE)).toBe(9000);
    const row = await betRow(r.data.bet_id);
    expect(row).toMatchObject({ status: 2, stake_fen: 1000, payout_fen: 0, valid_fen: 0, match_id: pick.match.id, game: 'demo_football', settled_at: null });
    expect(row.detail).toMatchObject({ matchId: pick.match.id, market: pick.market, selection: pick.selection, odds: pick.odds });
    const engine = virtualSport('demo_football')!.matchById(pick.match.id)!;
    const sel = engine.markets.find((m) => m.code === pick.market)!.selections.find((x) => x.code === pick.selection)!;
    expect((row.detail as { oddsE2: number }).oddsE2).toBe(sel.oddsE2);
    const hist = await venueCall(s, '/bets', p.session);
    expect(hist.data.list[0]).toMatchObject({ bet_id: r.data.bet_id, status: 2, stake: 10, win_loss: 0 });
  });

  it('refuses a closed match (409 本场比赛已停止投注), an unknown one, a bad selection, another sport and a stake above the balance', async () => {
    const p = await player(5);
    const list = await matches(p.session);
    const closed = list.matches.find((m) => m.state !== 'open')!;
    const bet = (body: object) => venueCall(s, '/matches/bet', p.session, { sport: 'demo_football', stake: 1, ...body });
    expect(await bet({ matchId: closed.id, market: '1x2', selection: 'home' })).toMatchObject({ code: 409, message: MSG.gameMatchClosed });
    expect(await bet({ matchId: 'fb-1-99', market: '1x2', selection: 'home' })).toMatchObject({ code: 400, message: MSG.gameMatchMissing });
    const pick = openPick(list);
    expect(await bet({ matchId: pick.match.id, market: pick.market, selection: 'nope' })).toMatchObject({ code: 400, message: MSG.gameBetOption });
    expect(await bet({ matchId: pick.match.id, market: pick.market, selection: pick.selection, stake: 0 })).toMatchObject({ code: 400, message: MSG.amountInvalid });
    expect(await bet({ matchId: pick.match.id, market: pick.market, selection: pick.selection, stake: 6 })).toMatchObject({ code: 400, message: MSG.venueInsufficient });
    expect(await venueCall(s, '/matches/bet', p.session, { sport: 'demo_esports', matchId: pick.match.id, market: pick.market, selection: pick.selection, stake: 1 })).toMatchObject({ code: 403 });
    expect(await venueFen(s, p.id, VENUE)).toBe(500);
    expect((await venueCall(s, '/bets', p.session)).data.list).toEqual([]);
  });
});

describe('settlement', () => {
  it('draws each result once and settles the open bets once, across two concurrent passes', async () => {
    const players = [await player(100), await player(100), await player(100)];
    const pick = openPick(await matches(players[0]!.session));
    const engine = virtualSport('demo_football')!.matchById(pick.match.id)!;
    const market = engine.markets.find((m) => m.code === '1x2')!;
    const ids: string[] = [];
    for (const p of players) {
      for (const sel of market.selections.filter((x) => x.open)) {
        const r = await venueCall(s, '/matches/bet', p.session, { sport: 'demo_football', matchId: pick.match.id, market: '1x2', selection: sel.code, stake: 7 });
        expect(r.code, r.message).toBe(200);
        ids.push(r.data.bet_id);
      }
    }
    const seqBefore = new Map((await Promise.all(ids.map(betRow))).map((r) => [r.bet_id, r.feed_seq]));
    // not due yet: nothing happens to these bets
    await settleMatches(s.db, { nowMs: engine.resultAtMs - 1, lock: false });
    expect((await Promise.all(ids.map(betRow))).every((r) => r.status === 2)).toBe(true);
    expect(await resultRows(pick.match.id)).toHaveLength(0);

    const nowMs = engine.resultAtMs + 1;
    const [a, b] = await Promise.all([settleMatches(s.db, { nowMs, lock: false, rng: seededRng('a') }), settleMatches(s.db, { nowMs, lock: false, rng: seededRng('b') })]);
    expect(a.settled + b.settled).toBeGreaterThanOrEqual(ids.length);
    const results = await resultRows(pick.match.id);
    expect(results).toHaveLength(1);
    expect(results[0]!.settled_at).not.toBeNull();
    const result = results[0]!.result as { homeGoals: number; awayGoals: number };
    let winners = 0;
    // each player holds every open side of 胜平负 at equal stakes: when all three are open they offset each other
    const hedged = market.selections.every((x) => x.open);
    for (const id of ids) {
      const row = await betRow(id);
      const d = row.detail as MatchBet & { result: unknown; won: boolean };
      const want = virtualSport('demo_football')!.settle({ matchId: d.matchId, market: d.market, selection: d.selection, stakeFen: row.stake_fen, oddsE2: d.oddsE2 }, result);
      expect(row).toMatchObject({ status: 1, payout_fen: want.payoutFen, valid_fen: hedged ? 0 : want.validFen, hedged_fen: hedged ? row.stake_fen : 0 });
      expect(d.result).toEqual(result);
      expect(row.settled_at).not.toBeNull();
      expect(row.feed_seq).toBeGreaterThan(seqBefore.get(id)!);
      if (want.won) winners += 1;
    }
    expect(winners).toBe(players.length); // exactly one of 主胜/平局/客胜 wins per player
    for (const p of players) {
      const rows = await s.db.kysely.selectFrom('demo_venue_bets').select(['stake_fen', 'payout_fen']).where('player', '=', String(p.id)).where('venue', '=', VENUE).execute();
      const net = rows.reduce((acc, r) => acc + r.payout_fen - r.stake_fen, 0);
      expect(await venueFen(s, p.id, VENUE)).toBe(10_000 + net);
    }
    // a later pass changes nothing
    const again = await settleMatches(s.db, { nowMs: nowMs + 1000, lock: false });
    expect(again.settled).toBe(0);
    expect((await checkDemoVenueBets(s.db.kysely)).ok).toBe(true);
    // the listing (real clock, before the result is due) does not reveal the result drawn with the
    // later clock: the match shows open, or closed once its kickoff has passed, never finished
    const askedAt = Date.now();
    const listed = (await matches(players[0]!.session)).matches.find((m) => m.id === pick.match.id)!;
    const answeredAt = Date.now();
    expect(answeredAt).toBeLessThan(engine.resultAtMs);
    expect(['open', 'closed']).toContain(listed.state);
    if (answeredAt < pick.match.closes_at) expect(listed.state).toBe('open');
    if (askedAt >= pick.match.closes_at) expect(listed.state).toBe('closed');
    expect(listed.result).toBeUndefined();
  });

  it('with the advisory lock held elsewhere (another instance), a pass does nothing on PostgreSQL', async () => {
    if (s.db.kind !== 'postgres') return; // PGlite is one process: no other instance to keep out
    const report = await s.db.exclusive(async (other) => {
      await other.query('SELECT pg_advisory_lock($1)', [JOB_LOCK.venueMatches]);
      try {
        return await settleMatches(s.db);
      } finally {
        await other.query('SELECT pg_advisory_unlock($1)', [JOB_LOCK.venueMatches]);
      }
    });
    expect(report).toEqual({ ran: false, drawn: 0, settled: 0 });
    expect((await settleMatches(s.db)).ran).toBe(true);
  });

  it('settles at start a match whose result fell due while no instance ran', async () => {
    const p = await player(50);
    const sport = virtualSport('demo_football')!;
    // a bet placed an hour ago on a match of that time (as if the process then stopped)
    const old = sport.schedule(Date.now() - 3600_000, Date.now() - 3400_000)[0]!;
    const sel = old.markets[0]!.selections.find((x) => x.open)!;
    const betId = `${VENUE}-restart-${p.id}`;
    const detail = { sport: 'demo_football', matchId: old.id, market: old.markets[0]!.code, selection: sel.code, odds: sel.oddsE2 / 100, oddsE2: sel.oddsE2 };
    await s.db.kysely.executeQuery(
      (
        await import('kysely')
      ).sql`SELECT demo_venue_play(${VENUE}, ${String(p.id)}, ${betId}, 'demo_football', 500::bigint, 0::bigint, 0::bigint, 2::smallint, ${JSON.stringify(detail)}::jsonb, ${old.id})`.compile(s.db.kysely),
    );
    expect((await betRow(betId)).status).toBe(2);
    // a fresh instance on the same database, with its scheduler on
    const app2 = await buildApp({ ...s.config, venueSettleIntervalMs: 60_000, logLevel: "silent" }, s.db);
    await app2.ready();
    try {
      const deadline = Date.now() + 10_000;
      while ((await betRow(betId)).status === 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await app2.close();
    }
    const row = await betRow(betId);
    expect(row.status).toBe(1);
    const stored = await resultRows(old.id);
    expect(stored).toHaveLength(1);
    const want = sport.settle({ matchId: old.id, market: detail.market, selection: detail.selection, stakeFen: 500, oddsE2: sel.oddsE2 }, stored[0]!.result);
    expect(row.payout_fen).toBe(want.payoutFen);
    expect(await venueFen(s, p.id, VENUE)).toBe(4500 + want.payoutFen);
  });
});
