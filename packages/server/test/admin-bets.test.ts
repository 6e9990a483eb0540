import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fmt, MEMBER360_LIMITS, MEMBER360_MSG, MSG, TRANSFER_STATE, type AdminTransferRow, type TransferResolveAnswer } from '@app/contract';
import { ingestBets } from '../src/modules/games/feed.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { nextRound, roundAt } from '../src/modules/lottery/engine/index.js';
import { beijing } from '../src/lib/time.js';
import { startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { centralFen, fundedMember, into, journalKeys, outOf, transferRow, venueFen, venueRefState } from './transfer-helpers.js';

/**
 * 注单与转账: staff lists of every venue bet, lottery order and transfer with their
 * filters, and the manual resolve of a pending transfer that asks the venue — once, however many
 * staff press it at the same time, with its audit row and a clear Chinese outcome.
 */
/** The platform gives up on the demo venue after this: far above an HTTP round trip on a loaded machine; the timeout faults never answer, so it only sets how long those cases wait. */
const TIMEOUT_MS = 1_500;
const K3 = { intervalS: 60, ftimeS: 10 };
let s: TestServer;
let admin: Staff;
let operations: Staff;
let support: Staff;
let finance: Staff;
let nowMs = 0;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, lotteryTickMs: 0, venueTimeoutMs: TIMEOUT_MS });
  s.app.lottery.now = () => nowMs;
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  [operations, support, finance] = [await newStaff(s, token, 'operations'), await newStaff(s, token, 'support'), await newStaff(s, token, 'finance')];
});
afterEach(() => s.app.demoVenue.setFault('none'));
afterAll(async () => {
  await s.db.kysely.deleteFrom('demo_venue_bets').where('bet_id', 'like', 'AB%').execute();
  await s.close();
});

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);
const today = () => beijing(new Date()).slice(0, 10);

/** A settled bet at the demo venue, recorded through the feed. */
async function venueBet(memberId: number, venue = 'DEMOLIVEA', stakeFen = 1500): Promise<string> {
  const betId = `AB${randomBytes(6).toString('hex')}`;
  const at = new Date();
  await s.db.kysely
    .insertInto('demo_venue_bets')
    .values({ bet_id: betId, venue, player: String(memberId), game: 'demo_baccarat', stake_fen: stakeFen, payout_fen: 0, valid_fen: stakeFen, status: 1, detail: JSON.stringify({ test: true }), created_at: at, settled_at: at })
    .execute();
  await ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
  return betId;
}

async function lotteryOrder(token: string, yuan: number): Promise<void> {
  const next = nextRound(K3, roundAt(K3, Math.max(Date.now(), nowMs)));
  nowMs = next.opensAtMs + 5000;
  await lotteryPass(s.db.kysely, nowMs);
  const room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  const r = await s.api('/api/lotteryOrder', { room_id: room, expect: roundAt(K3, nowMs).expect, order: [{ id: 'k3_small', total: yuan }] }, { token });
  expect(r).toMatchObject({ code: 200 });
}

/** A transfer left pending by a venue that did not answer in time. */
async function pendingTransfer(token: string, body: object, fault: 'timeout' | 'timeout-after-apply') {
  s.app.demoVenue.setFault(fault);
  const r = await s.api('/api/transfer', body, { token });
  s.app.demoVenue.setFault('none');
  expect(r.data.state).toBe(TRANSFER_STATE.pending);
  const row = await transferRow(s, r.data.order_no);
  return { id: Number(row.id), orderNo: row.order_no };
}

describe('permissions and validation', () => {
  it('lets every role read bets, lottery orders and transfers; only super and finance resolve', async () => {
    for (const who of [admin, finance, operations, support]) {
      for (const path of ['/bets', '/lottery-orders', '/transfers', '/bets/options']) expect((await get(who, path)).code, `${who.username} ${path}`).toBe(200);
    }
    const m = await fundedMember(s, 100);
    const t = await pendingTransfer(m.token, into('DEMOLIVEA', 10), 'timeout-after-apply');
    for (const who of [operations, support]) expect(await post(who, `/transfers/${t.id}/resolve`)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect((await transferRow(s, t.orderNo)).state).toBe(TRANSFER_STATE.pending);
    expect(await auditRows(s, 'transfer.resolve', `transfer:${t.id}`)).toHaveLength(0);
    expect(await post(finance, '/transfers/99999999/resolve')).toMatchObject({ code: 404, message: MEMBER360_MSG.transferMissing });
    expect((await s.api('/admin/api/bets', undefined, { method: 'GET' })).code).toBe(401);
  });

  it('refuses a bad date range with a Chinese message', async () => {
    for (const path of ['/bets', '/lottery-orders', '/transfers']) {
      expect(await get(admin, `${path}?from=2026-13-01`)).toMatchObject({ code: 400, message: MEMBER360_MSG.dayRange });
      expect(await get(admin, `${path}?from=2026-05-02&to=2026-05-01`)).toMatchObject({ code: 400, message: MEMBER360_MSG.dayRange });
      expect(await get(admin, `${path}?from=2024-01-01&to=2026-01-01`)).toMatchObject({ code: 400, message: fmt(MEMBER360_MSG.dayRangeMax, { max: MEMBER360_LIMITS.dayRangeMaxDays }) });
    }
    expect((await get(admin, '/bets?status=7')).code).toBe(400);
    expect((await get(admin, '/transfers?state=x')).code).toBe(400);
  });
});

describe('the lists', () => {
  it('finds a member\'s bet and lottery order by member, day, state and venue or lottery', async () => {
    const m = await fundedMember(s, 200);
    const name = (await s.api('/api/user', {}, { token: m.token })).data.username as string;
    const betId = await venueBet(m.id, 'DEMOLIVEB', 2500);
    await lotteryOrder(m.token, 5);
    const bets = (await get(support, `/bets?keyword=${name}&from=${today()}&to=${today()}&status=1&venue=DEMOLIVEB`)).data;
    expect(bets).toMatchObject({ total: 1, data: [{ bet_id: betId, member_id: m.id, username: name, venue: 'DEMOLIVEB', bet: 25, status_label: '已结算' }] });
    expect((await get(support, `/bets?keyword=${m.id}&venue=DEMOLIVEA`)).data.total).toBe(0);
    expect((await get(support, `/bets?keyword=${name}&from=2020-01-01&to=2020-01-02`)).data.total).toBe(0);
    // lottery lines are listed as lottery orders, not as venue bets
    expect((await get(support, `/bets?keyword=${m.id}`)).data.total).toBe(1);
    const options = (await get(support, '/bets/options')).data;
    expect(options.venues).toEqual(expect.arrayContaining([{ code: 'DEMOLIVEB', name: expect.any(String) }]));
    expect(options.lotteries).toEqual(expect.arrayContaining([{ code: 'k3_60', title: expect.any(String) }]));
    const orders = (await get(support, `/lottery-orders?keyword=${m.id}&lottery=k3_60&status=2`)).data;
    expect(orders).toMatchObject({ total: 1, data: [{ member_id: m.id, lottery: 'k3_60', play_id: 'k3_small', stake: 5, status_label: '未结算' }] });
    expect((await get(support, `/lottery-orders?keyword=${m.id}&status=1`)).data.total).toBe(0);
  });

  it('lists pending transfers oldest first, filtered by member and venue', async () => {
    const m = await fundedMember(s, 100);
    const a = await pendingTransfer(m.token, into('DEMOLIVEC', 10), 'timeout');
    const b = await pendingTransfer(m.token, into('DEMOLIVEC', 20), 'timeout');
    const list = (await get<{ data: AdminTransferRow[]; total: number }>(support, `/transfers?keyword=${m.id}&state=2&venue=DEMOLIVEC`)).data;
    expect(list.data.map((t) => t.id)).toEqual([a.id, b.id]);
    expect(list.data[0]).toMatchObject({ state_label: '待结算', direction_label: '转入场馆', amount: 10 });
    expect((await get(support, `/transfers?keyword=${m.id}&state=1`)).data.total).toBe(0);
    // settle them for the next tests' totals
    for (const t of [a, b]) expect((await post(finance, `/transfers/${t.id}/resolve`)).code).toBe(200);
  });
});

describe('POST /admin/api/transfers/:id/resolve', () => {
  it('completes a transfer out that the venue applied: credited once, audited, 场馆确认成功，已完成', async () => {
    const m = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOLIVED', 50), { token: m.token });
    const t = await pendingTransfer(m.token, outOf('DEMOLIVED', 30), 'timeout-after-apply');
    expect(await centralFen(s, m.id)).toBe(5_000);
    const r = await post<TransferResolveAnswer>(finance, `/transfers/${t.id}/resolve`);
    expect(r).toMatchObject({ code: 200, message: MEMBER360_MSG.resolvedSuccess, data: { outcome: 'succeeded', transfer: { id: t.id, state: TRANSFER_STATE.success } } });
    expect(await centralFen(s, m.id)).toBe(8_000);
    expect(await journalKeys(s, t.orderNo)).toEqual([`transfer:${t.orderNo}`]);
    const audits = await auditRows(s, 'transfer.resolve', `transfer:${t.id}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staff_name: finance.username, before: { state: TRANSFER_STATE.pending }, after: { outcome: '场馆确认成功', state: TRANSFER_STATE.success, order_no: t.orderNo, member_id: m.id, amount: 30 } });
    // again: nothing moves, the answer says it was settled already
    expect(await post(finance, `/transfers/${t.id}/resolve`)).toMatchObject({ code: 200, message: fmt(MEMBER360_MSG.alreadySettled, { state: '成功' }), data: { outcome: 'already' } });
    expect(await centralFen(s, m.id)).toBe(8_000);
    expect(await auditRows(s, 'transfer.resolve', `transfer:${t.id}`)).toHaveLength(1);
  });

  it('refunds a transfer in that the venue never applied: voided there, 场馆确认失败，已退回中心钱包', async () => {
    const m = await fundedMember(s, 100);
    const t = await pendingTransfer(m.token, into('DEMOLIVEA', 40), 'timeout');
    expect(await centralFen(s, m.id)).toBe(6_000);
    const r = await post(admin, `/transfers/${t.id}/resolve`);
    expect(r).toMatchObject({ code: 200, message: MEMBER360_MSG.resolvedFailedIn, data: { outcome: 'failed', transfer: { state: TRANSFER_STATE.failed } } });
    expect(await centralFen(s, m.id)).toBe(10_000);
    expect(await venueRefState(s, 'DEMOLIVEA', t.orderNo)).toBe('voided');
    expect(await journalKeys(s, t.orderNo)).toEqual([`transfer:${t.orderNo}`, `transfer-refund:${t.orderNo}`]);
    expect((await auditRows(s, 'transfer.resolve', `transfer:${t.id}`))[0]).toMatchObject({ after: { outcome: '场馆确认失败', state: TRANSFER_STATE.failed } });
  });

  it('leaves it pending when the venue does not answer: 场馆暂无结果，请稍后再试 (audited: staff asked)', async () => {
    const m = await fundedMember(s, 100);
    const t = await pendingTransfer(m.token, into('DEMOLIVEA', 10), 'timeout');
    // the venue's status call times out (the registry's timeout error)
    const status = vi.spyOn(s.app.venues, 'status').mockRejectedValueOnce(new Error('DEMOLIVEA status timed out'));
    const r = await post(finance, `/transfers/${t.id}/resolve`);
    status.mockRestore();
    expect(r).toMatchObject({ code: 200, message: MEMBER360_MSG.resolvedNoAnswer, data: { outcome: 'no_answer', transfer: { state: TRANSFER_STATE.pending } } });
    expect(await centralFen(s, m.id)).toBe(9_000);
    expect((await auditRows(s, 'transfer.resolve', `transfer:${t.id}`))[0]).toMatchObject({ after: { outcome: '场馆暂无结果', state: TRANSFER_STATE.pending } });
    expect(await post(finance, `/transfers/${t.id}/resolve`)).toMatchObject({ message: MEMBER360_MSG.resolvedFailedIn });
  });

  it('credits exactly once when two staff resolve the same transfer at the same time', async () => {
    const m = await fundedMember(s, 100);
    await s.api('/api/transfer', into('DEMOLIVEB', 60), { token: m.token });
    const t = await pendingTransfer(m.token, outOf('DEMOLIVEB', 25), 'timeout-after-apply');
    const answers = await Promise.all([post<TransferResolveAnswer>(finance, `/transfers/${t.id}/resolve`), post<TransferResolveAnswer>(admin, `/transfers/${t.id}/resolve`)]);
    expect(answers.map((a) => a.data.outcome).sort()).toEqual(['already', 'succeeded']);
    expect(await centralFen(s, m.id)).toBe(4_000 + 2_500);
    expect(await venueFen(s, m.id, 'DEMOLIVEB')).toBe(6_000 - 2_500);
    expect(await journalKeys(s, t.orderNo)).toEqual([`transfer:${t.orderNo}`]);
    expect(await auditRows(s, 'transfer.resolve', `transfer:${t.id}`)).toHaveLength(1);
    // the member's 360° view shows the resolve in its audit trail
    const audit = (await get(admin, `/members/${m.id}/audit`)).data;
    expect(audit.data).toEqual([expect.objectContaining({ action: 'transfer.resolve', action_label: '人工处理转账', target: `transfer:${t.id}` })]);
  });
});
