import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, ORDER_STATE, TRANSFER_STATE } from '@app/contract';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { approveDeposit } from '../src/modules/deposits/review.js';
import { approveWithdrawal, rejectWithdrawal } from '../src/modules/withdrawals/review.js';
import { hashPassword } from '../src/lib/password.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';

/**
 * The wallet's concurrency test: more than 200 withdrawals, transfers to and from venues, deposit
 * approvals and withdrawal reviews (some of them doubled, like a second staff click) fired at once at
 * one member. Afterwards every outcome is accounted for to the fen: the wallet equals its funding
 * plus what succeeded, nothing is negative, and the harness's close() runs the ledger check.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const FUNDING_YUAN = 20_000;
const VENUES = ['DEMOLIVEA', 'DEMOCARDA'];

async function staffId(): Promise<number> {
  const db = s.db.kysely;
  const found = await db.selectFrom('staff').select('id').orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('staff')
    .values({ username: 'concurrency', password_hash: await hashPassword('not-used-here-1'), role: 'finance' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('200+ mixed money operations at one member, in parallel', () => {
  it('accounts for every fen and never goes below zero', async () => {
    const m = await registerMember(s);
    const id = await memberIdOf(s, m.token);
    const api = (path: string, body: unknown) => s.api(path, body, { token: m.token });
    await fund(s, id, FUNDING_YUAN);
    const reviewer = await staffId();

    const bound = await api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890', pay_pass: PAY });
    expect(bound.code).toBe(CODE.ok);
    const card = (await api('/api/getcard', { type: 1 })).data[0].id as number;

    // Before the burst: 30 pending withdrawals to review and 40 pending deposits to approve.
    const pendingWithdrawals: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await api('/api/withdraw', { amount: 100 + i, bank: card, password: PAY, type: 2 });
      expect(r.code, r.message).toBe(CODE.ok);
    }
    const wrows = await s.db.kysely.selectFrom('withdrawals').select(['id', 'amount_fen']).where('member_id', '=', id).execute();
    pendingWithdrawals.push(...wrows.map((w) => w.id));
    // (inserted directly: the recharge endpoint caps how many unreviewed orders one member may have)
    const inserted = await s.db.kysely
      .insertInto('deposits')
      .values(Array.from({ length: 40 }, (_, i) => ({ deposit_no: `DCONC${id}x${i}`, member_id: id, method: 'wechat', amount_fen: (200 + i) * 100 })))
      .returning('id')
      .execute();
    const depositIds = inserted.map((d) => d.id);
    // Something at each venue, so transfers out have money to bring back from the start.
    for (const venue of VENUES) {
      const r = await api('/api/transfer', { amount: 1000, sourcetype: 'userbalance', targettype: venue });
      expect(r.data?.state, r.message).toBe(TRANSFER_STATE.success);
    }
    const afterSetup = await memberBalanceFen(s.db.kysely, id);
    const atVenuesBefore = 2 * 1000 * 100;

    // Deposit approvals add a turnover requirement that refuses later withdrawals; they are
    // released by the first withdrawal to succeed, so withdrawals both precede and race them.
    let firstWithdrawal!: () => void;
    const withdrawalLanded = new Promise<void>((r) => (firstWithdrawal = r));
    setTimeout(firstWithdrawal, 5000);

    // The burst. Withdrawals refused for turnover or funds are legitimate outcomes, counted as such.
    type Op = () => Promise<{ kind: string; ok: boolean; fen: number; detail?: unknown }>;
    const ops: Op[] = [];
    for (let i = 0; i < 50; i++) {
      const yuan = 100 + (i % 7) * 50;
      ops.push(async () => {
        const r = await api('/api/withdraw', { amount: yuan, bank: card, password: PAY, type: 2 });
        if (r.code === CODE.ok) firstWithdrawal();
        return { kind: 'withdraw', ok: r.code === CODE.ok, fen: yuan * 100, detail: r.message };
      });
    }
    for (let i = 0; i < 60; i++) {
      const venue = VENUES[i % 2];
      const into = i % 3 !== 2;
      const yuan = into ? 150 + (i % 5) * 10 : 60;
      ops.push(async () => {
        const r = await api('/api/transfer', { amount: yuan, sourcetype: into ? 'userbalance' : venue, targettype: into ? venue : 'userbalance' });
        const ok = r.code === CODE.ok && r.data?.state === TRANSFER_STATE.success;
        return { kind: into ? 'in' : 'out', ok, fen: yuan * 100, detail: r.data?.state ?? r.message };
      });
    }
    depositIds.forEach((depositId, n) => {
      // each deposit approved twice at the same moment: exactly one may credit
      for (let k = 0; k < 2; k++) {
        ops.push(async () => {
          await withdrawalLanded;
          await new Promise((r) => setTimeout(r, 5 * n));
          try {
            const { after } = await approveDeposit(s.db.kysely, depositId, reviewer);
            return { kind: 'deposit', ok: true, fen: Math.round(Number((after as { amount: number }).amount) * 100) };
          } catch (e) {
            return { kind: 'deposit', ok: false, fen: 0, detail: (e as { code?: number }).code };
          }
        });
      }
    });
    pendingWithdrawals.forEach((wid, i) => {
      const review = i % 2 === 0 ? approveWithdrawal : (db: typeof s.db.kysely, w: number, st: number) => rejectWithdrawal(db, w, st, '信息不符');
      for (let k = 0; k < 2; k++) {
        ops.push(async () => {
          try {
            const { after } = await review(s.db.kysely, wid, reviewer);
            return { kind: i % 2 === 0 ? 'paid' : 'refunded', ok: true, fen: Math.round(Number((after as { amount: number }).amount) * 100) };
          } catch (e) {
            return { kind: 'review', ok: false, fen: 0, detail: (e as { code?: number }).code };
          }
        });
      }
    });
    expect(ops.length).toBeGreaterThanOrEqual(200);
    // shuffle deterministically so kinds interleave
    const order = ops.map((op, i) => ({ op, k: (i * 7919) % ops.length })).sort((a, b) => a.k - b.k);
    const results = await Promise.all(order.map(({ op }) => op()));

    const sum = (kind: string) => results.filter((r) => r.kind === kind && r.ok).reduce((t, r) => t + r.fen, 0);
    const count = (kind: string) => results.filter((r) => r.kind === kind && r.ok).length;

    // The burst really mixed: each kind of operation succeeded at least once.
    for (const kind of ['withdraw', 'in', 'out', 'paid', 'refunded']) expect(count(kind), kind).toBeGreaterThan(0);

    // Every deposit credited exactly once, every pending withdrawal reviewed exactly once.
    expect(count('deposit')).toBe(depositIds.length);
    expect(results.filter((r) => r.kind === 'deposit' && !r.ok).every((r) => r.detail === CODE.conflict)).toBe(true);
    expect(count('paid') + count('refunded')).toBe(pendingWithdrawals.length);
    expect(results.filter((r) => r.kind === 'review' && !r.ok).every((r) => r.detail === CODE.conflict)).toBe(true);
    const states = await s.db.kysely.selectFrom('deposits').select('state').where('member_id', '=', id).execute();
    expect(states.every((d) => d.state === ORDER_STATE.approved)).toBe(true);

    // No transfer is left pending with a healthy venue.
    const transfers = await s.db.kysely.selectFrom('transfers').select(['state']).where('member_id', '=', id).execute();
    expect(transfers.filter((t) => t.state === TRANSFER_STATE.pending)).toHaveLength(0);

    // The wallet, to the fen.
    const wallet = await memberBalanceFen(s.db.kysely, id);
    const expected = afterSetup + sum('deposit') - sum('withdraw') + sum('refunded') - sum('in') + sum('out');
    expect(wallet).toBe(expected);
    expect(wallet).toBeGreaterThanOrEqual(0);

    // The venues hold what went in minus what came out.
    const venues = await api('/api/balancelist', {});
    const atVenues = (venues.data as Array<{ platname: string; balance: number }>)
      .filter((v) => VENUES.includes(v.platname))
      .reduce((t, v) => t + Math.round(v.balance * 100), 0);
    expect(atVenues).toBe(atVenuesBefore + sum('in') - sum('out'));
  }, 120_000);
});
