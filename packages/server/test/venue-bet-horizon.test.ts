import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, MSG, type VenueMatches } from '@app/contract';
import { virtualSport } from '../src/venue-demo/games/index.js';
import { BET_ROUNDS_AHEAD } from '../src/venue-demo/games/virtual/markets.js';
import { startServer, venueCall, venueSession, type TestServer } from './harness.js';
import { fundedMember, into } from './transfer-helpers.js';

// The demo venue takes virtual-match bets only on the next BET_ROUNDS_AHEAD rounds (it took them 500
// rounds ahead before), and its listing (what the game page offers) shows exactly those.
const VENUE = 'DEMOSPORTA';
const SPORTS = ['demo_football', 'demo_esports'];

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, venueSettleIntervalMs: 0 });
});
afterAll(() => s.close());

async function player(sport: string) {
  const m = await fundedMember(s, 50);
  expect((await s.api('/api/transfer', into(VENUE, 50), { token: m.token })).code).toBe(200);
  return venueSession(s, m.id, VENUE, sport);
}

/** The round interval of a sport, from its own schedule. */
function intervalMs(sport: string): number {
  const sched = virtualSport(sport)!;
  const a = sched.schedule(0, 10 * 3600_000)[0]!;
  const next = sched.schedule(a.kickoffMs + 1, a.kickoffMs + 10 * 3600_000)[0]!;
  return next.kickoffMs - a.kickoffMs;
}

/** An open selection of a scheduled match, for a bet body. */
function pickOf(match: { id: string; markets: { code: string; selections: { code: string; open: boolean }[] }[] }) {
  for (const k of match.markets) {
    const sel = k.selections.find((x) => x.open);
    if (sel) return { matchId: match.id, market: k.code, selection: sel.code };
  }
  throw new Error('no open selection');
}

describe('virtual-match bets ahead of time', () => {
  it.each(SPORTS)(`%s: refuses a bet on a match beyond the next ${BET_ROUNDS_AHEAD} rounds with its message, and changes nothing`, async (sport) => {
    const session = await player(sport);
    const sched = virtualSport(sport)!;
    const now = Date.now();
    const before = (await venueCall(s, '/balance', session)).data;
    for (const roundsAhead of [BET_ROUNDS_AHEAD + 1, 10, 500]) {
      const far = sched.schedule(now + roundsAhead * intervalMs(sport), now + (roundsAhead + 1) * intervalMs(sport))[0]!;
      const r = await venueCall(s, '/matches/bet', session, { sport, stake: 1, ...pickOf(far as never) });
      expect(r, `${roundsAhead} rounds ahead`).toMatchObject({ code: 400, message: fmt(MSG.gameMatchNotOpen, { rounds: BET_ROUNDS_AHEAD }) });
    }
    expect((await venueCall(s, '/balance', session)).data).toEqual(before);
  });

  it.each(SPORTS)('%s: lists as open only matches it takes bets on, and takes a bet on the furthest of them', async (sport) => {
    const session = await player(sport);
    const list = (await venueCall<VenueMatches>(s, `/matches?sport=${sport}`, session)).data;
    const open = list.matches.filter((m) => m.state === 'open');
    expect(open.length).toBeGreaterThan(0);
    for (const m of open) expect(m.starts_at - list.now).toBeLessThan(BET_ROUNDS_AHEAD * intervalMs(sport));
    const lastOpen = open.at(-1)!;
    const market = lastOpen.markets.find((k) => k.selections.some((x) => x.open))!;
    const r = await venueCall(s, '/matches/bet', session, { sport, stake: 1, matchId: lastOpen.id, market: market.id, selection: market.selections.find((x) => x.open)!.id });
    expect(r.code).toBe(200);
  });
});
