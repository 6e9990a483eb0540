import { DEMO_SEAMLESS } from '../src/seed/providers.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TRANSFER_STATE } from '@app/contract';
import { addTurnoverRequirement } from '../src/modules/turnover/service.js';
import { startServer, type TestServer } from './harness.js';
import { centralFen, fundedMember, into, journalKeys, outOf, PLATFORM, setVenueEnabled, settlementFen, transferRow, venueFen } from './transfer-helpers.js';

let s: TestServer;
beforeAll(async () => {
  // Reconciliation is driven by the tests that prove it (reconcile.test.ts), not by a timer here.
  s = await startServer({ reconcileIntervalMs: 0 });
});
afterEach(() => s.app.demoVenue.setFault('none'));
afterAll(() => s.close());

const ENDPOINTS = ['/api/balancelist', '/api/transfer', '/api/transall', '/api/uptransferstatus'];

describe('venue and transfer endpoints without a session', () => {
  it.each(ENDPOINTS)('%s answers code 401 with 请登录！', async (p) => {
    expect(await s.api(p, {})).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });
});

describe('POST /api/balancelist', () => {
  it('lists every enabled transfer venue in display order, after 平台钱包 with the central balance when asked (with_wallet 1)', async () => {
    const { token } = await fundedMember(s, 123.45);
    // a seamless provider's venue holds no money of the member's: not a transfer venue
    const venues = await s.db.kysely
      .selectFrom('venues')
      .select(['code', 'name'])
      .where('enabled', '=', true)
      .where('adapter', 'not in', (eb) => eb.selectFrom('game_providers').select('code').where('mode', '=', 'seamless'))
      .orderBy('sort')
      .orderBy('code')
      .execute();
    expect(venues.map((v) => v.code)).not.toContain(DEMO_SEAMLESS.venue);
    expect(venues.length).toBeGreaterThan(3);
    const listed = venues.map((v) => ({ name: v.name, platname: v.code, balance: 0 }));
    // The spec's clients add the 平台钱包 entry themselves (compat.test.ts).
    expect(await s.api('/api/balancelist', {}, { token })).toMatchObject({ code: 200, data: listed });
    const r = await s.api('/api/balancelist', { with_wallet: 1 }, { token });
    expect(r.code).toBe(200);
    expect(r.data[0]).toEqual({ name: '平台钱包', platname: 'userbalance', balance: 123.45 });
    expect(r.data.slice(1)).toEqual(listed);
  });

  it('shows venue balances from the venue, and hides a venue in maintenance', async () => {
    const { token } = await fundedMember(s, 100);
    expect((await s.api('/api/transfer', into('DEMOLIVEB', 30.5), { token })).code).toBe(200);
    let list = (await s.api('/api/balancelist', { with_wallet: 1 }, { token })).data as Array<{ platname: string; balance: number }>;
    expect(list.find((v) => v.platname === PLATFORM)!.balance).toBe(69.5);
    expect(list.find((v) => v.platname === 'DEMOLIVEB')!.balance).toBe(30.5);
    await setVenueEnabled(s, 'DEMOLIVEC', false);
    try {
      list = (await s.api('/api/balancelist', {}, { token })).data;
      expect(list.map((v) => v.platname)).not.toContain('DEMOLIVEC');
    } finally {
      await setVenueEnabled(s, 'DEMOLIVEC', true);
    }
  });
});

describe('the venue list cache', () => {
  it('shows a venue switched off elsewhere (another instance, the database) within a second', async () => {
    const { token } = await fundedMember(s, 10);
    await s.api('/api/balancelist', {}, { token });
    await s.db.kysely.updateTable('venues').set({ enabled: false }).where('code', '=', 'DEMOESPORTB').execute();
    try {
      await new Promise((r) => setTimeout(r, 1_050));
      const list = (await s.api('/api/balancelist', {}, { token })).data as Array<{ platname: string }>;
      expect(list.map((v) => v.platname)).not.toContain('DEMOESPORTB');
      expect(await s.api('/api/transfer', into('DEMOESPORTB', 1), { token })).toMatchObject({ code: 400, message: MSG.venueClosed });
    } finally {
      await setVenueEnabled(s, 'DEMOESPORTB', true);
    }
  });
});

describe('POST /api/transfer validation, in the spec order', () => {
  it.each([
    [{}, MSG.transferAmountEmpty],
    [{ amount: '', sourcetype: 'DEMOLIVEA', targettype: 'DEMOLIVEB' }, MSG.transferAmountEmpty],
    [{ amount: null, sourcetype: PLATFORM, targettype: 'DEMOLIVEA' }, MSG.badRequest],
    [{ amount: 0, sourcetype: PLATFORM, targettype: 'DEMOLIVEA' }, MSG.amountInvalid],
    [{ amount: -5, sourcetype: PLATFORM, targettype: 'DEMOLIVEA' }, MSG.amountInvalid],
    [{ amount: '1.234', sourcetype: PLATFORM, targettype: 'DEMOLIVEA' }, MSG.amountInvalid],
    [{ amount: 'abc', sourcetype: PLATFORM, targettype: 'DEMOLIVEA' }, MSG.amountInvalid],
    [{ amount: 10, sourcetype: 'DEMOLIVEA', targettype: 'DEMOLIVEB' }, MSG.transferBetweenVenues],
    [{ amount: 10, sourcetype: 'DEMOLIVEA', targettype: 'DEMOLIVEA' }, MSG.transferBetweenVenues],
    [{ amount: 10, sourcetype: '', targettype: '' }, MSG.transferBetweenVenues],
    [{ amount: 10, sourcetype: PLATFORM, targettype: PLATFORM }, MSG.transferSameWallet],
    [{ amount: 10, sourcetype: PLATFORM, targettype: 'NOPE' }, MSG.venueMissing],
    [{ amount: 10, sourcetype: 'NOPE', targettype: PLATFORM }, MSG.venueMissing],
  ])('%j answers %s', async (body, message) => {
    const { token, id } = await fundedMember(s, 50);
    expect(await s.api('/api/transfer', body, { token })).toMatchObject({ code: 400, message });
    expect(await centralFen(s, id)).toBe(5000);
    expect(await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).execute()).toEqual([]);
  });

  it('answers 场馆维护中，请稍后再试 for a disabled venue, both ways', async () => {
    const { token } = await fundedMember(s, 50);
    await setVenueEnabled(s, 'DEMOLIVEE', false);
    try {
      expect(await s.api('/api/transfer', into('DEMOLIVEE', 10), { token })).toMatchObject({ code: 400, message: MSG.venueClosed });
      expect(await s.api('/api/transfer', outOf('DEMOLIVEE', 10), { token })).toMatchObject({ code: 400, message: MSG.venueClosed });
    } finally {
      await setVenueEnabled(s, 'DEMOLIVEE', true);
    }
  });

  it('answers 余额不足 above the central balance and records nothing', async () => {
    const { token, id } = await fundedMember(s, 50);
    expect(await s.api('/api/transfer', into('DEMOLIVEA', 50.01), { token })).toMatchObject({ code: 400, message: MSG.insufficientBalance });
    expect(await centralFen(s, id)).toBe(5000);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(0);
    expect(await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).execute()).toEqual([]);
  });

  it('answers 余额不足 above the central balance before a limit or the turnover owed, and records nothing', async () => {
    const { token, id } = await fundedMember(s, 50);
    await s.db.kysely.transaction().execute((tx) => addTurnoverRequirement(tx, id, 100_000, { kind: 'deposit', baseFen: 100_000 }));
    // a daily wager limit of 10 yuan: 60 is past it too, but the money is what is missing
    await s.db.kysely.insertInto('protection_limits').values({ member_id: id, kind: 'wager', period: 'day', limit_value: 1000 }).execute();
    try {
      expect(await s.api('/api/transfer', into('DEMOLIVEA', 60), { token })).toMatchObject({ code: 400, message: MSG.insufficientBalance });
      expect(await centralFen(s, id)).toBe(5000);
      expect(await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).execute()).toEqual([]);
      // within the money, the limit's own refusal
      expect((await s.api('/api/transfer', into('DEMOLIVEA', 20), { token })).message).not.toBe(MSG.insufficientBalance);
    } finally {
      await s.db.kysely.deleteFrom('protection_limits').where('member_id', '=', id).execute();
    }
  });

  it('answers 场馆余额不足 above the venue balance and records nothing', async () => {
    const { token, id } = await fundedMember(s, 50);
    expect((await s.api('/api/transfer', into('DEMOLIVEA', 20), { token })).code).toBe(200);
    expect(await s.api('/api/transfer', outOf('DEMOLIVEA', 20.01), { token })).toMatchObject({ code: 400, message: MSG.venueBalanceLow });
    expect(await s.api('/api/transfer', outOf('DEMOLIVEB', 1), { token })).toMatchObject({ code: 400, message: MSG.venueBalanceLow });
    expect(await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).execute()).toHaveLength(1);
  });
});

describe('moving money between the central wallet and a venue', () => {
  it('moves money into a venue: central down, venue up, the venue settlement account up, state 1', async () => {
    const { token, id } = await fundedMember(s, 1000);
    const settlementBefore = await settlementFen(s, 'DEMOLIVED');
    const r = await s.api('/api/transfer', into('DEMOLIVED', '300.5'), { token });
    expect(r).toMatchObject({ code: 200, message: MSG.transferSuccess, data: { state: TRANSFER_STATE.success, amount: 300.5 } });
    expect(r.data.order_no).toMatch(/^T\d{26}$/);
    expect(await centralFen(s, id)).toBe(69_950);
    expect(await venueFen(s, id, 'DEMOLIVED')).toBe(30_050);
    expect(await settlementFen(s, 'DEMOLIVED')).toBe(settlementBefore + 30_050);
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ member_id: id, venue: 'DEMOLIVED', direction: 3, amount_fen: 30_050, state: 1 });
    expect(await journalKeys(s, r.data.order_no)).toEqual([`transfer:${r.data.order_no}`]);
  });

  it('moves money out of a venue: venue down, central up, settlement down, state 1', async () => {
    const { token, id } = await fundedMember(s, 1000);
    await s.api('/api/transfer', into('DEMOLIVED', 300), { token });
    const settlementBefore = await settlementFen(s, 'DEMOLIVED');
    const r = await s.api('/api/transfer', outOf('DEMOLIVED', 120.25), { token });
    expect(r).toMatchObject({ code: 200, message: MSG.transferSuccess, data: { state: TRANSFER_STATE.success, amount: 120.25 } });
    expect(await centralFen(s, id)).toBe(70_000 + 12_025);
    expect(await venueFen(s, id, 'DEMOLIVED')).toBe(30_000 - 12_025);
    expect(await settlementFen(s, 'DEMOLIVED')).toBe(settlementBefore - 12_025);
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ direction: 4, amount_fen: 12_025, state: 1 });
    expect(await journalKeys(s, r.data.order_no)).toEqual([`transfer:${r.data.order_no}`]);
  });

  it('moves a whole venue balance back to the last fen', async () => {
    const { token, id } = await fundedMember(s, 10);
    await s.api('/api/transfer', into('DEMOCARDA', 9.99), { token });
    expect(await s.api('/api/transfer', outOf('DEMOCARDA', 9.99), { token })).toMatchObject({ code: 200 });
    expect(await centralFen(s, id)).toBe(1000);
    expect(await venueFen(s, id, 'DEMOCARDA')).toBe(0);
  });

  it('lets the trial account transfer its demo money', async () => {
    const login = await s.api('/api/guestlogin');
    const token = login.data.api_token as string;
    const r = await s.api('/api/transfer', into('DEMOLIVEA', 1), { token });
    expect(r).toMatchObject({ code: 200, message: MSG.transferSuccess });
    expect(await s.api('/api/transfer', outOf('DEMOLIVEA', 1), { token })).toMatchObject({ code: 200 });
  });

  it('refuses a venue refusal with 转账失败，资金已退回中心钱包 and refunds (state 0)', async () => {
    const { token, id } = await fundedMember(s, 100);
    s.app.demoVenue.setFault('fail');
    const r = await s.api('/api/transfer', into('DEMOLIVEA', 40), { token });
    expect(r).toMatchObject({ code: 400, message: MSG.transferFailed, data: { state: TRANSFER_STATE.failed, amount: 40 } });
    expect(await centralFen(s, id)).toBe(10_000);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(0);
    expect(await journalKeys(s, r.data.order_no)).toEqual([`transfer:${r.data.order_no}`, `transfer-refund:${r.data.order_no}`]);
  });
});

describe('gameblance', () => {
  it('is the sum of the venue balances in /api/user and, fresh, in /api/refreshusermoney', async () => {
    const { token } = await fundedMember(s, 100);
    expect((await s.api('/api/user', {}, { token })).data).toMatchObject({ balance: 100, gameblance: 0 });
    await s.api('/api/transfer', into('DEMOLIVEA', 10.1), { token });
    await s.api('/api/transfer', into('DEMOLOTTOA', 20.2), { token });
    const r = await s.api('/api/refreshusermoney', {}, { token });
    expect(r).toMatchObject({ code: 200, data: { balance: 69.7, gameblance: 30.3 } });
    expect((await s.api('/api/user', {}, { token })).data.gameblance).toBe(30.3);
  });
});

describe('POST /api/transall', () => {
  it('answers 暂无可回收的场馆余额 when no venue holds money', async () => {
    const { token } = await fundedMember(s, 10);
    expect(await s.api('/api/transall', {}, { token })).toMatchObject({ code: 200, message: MSG.recycleNothing, data: { amount: 0, pending: 0, transfers: [] } });
  });

  it('brings every venue balance back with 回收成功，共回收{amount}元', async () => {
    const { token, id } = await fundedMember(s, 500);
    for (const [venue, yuan] of [['DEMOLIVEA', 100], ['DEMOLIVEB', 50.25], ['pp', 10]] as const) {
      expect((await s.api('/api/transfer', into(venue, yuan), { token })).code).toBe(200);
    }
    const r = await s.api('/api/transall', {}, { token });
    expect(r).toMatchObject({ code: 200, message: '回收成功，共回收160.25元', data: { amount: 160.25, pending: 0 } });
    expect(r.data.transfers).toHaveLength(3);
    expect(r.data.transfers.every((t: { state: number }) => t.state === TRANSFER_STATE.success)).toBe(true);
    expect(await centralFen(s, id)).toBe(50_000);
    for (const venue of ['DEMOLIVEA', 'DEMOLIVEB', 'pp']) expect(await venueFen(s, id, venue)).toBe(0);
    expect((await s.api('/api/refreshusermoney', {}, { token })).data).toMatchObject({ balance: 500, gameblance: 0 });
  });

  it('says how many venues failed when one refuses, and leaves that money where it is', async () => {
    const { token, id } = await fundedMember(s, 500);
    for (const [venue, yuan] of [['DEMOLIVEA', 100], ['DEMOLIVEB', 50], ['DEMOLIVEC', 10]] as const) await s.api('/api/transfer', into(venue, yuan), { token });
    s.app.demoVenue.setFault('fail', { venues: ['DEMOLIVEB'] });
    const r = await s.api('/api/transall', {}, { token });
    expect(r).toMatchObject({ code: 200, message: '已回收110.00元，1个场馆回收失败，请稍后再试', data: { amount: 110, pending: 0 } });
    expect(await centralFen(s, id)).toBe(50_000 - 5_000);
    expect(await venueFen(s, id, 'DEMOLIVEB')).toBe(5_000);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(0);
  });

  it('skips a venue in maintenance', async () => {
    const { token, id } = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOCARDD', 30), { token });
    await s.api('/api/transfer', into('DEMOESPORTA', 20), { token });
    await setVenueEnabled(s, 'DEMOCARDD', false);
    try {
      expect(await s.api('/api/transall', {}, { token })).toMatchObject({ message: '回收成功，共回收20.00元' });
      expect(await venueFen(s, id, 'DEMOCARDD')).toBe(3_000);
    } finally {
      await setVenueEnabled(s, 'DEMOCARDD', true);
    }
  });
});

describe('POST /api/uptransferstatus', () => {
  it('switches auto-transfer on and off with 操作成功', async () => {
    const { token } = await fundedMember(s, 0);
    expect(await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).toMatchObject({ code: 200, message: MSG.ok });
    expect((await s.api('/api/user', {}, { token })).data.transferstatus).toBe(1);
    expect(await s.api('/api/uptransferstatus', { transferstatus: '0' }, { token })).toMatchObject({ code: 200 });
    expect((await s.api('/api/user', {}, { token })).data.transferstatus).toBe(0);
  });

  it.each([{}, { transferstatus: 2 }, { transferstatus: 'on' }])('refuses %j with code 400', async (body) => {
    const { token } = await fundedMember(s, 0);
    expect(await s.api('/api/uptransferstatus', body, { token })).toMatchObject({ code: 400, message: MSG.badRequest });
  });
});

describe('concurrency', () => {
  it('50 parallel transfers both ways at one member never overdraw either wallet and add up exactly', async () => {
    const { token, id } = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOSPORTB', 50), { token });
    const requests = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? into('DEMOSPORTB', 7) : outOf('DEMOSPORTB', 7)));
    const answers = await Promise.all(requests.map((body) => s.api('/api/transfer', body, { token })));
    let ins = 0;
    let outs = 0;
    answers.forEach((a, i) => {
      expect([200, 400]).toContain(a.code);
      if (a.code === 200) {
        expect(a.data.state).toBe(TRANSFER_STATE.success);
        if (i % 2 === 0) ins += 1;
        else outs += 1;
      } else {
        expect([MSG.insufficientBalance, MSG.venueBalanceLow]).toContain(a.message);
      }
    });
    const central = await centralFen(s, id);
    const venue = await venueFen(s, id, 'DEMOSPORTB');
    expect(central).toBe(5_000 - 700 * ins + 700 * outs);
    expect(venue).toBe(5_000 + 700 * ins - 700 * outs);
    expect(central).toBeGreaterThanOrEqual(0);
    expect(venue).toBeGreaterThanOrEqual(0);
    const pending = await s.db.kysely.selectFrom('transfers').select('id').where('member_id', '=', id).where('state', '=', TRANSFER_STATE.pending).execute();
    expect(pending).toEqual([]);
  });
});
