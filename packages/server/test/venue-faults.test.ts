import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TRANSFER_STATE } from '@app/contract';
import { reconcileTransfers } from '../src/modules/transfers/reconcile.js';
import { startServer, type TestServer } from './harness.js';
import { centralFen, fundedMember, into, journalKeys, outOf, settlementFen, transferRow, venueFen, venueRefState } from './transfer-helpers.js';

// The demo venue misbehaving on purpose (DEMO_VENUE_FAULT): refusals are refunded at once, unknown
// outcomes stay pending (state 2) until reconciliation asks the venue what happened.
/** The platform gives up on the demo venue after this: far above an HTTP round trip on a loaded machine; the timeout faults never answer, so it only sets how long those cases wait. */
const TIMEOUT_MS = 1_500;

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, venueTimeoutMs: TIMEOUT_MS });
});
afterEach(() => s.app.demoVenue.setFault('none'));
afterAll(() => s.close());

const reconcile = () => reconcileTransfers({ db: s.db, venues: s.app.venues }, { minAgeMs: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('DEMO_VENUE_FAULT by configuration', () => {
  it('a server started with demoVenueFault fail refuses transfers from its first request', async () => {
    const other = await startServer({ reconcileIntervalMs: 0, demoVenueFault: 'fail' });
    try {
      const { token, id } = await fundedMember(other, 10);
      expect(await other.api('/api/transfer', into('DEMOLIVEA', 5), { token })).toMatchObject({ code: 400, message: MSG.transferFailed });
      expect(await centralFen(other, id)).toBe(1_000);
    } finally {
      await other.close();
    }
  });
});

describe('a venue that refuses (fail)', () => {
  it('into a venue: state 0, 转账失败，资金已退回中心钱包, the debit refunded', async () => {
    const { token, id } = await fundedMember(s, 100);
    const settlement = await settlementFen(s, 'DEMOLIVEA');
    s.app.demoVenue.setFault('fail');
    const r = await s.api('/api/transfer', into('DEMOLIVEA', 60), { token });
    expect(r).toMatchObject({ code: 400, message: MSG.transferFailed, data: { state: TRANSFER_STATE.failed, amount: 60 } });
    expect(await centralFen(s, id)).toBe(10_000);
    expect(await settlementFen(s, 'DEMOLIVEA')).toBe(settlement);
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 0, error: 'rejected' });
    expect(await journalKeys(s, r.data.order_no)).toEqual([`transfer:${r.data.order_no}`, `transfer-refund:${r.data.order_no}`]);
  });

  it('out of a venue: state 0, 转账失败，资金仍在场馆钱包, nothing moved', async () => {
    const { token, id } = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOLIVEA', 60), { token });
    s.app.demoVenue.setFault('fail');
    const r = await s.api('/api/transfer', outOf('DEMOLIVEA', 60), { token });
    expect(r).toMatchObject({ code: 400, message: MSG.transferOutFailed, data: { state: TRANSFER_STATE.failed } });
    expect(await centralFen(s, id)).toBe(4_000);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(6_000);
    expect(await journalKeys(s, r.data.order_no)).toEqual([]);
  });
});

describe('a venue that never answers (timeout)', () => {
  it('into a venue: 转账处理中 (state 2) after the platform timeout, then reconciliation refunds it', async () => {
    const { token, id } = await fundedMember(s, 100);
    s.app.demoVenue.setFault('timeout');
    const started = Date.now();
    const r = await s.api('/api/transfer', into('DEMOLIVEB', 25), { token });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(r).toMatchObject({ code: 200, message: MSG.transferPending, data: { state: TRANSFER_STATE.pending, amount: 25 } });
    expect(await centralFen(s, id)).toBe(7_500);
    expect(await venueFen(s, id, 'DEMOLIVEB')).toBe(0);
    expect((await transferRow(s, r.data.order_no)).error).toContain('did not answer');

    s.app.demoVenue.setFault('none');
    const report = await reconcile();
    expect(report).toMatchObject({ ran: true, failed: 1, succeeded: 0 });
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 0, error: 'voided', attempts: 1 });
    expect(await centralFen(s, id)).toBe(10_000);
    expect(await venueFen(s, id, 'DEMOLIVEB')).toBe(0);
    expect(await venueRefState(s, 'DEMOLIVEB', r.data.order_no)).toBe('voided');
  });

  it('out of a venue: state 2, then reconciliation fails it with nothing moved', async () => {
    const { token, id } = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOLIVEB', 40), { token });
    s.app.demoVenue.setFault('timeout');
    const r = await s.api('/api/transfer', outOf('DEMOLIVEB', 40), { token });
    expect(r).toMatchObject({ code: 200, message: MSG.transferPending, data: { state: TRANSFER_STATE.pending } });
    s.app.demoVenue.setFault('none');
    expect(await reconcile()).toMatchObject({ failed: 1 });
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 0 });
    expect(await centralFen(s, id)).toBe(6_000);
    expect(await venueFen(s, id, 'DEMOLIVEB')).toBe(4_000);
    expect(await journalKeys(s, r.data.order_no)).toEqual([]);
  });
});

describe('a venue that applies and loses the answer (timeout-after-apply)', () => {
  it('into a venue: state 2 with the money at the venue, then reconciliation settles it as success', async () => {
    const { token, id } = await fundedMember(s, 100);
    s.app.demoVenue.setFault('timeout-after-apply');
    const r = await s.api('/api/transfer', into('DEMOLIVEC', 30), { token });
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    expect(await centralFen(s, id)).toBe(7_000);
    expect(await venueFen(s, id, 'DEMOLIVEC')).toBe(3_000);
    expect(await reconcile()).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 1, error: '' });
    expect(await centralFen(s, id)).toBe(7_000);
    expect(await journalKeys(s, r.data.order_no)).toEqual([`transfer:${r.data.order_no}`]);
  });

  it('out of a venue: state 2 with the venue debited, then reconciliation credits the central wallet', async () => {
    const { token, id } = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOLIVEC', 30), { token });
    s.app.demoVenue.setFault('timeout-after-apply');
    const r = await s.api('/api/transfer', outOf('DEMOLIVEC', 30), { token });
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    expect(await venueFen(s, id, 'DEMOLIVEC')).toBe(0);
    expect(await centralFen(s, id)).toBe(7_000);
    expect(await reconcile()).toMatchObject({ succeeded: 1 });
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 1 });
    expect(await centralFen(s, id)).toBe(10_000);
    expect(await journalKeys(s, r.data.order_no)).toEqual([`transfer:${r.data.order_no}`]);
  });
});

describe('a slow venue', () => {
  it('succeeds when it answers within the platform timeout', async () => {
    const { token, id } = await fundedMember(s, 100);
    s.app.demoVenue.setFault('slow', { slowMs: 60 });
    const started = Date.now();
    expect(await s.api('/api/transfer', into('DEMOLIVED', 10), { token })).toMatchObject({ code: 200, message: MSG.transferSuccess, data: { state: 1 } });
    expect(await s.api('/api/transfer', outOf('DEMOLIVED', 4), { token })).toMatchObject({ code: 200, data: { state: 1 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
    expect(await centralFen(s, id)).toBe(9_400);
    expect(await venueFen(s, id, 'DEMOLIVED')).toBe(600);
  });

  it('beyond the timeout: reconciliation voids the ref, so the late request can no longer apply', async () => {
    const { token, id } = await fundedMember(s, 100);
    s.app.demoVenue.setFault('slow', { slowMs: TIMEOUT_MS + 700 });
    const r = await s.api('/api/transfer', into('DEMOLIVED', 10), { token });
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    expect(await reconcile()).toMatchObject({ failed: 1 });
    await sleep(1_000); // the venue wakes up and tries to apply
    expect(await venueRefState(s, 'DEMOLIVED', r.data.order_no)).toBe('voided');
    expect(await venueFen(s, id, 'DEMOLIVED')).toBe(0);
    expect(await centralFen(s, id)).toBe(10_000);
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 0 });
  });

  it('beyond the timeout: a late request that applied before reconciliation is settled as success', async () => {
    const { token, id } = await fundedMember(s, 100);
    s.app.demoVenue.setFault('slow', { slowMs: TIMEOUT_MS + 100 });
    const r = await s.api('/api/transfer', into('DEMOLIVED', 10), { token });
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    for (let i = 0; i < 100 && (await venueRefState(s, 'DEMOLIVED', r.data.order_no)) === null; i++) await sleep(30);
    expect(await venueRefState(s, 'DEMOLIVED', r.data.order_no)).toBe('applied');
    expect(await reconcile()).toMatchObject({ succeeded: 1 });
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: 1 });
    expect(await centralFen(s, id)).toBe(9_000);
    expect(await venueFen(s, id, 'DEMOLIVED')).toBe(1_000);
  });
});

describe('transall with a venue that does not answer', () => {
  it('says 已回收{amount}元，{count}个场馆处理中 and reconciliation finishes the rest', async () => {
    const { token, id } = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOSPORTA', 20), { token });
    await s.api('/api/transfer', into('DEMOSPORTC', 30), { token });
    s.app.demoVenue.setFault('timeout-after-apply', { venues: ['DEMOSPORTC'] });
    const r = await s.api('/api/transall', {}, { token });
    expect(r).toMatchObject({ code: 200, message: '已回收20.00元，1个场馆处理中', data: { amount: 20, pending: 1 } });
    expect(await centralFen(s, id)).toBe(7_000);
    expect(await reconcile()).toMatchObject({ succeeded: 1 });
    expect(await centralFen(s, id)).toBe(10_000);
    expect(await venueFen(s, id, 'DEMOSPORTC')).toBe(0);
  });

  it('keeps showing venue balances while transfers time out (faults hit only the money calls)', async () => {
    const { token } = await fundedMember(s, 10);
    await s.api('/api/transfer', into('DEMOSPORTA', 5), { token });
    s.app.demoVenue.setFault('timeout');
    const list = (await s.api('/api/balancelist', {}, { token })).data as Array<{ platname: string; balance: number }>;
    expect(list.find((v) => v.platname === 'DEMOSPORTA')!.balance).toBe(5);
  });
});
