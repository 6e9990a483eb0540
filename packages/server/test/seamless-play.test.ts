import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type BetRecord, type BetRecordPage, type TransRecord, type VenueBetsPage, type VenueGameInfo } from '@app/contract';
import { RS, SEAMLESS_PATH, SEAMLESS_PREFIX, signedPost } from '@app/provider-kit';
import { DEMO_SEAMLESS } from '../src/seed/providers.js';
import { currentKeyOf, updateProvider } from '../src/modules/providers/service.js';
import { settleOpenRounds } from '../src/venue-demo/seamless.js';
import { startServer, venueCall, type TestServer } from './harness.js';
import { centralFen, fundedMember, into } from './transfer-helpers.js';

/**
 * Seamless play as a member meets it: the electronic provider AE is the demo seamless provider's, so
 * its games spend the central wallet (no transfer), every spin a bet and a win at the platform's
 * seamless wallet, and the balance, the bet records, the turnover and 账户明细 agree.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0 });
});
afterAll(() => s.close());

const SLOT = 'ae_ocean';

async function launch(token: string, game = SLOT) {
  const launched = await s.api('/api/getGameUrl', { plat_name: DEMO_SEAMLESS.venue, game_type: 0, game_code: game, is_mobile_url: 1 }, { token });
  expect(launched.code).toBe(200);
  expect(launched.data.wallet).toBe('central');
  const exchanged = await s.api('/venue/api/session', { launch: (launched.data.url as string).split('launch=')[1] });
  expect(exchanged.code).toBe(200);
  expect(exchanged.data.wallet).toBe('central');
  return { session: exchanged.data.session as string, balance: exchanged.data.balance as number };
}

async function stakeOf(session: string): Promise<number> {
  const info = (await venueCall<VenueGameInfo>(s, `/games/${SLOT}`, session)).data as Extract<VenueGameInfo, { kind: 'slot' }>;
  return info.stakes[0]!;
}

describe('a seamless venue', () => {
  it('is no transfer venue: the transfer page does not list it and a transfer to it is refused, changing nothing', async () => {
    const m = await fundedMember(s, 100);
    const list = await s.api<{ platname: string }[]>('/api/balancelist', {}, { token: m.token });
    expect(list.code).toBe(200);
    expect(list.data.map((v) => v.platname)).not.toContain(DEMO_SEAMLESS.venue);
    expect(list.data.map((v) => v.platname)).toContain('pp');
    const r = await s.api('/api/transfer', into(DEMO_SEAMLESS.venue, 10), { token: m.token });
    expect(r).toMatchObject({ code: 400, message: MSG.venueSeamless });
    expect(await centralFen(s, m.id)).toBe(10_000);
  });

  it('plays on the central balance: each spin moves it by the win or loss, and records, turnover and 账户明细 agree', async () => {
    const m = await fundedMember(s, 50);
    const { session, balance } = await launch(m.token);
    expect(balance).toBe(50);
    const stake = await stakeOf(session);
    let expected = 50;
    const spins: { bet_id: string; stake: number; win_loss: number; balance: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await venueCall(s, '/play', session, { game: SLOT, bet: { stake } });
      expect(r.code).toBe(200);
      expected = Math.round((expected + r.data.win_loss) * 100) / 100;
      expect(r.data.balance).toBeCloseTo(expected, 2);
      spins.push(r.data);
    }
    expect(await centralFen(s, m.id)).toBe(Math.round(expected * 100));
    expect((await venueCall(s, '/balance', session)).data.balance).toBeCloseTo(expected, 2);

    // the venue's own history and the platform's bet records show the same rounds, settled
    const history = (await venueCall<VenueBetsPage>(s, '/bets', session)).data;
    expect(history.list.map((b) => b.bet_id).sort()).toEqual(spins.map((x) => x.bet_id).sort());
    const records = (await s.api<BetRecordPage<BetRecord>>('/api/betrecord', {}, { token: m.token })).data;
    expect(records.total).toBe(3);
    for (const spin of spins) {
      const rec = records.data.find((x) => x.bet_id === spin.bet_id);
      // the whole stake is valid: it counts for turnover, rebate, VIP and commission like any bet
      expect(rec, spin.bet_id).toMatchObject({ api_type: DEMO_SEAMLESS.venue, category: 'concise', bet_amount: spin.stake, valid_amount: spin.stake, win_loss: spin.win_loss, status: 1 });
    }

    // 账户明细 (全部) lists each bet and win with the balance after it, and ends at the central balance
    const statement = (await s.api<{ data: TransRecord[] }>('/api/gettransrecord', { type: 0, date: 1, page: 1 }, { token: m.token })).data.data;
    const game = statement.filter((x) => x.pay_way === '游戏投注' || x.pay_way === '游戏派彩');
    expect(game.filter((x) => x.pay_way === '游戏投注')).toHaveLength(3);
    expect(statement[0]!.balance).toBeCloseTo(expected, 2);
    // each names its round (the bet's number in the records), never the provider's code
    expect(new Set(game.map((x) => x.out_trade_no))).toEqual(new Set(spins.map((x) => x.bet_id)));
    expect(game.every((x) => x.remark === '' && !JSON.stringify(x).includes(DEMO_SEAMLESS.code))).toBe(true);
  });

  it('refuses a stake above the central balance with 余额不足, moving nothing and recording no round', async () => {
    const m = await fundedMember(s, 0.5);
    const { session } = await launch(m.token);
    const stake = await stakeOf(session);
    expect(stake).toBeGreaterThan(0.5);
    const r = await venueCall(s, '/play', session, { game: SLOT, bet: { stake } });
    expect(r).toMatchObject({ code: 400, message: MSG.venueWalletInsufficient });
    expect(await centralFen(s, m.id)).toBe(50);
    expect((await venueCall<VenueBetsPage>(s, '/bets', session)).data.list).toHaveLength(0);
    expect((await s.api<BetRecordPage<BetRecord>>('/api/betrecord', {}, { token: m.token })).data.total).toBe(0);
  });

  it('is closed while its provider is in maintenance, and opens again with it', async () => {
    const m = await fundedMember(s, 10);
    await updateProvider(s.db.kysely, DEMO_SEAMLESS.code, { state: 'maintenance' });
    s.app.venues.forgetVenues();
    try {
      const r = await s.api('/api/getGameUrl', { plat_name: DEMO_SEAMLESS.venue, game_type: 0, game_code: SLOT, is_mobile_url: 1 }, { token: m.token });
      expect(r).toMatchObject({ code: 400, message: MSG.venueClosed });
    } finally {
      await updateProvider(s.db.kysely, DEMO_SEAMLESS.code, { state: 'on' });
      s.app.venues.forgetVenues();
    }
    await launch(m.token);
  });

  it('rolls back a round whose bet the wallet never took, so the late bet is refused and nothing moves', async () => {
    const m = await fundedMember(s, 10);
    const { session } = await launch(m.token);
    const token = (await s.db.kysely.selectFrom('demo_venue_sessions').select('wallet_token').where('player', '=', String(m.id)).executeTakeFirstOrThrow()).wallet_token!;
    const round = `ae-lost-${m.id}`;
    // a round written before its bet was sent, then the venue stopped: the sweep finds it open
    await s.db.kysely
      .insertInto('demo_venue_seamless_rounds')
      .values({ round, venue: DEMO_SEAMLESS.venue, player: String(m.id), game: SLOT, wallet_token: token, stake_fen: 100, payout_fen: 0, detail: '{}', created_at: new Date(Date.now() - 60_000) })
      .execute();
    const wallet = { url: () => `${s.url}${SEAMLESS_PREFIX}`, merchant: DEMO_SEAMLESS.merchantId, key: currentKeyOf(s.db.kysely, DEMO_SEAMLESS.merchantId), timeoutMs: 5000 };
    expect(await settleOpenRounds(s.db.kysely, wallet)).toBe(1);
    const row = await s.db.kysely.selectFrom('demo_venue_seamless_rounds').select('state').where('round', '=', round).executeTakeFirstOrThrow();
    expect(row.state).toBe('rolled_back');
    // the bet arriving late is refused: its rollback came first
    const late = await signedPost<{ status: string }>({ baseUrl: wallet.url(), merchant: wallet.merchant, key: await wallet.key(), timeoutMs: 5000 }, SEAMLESS_PATH.bet, {
      request_uuid: `${round}:late`,
      token,
      user: String(m.id),
      transaction_uuid: round,
      round,
      game_code: SLOT,
      currency: 'CNY',
      amount: 100,
    });
    expect(late.body?.status).toBe(RS.transactionRolledBack);
    expect(await centralFen(s, m.id)).toBe(1000);
    expect((await venueCall(s, '/balance', session)).data.balance).toBe(10);
  });
});
