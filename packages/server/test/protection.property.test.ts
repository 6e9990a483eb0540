import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TRANS_TYPE } from '@app/contract';
import { fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { into, outOf } from './transfer-helpers.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { nextRound, roundAt } from '../src/modules/lottery/engine/index.js';

/**
 * No sequence of member API calls lets an excluded member stake money, nor a member
 * with a wager limit stake past it: every call of the member API that touches protection or takes
 * money into play, in any order, with any values (raises and removals wait out 24 hours that never
 * pass here, so they never take effect).
 */

const K3 = { intervalS: 60, ftimeS: 10 };
const WAGER_LIMIT_YUAN = 100;
let s: TestServer;
let nowMs = 0;
let k3Room: number;
let expect_ = '';

beforeAll(async () => {
  s = await startServer({ lotteryTickMs: 0, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  s.app.lottery.now = () => nowMs;
  k3Room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
});
afterAll(() => s.close());

async function openRound(): Promise<void> {
  const next = nextRound(K3, roundAt(K3, Math.max(Date.now(), nowMs)));
  nowMs = next.opensAtMs + 5000;
  await lotteryPass(s.db.kysely, nowMs);
  expect_ = roundAt(K3, nowMs).expect;
}

const yuan = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constantFrom(0, 1, 99, 100, 101, 1000));
const kind = fc.constantFrom('deposit', 'loss', 'wager', 'session');
const period = fc.constantFrom('day', 'week', 'month', 'session');

/** One member API call, as a path and a body. */
const step: fc.Arbitrary<[string, Record<string, unknown>]> = fc.oneof(
  fc.record({ kind, period, limit: yuan }).map((b) => ['/api/protection/limit', b] as [string, Record<string, unknown>]),
  fc.record({ kind, period }).map((b) => ['/api/protection/limit/confirm', b] as [string, Record<string, unknown>]),
  fc.record({ kind, period }).map((b) => ['/api/protection/limit/cancel', b] as [string, Record<string, unknown>]),
  fc.record({ kind: fc.constantFrom('timeout', 'exclusion'), duration: fc.constantFrom('24h', '7d', '30d', '6m', '1y', '5y', 'permanent') }).map((b) => ['/api/protection/block', b] as [string, Record<string, unknown>]),
  fc.integer({ min: 15, max: 120 }).map((minutes) => ['/api/protection/reality', { minutes }] as [string, Record<string, unknown>]),
  fc.constant(['/api/playStatus/ack', {}] as [string, Record<string, unknown>]),
  yuan.map((a) => ['/api/transfer', into('DEMOLIVEA', a)] as [string, Record<string, unknown>]),
  yuan.map((a) => ['/api/transfer', outOf('DEMOLIVEA', a)] as [string, Record<string, unknown>]),
  fc.constant(['/api/transall', {}] as [string, Record<string, unknown>]),
  fc.constant(['/api/uptransferstatus', { transferstatus: 1 }] as [string, Record<string, unknown>]),
  fc.constant(['/api/getGameUrl', { plat_name: 'DEMOLIVEA', game_type: 0, game_code: 'demolivea_realbet', is_mobile_url: 1 }] as [string, Record<string, unknown>]),
  fc.integer({ min: 1, max: 150 }).map((a) => ['/api/lotteryOrder', { order: [{ id: 'k3_big', total: a }] }] as [string, Record<string, unknown>]),
  yuan.map((amount) => ['/api/recharge', { paytype: 'bank', amount, bank_owner: '张三', bank: '中国工商银行', bank_no: '6222021234567890', bank_address: '北京分行' }] as [string, Record<string, unknown>]),
  fc.constant(['/api/doactivityapply', { activityid: 1 }] as [string, Record<string, unknown>]),
  fc.constant(['/api/douserredpacket', {}] as [string, Record<string, unknown>]),
  fc.constant(['/api/dofanshui', {}] as [string, Record<string, unknown>]),
);

async function run(token: string, steps: [string, Record<string, unknown>][]): Promise<{ launched: number; transferredFen: number[] }> {
  let launched = 0;
  const transferredFen: number[] = [];
  for (const [path, body] of steps) {
    const b = path === '/api/lotteryOrder' ? { ...body, room_id: k3Room, expect: expect_ } : body;
    const r = await s.api(path, b, { token });
    expect(r.status).toBe(200);
    expect(r.code).not.toBe(500);
    if (r.code === 200 && path === '/api/getGameUrl') launched += 1;
    if (r.code === 200 && path === '/api/transfer' && b.sourcetype === 'userbalance') transferredFen.push(Math.round(Number(b.amount) * 100));
  }
  return { launched, transferredFen };
}

async function stakedFen(memberId: number): Promise<number> {
  const { rows } = await sql<{ fen: string }>`SELECT COALESCE(SUM(stake_fen), 0)::bigint AS fen FROM lottery_orders WHERE member_id = ${memberId}`.execute(s.db.kysely);
  return Number(rows[0]!.fen);
}

async function countOf(table: 'deposits' | 'activity_applications' | 'red_packet_draws', memberId: number): Promise<number> {
  return Number((await s.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', memberId).executeTakeFirstOrThrow()).n);
}

async function transfersIn(memberId: number): Promise<number> {
  return Number((await s.db.kysely.selectFrom('transfers').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', memberId).where('direction', '=', TRANS_TYPE.transferIn).executeTakeFirstOrThrow()).n);
}

describe('no sequence of API calls gets round player protection', () => {
  it('an excluded member stakes nothing, moves nothing into a venue, deposits nothing, claims nothing', async () => {
    await openRound();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const m = await registerMember(s);
        const id = await memberIdOf(s, m.token);
        await fund(s, id, 500);
        expect((await s.api('/api/protection/block', { kind: 'exclusion', duration: '6m' }, { token: m.token })).code).toBe(200);
        const { launched, transferredFen } = await run(m.token, steps);
        expect(launched).toBe(0);
        expect(transferredFen).toEqual([]);
        expect(await stakedFen(id)).toBe(0);
        expect(await countOf('deposits', id)).toBe(0);
        expect(await countOf('activity_applications', id)).toBe(0);
        expect(await countOf('red_packet_draws', id)).toBe(0);
        expect(await transfersIn(id)).toBe(0);
      }),
      { numRuns: 12, seed: 20261127 },
    );
  });

  it(`a member with a wager limit of ${WAGER_LIMIT_YUAN} a day never stakes past it, nor moves more into a venue than it leaves`, async () => {
    await openRound();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const m = await registerMember(s);
        const id = await memberIdOf(s, m.token);
        await fund(s, id, 500);
        expect((await s.api('/api/protection/limit', { kind: 'wager', period: 'day', limit: WAGER_LIMIT_YUAN }, { token: m.token })).code).toBe(200);
        const { transferredFen } = await run(m.token, steps);
        const staked = await stakedFen(id);
        expect(staked).toBeLessThanOrEqual(WAGER_LIMIT_YUAN * 100);
        // No venue bets happen here, so every transfer into a venue had at most what the lottery stakes left.
        for (const fen of transferredFen) expect(fen).toBeLessThanOrEqual(WAGER_LIMIT_YUAN * 100);
        const row = await s.db.kysely.selectFrom('protection_limits').select('limit_value').where('member_id', '=', id).where('kind', '=', 'wager').where('period', '=', 'day').executeTakeFirst();
        expect(Number(row?.limit_value)).toBeLessThanOrEqual(WAGER_LIMIT_YUAN * 100);
      }),
      { numRuns: 12, seed: 20261128 },
    );
  });
});
