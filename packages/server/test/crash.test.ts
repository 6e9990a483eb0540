import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_STATE } from '@app/contract';
import { connectPostgres, type Db } from '../src/db/connect.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { checkLedger, HOUSE, memberBalanceFen, memberWalletId, post, systemAccountId } from '../src/modules/ledger/service.js';
import { checkDemoVenue, playerBalances } from '../src/venue-demo/store.js';
import { call, startServerProcess, type ServerProcess } from './process-support.js';

/**
 * The crash test: the real server in its own process, SIGKILLed in the middle of a
 * burst of transfers in both directions from several members, restarted, left to reconcile. After
 * that every transfer either fully happened (state 1, money moved at the platform and the venue)
 * or not at all (state 0, nothing moved net), none is pending, both sets of books check, and every
 * member still has exactly what they were funded with, between the central wallet and the venues.
 *
 * PostgreSQL only: the embedded database lives inside the killed process (one writer per directory).
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = 6;
const WORKERS_PER_MEMBER = 4;
const FUNDING_FEN = 100_000;
const VENUES = ['DEMOLIVEA', 'DEMOLIVEB', 'DEMOLIVEC'];
const BYPASS = 'CRASH';
async function fundMember(db: Db, memberId: number, fen: number): Promise<void> {
  const source = await systemAccountId(db.kysely, HOUSE.adjustments);
  const wallet = await memberWalletId(db.kysely, memberId);
  await db.kysely.transaction().execute((tx) =>
    post(tx, { idemKey: `crash-fund:${memberId}`, kind: 'adjustment', memo: 'crash test funding', entries: [{ accountId: source, amountFen: -fen }, { accountId: wallet, amountFen: fen }] }),
  );
}

interface Answer {
  order_no?: string;
  code: number;
  state?: number;
}

/**
 * Every member's workers send transfers in both directions until the server stops answering.
 * Resolves with the answers received once every worker has seen the connection fail.
 */
function burst(url: string, members: { token: string }[]): { answers: Answer[]; lost: () => number; done: Promise<void> } {
  const answers: Answer[] = [];
  let lost = 0;
  const worker = async (token: string) => {
    for (;;) {
      const venue = VENUES[randomInt(VENUES.length)];
      const amount = randomInt(100, 5_000) / 100;
      const body = randomInt(2) === 0 ? { amount, sourcetype: 'userbalance', targettype: venue } : { amount, sourcetype: venue, targettype: 'userbalance' };
      try {
        const r = await call(url, '/api/transfer', body, token);
        answers.push({ order_no: r.data?.order_no, code: r.code, state: r.data?.state });
      } catch {
        lost += 1; // the server died under this request
        return;
      }
    }
  };
  const done = Promise.all(members.flatMap((m) => Array.from({ length: WORKERS_PER_MEMBER }, () => worker(m.token)))).then(() => {});
  return { answers, lost: () => lost, done };
}

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('SIGKILL during a burst of transfers (PostgreSQL only; set TEST_DATABASE=postgres)', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let db: Db;
  let dataDir: string;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(PG_ADMIN_URL, 'crash');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      CAPTCHA_BYPASS_CODE: BYPASS,
      RATE_LIMIT_REGISTER: '0',
      RATE_LIMIT_LOGIN: '0',
      VENUE_TIMEOUT_MS: '1000',
      RECONCILE_INTERVAL_MS: '300',
    };
  });

  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await db?.close();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves every transfer fully done or not done at all, and every member whole', async () => {
    // Three crashes, each at a different kind of moment: while the venue is slow to apply (so the
    // kill finds transfers recorded but not sent), while the venue applies and its answers are
    // lost, and with a healthy venue (the kill lands anywhere). Each restart reconciles the last.
    const faults: Record<string, string>[] = [{ DEMO_VENUE_FAULT: 'slow', DEMO_VENUE_SLOW_MS: '30' }, { DEMO_VENUE_FAULT: 'timeout-after-apply' }, { DEMO_VENUE_FAULT: 'none' }];
    let server = await startServerProcess({ ...env, ...faults[0] });
    running.push(server);
    db = await connectPostgres(scratch.url, 4);

    const members: { token: string; id: number }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const name = `crash${randomBytes(4).toString('hex')}`;
      const reg = await call(server.url, '/api/register', { name, realname: name, password: 'secret123', confirmPass: 'secret123', paypassword: 'secret123', code: BYPASS, adult: 1 });
      expect(reg.code).toBe(200);
      const token = reg.data.api_token as string;
      const id = (await call(server.url, '/api/user', {}, token)).data.id as number;
      await fundMember(db, id, FUNDING_FEN);
      members.push({ token, id });
      // Some money at every venue from the start, so transfers out have something to move.
      for (const venue of VENUES) expect((await call(server.url, '/api/transfer', { amount: 100, sourcetype: 'userbalance', targettype: venue }, token)).code).not.toBe(400);
    }

    const answers: Answer[] = [];
    let lost = 0;
    let pendingAtRestart = 0;
    for (const [round, fault] of faults.entries()) {
      if (round > 0) {
        server = await startServerProcess({ ...env, ...fault });
        running.push(server);
      }
      const b = burst(server.url, members);
      // Kill once the burst is in full swing: some answers in, then a random moment later.
      const started = Date.now();
      while (b.answers.length < 20 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 500 + randomInt(1_000)));
      server.child.kill('SIGKILL');
      await server.exited;
      await b.done;
      answers.push(...b.answers);
      lost += b.lost();
      const [{ n }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM transfers WHERE state = 2`.execute(db.kysely)).rows;
      pendingAtRestart += n;
    }
    expect(lost).toBeGreaterThan(0); // requests really were in flight when the process died
    expect(answers.length).toBeGreaterThan(0);
    expect(pendingAtRestart).toBeGreaterThan(0); // the kills left work for reconciliation

    // Restart healthy and let the reconciliation job settle everything (at start, then every 300 ms).
    server = await startServerProcess(env);
    running.push(server);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [{ n }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM transfers WHERE state = 2`.execute(db.kysely)).rows;
      if (n === 0) break;
      if (Date.now() > deadline) throw new Error(`${n} transfers still pending after restart:\n${server.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const ledger = await checkLedger(db.kysely);
    expect(ledger.mismatches).toEqual([]);
    const venue = await checkDemoVenue(db.kysely);
    expect(venue.mismatches).toEqual([]);

    // Each transfer: state 1 ⇔ moved on both sides; state 0 ⇔ nothing moved net.
    const rows = (
      await sql<{ order_no: string; direction: number; state: number; moved: number; refunded: number; venue_state: string | null }>`
        SELECT t.order_no, t.direction, t.state,
          (SELECT count(*) FROM ledger_journals j WHERE j.idem_key = 'transfer:' || t.order_no)::int AS moved,
          (SELECT count(*) FROM ledger_journals j WHERE j.idem_key = 'transfer-refund:' || t.order_no)::int AS refunded,
          (SELECT v.state FROM demo_venue_transactions v WHERE v.venue = t.venue AND v.ref = t.order_no) AS venue_state
        FROM transfers t`.execute(db.kysely)
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    const seen = { success: 0, failed: 0 };
    for (const r of rows) {
      const platform = r.direction === 3 ? { moved: 1, refunded: r.state === TRANSFER_STATE.success ? 0 : 1 } : { moved: r.state === TRANSFER_STATE.success ? 1 : 0, refunded: 0 };
      expect({ order: r.order_no, state: r.state, moved: r.moved, refunded: r.refunded }).toEqual({ order: r.order_no, state: r.state, ...platform });
      if (r.state === TRANSFER_STATE.success) {
        expect(r.venue_state).toBe('applied');
        seen.success += 1;
      } else {
        expect(r.state).toBe(TRANSFER_STATE.failed);
        expect([null, 'voided']).toContain(r.venue_state);
        seen.failed += 1;
      }
    }
    expect(seen.success).toBeGreaterThan(0);
    console.info(`crash test: ${rows.length} transfers (${seen.success} done, ${seen.failed} not), ${answers.length} answered, ${lost} cut off by the kills, ${pendingAtRestart} pending after the kills`);
    // Nothing applied at the venue that the platform has no order for.
    const orphans = await sql`SELECT v.ref FROM demo_venue_transactions v WHERE v.state = 'applied' AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.order_no = v.ref)`.execute(db.kysely);
    expect(orphans.rows).toEqual([]);

    // What a member was told happened, happened.
    const byOrder = new Map(rows.map((r) => [r.order_no, r.state]));
    for (const a of answers) {
      if (a.code === 200 && a.state === TRANSFER_STATE.success) expect(byOrder.get(a.order_no!)).toBe(TRANSFER_STATE.success);
      if (a.code === 400 && a.order_no) expect(byOrder.get(a.order_no)).toBe(TRANSFER_STATE.failed);
    }

    // Every member whole: central wallet plus venue wallets equals the funding, to the fen.
    for (const m of members) {
      const central = await memberBalanceFen(db.kysely, m.id);
      const venues = await playerBalances(db.kysely, String(m.id), VENUES);
      const atVenues = [...venues.values()].reduce((a, b) => a + b, 0);
      expect(central + atVenues).toBe(FUNDING_FEN);
    }
  }, 60_000);
});
