import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_STATE } from '@app/contract';
import { reconcileTransfers } from '../src/modules/transfers/reconcile.js';
import { newOrderNo } from '../src/lib/order-no.js';
import { TRANSFER_NO } from '../src/modules/transfers/service.js';
import { startServer, type TestServer } from './harness.js';
import { centralFen, fundedMember, into, journalKeys, outOf, transferRow, venueFen, venueRefState } from './transfer-helpers.js';

// Reconciliation settles what an unknown venue outcome (or a crash) left pending, exactly once,
// however many passes run at the same time.
/** The platform gives up on the demo venue after this: far above an HTTP round trip on a loaded machine; the timeout faults never answer, so it only sets how long those cases wait. */
const TIMEOUT_MS = 1_500;

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, venueTimeoutMs: TIMEOUT_MS });
});
afterEach(() => s.app.demoVenue.setFault('none'));
afterAll(() => s.close());

const deps = () => ({ db: s.db, venues: s.app.venues });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Four pending transfers of one member, one per case: into/out of a venue, applied or not at the
 * venue. Starts from 100 yuan central and 50 at the venue.
 */
async function fourPending(venue: string) {
  const { token, id } = await fundedMember(s, 150);
  await s.api('/api/transfer', into(venue, 50), { token });
  const pending = async (body: object, fault: 'timeout' | 'timeout-after-apply') => {
    s.app.demoVenue.setFault(fault);
    const r = await s.api('/api/transfer', body, { token });
    s.app.demoVenue.setFault('none');
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    return r.data.order_no as string;
  };
  const [inLost, inApplied, outLost, outApplied] = [
    await pending(into(venue, 10), 'timeout'),
    await pending(into(venue, 20), 'timeout-after-apply'),
    await pending(outOf(venue, 5), 'timeout'),
    await pending(outOf(venue, 15), 'timeout-after-apply'),
  ];
  return { id, inLost, inApplied, outLost, outApplied };
}

/** After settlement: into 20 and out 15 happened, the other two did not. */
async function expectSettled(venue: string, t: Awaited<ReturnType<typeof fourPending>>) {
  expect(await transferRow(s, t.inLost)).toMatchObject({ state: TRANSFER_STATE.failed });
  expect(await transferRow(s, t.inApplied)).toMatchObject({ state: TRANSFER_STATE.success });
  expect(await transferRow(s, t.outLost)).toMatchObject({ state: TRANSFER_STATE.failed });
  expect(await transferRow(s, t.outApplied)).toMatchObject({ state: TRANSFER_STATE.success });
  expect(await journalKeys(s, t.inLost)).toEqual([`transfer:${t.inLost}`, `transfer-refund:${t.inLost}`]);
  expect(await journalKeys(s, t.inApplied)).toEqual([`transfer:${t.inApplied}`]);
  expect(await journalKeys(s, t.outLost)).toEqual([]);
  expect(await journalKeys(s, t.outApplied)).toEqual([`transfer:${t.outApplied}`]);
  expect(await centralFen(s, t.id)).toBe(10_000 - 2_000 + 1_500);
  expect(await venueFen(s, t.id, venue)).toBe(5_000 + 2_000 - 1_500);
  for (const ref of [t.inLost, t.outLost]) expect(await venueRefState(s, venue, ref)).toBe('voided');
}

describe('reconcileTransfers', () => {
  it('settles every case once and finds nothing on a second pass', async () => {
    const t = await fourPending('DEMOLIVEA');
    expect(await reconcileTransfers(deps(), { minAgeMs: 0 })).toEqual({ ran: true, checked: 4, succeeded: 2, failed: 2, unresolved: 0 });
    await expectSettled('DEMOLIVEA', t);
    expect(await reconcileTransfers(deps(), { minAgeMs: 0 })).toEqual({ ran: true, checked: 0, succeeded: 0, failed: 0, unresolved: 0 });
    await expectSettled('DEMOLIVEA', t);
  });

  it('settles each transfer exactly once when four passes run at the same time', async () => {
    const cases = [await fourPending('DEMOLIVEB'), await fourPending('DEMOLIVEC'), await fourPending('DEMOLIVED')];
    const reports = await Promise.all(Array.from({ length: 4 }, () => reconcileTransfers(deps(), { minAgeMs: 0, lock: false })));
    expect(reports.reduce((n, r) => n + r.succeeded, 0)).toBe(6);
    expect(reports.reduce((n, r) => n + r.failed, 0)).toBe(6);
    await expectSettled('DEMOLIVEB', cases[0]);
    await expectSettled('DEMOLIVEC', cases[1]);
    await expectSettled('DEMOLIVED', cases[2]);
  });

  it('leaves a transfer younger than the venue timeout to the request still waiting for it', async () => {
    const { id } = await fundedMember(s, 10);
    // What a crash right after recording a transfer out of a venue leaves behind.
    const row = await s.db.kysely
      .insertInto('transfers')
      .values({ order_no: newOrderNo(TRANSFER_NO), member_id: id, venue: 'DEMOLIVEE', direction: 4, amount_fen: 100, state: 2 })
      .returning('order_no')
      .executeTakeFirstOrThrow();
    expect(await reconcileTransfers(deps())).toMatchObject({ checked: 0 });
    await sleep(TIMEOUT_MS + 50);
    expect(await reconcileTransfers(deps())).toMatchObject({ checked: 1, failed: 1 });
    expect(await transferRow(s, row.order_no)).toMatchObject({ state: TRANSFER_STATE.failed, attempts: 1 });
    expect(await venueRefState(s, 'DEMOLIVEE', row.order_no)).toBe('voided');
  });

  it('keeps a transfer pending while the venue cannot say what happened, and counts the attempt', async () => {
    const { token, id } = await fundedMember(s, 10);
    s.app.demoVenue.setFault('timeout');
    const r = await s.api('/api/transfer', into('DEMOCARDA', 3), { token });
    s.app.demoVenue.setFault('none');
    const demo = s.app.demoVenue;
    const status = demo.status;
    demo.status = () => new Promise(() => {}); // the venue's status call hangs
    try {
      expect(await reconcileTransfers(deps(), { minAgeMs: 0 })).toMatchObject({ checked: 1, unresolved: 1 });
    } finally {
      demo.status = status;
    }
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: TRANSFER_STATE.pending, attempts: 1 });
    expect(await reconcileTransfers(deps(), { minAgeMs: 0 })).toMatchObject({ checked: 1, failed: 1 });
    expect(await centralFen(s, id)).toBe(1_000);
  });

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')('does nothing while another instance holds the reconciliation lock (PostgreSQL)', async () => {
    const { token } = await fundedMember(s, 10);
    s.app.demoVenue.setFault('timeout');
    const r = await s.api('/api/transfer', into('DEMOCARDB', 3), { token });
    s.app.demoVenue.setFault('none');
    const client = new pg.Client({ connectionString: await databaseUrl() });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727002)');
      expect(await reconcileTransfers(deps(), { minAgeMs: 0 })).toEqual({ ran: false, checked: 0, succeeded: 0, failed: 0, unresolved: 0 });
      expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: TRANSFER_STATE.pending });
      await client.query('SELECT pg_advisory_unlock(727002)');
      expect(await reconcileTransfers(deps(), { minAgeMs: 0 })).toMatchObject({ ran: true, failed: 1 });
    } finally {
      await client.end();
    }
  });
});

/** The scratch database's URL, from the server's own session. */
async function databaseUrl(): Promise<string> {
  const [{ db }] = await s.db.exclusive((x) => x.query<{ db: string }>('SELECT current_database() AS db'));
  const url = new URL(process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${db}`;
  return url.toString();
}

describe('the reconciliation job', () => {
  it('settles pending transfers on its own every RECONCILE_INTERVAL_MS', async () => {
    const j = await startServer({ reconcileIntervalMs: 100, venueTimeoutMs: TIMEOUT_MS });
    try {
      const { token, id } = await fundedMember(j, 10);
      j.app.demoVenue.setFault('timeout-after-apply');
      const r = await j.api('/api/transfer', into('DEMOLIVEA', 4), { token });
      j.app.demoVenue.setFault('none');
      expect(r.data.state).toBe(TRANSFER_STATE.pending);
      const deadline = Date.now() + 5_000;
      while ((await transferRow(j, r.data.order_no)).state === TRANSFER_STATE.pending && Date.now() < deadline) await sleep(50);
      expect(await transferRow(j, r.data.order_no)).toMatchObject({ state: TRANSFER_STATE.success });
      expect(await venueFen(j, id, 'DEMOLIVEA')).toBe(400);
    } finally {
      await j.close();
    }
  });
});
