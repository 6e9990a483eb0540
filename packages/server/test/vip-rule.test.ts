import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTierEligible, vipProgress } from '@app/contract';
import { connectPglite, type Db } from '../src/db/connect.js';
import { nextTierReached } from '../src/modules/vip/rule.js';

// The VIP rules (contract vip.ts; spec §4 "promotion needs cumulative deposit and turnover", §9 "VIP
// progress capped at 100 percent"; the requirement: "VIP progress to the next level = paysum ÷ that tier's
// recharge, rounded, capped at 100, 0 when either is 0"). No server: the promotion SQL is checked on an
// empty embedded database.

describe('VIP progress to the next level (contract vipProgress)', () => {
  it('is paysum ÷ the next tier’s recharge in percent, rounded', () => {
    expect(vipProgress(500_00, 1_000_00)).toBe(50);
    // 1/3 = 33.33… % rounds to 33; 2/3 = 66.66… % rounds to 67
    expect(vipProgress(1_00, 3_00)).toBe(33);
    expect(vipProgress(2_00, 3_00)).toBe(67);
    // 0.5 % rounds up to 1
    expect(vipProgress(5_00, 1_000_00)).toBe(1);
  });

  it('is capped at 100', () => {
    expect(vipProgress(1_000_00, 1_000_00)).toBe(100);
    expect(vipProgress(5_000_00, 1_000_00)).toBe(100);
  });

  it('is 0 when either the paysum or the recharge is 0', () => {
    expect(vipProgress(0, 1_000_00)).toBe(0);
    expect(vipProgress(1_000_00, 0)).toBe(0);
    expect(vipProgress(0, 0)).toBe(0);
  });
});

describe('eligibility for the next tier (contract nextTierEligible)', () => {
  const tier = { rechargeFen: 1_000_00, flowFen: 5_000_00 };
  it('needs the cumulative deposit AND the turnover', () => {
    expect(nextTierEligible({ paysumFen: 1_000_00, flowFen: 5_000_00 }, tier)).toBe(true);
    expect(nextTierEligible({ paysumFen: 9_000_00, flowFen: 9_000_00 }, tier)).toBe(true);
  });
  it('is refused with only one of them reached', () => {
    expect(nextTierEligible({ paysumFen: 1_000_00, flowFen: 4_999_99 }, tier)).toBe(false);
    expect(nextTierEligible({ paysumFen: 999_99, flowFen: 5_000_00 }, tier)).toBe(false);
    expect(nextTierEligible({ paysumFen: 0, flowFen: 0 }, tier)).toBe(false);
  });
});

describe('the promotion the server runs is the contract rule (modules/vip/rule.ts nextTierReached)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await connectPglite(null);
  });
  afterAll(() => db.close());

  // [paysum, flow] of a member against [recharge, flow] of the next tier, in fen: each side at, just
  // under and over each threshold, and tiers asking nothing of one condition or of both.
  const tiers = [
    [1_000_00, 5_000_00],
    [0, 5_000_00],
    [1_000_00, 0],
    [0, 0],
  ];
  const figures = [0, 1, 999_99, 1_000_00, 1_000_01, 4_999_99, 5_000_00, 9_000_00].flatMap((paysum) => [0, 999_99, 4_999_99, 5_000_00, 5_000_01].map((flow) => [paysum, flow]));
  const cases = tiers.flatMap(([recharge, tierFlow]) => figures.map(([paysum, flow]) => ({ paysum: paysum!, flow: flow!, recharge: recharge!, tierFlow: tierFlow! })));

  it(`agrees with nextTierEligible on ${cases.length} cases`, async () => {
    const rows = sql.join(cases.map((c, i) => sql`(${i}::int, ${c.paysum}::bigint, ${c.flow}::bigint, ${c.recharge}::bigint, ${c.tierFlow}::bigint)`));
    const r = await sql<{ i: number; reached: boolean }>`
      SELECT i, ${nextTierReached('v', 't')} AS reached
      FROM (VALUES ${rows}) AS c(i, paysum_fen, flow_fen, recharge_fen, tier_flow_fen)
      CROSS JOIN LATERAL (SELECT c.paysum_fen, c.flow_fen) AS v
      CROSS JOIN LATERAL (SELECT c.recharge_fen, c.tier_flow_fen AS flow_fen) AS t
      ORDER BY i`.execute(db.kysely);
    const expected = cases.map((c) => nextTierEligible({ paysumFen: c.paysum, flowFen: c.flow }, { rechargeFen: c.recharge, flowFen: c.tierFlow }));
    expect(r.rows.map((x) => x.reached)).toEqual(expected);
    // both outcomes are in the table
    expect(new Set(expected)).toEqual(new Set([true, false]));
  });
});

