import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, formatYuan, MSG, HEDGED_SHARE_FLAG, type VenueMatches, type VenuePlayResult } from '@app/contract';
import { ingestBets } from '../src/modules/games/feed.js';
import { settleMatches } from '../src/venue-demo/matches.js';
import { playInstant } from '../src/venue-demo/play.js';
import { scriptedRng, shoeScript, virtualSport } from '../src/venue-demo/games/index.js';
import { PAY_PASSWORD, registerMember, memberIdOf, startServer, venueCall, venueSession, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin, type Staff } from './admin-support.js';
import { into } from './transfer-helpers.js';

// Turnover (打码量) cannot be cleared at no risk (contract netRoundLines): both sides of one round at the
// demo venue's tables and on one virtual match count only their net exposure, a push counts 0, and
// the bet feed brings exactly that to the requirement; the console shows the member's hedged share.
const VENUE = 'DEMOLIVEA';
const SPORTS_VENUE = 'DEMOSPORTA';
const BANK_NO = '6222021234567890';

let s: TestServer;
let finance: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, venueSettleIntervalMs: 0, betFeedIntervalMs: 0 });
  const admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

interface Depositor {
  id: number;
  name: string;
  token: string;
  card: number;
}

/** A member with a bank card whose deposit of `yuan` staff approved (1× turnover requirement). */
async function depositor(yuan: number): Promise<Depositor> {
  const m = await registerMember(s);
  const id = await memberIdOf(s, m.token);
  expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY_PASSWORD }, { token: m.token })).code).toBe(200);
  const [card] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token: m.token });
  expect(r.code).toBe(200);
  const dep = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  expect((await adminCall(s, finance.token, 'POST', `/deposits/${dep.id}/approve`)).code).toBe(200);
  expect(await requirement(m.token)).toBe(yuan);
  return { id, name: m.name, token: m.token, card: card.id };
}

const requirement = async (token: string): Promise<number> => (await s.api('/api/getBetAmount', {}, { token })).data.bet_amount;
const feed = () => ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
const withdraw = (m: Depositor, yuan: number) => s.api('/api/withdraw', { amount: yuan, bank: m.card, password: PAY_PASSWORD }, { token: m.token });
const refusedFor = (remainingYuan: number) => ({ code: 400, message: fmt(MSG.withdrawTurnover, { amount: formatYuan(remainingYuan) }) });

async function atTable(m: Depositor, venueYuan: number, game: string): Promise<string> {
  expect((await s.api('/api/transfer', into(VENUE, venueYuan), { token: m.token })).code).toBe(200);
  return venueSession(s, m.id, VENUE, game);
}
const play = (session: string, game: string, stakes: Record<string, number>) => venueCall<VenuePlayResult>(s, '/play', session, { game, bet: { stakes } });

describe('both sides of one round at the demo venue’s tables', () => {
  it('庄 and 闲, 龙 and 虎, 大 and 小 with 单 and 双 of equal stakes leave the requirement untouched, and the withdrawal is refused with it', async () => {
    const m = await depositor(1000);
    const rounds: Array<[string, Record<string, number>]> = [
      ['demo_baccarat', { banker: 200, player: 200 }],
      ['demo_baccarat', { banker: 200, player: 200 }],
      ['demo_dragontiger', { dragon: 100, tiger: 100 }],
      ['demo_dragontiger', { dragon: 100, tiger: 100 }],
      ['demo_k3', { big: 100, small: 100, odd: 50, even: 50 }],
      ['demo_k3', { big: 100, small: 100, odd: 50, even: 50 }],
    ];
    // 900 at the venue covers every round whatever the results (the worst losses: 庄 commission, half
    // of 龙 and 虎 on ties, all of 大/小/单/双 on a triple)
    const sessions = new Map<string, string>();
    for (const game of new Set(rounds.map(([g]) => g))) sessions.set(game, await atTable(m, 300, game));
    for (const [game, stakes] of rounds) {
      const r = await play(sessions.get(game)!, game, stakes);
      expect(r.code, r.message).toBe(200);
    }
    const rows = await s.db.kysely.selectFrom('demo_venue_bets').select(['stake_fen', 'valid_fen', 'hedged_fen']).where('player', '=', String(m.id)).execute();
    expect(rows).toHaveLength(rounds.length);
    for (const row of rows) expect(row).toEqual({ stake_fen: row.stake_fen, valid_fen: 0, hedged_fen: row.stake_fen });
    await feed();
    const records = await s.db.kysely.selectFrom('bet_records').select(['bet_fen', 'valid_fen', 'hedged_fen', 'counted']).where('member_id', '=', m.id).execute();
    expect(records).toHaveLength(rounds.length);
    expect(records.every((r) => r.valid_fen === 0 && r.hedged_fen === r.bet_fen && r.counted)).toBe(true);
    expect(await requirement(m.token)).toBe(1000);
    expect(await withdraw(m, 100)).toMatchObject(refusedFor(1000));
  });

  it('unequal sides count only their difference; one side alone counts in full', async () => {
    const m = await depositor(1000);
    const dice = await atTable(m, 600, 'demo_k3');
    // 大 300 against 小 100: 200 at risk whatever the throw (a triple loses both)
    expect((await play(dice, 'demo_k3', { big: 300, small: 100 })).code).toBe(200);
    await feed();
    expect(await requirement(m.token)).toBe(800);
    // 大 alone: all of it
    expect((await play(dice, 'demo_k3', { big: 150 })).code).toBe(200);
    await feed();
    expect(await requirement(m.token)).toBe(650);
    const rows = await s.db.kysely.selectFrom('demo_venue_bets').select(['stake_fen', 'valid_fen', 'hedged_fen']).where('player', '=', String(m.id)).orderBy('id').execute();
    expect(rows).toEqual([
      { stake_fen: 400_00, valid_fen: 200_00, hedged_fen: 200_00 },
      { stake_fen: 150_00, valid_fen: 150_00, hedged_fen: 0 },
    ]);
    expect(await withdraw(m, 100)).toMatchObject(refusedFor(650));
  });

  it('a push counts 0: 庄 alone on a tie; 龙 300 against 虎 100 on a tie counts the lost half of the 200 at risk', async () => {
    const m = await depositor(1000);
    const card = (rank: number, suit = 0) => ({ rank, suit });
    const session = (game: string) => ({ player: String(m.id), venue: VENUE, game, wallet: null });
    expect((await s.api('/api/transfer', into(VENUE, 800), { token: m.token })).code).toBe(200);
    // player 9, banker 9: a natural tie
    const tie = await playInstant(s.db.kysely, session('demo_baccarat'), 'demo_baccarat', { stakes: { banker: 300 } }, scriptedRng(shoeScript([card(9, 1), card(4, 2), card(10, 3), card(5, 0)])));
    expect(tie.payout).toBe(300);
    // 7 against 7: a dragon-tiger tie
    const dt = await playInstant(s.db.kysely, session('demo_dragontiger'), 'demo_dragontiger', { stakes: { dragon: 300, tiger: 100 } }, scriptedRng(shoeScript([card(7, 0), card(7, 1)])));
    expect(dt.payout).toBe(200);
    await feed();
    expect(await requirement(m.token)).toBe(900);
  });
});

/** An open match of the sport with a market whose every selection is open. */
async function openMarket(session: string, sport: string, sides: number) {
  const list = (await venueCall<VenueMatches>(s, `/matches?sport=${sport}`, session)).data;
  for (const match of list.matches.filter((x) => x.state === 'open' && x.starts_at - list.now > 5_000)) {
    const market = match.markets.find((k) => k.selections.length === sides && k.selections.every((x) => x.open));
    if (market) return { match, market };
  }
  throw new Error(`no open ${sides}-way market`);
}

describe('both sides of one virtual match in separate bets', () => {
  it('大2.5球 300 and 小2.5球 100 count 200 once the match settles; the feed brings only that to the requirement', async () => {
    const m = await depositor(1000);
    expect((await s.api('/api/transfer', into(SPORTS_VENUE, 800), { token: m.token })).code).toBe(200);
    const session = await venueSession(s, m.id, SPORTS_VENUE, 'demo_football');
    const { match, market } = await openMarket(session, 'demo_football', 2);
    const bet = (selection: string, stake: number) => venueCall(s, '/matches/bet', session, { sport: 'demo_football', matchId: match.id, market: market.id, selection, stake });
    expect((await bet(market.selections[0]!.id, 300)).code).toBe(200);
    expect((await bet(market.selections[1]!.id, 100)).code).toBe(200);
    const engine = virtualSport('demo_football')!.matchById(match.id)!;
    await settleMatches(s.db, { nowMs: engine.resultAtMs + 1, lock: false });
    await feed();
    const rows = await s.db.kysely.selectFrom('demo_venue_bets').select(['stake_fen', 'valid_fen', 'hedged_fen', 'status']).where('player', '=', String(m.id)).orderBy('id').execute();
    expect(rows).toEqual([
      { stake_fen: 300_00, valid_fen: 200_00, hedged_fen: 100_00, status: 1 },
      { stake_fen: 100_00, valid_fen: 0, hedged_fen: 100_00, status: 1 },
    ]);
    expect(await requirement(m.token)).toBe(800);
    expect(await withdraw(m, 100)).toMatchObject(refusedFor(800));
  });

  it('胜平负: all three sides are hedged by the smallest; two of three are real risk and count in full', async () => {
    const m = await depositor(1000);
    expect((await s.api('/api/transfer', into(SPORTS_VENUE, 900), { token: m.token })).code).toBe(200);
    const session = await venueSession(s, m.id, SPORTS_VENUE, 'demo_football');
    const list = (await venueCall<VenueMatches>(s, '/matches?sport=demo_football', session)).data;
    const open = list.matches.filter((x) => x.state === 'open' && x.starts_at - list.now > 5_000 && x.markets.find((k) => k.id === '1x2')!.selections.every((y) => y.open));
    expect(open.length).toBeGreaterThanOrEqual(2);
    const bet = (matchId: string, selection: string, stake: number) => venueCall(s, '/matches/bet', session, { sport: 'demo_football', matchId, market: '1x2', selection, stake });
    for (const [sel, stake] of [['home', 200], ['draw', 100], ['away', 200]] as const) expect((await bet(open[0]!.id, sel, stake)).code).toBe(200);
    for (const [sel, stake] of [['home', 100], ['away', 100]] as const) expect((await bet(open[1]!.id, sel, stake)).code).toBe(200);
    const last = Math.max(...open.slice(0, 2).map((x) => virtualSport('demo_football')!.matchById(x.id)!.resultAtMs));
    await settleMatches(s.db, { nowMs: last + 1, lock: false });
    await feed();
    // match 1: 500 staked, 100 hedged on each side → 200 valid; match 2: 200 valid
    expect(await requirement(m.token)).toBe(600);
  });
});

describe('the console’s member view: 对冲占比', () => {
  it('shows the hedged share of the last 30 days and flags a member above the threshold, not one below', async () => {
    const hedger = await depositor(1000);
    const table = await atTable(hedger, 500, 'demo_baccarat');
    expect((await play(table, 'demo_baccarat', { banker: 200, player: 200 })).code).toBe(200);
    expect((await play(table, 'demo_baccarat', { banker: 100 })).code).toBe(200);
    const plain = await depositor(1000);
    const other = await atTable(plain, 500, 'demo_baccarat');
    expect((await play(other, 'demo_baccarat', { banker: 100 })).code).toBe(200);
    await feed();

    const list = await adminCall(s, support.token, 'GET', `/members?keyword=${hedger.name}`);
    expect(list.code).toBe(200);
    // 400 of 500 staked was hedged
    expect(list.data.data[0]).toMatchObject({ id: hedger.id, hedged_share: 0.8, hedge_flagged: true });
    const detail = await adminCall(s, support.token, 'GET', `/members/${hedger.id}`);
    expect(detail.data.hedge).toEqual({ days: 30, stake: 500, hedged: 400, share: 0.8, flagged: true, threshold: HEDGED_SHARE_FLAG });

    const calm = await adminCall(s, support.token, 'GET', `/members?keyword=${plain.name}`);
    expect(calm.data.data[0]).toMatchObject({ id: plain.id, hedged_share: 0, hedge_flagged: false });
    expect((await adminCall(s, support.token, 'GET', `/members/${plain.id}`)).data.hedge).toEqual({ days: 30, stake: 100, hedged: 0, share: 0, flagged: false, threshold: HEDGED_SHARE_FLAG });
    const fresh = await registerMember(s);
    const freshId = await memberIdOf(s, fresh.token);
    expect((await adminCall(s, support.token, 'GET', `/members/${freshId}`)).data.hedge).toMatchObject({ stake: 0, hedged: 0, share: 0, flagged: false });
  });
});
