import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MSG, overHeadroomText, overLimitText, venueLimitText, type LimitKind, type LimitPeriod } from '@app/contract';
import { fund, memberIdOf, registerMember, startServer, venueCall, type TestServer } from './harness.js';
import { centralFen, into, venueFen } from './transfer-helpers.js';
import { ingestBets } from '../src/modules/games/feed.js';

/**
 * A member's own wager and loss limits hold within a venue session, over HTTP:
 * a transfer into a venue is capped at what the limits leave (余额不足 first), and the launch hands
 * the venue that headroom, signed, so the demo venue refuses a bet past it however the money got
 * there (wins, an earlier transfer), in every session of the member, counting the bets the platform
 * has not read yet.
 */

let s: TestServer;
/** The hall's lottery tile: it opens the demo venue's 快三骰宝 (dice). */
let diceTile: { plat_name: string; game_code: string };

beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, lotteryTickMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const tile = await s.db.kysely.selectFrom('game_entries').select(['platform_name', 'game_code']).where('category_id', '=', 'lottery').orderBy('id').executeTakeFirstOrThrow();
  diceTile = { plat_name: tile.platform_name, game_code: tile.game_code };
});
afterAll(() => s.close());

interface Member {
  id: number;
  token: string;
}

async function member(yuan: number): Promise<Member> {
  const { token } = await registerMember(s);
  const id = await memberIdOf(s, token);
  if (yuan > 0) await fund(s, id, yuan);
  return { id, token };
}

const call = <T = any>(m: Member, path: string, body: unknown = {}) => s.api<T>(`/api${path}`, body, { token: m.token });
const setLimit = async (m: Member, kind: LimitKind, period: LimitPeriod, limit: number) => expect((await call(m, '/protection/limit', { kind, period, limit })).code).toBe(200);
const transferRows = async (m: Member) => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM transfers WHERE member_id = ${m.id}`.execute(s.db.kysely)).rows[0]!.n);

function tomorrowBj(): string {
  const local = new Date(Date.now() + 8 * 3_600_000);
  local.setUTCHours(24, 0, 0, 0);
  return local.toISOString().slice(0, 10) + ' 00:00';
}

/** The member opens the hall's dice tile: the launch URL's token, as the game frame gets it. */
async function launchToken(m: Member): Promise<string> {
  const r = await call<{ url: string }>(m, '/getGameUrl', { ...diceTile, game_type: 0, is_mobile_url: 1 });
  expect(r.code, r.message).toBe(200);
  return new URL(r.data.url, 'http://x').searchParams.get('launch')!;
}

/** Launches the dice game and opens its play session at the venue. */
async function openDice(m: Member): Promise<string> {
  const r = await venueCall(s, '/session', null, { launch: await launchToken(m) });
  expect(r.code, r.message).toBe(200);
  return r.data.session;
}

/** One throw of the dice with these stakes (yuan per option). */
const throwDice = (session: string, stakes: Record<string, number>) => venueCall(s, '/play', session, { game: 'demo_k3', bet: { stakes } });
/** 大 and 小 together: a stake of 2 × `half` that (but for a triple) comes straight back. */
const hedged = (session: string, half: number) => throwDice(session, { big: half, small: half });
const refusedAt = (kind: 'wager' | 'loss', leftFen: number) => ({ code: 403, message: venueLimitText(kind, leftFen) });

describe('a transfer into a venue is capped at what the wager and loss limits leave', () => {
  it('refuses 300 under a 100 daily wager limit naming the 100 left, changing nothing; accepts 100', async () => {
    const m = await member(500);
    await setLimit(m, 'wager', 'day', 100);
    const refused = await call(m, '/transfer', into('DEMOLIVEA', 300));
    expect(refused).toMatchObject({ code: 403, message: overHeadroomText('wager', 'day', 10000) });
    expect(refused.message).toBe('已超出您设置的每日投注限额，今日最多还可转入100.00元');
    expect(await centralFen(s, m.id)).toBe(50000);
    expect(await venueFen(s, m.id, 'DEMOLIVEA')).toBe(0);
    expect(await transferRows(m)).toBe(0);

    expect(await call(m, '/transfer', into('DEMOLIVEA', 100))).toMatchObject({ code: 200, data: { state: 1 } });
    expect(await centralFen(s, m.id)).toBe(40000);
    expect(await venueFen(s, m.id, 'DEMOLIVEA')).toBe(10000);
  });

  it('names the lowest headroom of every loss and wager limit, and what bets already used', async () => {
    const m = await member(500);
    await setLimit(m, 'wager', 'day', 300);
    await setLimit(m, 'loss', 'week', 80);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 81))).toMatchObject({ code: 403, message: '已超出您设置的每周亏损限额，本周最多还可转入80.00元' });
    // 30.50 staked and lost at a venue this week: 49.50 left of the loss limit.
    await betRecord(m, 3050, -3050);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 50))).toMatchObject({ code: 403, message: overHeadroomText('loss', 'week', 4950) });
    expect((await call(m, '/transfer', into('DEMOLIVEA', 49.5))).code).toBe(200);
    // Nothing left: the limit's own refusal (已达…).
    await betRecord(m, 4950, -4950);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 1))).toMatchObject({ code: 403, message: overLimitText({ kind: 'loss', period: 'week', limit: 80, used: 80, resets_at: nextMondayBj() }) });
  });

  it('answers 余额不足 before any headroom', async () => {
    const m = await member(50);
    await setLimit(m, 'wager', 'day', 100);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 300))).toMatchObject({ code: 400, message: MSG.insufficientBalance });
    expect(await transferRows(m)).toBe(0);
  });
});

describe('the venue holds the play a launch opens to the headroom it carries', () => {
  it('refuses stakes past a 100 daily wager limit, however much money the game holds', async () => {
    const m = await member(500);
    // 300 in the venue before the limit: money a win would bring as well.
    expect((await call(m, '/transfer', into(diceTile.plat_name, 300))).code).toBe(200);
    await setLimit(m, 'wager', 'day', 100);
    const game = await openDice(m);
    expect(await hedged(game, 30)).toMatchObject({ code: 200, data: { stake: 60 } });
    expect(await hedged(game, 25)).toMatchObject(refusedAt('wager', 4000));
    expect((await hedged(game, 20)).code).toBe(200);
    const balance = (await venueCall(s, '/balance', game)).data.balance;
    expect(balance).toBeGreaterThanOrEqual(200);
    // 100 staked: not one more yuan, with 200 and more still in the game.
    expect(await hedged(game, 0.5)).toMatchObject(refusedAt('wager', 0));
    expect(await venueCall(s, '/balance', game)).toMatchObject({ code: 200, data: { balance } });
    expect(await stakedFen(m)).toBe(10000);
  });

  it('keeps counting across the member’s sessions and launches, before the platform has read the bets', async () => {
    const m = await member(500);
    expect((await call(m, '/transfer', into(diceTile.plat_name, 300))).code).toBe(200);
    await setLimit(m, 'wager', 'day', 100);
    const first = await openDice(m);
    const second = await openDice(m);
    expect((await hedged(first, 30)).code).toBe(200);
    expect(await hedged(second, 25)).toMatchObject(refusedAt('wager', 4000));
    // A new launch: the platform has not read the 60 yet (no feed pass), the venue counts it.
    const third = await openDice(m);
    expect(await hedged(third, 25)).toMatchObject(refusedAt('wager', 4000));
    expect((await hedged(third, 20)).code).toBe(200);
    expect(await hedged(first, 0.5)).toMatchObject(refusedAt('wager', 0));
    // Once read, the platform refuses the launch itself.
    await ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
    expect(await call(m, '/getGameUrl', { ...diceTile, game_type: 0, is_mobile_url: 1 })).toMatchObject({ code: 403, message: overLimitText({ kind: 'wager', period: 'day', limit: 100, used: 100, resets_at: tomorrowBj() }) });
  });

  it('holds under a burst of bets from two frames at once', async () => {
    const m = await member(500);
    expect((await call(m, '/transfer', into(diceTile.plat_name, 300))).code).toBe(200);
    await setLimit(m, 'wager', 'day', 100);
    const [a, b] = [await openDice(m), await openDice(m)];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => hedged(i % 2 ? a : b, 10)));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.code === 403).every((r) => r.message === venueLimitText('wager', 0))).toBe(true);
    expect(await stakedFen(m)).toBe(10000);
  });

  it('a limit set while a game is open ends that game; the next launch carries the new headroom', async () => {
    const m = await member(500);
    expect((await call(m, '/transfer', into(diceTile.plat_name, 400))).code).toBe(200);
    const open = await openDice(m);
    for (let i = 0; i < 3; i++) expect((await hedged(open, 50)).code).toBe(200);
    await ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
    // 300 staked today: a 350 daily wager limit leaves 50.
    await setLimit(m, 'wager', 'day', 350);
    expect(await hedged(open, 1)).toMatchObject({ code: 401, message: MSG.venueSessionInvalid });
    const next = await openDice(m);
    expect(await hedged(next, 26)).toMatchObject(refusedAt('wager', 5000));
    expect((await hedged(next, 25)).code).toBe(200);
    expect(await hedged(next, 0.5)).toMatchObject(refusedAt('wager', 0));
  });

  it('refuses a stake that could take the loss past a 50 daily loss limit', async () => {
    const m = await member(500);
    expect((await call(m, '/transfer', into(diceTile.plat_name, 300))).code).toBe(200);
    await setLimit(m, 'loss', 'day', 50);
    const game = await openDice(m);
    expect(await throwDice(game, { triple: 51 })).toMatchObject(refusedAt('loss', 5000));
    // 豹子 with all that is left (a win, 1 in 36, gives room back: stake that too) until the venue refuses.
    let leftFen = 5000;
    for (let throws = 1; leftFen > 0; throws++) {
      const r = await throwDice(game, { triple: leftFen / 100 });
      expect(r.code, r.message).toBe(200);
      leftFen -= Math.round((r.data.stake - r.data.payout) * 100);
      expect(throws).toBeLessThan(20);
    }
    expect(await lostInGame(m)).toBe(5000);
    expect(await throwDice(game, { triple: 1 })).toMatchObject(refusedAt('loss', 0));
    expect(await hedged(game, 1)).toMatchObject(refusedAt('loss', 0));
  });

  it('carries the headroom signed: a launch whose headroom was changed is refused', async () => {
    const m = await member(500);
    await setLimit(m, 'wager', 'day', 100);
    const token = await launchToken(m);
    const [body, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    expect(claims.headroom).toEqual({ wager: 10000, loss: null, after: expect.any(Number) });
    const forged = `${Buffer.from(JSON.stringify({ ...claims, headroom: { ...claims.headroom, wager: 1_000_000 } })).toString('base64url')}.${sig}`;
    expect(await venueCall(s, '/session', null, { launch: forged })).toMatchObject({ code: 401, message: MSG.venueLaunchInvalid });
    const plain = await member(0);
    const free = JSON.parse(Buffer.from((await launchToken(plain)).split('.')[0]!, 'base64url').toString('utf8'));
    expect(free.headroom).toBeUndefined();
  });
});

/** A settled venue bet of the member now, as the bet feed stores it. */
async function betRecord(m: Member, stakeFen: number, winLossFen: number) {
  await s.db.kysely
    .insertInto('bet_records')
    .values({ venue: 'DEMOLIVEA', bet_id: `hr${m.id}-${stakeFen}-${Date.now()}`, member_id: m.id, game_code: 'demo_baccarat', game_name: '百家乐', category: 'realbet', bet_fen: stakeFen, valid_fen: stakeFen, win_loss_fen: winLossFen, status: 1, bet_at: new Date(), settled_at: new Date() })
    .execute();
}

/** The next Monday 00:00 Beijing time, as a weekly limit's refusal names it. */
function nextMondayBj(): string {
  const local = new Date(Date.now() + 8 * 3_600_000);
  const days = (8 - local.getUTCDay()) % 7 || 7;
  local.setUTCDate(local.getUTCDate() + days);
  return local.toISOString().slice(0, 10) + ' 00:00';
}

/** What the member staked at the demo venue, fen (its own books). */
async function stakedFen(m: Member): Promise<number> {
  const r = await sql<{ fen: string }>`SELECT COALESCE(SUM(stake_fen), 0)::bigint AS fen FROM demo_venue_bets WHERE player = ${String(m.id)}`.execute(s.db.kysely);
  return Number(r.rows[0]!.fen);
}

/** Stakes − payouts of the member at the demo venue, fen. */
async function lostInGame(m: Member): Promise<number> {
  const r = await sql<{ fen: string }>`SELECT COALESCE(SUM(stake_fen - payout_fen), 0)::bigint AS fen FROM demo_venue_bets WHERE player = ${String(m.id)}`.execute(s.db.kysely);
  return Number(r.rows[0]!.fen);
}
