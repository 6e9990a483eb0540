import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TURNOVER_SOURCES_SHOWN, type TurnoverSources } from '@app/contract';
import { approveDeposit } from '../src/modules/deposits/review.js';
import type { Tx } from '../src/modules/ledger/service.js';
import { addTurnoverRequirement, addTurnoverRequirements, reduceTurnoverRequirement, remainingTurnoverFen } from '../src/modules/turnover/service.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

// Where the turnover requirement (打码量) comes from, as /withdrawal shows it: POST /api/turnoverSources.

let s: TestServer;
let staffId: number;
beforeAll(async () => {
  s = await startServer();
  staffId = (await s.db.kysely.insertInto('staff').values({ username: uniqueName('staff'), password_hash: 'x', role: 'finance' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

async function member() {
  const m = await registerMember(s);
  return { token: m.token, id: await memberIdOf(s, m.token) };
}

async function approvedDeposit(token: string, yuan: number) {
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token });
  expect(r.code, r.message).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  await approveDeposit(s.db.kysely, row.id, staffId);
}

const sources = async (token: string) => (await s.api('/api/turnoverSources', {}, { token })) as { code: number; message: string; data: TurnoverSources };
const inTx = (fn: (tx: Tx) => Promise<void>) => s.db.kysely.transaction().execute(fn);

/** The member's requirement equals what its sources have left. */
async function expectSourcesAddUp(memberId: number) {
  const left = await sql<{ fen: number | string | null }>`SELECT sum(remaining_fen) AS fen FROM turnover_sources WHERE member_id = ${memberId}`.execute(s.db.kysely);
  expect(Number(left.rows[0]?.fen ?? 0)).toBe(await remainingTurnoverFen(s.db.kysely, memberId));
}

describe('POST /api/turnoverSources', () => {
  it('answers 401 without a session', async () => {
    expect(await s.api('/api/turnoverSources', {})).toMatchObject({ code: 401 });
  });

  it('is empty for a new member', async () => {
    const m = await member();
    expect(await sources(m.token)).toMatchObject({ code: 200, data: { bet_amount: 0, sources: [], more: { count: 0, remaining: 0 } } });
  });

  it('lists a deposit ×1 and a bonus ×10 with what is left of each; bets use the oldest first', async () => {
    const m = await member();
    await approvedDeposit(m.token, 1000);
    await inTx((tx) => addTurnoverRequirement(tx, m.id, 100_000, { kind: 'promotion', baseFen: 10_000 }));
    const before = await sources(m.token);
    expect(before.data.bet_amount).toBe(2000);
    expect(before.data.sources).toMatchObject([
      { kind: 'deposit', label: '存款', amount: 1000, multiple: 1, required: 1000, remaining: 1000 },
      { kind: 'promotion', label: '活动彩金', amount: 100, multiple: 10, required: 1000, remaining: 1000 },
    ]);
    expect(before.data.sources[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // 300.50 of valid bets: all from the deposit's part
    await inTx((tx) => reduceTurnoverRequirement(tx, m.id, 30_050));
    expect((await sources(m.token)).data.sources.map((x) => [x.kind, x.remaining])).toEqual([
      ['deposit', 699.5],
      ['promotion', 1000],
    ]);
    // 1,000 more: the deposit's part is done and leaves the list, the bonus's has 699.50 left
    await inTx((tx) => reduceTurnoverRequirement(tx, m.id, 100_000));
    const after = await sources(m.token);
    expect(after.data.bet_amount).toBe(699.5);
    expect(after.data.sources).toMatchObject([{ kind: 'promotion', required: 1000, remaining: 699.5 }]);
    await expectSourcesAddUp(m.id);
    // more than everything: nothing left anywhere, never below zero
    await inTx((tx) => reduceTurnoverRequirement(tx, m.id, 10_000_000));
    expect((await sources(m.token)).data).toMatchObject({ bet_amount: 0, sources: [] });
    await expectSourcesAddUp(m.id);
  });

  it('records a batch’s sources (level-up bonuses, commissions) per member', async () => {
    const [a, b] = [await member(), await member()];
    await inTx((tx) =>
      addTurnoverRequirements(tx, [
        { memberId: a.id, fen: 1_800, kind: 'vip_bonus', baseFen: 1_800 },
        { memberId: b.id, fen: 3_000, kind: 'commission', baseFen: 1_000 },
        { memberId: b.id, fen: 0, kind: 'rebate', baseFen: 0 },
      ]),
    );
    expect((await sources(a.token)).data.sources).toMatchObject([{ kind: 'vip_bonus', label: '晋级礼金', amount: 18, multiple: 1, remaining: 18 }]);
    expect((await sources(b.token)).data).toMatchObject({ bet_amount: 30, sources: [{ kind: 'commission', label: '代理佣金', amount: 10, multiple: 3, remaining: 30 }] });
    await expectSourcesAddUp(a.id);
    await expectSourcesAddUp(b.id);
  });

  it(`lists at most ${TURNOVER_SOURCES_SHOWN} parts and sums the newer rest`, async () => {
    const m = await member();
    await inTx(async (tx) => {
      for (let i = 0; i < TURNOVER_SOURCES_SHOWN + 3; i++) await addTurnoverRequirement(tx, m.id, 100, { kind: 'red_packet', baseFen: 100 });
    });
    const r = (await sources(m.token)).data;
    expect(r.sources).toHaveLength(TURNOVER_SOURCES_SHOWN);
    expect(r.more).toEqual({ count: 3, remaining: 3 });
    expect(r.bet_amount).toBe(TURNOVER_SOURCES_SHOWN + 3);
  });

  it('never shows another member’s sources', async () => {
    const [a, b] = [await member(), await member()];
    await approvedDeposit(a.token, 500);
    expect((await sources(b.token)).data.sources).toEqual([]);
    expect((await sources(a.token)).data.sources).toHaveLength(1);
  });
});
