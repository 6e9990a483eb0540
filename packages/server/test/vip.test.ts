import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_STATUS, fmt, VIP_MSG, type VipTier } from '@app/contract';
import { beijingDate } from '../src/lib/time.js';
import { approveDeposit } from '../src/modules/deposits/review.js';
import { applyBets, VenueCategories } from '../src/modules/games/ingest.js';
import { checkLedger, memberBalanceFen } from '../src/modules/ledger/service.js';
import { vipPass } from '../src/modules/vip/job.js';
import { promoteBatch, promoteEligible, vipBonusKey } from '../src/modules/vip/service.js';
import { figuresOf, setStanding } from './figures-support.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

/**
 * The VIP engine (spec §3 VIP tier, §4 VIP rules, §9; DESIGN §8): promotion on deposit approval and on
 * counted bets, one level per Beijing day, no skipping, relegation after a 90-day period below the
 * tier's retention turnover, the level-up bonus, the nightly pass and POST /api/uservip. Seeded tiers:
 * VIP2 asks 1,000 元 deposit and 5,000 元 turnover (bonus 18 元), VIP3 5,000 and 25,000, VIP4 20,000
 * and 100,000; VIP3 keeps its level with 10,000 元 turnover per 90 days.
 */
let s: TestServer;
let staffId: number;
beforeAll(async () => {
  // The jobs are off: the tests run the VIP pass themselves.
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const staff = await s.db.kysely.insertInto('staff').values({ username: uniqueName('staff'), password_hash: 'x', role: 'finance' }).returning('id').executeTakeFirstOrThrow();
  staffId = staff.id;
});
afterAll(() => s.close());

const DAY_MS = 86_400_000;

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

/** A deposit of `yuan` by alipay, approved by staff (the back-office review). */
async function deposit(token: string, yuan: number): Promise<void> {
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token });
  expect(r.code).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  await approveDeposit(s.db.kysely, row.id, staffId);
}

/** Settled bets counted by the feed's ingest, `validYuan` of valid bets in all. */
async function bets(memberId: number, validYuan: number): Promise<void> {
  const fen = validYuan * 100;
  const now = new Date();
  await applyBets(
    s.db.kysely,
    [{ seq: 0, venue: 'DEMOLIVEA', betId: `VIP${randomBytes(8).toString('hex')}`, memberId, game: 'demo_baccarat', gameName: '百家乐', category: 'realbet', stakeFen: fen, validFen: fen, winLossFen: -fen, status: BET_STATUS.settled, detail: '{}', betAt: now, settledAt: now }],
    new VenueCategories(s.db.kysely),
  );
}

async function levelOf(memberId: number): Promise<number> {
  return (await figuresOf(s.db.kysely, memberId)).vip;
}

async function history(memberId: number) {
  return s.db.kysely.selectFrom('vip_history').select(['from_level', 'to_level', 'reason']).where('member_id', '=', memberId).orderBy('id').execute();
}

/** The member's figures set straight in its standing (cumulative deposit and turnover in yuan). */
async function setFigures(memberId: number, paysumYuan: number, flowYuan: number): Promise<void> {
  await setStanding(s.db.kysely, memberId, { paysum_fen: paysumYuan * 100, flow_fen: flowYuan * 100 });
}

/** The member's last level change moved back one Beijing day (as if it happened yesterday). */
async function nextDay(memberId: number): Promise<void> {
  await sql`UPDATE vip_standings SET changed_on = changed_on - 1 WHERE member_id = ${memberId}`.execute(s.db.kysely);
}

async function snapshot() {
  const members = await sql<{ id: number; vip: number; ps: string }>`SELECT member_id AS id, vip, vip_period_start::text AS ps FROM member_figures ORDER BY member_id`.execute(s.db.kysely);
  const hist = await sql<{ n: string | number }>`SELECT count(*) AS n FROM vip_history`.execute(s.db.kysely);
  const journals = await sql<{ n: string | number }>`SELECT count(*) AS n FROM ledger_journals`.execute(s.db.kysely);
  return { members: members.rows, history: Number(hist.rows[0].n), journals: Number(journals.rows[0].n) };
}

describe('promotion (spec §4: cumulative deposit and turnover, one level per day, no skipping)', () => {
  it('members start at VIP1', async () => {
    const m = await member();
    expect(await levelOf(m.id)).toBe(1);
    const user = await s.api('/api/user', {}, { token: m.token });
    expect(user.data).toMatchObject({ vip: 1, current_vip: 'VIP1' });
  });

  it('promotes when an approved deposit reaches the recharge and the turnover is already there', async () => {
    const m = await member();
    await bets(m.id, 5_000);
    expect(await levelOf(m.id)).toBe(1); // turnover alone: no
    await deposit(m.token, 900);
    expect(await levelOf(m.id)).toBe(1); // 900 元 of 1,000: no
    await deposit(m.token, 100);
    expect(await levelOf(m.id)).toBe(2);
    expect(await history(m.id)).toEqual([{ from_level: 1, to_level: 2, reason: 'promotion' }]);
  });

  it('does not promote on a deposit alone; counted bets reaching the turnover then do', async () => {
    const m = await member();
    await deposit(m.token, 1_000);
    expect(await levelOf(m.id)).toBe(1);
    await bets(m.id, 4_999);
    expect(await levelOf(m.id)).toBe(1);
    await bets(m.id, 1);
    expect(await levelOf(m.id)).toBe(2);
  });

  it('climbs one level per Beijing day even when the member qualifies for several, without skipping', async () => {
    const m = await member();
    await setFigures(m.id, 20_000, 100_000); // enough for VIP4
    expect(await promoteEligible(s.db.kysely, [m.id])).toBe(1);
    expect(await levelOf(m.id)).toBe(2);
    // the same day: no further level, whoever asks
    expect(await promoteEligible(s.db.kysely, [m.id])).toBe(0);
    await bets(m.id, 10);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(2);
    // the next day: the next level, not VIP4
    await nextDay(m.id);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(3);
    await nextDay(m.id);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(4);
    await nextDay(m.id);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(4); // VIP5 asks 50,000 元 deposit
    expect((await history(m.id)).map((h) => [h.from_level, h.to_level])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
  });

  it('promotes once and pays the bonus once under 20 concurrent evaluations', async () => {
    const m = await member();
    await setFigures(m.id, 20_000, 100_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => promoteEligible(s.db.kysely, [m.id])));
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await levelOf(m.id)).toBe(2);
    expect(await history(m.id)).toHaveLength(1);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(18_00);
  });

  it('never promotes a trial account', async () => {
    const m = await member();
    await s.db.kysely.updateTable('members').set({ is_trial: true }).where('id', '=', m.id).execute();
    await setFigures(m.id, 1_000, 5_000);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(1);
    await s.db.kysely.updateTable('members').set({ is_trial: false }).where('id', '=', m.id).execute();
  });
});

describe('the level-up bonus (晋级礼金: ledger, 1× turnover, mail, once per level)', () => {
  it('credits the tier’s bonus from house:vip_bonus with its turnover requirement and a mail', async () => {
    const m = await member();
    await deposit(m.token, 1_000); // 1,000 元 in the wallet, 1,000 元 of requirement
    const before = await figuresOf(s.db.kysely, m.id);
    await setStanding(s.db.kysely, m.id, { flow_fen: 5000 * 100 });
    await promoteEligible(s.db.kysely, [m.id]);
    expect(await levelOf(m.id)).toBe(2);
    const tier = await s.db.kysely.selectFrom('vip_tiers').select('levelup_bonus_fen').where('level', '=', 2).executeTakeFirstOrThrow();
    expect(Number(tier.levelup_bonus_fen)).toBe(18_00);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(1_000_00 + 18_00);
    const after = await figuresOf(s.db.kysely, m.id);
    expect(Number(after.turnover_req_fen) - Number(before.turnover_req_fen)).toBe(18_00);
    const journal = await s.db.kysely.selectFrom('ledger_journals').select(['id', 'kind']).where('idem_key', '=', vipBonusKey(m.id, 2)).executeTakeFirstOrThrow();
    expect(journal.kind).toBe('vip_bonus');
    const entries = await sql<{ code: string; amount_fen: string | number }>`
      SELECT COALESCE(a.house, a.code) AS code, e.amount_fen FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.journal_id = ${journal.id} ORDER BY e.amount_fen`.execute(s.db.kysely);
    expect(entries.rows.map((r) => [r.code, Number(r.amount_fen)])[0]).toEqual(['house:vip_bonus', -18_00]);
    const mails = await s.db.kysely.selectFrom('mails').select(['title', 'content']).where('member_id', '=', m.id).where('title', '=', fmt(VIP_MSG.levelUpMailTitle, { level: 2 })).execute();
    expect(mails).toEqual([{ title: '恭喜晋级VIP2', content: fmt(VIP_MSG.levelUpBonusMailContent, { level: 2, amount: '18.00' }) }]);
  });

  it('pays a level reached twice (after a relegation and the turnover to regain it) only once', async () => {
    const m = await member();
    await setFigures(m.id, 1_000, 5_000);
    await promoteEligible(s.db.kysely, [m.id]);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(18_00);
    // 90 days later without turnover: back to VIP1; the day after: VIP2 again
    await sql`UPDATE vip_standings SET period_start = period_start - interval '91 days', changed_on = changed_on - 91 WHERE member_id = ${m.id}`.execute(s.db.kysely);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(1);
    // the cumulative figures still qualify, but a level lost comes back only with the turnover that
    // would have kept it (VIP2: 2,000 元 in the period that began with the relegation)
    await nextDay(m.id);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(1);
    await bets(m.id, 1_999);
    expect(await levelOf(m.id)).toBe(1);
    await bets(m.id, 1);
    expect(await levelOf(m.id)).toBe(2);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(18_00);
    const journals = await s.db.kysely.selectFrom('ledger_journals').select('id').where('idem_key', '=', vipBonusKey(m.id, 2)).execute();
    expect(journals).toHaveLength(1);
    expect((await history(m.id)).map((h) => h.reason)).toEqual(['promotion', 'relegation', 'promotion']);
  });
});

describe('relegation (spec §4, §9: one level after a 90-day period without the retention turnover)', () => {
  /** A VIP3 member whose period started `daysAgo` days ago, with `flowYuan` of valid bets on its second day. */
  async function vip3(daysAgo: number, flowYuan: number) {
    const m = await member();
    const start = new Date(Date.now() - daysAgo * DAY_MS);
    await setStanding(s.db.kysely, m.id, { level: 3, period_start: start, changed_on: null });
    if (flowYuan > 0) {
      await s.db.kysely
        .insertInto('member_daily_bets')
        .values({ member_id: m.id, day: beijingDate(new Date(start.getTime() + DAY_MS)), category: 'realbet', bets: 1, bet_fen: flowYuan * 100, valid_fen: flowYuan * 100, win_loss_fen: 0 })
        .execute();
    }
    return m;
  }

  it('relegates by one level after 90 days below the tier’s retention turnover', async () => {
    const m = await vip3(91, 9_999);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(2);
    expect(await history(m.id)).toEqual([{ from_level: 3, to_level: 2, reason: 'relegation' }]);
    // the new period starts now: the next pass changes nothing
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(2);
  });

  it('keeps the level when the period’s turnover reached the retention, and starts the next period', async () => {
    const m = await vip3(91, 10_000);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(3);
    expect(await history(m.id)).toEqual([]);
    const row = await figuresOf(s.db.kysely, m.id);
    expect(Date.now() - new Date(row.vip_period_start).getTime()).toBeLessThan(2 * DAY_MS); // 91 − 90 days ago
  });

  it('does not relegate before the 90 days are over', async () => {
    const m = await vip3(89, 0);
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(3);
  });

  it('never goes below VIP1', async () => {
    const m = await member();
    await setStanding(s.db.kysely, m.id, { period_start: new Date(Date.now() - 400 * DAY_MS) });
    await vipPass(s.db.kysely);
    expect(await levelOf(m.id)).toBe(1);
    expect(await history(m.id)).toEqual([]);
  });
});

describe('the nightly pass', () => {
  it('changes nothing when run a second time', async () => {
    const a = await member();
    await setFigures(a.id, 5_000, 25_000);
    const b = await member();
    await setStanding(s.db.kysely, b.id, { level: 4, period_start: new Date(Date.now() - 200 * DAY_MS) });
    const first = await vipPass(s.db.kysely);
    expect(first.promoted).toBeGreaterThanOrEqual(1);
    expect(first.relegated).toBeGreaterThanOrEqual(1);
    expect(await levelOf(a.id)).toBe(2);
    expect(await levelOf(b.id)).toBe(3);
    const before = await snapshot();
    expect(await vipPass(s.db.kysely)).toEqual({ relegated: 0, promoted: 0 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the promotion batch (promoteBatch: many members, one transaction)', () => {
  async function turnoverReq(memberId: number): Promise<number> {
    return Number((await figuresOf(s.db.kysely, memberId)).turnover_req_fen);
  }
  async function levelUpMails(memberId: number) {
    return s.db.kysely.selectFrom('mails').select(['title', 'content']).where('member_id', '=', memberId).where('title', 'like', '恭喜晋级%').orderBy('id').execute();
  }
  async function bonusJournals(memberId: number) {
    return s.db.kysely.selectFrom('ledger_journals').select('idem_key').where('idem_key', 'like', `vip-bonus:${memberId}:%`).orderBy('idem_key').execute();
  }
  /** A member who reached VIP2 (bonus paid) and was relegated to VIP1 now, its period starting now. */
  async function relegatedFromVip2(regainTurnoverYuan: number) {
    const m = await member();
    await setFigures(m.id, 1_000, 5_000);
    await promoteEligible(s.db.kysely, [m.id]);
    const now = new Date();
    await sql`UPDATE vip_standings SET level = 1, period_start = ${now}, changed_on = ${beijingDate(now)}::date - 1 WHERE member_id = ${m.id}`.execute(s.db.kysely);
    await s.db.kysely.insertInto('vip_history').values({ member_id: m.id, from_level: 2, to_level: 1, reason: 'relegation', created_at: now }).execute();
    if (regainTurnoverYuan > 0) {
      await s.db.kysely
        .insertInto('member_daily_bets')
        .values({ member_id: m.id, day: beijingDate(now), category: 'realbet', bets: 1, bet_fen: regainTurnoverYuan * 100, valid_fen: regainTurnoverYuan * 100, win_loss_fen: 0 })
        .execute();
    }
    return m;
  }

  it('promotes exactly the eligible members one level, pays each new level’s bonus once with its turnover, mails each, and a re-run changes nothing', async () => {
    const toVip2 = await member();
    await setFigures(toVip2.id, 1_000, 5_000);
    const several = await member(); // qualifies up to VIP4: one level only
    await setFigures(several.id, 20_000, 100_000);
    const short = await member(); // 999 元 deposit
    await setFigures(short.id, 999, 5_000);
    const trial = await member();
    await s.db.kysely.updateTable('members').set({ is_trial: true }).where('id', '=', trial.id).execute();
    await setFigures(trial.id, 1_000, 5_000);
    const changedToday = await member();
    await setFigures(changedToday.id, 1_000, 5_000);
    await setStanding(s.db.kysely, changedToday.id, { changed_on: beijingDate(new Date()) });
    const regains = await relegatedFromVip2(2_000); // VIP2's retention turnover since the relegation
    const waits = await relegatedFromVip2(1_999);
    const all = [toVip2, several, short, trial, changedToday, regains, waits];
    const balancesBefore = await Promise.all(all.map((m) => memberBalanceFen(s.db.kysely, m.id)));
    const reqBefore = await Promise.all(all.map((m) => turnoverReq(m.id)));

    const promoted = await promoteBatch(s.db.kysely, all.map((m) => m.id).reverse());

    expect(promoted).toEqual([toVip2.id, several.id, regains.id]);
    expect(await Promise.all(all.map((m) => levelOf(m.id)))).toEqual([2, 2, 1, 1, 1, 2, 1]);
    expect(await history(toVip2.id)).toEqual([{ from_level: 1, to_level: 2, reason: 'promotion' }]);
    expect(await history(several.id)).toEqual([{ from_level: 1, to_level: 2, reason: 'promotion' }]);
    expect((await history(regains.id)).map((h) => h.reason)).toEqual(['promotion', 'relegation', 'promotion']);
    // 18 元 and 18 元 of requirement to the two first ones; the level regained paid its bonus before
    const balancesAfter = await Promise.all(all.map((m) => memberBalanceFen(s.db.kysely, m.id)));
    expect(balancesAfter.map((b, i) => b - balancesBefore[i])).toEqual([18_00, 18_00, 0, 0, 0, 0, 0]);
    const reqAfter = await Promise.all(all.map((m) => turnoverReq(m.id)));
    expect(reqAfter.map((r, i) => r - reqBefore[i])).toEqual([18_00, 18_00, 0, 0, 0, 0, 0]);
    expect(await bonusJournals(toVip2.id)).toEqual([{ idem_key: vipBonusKey(toVip2.id, 2) }]);
    expect(await bonusJournals(regains.id)).toEqual([{ idem_key: vipBonusKey(regains.id, 2) }]);
    const bonusMail = { title: '恭喜晋级VIP2', content: fmt(VIP_MSG.levelUpBonusMailContent, { level: 2, amount: '18.00' }) };
    expect(await levelUpMails(toVip2.id)).toEqual([bonusMail]);
    expect(await levelUpMails(several.id)).toEqual([bonusMail]);
    expect(await levelUpMails(regains.id)).toEqual([bonusMail, { title: '恭喜晋级VIP2', content: fmt(VIP_MSG.levelUpMailContent, { level: 2 }) }]);
    expect(await levelUpMails(short.id)).toEqual([]);
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);

    const before = await snapshot();
    const mails = await s.db.kysely.selectFrom('mails').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await promoteBatch(s.db.kysely, all.map((m) => m.id))).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(await s.db.kysely.selectFrom('mails').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(mails);
  });

  it('refuses more members than one batch holds', async () => {
    await expect(promoteBatch(s.db.kysely, Array.from({ length: 501 }, (_, i) => i + 1))).rejects.toThrow('at most 500');
  });

  it('promotes each member once when a deposit approval, the nightly pass and the hooks run at the same time', async () => {
    const others = await Promise.all(Array.from({ length: 6 }, () => member()));
    for (const m of others) await setFigures(m.id, 1_000, 5_000);
    const depositor = await member();
    await deposit(depositor.token, 900);
    await setStanding(s.db.kysely, depositor.id, { flow_fen: 5000 * 100 });
    const r = await s.api('/api/recharge', { paytype: 'alipay', amount: 100 }, { token: depositor.token });
    expect(r.code).toBe(200);
    const pending = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
    const ids = [depositor, ...others].map((m) => m.id);

    await Promise.all([
      approveDeposit(s.db.kysely, pending.id, staffId),
      vipPass(s.db.kysely),
      promoteEligible(s.db.kysely, ids),
      promoteEligible(s.db.kysely, [...ids].reverse()),
      promoteBatch(s.db.kysely, ids),
    ]);

    for (const m of [depositor, ...others]) {
      expect(await levelOf(m.id)).toBe(2);
      expect(await history(m.id)).toEqual([{ from_level: 1, to_level: 2, reason: 'promotion' }]);
      expect(await bonusJournals(m.id)).toHaveLength(1);
      expect(await levelUpMails(m.id)).toHaveLength(1);
    }
    expect(await memberBalanceFen(s.db.kysely, depositor.id)).toBe(1_000_00 + 18_00);
    for (const m of others) expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(18_00);
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  });
});

describe('the nightly pass beside the hooks', () => {
  it('changes the level of members due for relegation and eligible for promotion once, without deadlock, when the pass and promotion batches run at the same time', async () => {
    const ms = await Promise.all(Array.from({ length: 8 }, () => member()));
    const ids = ms.map((m) => m.id);
    // VIP2 for 91 days without turnover (due to lose it), with the figures of VIP3 (eligible for it)
    await sql`UPDATE vip_standings SET level = 2, changed_on = NULL, period_start = now() - interval '91 days', paysum_fen = 5000 * 100, flow_fen = 25000 * 100
      WHERE member_id = ANY(${ids}::bigint[])`.execute(s.db.kysely);

    await Promise.all([vipPass(s.db.kysely), promoteBatch(s.db.kysely, ids), promoteEligible(s.db.kysely, [...ids].reverse()), vipPass(s.db.kysely)]);

    for (const m of ms) {
      const h = await history(m.id);
      expect(h).toHaveLength(1);
      expect(await levelOf(m.id)).toBe(h[0].to_level);
      expect([{ from_level: 2, to_level: 1, reason: 'relegation' }, { from_level: 2, to_level: 3, reason: 'promotion' }]).toContainEqual(h[0]);
    }
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  });
});

describe('POST /api/uservip', () => {
  it('answers the ten tiers without login: money in yuan, rebate rates in percent', async () => {
    const r = await s.api('/api/uservip', {});
    expect(r.code).toBe(200);
    const tiers: VipTier[] = r.data;
    expect(tiers.map((t) => t.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.keys(tiers[0]).sort()).toEqual(['e_sport', 'electron', 'flow', 'joker', 'level', 'lottery', 'name', 'realperson', 'recharge', 'sport'].sort());
    expect(tiers[0]).toMatchObject({ name: 'VIP1', recharge: 0, flow: 0, realperson: 0.4, lottery: 0.4 });
    expect(tiers[1]).toMatchObject({ name: 'VIP2', recharge: 1000, flow: 5000 });
    expect(tiers[9]).toMatchObject({ name: 'VIP10', recharge: 2_000_000, flow: 10_000_000, realperson: 1, electron: 1.2 });
  });
});
