import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_RECORD_PAGE_SIZE, MSG, type BetRecord, type BetRecordPage } from '@app/contract';
import { ingestBets } from '../src/modules/games/feed.js';
import { memberDailyBets } from '../src/modules/games/betrecords.js';
import { memberFlowFen } from '../src/modules/vip/standing.js';
import { beijing, beijingDayStart } from '../src/lib/time.js';
import { figuresOf, setTurnoverRequirement } from './figures-support.js';
import { startServer, venueCall, type TestServer } from './harness.js';
import { fundedMember } from './transfer-helpers.js';

/**
 * The bet feed and bet records. Bets are written straight into the demo venue's bet table (as its
 * play path would, without moving its wallet) and removed before the books are checked at close.
 */
let s: TestServer;
beforeAll(async () => {
  // The feed job is off: the tests run passes themselves (and betrecord pulls one).
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0 });
});
afterAll(async () => {
  await s.db.kysely.deleteFrom('demo_venue_bets').where('bet_id', 'like', 'FT%').execute();
  await s.close();
});

interface BetOpts {
  venue?: string;
  game?: string;
  stake?: number;
  payout?: number;
  valid?: number;
  status?: 0 | 1 | 2;
  at?: Date;
}

/** A bet at the demo venue (fen); returns its bet id. */
async function venueBet(memberId: number, o: BetOpts = {}): Promise<string> {
  const betId = `FT${randomBytes(8).toString('hex')}`;
  const status = o.status ?? 1;
  const stake = o.stake ?? 10_00;
  const at = o.at ?? new Date();
  await s.db.kysely
    .insertInto('demo_venue_bets')
    .values({
      bet_id: betId,
      venue: o.venue ?? 'DEMOLIVEA',
      player: String(memberId),
      game: o.game ?? 'demo_baccarat',
      stake_fen: stake,
      payout_fen: status === 1 ? (o.payout ?? 0) : 0,
      valid_fen: status === 1 ? (o.valid ?? stake) : 0,
      status,
      detail: JSON.stringify({ test: true }),
      created_at: at,
      settled_at: status === 1 ? at : null,
    })
    .execute();
  return betId;
}

/** The venue settles an unsettled bet (a change comes again in the feed with a new seq). */
async function settleVenueBet(betId: string, payout: number, valid: number): Promise<void> {
  await sql`UPDATE demo_venue_bets SET status = 1, payout_fen = ${payout}, valid_fen = ${valid}, settled_at = now(),
    feed_seq = nextval('demo_venue_feed_seq') WHERE bet_id = ${betId}`.execute(s.db.kysely);
}

const feed = (opts: { lock?: boolean; batch?: number } = {}) => ingestBets({ db: s.db, venues: s.app.venues }, { lock: false, ...opts });

const record = (betId: string) => s.db.kysely.selectFrom('bet_records').selectAll().where('bet_id', '=', betId).executeTakeFirst();
const turnoverOf = async (id: number) => (await figuresOf(s.db.kysely, id)).turnover_req_fen;
const setTurnover = (id: number, fen: number) => setTurnoverRequirement(s.db.kysely, id, fen);
const today = () => beijing(new Date()).slice(0, 10);

describe('the bet feed', () => {
  it('stores a settled bet and counts it once: turnover requirement, flow, daily sums', async () => {
    const { id } = await fundedMember(s, 0);
    await setTurnover(id, 50_00);
    const betId = await venueBet(id, { venue: 'DEMOLIVEB', game: 'demo_baccarat', stake: 20_00, payout: 39_00, valid: 20_00 });
    await feed();
    expect(await record(betId)).toMatchObject({
      venue: 'DEMOLIVEB',
      member_id: id,
      game_code: 'demo_baccarat',
      game_name: expect.stringMatching(/\S/),
      category: 'realbet',
      bet_fen: 20_00,
      valid_fen: 20_00,
      win_loss_fen: 19_00,
      status: 1,
      counted: true,
    });
    expect(await turnoverOf(id)).toBe(30_00);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(20_00);
    expect(await memberDailyBets(s.db.kysely, id, today(), today())).toEqual([{ day: today(), category: 'realbet', bets: 1, betFen: 20_00, validFen: 20_00, winLossFen: 19_00 }]);
    // read again (cursor back to the start): nothing changes
    await s.db.kysely.updateTable('bet_feed_cursors').set({ cursor: 0 }).execute();
    await feed();
    expect(await turnoverOf(id)).toBe(30_00);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(20_00);
    expect((await memberDailyBets(s.db.kysely, id, today(), today()))[0].bets).toBe(1);
  });

  it('moves the cursor to the last bet read', async () => {
    const { id } = await fundedMember(s, 0);
    const betId = await venueBet(id);
    await feed();
    const { feed_seq } = await s.db.kysely.selectFrom('demo_venue_bets').select('feed_seq').where('bet_id', '=', betId).executeTakeFirstOrThrow();
    const { cursor } = await s.db.kysely.selectFrom('bet_feed_cursors').select('cursor').where('adapter', '=', 'demo').executeTakeFirstOrThrow();
    expect(Number(cursor)).toBeGreaterThanOrEqual(Number(feed_seq));
  });

  it('keeps an unsettled bet uncounted, then settles the record and counts it once', async () => {
    const { id } = await fundedMember(s, 0);
    await setTurnover(id, 100_00);
    const betId = await venueBet(id, { venue: 'DEMOSPORTA', game: 'demo_football', stake: 30_00, status: 2 });
    await feed();
    expect(await record(betId)).toMatchObject({ status: 2, counted: false, category: 'sport', bet_fen: 30_00, valid_fen: 0, win_loss_fen: 0, settled_at: null });
    expect(await turnoverOf(id)).toBe(100_00);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(0);

    await settleVenueBet(betId, 0, 30_00); // lost
    await Promise.all([feed(), feed()]);
    expect(await record(betId)).toMatchObject({ status: 1, counted: true, valid_fen: 30_00, win_loss_fen: -30_00 });
    expect((await record(betId))!.settled_at).not.toBeNull();
    expect(await turnoverOf(id)).toBe(70_00);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(30_00);
    expect(await memberDailyBets(s.db.kysely, id, today(), today(), 'sport')).toEqual([{ day: today(), category: 'sport', bets: 1, betFen: 30_00, validFen: 30_00, winLossFen: -30_00 }]);

    // A late reader holding the old (unsettled) state cannot take the settlement back.
    await s.db.kysely.updateTable('bet_feed_cursors').set({ cursor: 0 }).execute();
    await feed();
    expect(await record(betId)).toMatchObject({ status: 1, counted: true });
    expect(await memberFlowFen(s.db.kysely, id)).toBe(30_00);
  });

  it('stores an invalid bet without counting it', async () => {
    const { id } = await fundedMember(s, 0);
    const betId = await venueBet(id, { status: 0 });
    await feed();
    expect(await record(betId)).toMatchObject({ status: 0, counted: false });
    expect(await memberFlowFen(s.db.kysely, id)).toBe(0);
    expect(await memberDailyBets(s.db.kysely, id, '2000-01-01', '2100-01-01')).toEqual([]);
  });

  it('skips a bet of an unknown player and still counts the others of its batch', async () => {
    const { id } = await fundedMember(s, 0);
    const before = await venueBet(id, { stake: 1_00 });
    const stranger = await venueBet(2_000_000_000, { stake: 2_00 });
    const strangerOpen = await venueBet(2_000_000_000, { stake: 2_00, status: 2 });
    const after = await venueBet(id, { stake: 4_00 });
    await feed();
    expect(await record(before)).toMatchObject({ counted: true });
    expect(await record(after)).toMatchObject({ counted: true });
    expect(await record(stranger)).toBeUndefined();
    expect(await record(strangerOpen)).toBeUndefined();
    expect(await memberFlowFen(s.db.kysely, id)).toBe(5_00);
  });

  it('never takes the turnover requirement below zero', async () => {
    const { id } = await fundedMember(s, 0);
    await setTurnover(id, 5_00);
    await venueBet(id, { stake: 80_00 });
    await feed();
    expect(await turnoverOf(id)).toBe(0);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(80_00);
  });

  it('counts every bet exactly once under concurrent passes (settled, and settled later)', async () => {
    const members = await Promise.all([0, 1, 2].map(() => fundedMember(s, 0)));
    for (const m of members) await setTurnover(m.id, 1_000_00);
    const want = new Map<number, { valid: number; bets: number; winLoss: number }>(members.map((m) => [m.id, { valid: 0, bets: 0, winLoss: 0 }]));
    const unsettled: Array<{ betId: string; member: number; stake: number }> = [];
    for (let i = 0; i < 90; i++) {
      const m = members[i % 3].id;
      const stake = 100 + i;
      if (Math.floor(i / 3) % 3 === 0) {
        unsettled.push({ betId: await venueBet(m, { game: 'demo_esports', venue: 'DEMOESPORTA', stake, status: 2 }), member: m, stake });
      } else {
        const payout = i % 2 ? stake * 2 : 0;
        await venueBet(m, { game: 'pp_egypt', venue: 'pp', stake, payout, valid: stake });
        const w = want.get(m)!;
        w.valid += stake;
        w.bets += 1;
        w.winLoss += payout - stake;
      }
    }
    // small batches so the passes interleave
    const reports = await Promise.all([feed({ batch: 7 }), feed({ batch: 7 }), feed({ batch: 11 })]);
    expect(reports.reduce((n, r) => n + r.counted, 0)).toBe(60);
    for (const u of unsettled) {
      await settleVenueBet(u.betId, u.stake * 2, u.stake);
      const w = want.get(u.member)!;
      w.valid += u.stake;
      w.bets += 1;
      w.winLoss += u.stake;
    }
    await s.db.kysely.updateTable('bet_feed_cursors').set({ cursor: 0 }).execute();
    const again = await Promise.all([feed({ batch: 5 }), feed({ batch: 9 }), feed()]);
    expect(again.reduce((n, r) => n + r.counted, 0)).toBe(30);

    for (const m of members) {
      const w = want.get(m.id)!;
      expect(await memberFlowFen(s.db.kysely, m.id)).toBe(w.valid);
      expect(await turnoverOf(m.id)).toBe(1_000_00 - w.valid);
      const daily = await memberDailyBets(s.db.kysely, m.id, today(), today());
      expect(daily.reduce((n, d) => n + d.validFen, 0)).toBe(w.valid);
      expect(daily.reduce((n, d) => n + d.bets, 0)).toBe(w.bets);
      expect(daily.reduce((n, d) => n + d.winLossFen, 0)).toBe(w.winLoss);
      expect(daily.map((d) => d.category).sort()).toEqual(['concise', 'gaming']);
      const records = await s.db.kysely.selectFrom('bet_records').select(['status', 'counted']).where('member_id', '=', m.id).execute();
      expect(records).toHaveLength(30);
      expect(records.every((r) => r.status === 1 && r.counted)).toBe(true);
    }
  });

  it('never skips a bet still being written when a later one is already committed', async () => {
    const { id } = await fundedMember(s, 0);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let slowId = '';
    const slow = s.db.kysely.transaction().execute(async (tx) => {
      slowId = `FT${randomBytes(8).toString('hex')}`;
      await tx
        .insertInto('demo_venue_bets')
        .values({ bet_id: slowId, venue: 'DEMOLIVEA', player: String(id), game: 'demo_baccarat', stake_fen: 5_00, valid_fen: 5_00, status: 1, detail: '{}', settled_at: new Date() })
        .execute();
      await gate;
    });
    await new Promise((r) => setTimeout(r, 50));
    const fastId = s.db.kind === 'postgres' ? await venueBet(id, { stake: 7_00 }) : '';
    setTimeout(release, 300);
    await feed();
    await slow;
    await feed();
    expect(await record(slowId)).toMatchObject({ counted: true, bet_fen: 5_00 });
    if (fastId) expect(await record(fastId)).toMatchObject({ counted: true });
    expect(await memberFlowFen(s.db.kysely, id)).toBe(fastId ? 12_00 : 5_00);
  });

  it('the job takes the advisory lock; a second instance holding it makes a pass a no-op (PostgreSQL)', async () => {
    expect((await s.app.betFeed.run({ lock: true })).ran).toBe(true);
    if (s.db.kind !== 'postgres') return;
    await s.db.exclusive(async (other) => {
      await other.query('SELECT pg_advisory_lock(727003)');
      try {
        expect((await ingestBets({ db: s.db, venues: s.app.venues }, { lock: true })).ran).toBe(false);
      } finally {
        await other.query('SELECT pg_advisory_unlock(727003)');
      }
    });
  });
});

describe('memberDailyBets', () => {
  it('sums by Beijing day (midnight is 16:00 UTC) and by category', async () => {
    const { id } = await fundedMember(s, 0);
    // 2026-03-01 23:59:59 and 2026-03-02 00:00:00 in Beijing
    await venueBet(id, { at: new Date('2026-03-01T15:59:59Z'), stake: 1_00, game: 'obgdy_fruit', venue: 'obgdy' });
    await venueBet(id, { at: new Date('2026-03-01T16:00:00Z'), stake: 2_00, game: 'obgdy_fruit', venue: 'obgdy' });
    await venueBet(id, { at: new Date('2026-03-01T16:30:00Z'), stake: 4_00, game: 'demo_dragontiger', venue: 'DEMOCARDA', payout: 8_00 });
    await venueBet(id, { at: new Date('2026-03-01T17:00:00Z'), stake: 8_00, game: 'demo_dragontiger', venue: 'DEMOCARDA' });
    await feed();
    expect(await memberDailyBets(s.db.kysely, id, '2026-03-01', '2026-03-02')).toEqual([
      { day: '2026-03-01', category: 'concise', bets: 1, betFen: 1_00, validFen: 1_00, winLossFen: -1_00 },
      { day: '2026-03-02', category: 'concise', bets: 1, betFen: 2_00, validFen: 2_00, winLossFen: -2_00 },
      { day: '2026-03-02', category: 'joker', bets: 2, betFen: 12_00, validFen: 12_00, winLossFen: -4_00 },
    ]);
    expect(await memberDailyBets(s.db.kysely, id, '2026-03-02', '2026-03-02', 'joker')).toHaveLength(1);
    expect(await memberDailyBets(s.db.kysely, id, '2026-03-01', '2026-03-01', 'joker')).toEqual([]);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(15_00);
  });
});

describe('POST /api/betrecord', () => {
  const list = (token: string | undefined, body: Record<string, unknown> = {}) => s.api<BetRecordPage<BetRecord>>('/api/betrecord', body, { token });

  it('answers 401 请登录！ without a session', async () => {
    expect(await list(undefined)).toMatchObject({ code: 401, message: MSG.notLoggedIn });
  });

  it("reads the feed first, and shows only the member's own bets, newest first, in yuan", async () => {
    const a = await fundedMember(s, 0);
    const b = await fundedMember(s, 0);
    const first = await venueBet(a.id, { at: new Date(Date.now() - 60_000), stake: 10_50, payout: 21_00, venue: 'DEMOLIVEA' });
    const second = await venueBet(a.id, { stake: 3_00, status: 2, venue: 'DEMOSPORTB', game: 'demo_football' });
    await venueBet(b.id, { stake: 9_00 });
    const r = await list(a.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 2, current_page: 1, per_page: BET_RECORD_PAGE_SIZE, last_page: 1 });
    expect(r.data.data.map((x) => x.bet_id)).toEqual([second, first]);
    expect(r.data.data[1]).toMatchObject({
      bet_id: first,
      api_type: 'DEMOLIVEA',
      platname: '演示真人A',
      category: 'realbet',
      bet_amount: 10.5,
      valid_amount: 10.5,
      win_loss: 10.5,
      status: 1,
      status_text: '已结算',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(r.data.data[0]).toMatchObject({ status: 2, status_text: '未结算', win_loss: 0, api_type: 'DEMOSPORTB' });
    // the filter's totals: 总投注 both stakes, 有效投注 and 输赢 the settled bet's
    expect(r.data.totals).toEqual({ bet_amount: 13.5, valid_amount: 10.5, win_loss: 10.5 });
  });

  it('filters by venue and by Beijing date (default 4: 30 days), and pages by 15', async () => {
    const { id, token } = await fundedMember(s, 0);
    const now = new Date();
    const todayStart = beijingDayStart(now);
    await venueBet(id, { at: new Date(todayStart.getTime() + 1000), venue: 'DEMOLIVEC' }); // today, Beijing
    await venueBet(id, { at: new Date(todayStart.getTime() - 1000), venue: 'DEMOLIVEC' }); // yesterday 23:59:59
    await venueBet(id, { at: new Date(now.getTime() - 10 * 86_400_000), venue: 'DEMOLIVED' });
    await venueBet(id, { at: new Date(now.getTime() - 40 * 86_400_000), venue: 'DEMOLIVED' });
    expect((await list(token, { date: 1 })).data.total).toBe(1);
    expect((await list(token, { date: 2 })).data.total).toBe(2);
    expect((await list(token, { date: 3 })).data.total).toBe(3);
    expect((await list(token, {})).data.total).toBe(3);
    expect((await list(token, { date: 'x' })).data.total).toBe(3);
    expect((await list(token, { api_type: 'DEMOLIVED', date: 4 })).data.total).toBe(1);
    expect((await list(token, { api_type: 'DEMOLIVEC' })).data.total).toBe(2);
    expect((await list(token, { api_type: 'NOPE' })).data.total).toBe(0);

    for (let i = 0; i < 17; i++) await venueBet(id, { at: new Date(now.getTime() - (i + 1) * 60_000), venue: 'pp', game: 'pp_candy', stake: 1_00 + i });
    const p1 = await list(token, { api_type: 'pp', page: 1 });
    const p2 = await list(token, { api_type: 'pp', page: 2 });
    expect(p1.data).toMatchObject({ total: 17, last_page: 2, current_page: 1 });
    expect(p1.data.data).toHaveLength(15);
    expect(p2.data.data).toHaveLength(2);
    expect(p1.data.data.map((x) => x.bet_amount)).toEqual(Array.from({ length: 15 }, (_, i) => (1_00 + i) / 100));
    // the totals are the whole filter's, on every page: 17 stakes of 1.00 + i
    const sum = Array.from({ length: 17 }, (_, i) => 1_00 + i).reduce((x, y) => x + y, 0) / 100;
    expect(p1.data.totals.bet_amount).toBe(sum);
    expect(p2.data.totals.bet_amount).toBe(sum);
    expect((await list(token, { api_type: 'NOPE' })).data.totals).toEqual({ bet_amount: 0, valid_amount: 0, win_loss: 0 });
    expect((await list(token, { api_type: 'pp', page: 3 })).data.data).toEqual([]);
  });
});

describe('from launch to bet record (the venue play path)', () => {
  it('a slot spun and a baccarat hand played through a getGameUrl launch show in betrecord and count toward turnover and flow', async () => {
    const { id, token } = await fundedMember(s, 200);
    await setTurnover(id, 500_00);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).code).toBe(200);
    const url = (await s.api('/api/getGameUrl', { plat_name: 'obgdy', game_type: 0, game_code: 'obgdy_fruit', is_mobile_url: 1 }, { token })).data.url as string;
    const exchanged = await s.api('/venue/api/session', { launch: url.split('launch=')[1] });
    expect(exchanged.code).toBe(200);
    expect(exchanged.data.balance).toBe(200); // auto-transfer moved the central wallet in
    const session = exchanged.data.session as string;
    const info = (await venueCall(s, '/games/obgdy_fruit', session)).data as { stakes: number[] };
    const plays: Array<{ bet_id: string; stake: number; win_loss: number }> = [];
    for (let i = 0; i < 3; i++) {
      const r = await venueCall(s, '/play', session, { game: 'obgdy_fruit', bet: { stake: info.stakes[0] } });
      expect(r.code).toBe(200);
      plays.push(r.data);
    }
    // baccarat at DEMOLIVEA: auto-transfer recycles obgdy into DEMOLIVEA on launch
    const url2 = (await s.api('/api/getGameUrl', { plat_name: 'DEMOLIVEA', game_type: 0, game_code: 'demolivea_realbet', is_mobile_url: 1 }, { token })).data.url as string;
    const session2 = (await s.api('/venue/api/session', { launch: url2.split('launch=')[1] })).data.session as string;
    const hand = await venueCall(s, '/play', session2, { game: 'demo_baccarat', bet: { stakes: { player: 10 } } });
    expect(hand.code).toBe(200);
    plays.push(hand.data);

    const r = await s.api<BetRecordPage<BetRecord>>('/api/betrecord', {}, { token });
    expect(r.data.total).toBe(4);
    const byId = new Map(r.data.data.map((x) => [x.bet_id, x]));
    for (const p of plays) expect(byId.get(p.bet_id)).toMatchObject({ bet_amount: p.stake, win_loss: p.win_loss, status: 1 });
    expect(byId.get(hand.data.bet_id)).toMatchObject({ api_type: 'DEMOLIVEA', category: 'realbet' });
    expect(byId.get(plays[0].bet_id)).toMatchObject({ api_type: 'obgdy', category: 'concise' });
    const validFen = r.data.data.reduce((n, x) => n + Math.round(x.valid_amount * 100), 0);
    expect(validFen).toBeGreaterThan(0);
    expect(await memberFlowFen(s.db.kysely, id)).toBe(validFen);
    expect(await turnoverOf(id)).toBe(500_00 - validFen);
    expect((await s.api<BetRecordPage<BetRecord>>('/api/betrecord', { api_type: 'DEMOLIVEA' }, { token })).data.total).toBe(1);
  });
});
