import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityRulesFailure,
  applicationPeriod,
  BET_STATUS,
  describeRules,
  fmt,
  MSG,
  PROMO_LIMITS,
  PROMO_MSG,
  promotionBonusFen,
  rulesFromForm,
  rulesToForm,
  type ActivityRulesForm,
} from '@app/contract';
import { approveDeposit } from '../src/modules/deposits/review.js';
import { applyBets, VenueCategories } from '../src/modules/games/ingest.js';
import { checkLedger, HOUSE, houseBalanceFen, memberBalanceFen } from '../src/modules/ledger/service.js';
import { insertActivity } from '../src/modules/promotions/activities.js';
import { promotionBonusKey } from '../src/modules/promotions/review.js';
import { applyForActivity } from '../src/modules/promotions/service.js';
import { figuresOf } from './figures-support.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * Promotions (spec §7 doactivityapply, activityApplyLog; DESIGN §4, §5, §8): who may
 * apply, how often (Beijing day and week), the refusals in their order, the member's log, the console's
 * review (paid exactly once from house:promotions with its turnover requirement and a mail, or rejected
 * with a reason), auto-approval, the bonus formula, the rules editor and who may use it.
 */
let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
let support: Staff;
let staffId: number;
let typeId: number;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
  staffId = finance.id;
  typeId = (await s.db.kysely.selectFrom('activity_types').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

/** A deposit of `yuan` by alipay, approved by staff; returns its id. */
async function deposit(token: string, yuan: number): Promise<number> {
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token });
  expect(r.code).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  await approveDeposit(s.db.kysely, row.id, staffId);
  return row.id;
}

/** Settled valid bets of `validYuan`, counted by the feed's ingest on the Beijing day of `betAt`. */
async function bets(memberId: number, validYuan: number, betAt = new Date()): Promise<void> {
  const fen = validYuan * 100;
  await applyBets(
    s.db.kysely,
    [{ seq: 0, venue: 'DEMOLIVEA', betId: `PR${randomBytes(8).toString('hex')}`, memberId, game: 'demo_baccarat', gameName: '百家乐', category: 'realbet', stakeFen: fen, validFen: fen, winLossFen: -fen, status: BET_STATUS.settled, detail: '{}', betAt, settledAt: betAt }],
    new VenueCategories(s.db.kysely),
  );
}

const FIXED_8: ActivityRulesForm = {
  eligibility: 'all',
  days: 0,
  min_amount: 0,
  frequency: 'once',
  payout: 'fixed',
  amount: 8,
  percent: 0,
  cap: 0,
  turnover_multiple: 1,
  auto_approve: false,
  ends_at: '',
  stack_with_others: false,
};

/** A new activity with `rules` set through the console (operations), enabled. */
async function activity(rules: Partial<ActivityRulesForm> | null, title = `活动${uniqueName('a')}`): Promise<number> {
  const id = await insertActivity(s.db.kysely, { typeId, banner: '/assets/activities/activity-1.svg', title, content: '<p>x</p>', memo: '<p>y</p>' });
  const r = await adminCall(s, operations.token, 'POST', `/activities/${id}/rules`, { rules: rules === null ? null : { ...FIXED_8, ...rules } });
  expect(r, JSON.stringify(rules)).toMatchObject({ code: 200 });
  return id;
}

const apply = (token: string, activityid: unknown) => s.api('/api/doactivityapply', { activityid }, { token });

async function applicationOf(memberId: number, activityId: number) {
  return s.db.kysely.selectFrom('activity_applications').selectAll().where('member_id', '=', memberId).where('activity_id', '=', activityId).orderBy('id').execute();
}

async function turnoverReqFen(memberId: number): Promise<number> {
  return Number((await figuresOf(s.db.kysely, memberId)).turnover_req_fen);
}

async function mails(memberId: number) {
  return s.db.kysely.selectFrom('mails').select(['title', 'content']).where('member_id', '=', memberId).orderBy('id').execute();
}

/** Beijing wall-clock time → the instant. */
const bj = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`);
const beijingNow = () => new Date(Date.now() + 8 * HOUR_MS).toISOString().replace('T', ' ').slice(0, 19);

describe('the contract: bonus, periods, rules', () => {
  it('pays a fixed amount, or a whole percent of the deposit rounded down to the fen and capped', () => {
    const fixed = rulesFromForm({ ...FIXED_8, amount: 18.8 });
    expect(promotionBonusFen(fixed, null)).toBe(1880);
    const pct = rulesFromForm({ ...FIXED_8, eligibility: 'first_deposit', payout: 'deposit_percent', percent: 10, cap: 388 });
    expect(promotionBonusFen(pct, 333)).toBe(33); // 33.3 fen → 33
    expect(promotionBonusFen(pct, 99_999)).toBe(9_999); // 9,999.9 fen → 9,999
    expect(promotionBonusFen(pct, 1_000_000)).toBe(38_800); // capped at 388 元
    expect(promotionBonusFen(pct, 9)).toBe(0);
    expect(promotionBonusFen(pct, null)).toBe(0);
  });

  it('counts periods in Beijing time: the day turns at 00:00 Beijing, the ISO week on Monday', () => {
    expect(applicationPeriod('once', new Date())).toBe('once');
    expect(applicationPeriod('daily', bj('2026-11-25 23:59:59'))).toBe('2026-11-25');
    expect(applicationPeriod('daily', bj('2026-11-26 00:00:00'))).toBe('2026-11-26');
    expect(applicationPeriod('daily', new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
    expect(applicationPeriod('weekly', bj('2026-11-23 00:00:00'))).toBe('2026-W48'); // Monday
    expect(applicationPeriod('weekly', bj('2026-11-29 23:59:59'))).toBe('2026-W48'); // Sunday
    expect(applicationPeriod('weekly', bj('2026-11-30 00:00:00'))).toBe('2026-W49');
    expect(applicationPeriod('weekly', bj('2027-01-01 12:00:00'))).toBe('2026-W53');
    expect(applicationPeriod('weekly', bj('2027-01-04 00:00:00'))).toBe('2027-W01');
  });

  it('validates rules in the form order with their messages, and keeps them through storage', () => {
    const bad: [Partial<ActivityRulesForm>, string][] = [
      [{ eligibility: 'vip' as never }, PROMO_MSG.ruleEligibility],
      [{ eligibility: 'min_deposit', days: 0, min_amount: 100 }, fmt(PROMO_MSG.ruleDays, { max: PROMO_LIMITS.daysMax })],
      [{ eligibility: 'min_turnover', days: 7, min_amount: 0 }, fmt(PROMO_MSG.ruleMinAmount, { max: PROMO_LIMITS.amountMaxYuan })],
      [{ frequency: 'monthly' as never }, PROMO_MSG.ruleFrequency],
      [{ amount: 0 }, fmt(PROMO_MSG.ruleAmount, { max: PROMO_LIMITS.amountMaxYuan })],
      [{ amount: 1.234 }, fmt(PROMO_MSG.ruleAmount, { max: PROMO_LIMITS.amountMaxYuan })],
      [{ payout: 'deposit_percent', percent: 10, cap: 10 }, PROMO_MSG.rulePercentNeedsDeposit],
      [{ eligibility: 'first_deposit', payout: 'deposit_percent', percent: 0, cap: 10 }, fmt(PROMO_MSG.rulePercent, { max: PROMO_LIMITS.percentMax })],
      [{ eligibility: 'first_deposit', payout: 'deposit_percent', percent: 10, cap: 0 }, fmt(PROMO_MSG.ruleCap, { max: PROMO_LIMITS.amountMaxYuan })],
      [{ turnover_multiple: 0 }, fmt(PROMO_MSG.ruleMultiple, { max: PROMO_LIMITS.multipleMax })],
      [{ ends_at: '2026-13-01 00:00:00' }, PROMO_MSG.ruleEndsAt],
    ];
    for (const [patch, message] of bad) expect(activityRulesFailure({ ...FIXED_8, ...patch }), JSON.stringify(patch)).toBe(message);
    const form: ActivityRulesForm = { ...FIXED_8, eligibility: 'min_deposit', days: 7, min_amount: 1000.5, payout: 'deposit_percent', amount: 0, percent: 15, cap: 1888, turnover_multiple: 8, auto_approve: true, ends_at: '2027-01-01 00:00:00' };
    expect(activityRulesFailure(form)).toBeNull();
    const stored = rulesFromForm(form);
    expect(stored).toMatchObject({ min_fen: 100_050, cap_fen: 188_800, amount_fen: 0, percent: 15 });
    expect(rulesToForm(stored)).toEqual(form);
  });
});

describe('POST /api/doactivityapply: who may apply', () => {
  it('first_deposit: refused without an approved deposit; with one, the application waits for review', async () => {
    const m = await member();
    const id = await activity({ eligibility: 'first_deposit', payout: 'deposit_percent', percent: 100, cap: 888, turnover_multiple: 10 });
    expect(await apply(m.token, id)).toMatchObject({ code: 400, message: PROMO_MSG.firstDepositOnly });
    // a pending (unapproved) deposit does not count
    expect((await s.api('/api/recharge', { paytype: 'alipay', amount: 300 }, { token: m.token })).code).toBe(200);
    expect(await apply(m.token, id)).toMatchObject({ code: 400, message: PROMO_MSG.firstDepositOnly });
    const first = await deposit(m.token, 500);
    await deposit(m.token, 2000);
    const r = await apply(m.token, id);
    expect(r).toMatchObject({ code: 200, message: PROMO_MSG.submitted, data: { state: 0, state_text: '审核中', bonus: 0 } });
    // the percent is of the first deposit (500), not the later 2,000 (which would hit the cap)
    expect(await applicationOf(m.id, id)).toMatchObject([{ state: 0, period: 'once', deposit_id: first }]);
    const queue = await adminCall(s, finance.token, 'GET', `/activity-applications?state=0&activity_id=${id}`);
    expect(queue.data.data).toMatchObject([{ username: m.name, bonus: 500, turnover: 5000, deposit_amount: 500, state_text: '审核中' }]);
  });

  it('min_deposit: approved deposits within the last N Beijing days, with the message saying what is missing', async () => {
    const m = await member();
    const id = await activity({ eligibility: 'min_deposit', days: 7, min_amount: 1000 });
    const old = await deposit(m.token, 900);
    // approved 8 days ago: outside the 7-day window
    await s.db.kysely.updateTable('deposits').set({ reviewed_at: new Date(Date.now() - 8 * DAY_MS) }).where('id', '=', old).execute();
    await deposit(m.token, 600);
    expect(await apply(m.token, id)).toMatchObject({ code: 400, message: '近7天累计存款需达到1,000元' });
    await deposit(m.token, 400);
    expect(await apply(m.token, id)).toMatchObject({ code: 200, message: PROMO_MSG.submitted });
    const today = await activity({ eligibility: 'min_deposit', days: 1, min_amount: 5000 });
    expect(await apply(m.token, today)).toMatchObject({ code: 400, message: '今日累计存款需达到5,000元' });
  });

  it('min_turnover: valid bets of the last N Beijing days (today included), not older', async () => {
    const m = await member();
    const id = await activity({ eligibility: 'min_turnover', days: 3, min_amount: 5000 });
    await bets(m.id, 4000);
    await bets(m.id, 3000, new Date(Date.now() - 3 * DAY_MS)); // the 4th Beijing day back at the earliest: not counted
    expect(await apply(m.token, id)).toMatchObject({ code: 400, message: '近3天有效投注需达到5,000元' });
    await bets(m.id, 1000, new Date(Date.now() - 2 * DAY_MS)); // within the window
    expect(await apply(m.token, id)).toMatchObject({ code: 200, message: PROMO_MSG.submitted });
    const today = await activity({ eligibility: 'min_turnover', days: 1, min_amount: 100000 });
    expect(await apply(m.token, today)).toMatchObject({ code: 400, message: '今日有效投注需达到100,000元' });
  });

  it('all: anyone signed in; without a session 401', async () => {
    const id = await activity({});
    expect(await s.api('/api/doactivityapply', { activityid: id })).toMatchObject({ code: 401 });
    const m = await member();
    expect(await apply(m.token, id)).toMatchObject({ code: 200, message: PROMO_MSG.submitted });
    expect(await apply(m.token, 'abc')).toMatchObject({ code: 400 });
  });
});

describe('POST /api/doactivityapply: refusals in order', () => {
  it('a missing or disabled activity: 活动不存在或已下架; one without rules: no application', async () => {
    const m = await member();
    expect(await apply(m.token, 987654)).toMatchObject({ code: 404, message: PROMO_MSG.missing });
    const off = await activity({});
    await s.db.kysely.updateTable('activities').set({ enabled: false }).where('id', '=', off).execute();
    expect(await apply(m.token, off)).toMatchObject({ code: 404, message: PROMO_MSG.missing });
    const vip = await s.db.kysely.selectFrom('activities').select('id').where('title', 'like', 'VIP晋级礼金%').executeTakeFirstOrThrow();
    expect(await apply(m.token, vip.id)).toMatchObject({ code: 400, message: PROMO_MSG.noApplication });
    expect(await applicationOf(m.id, off)).toEqual([]);
  });

  it('an ended activity: 活动已结束, before the trial account and eligibility checks', async () => {
    const ended = await activity({ eligibility: 'first_deposit', ends_at: '2020-01-01 00:00:00' });
    const m = await member();
    expect(await apply(m.token, ended)).toMatchObject({ code: 400, message: PROMO_MSG.ended });
    const guest = (await s.api('/api/guestlogin')).data.api_token as string;
    expect(await apply(guest, ended)).toMatchObject({ code: 400, message: PROMO_MSG.ended });
    const future = await activity({ ends_at: '2099-01-01 00:00:00' });
    expect(await apply(m.token, future)).toMatchObject({ code: 200 });
  });

  it('the trial account: 试玩账号不支持此操作', async () => {
    const guest = (await s.api('/api/guestlogin')).data.api_token as string;
    const id = await activity({});
    expect(await apply(guest, id)).toMatchObject({ code: 403, message: MSG.trialRefused });
    expect(await s.db.kysely.selectFrom('activity_applications').select('id').where('activity_id', '=', id).execute()).toEqual([]);
  });
});

describe('how often', () => {
  it('once: a second application is refused, double submission makes one row, and a rejection stays final', async () => {
    const m = await member();
    const id = await activity({});
    const many = await Promise.all(Array.from({ length: 10 }, () => apply(m.token, id)));
    expect(many.filter((r) => r.code === 200)).toHaveLength(1);
    for (const r of many.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 409, message: PROMO_MSG.appliedOnce });
    const [row] = await applicationOf(m.id, id);
    await adminCall(s, finance.token, 'POST', `/activity-applications/${row.id}/reject`, { reason: '重复账户' });
    expect(await apply(m.token, id)).toMatchObject({ code: 409, message: PROMO_MSG.appliedOnce });
    expect(await applicationOf(m.id, id)).toHaveLength(1);
  });

  it('daily: once per Beijing day, again from 00:00 Beijing', async () => {
    const m = await member();
    const id = await activity({ frequency: 'daily' });
    const who = { id: m.id, isTrial: false };
    expect((await applyForActivity(s.db.kysely, who, id, bj('2026-12-01 23:59:58'))).message).toBe(PROMO_MSG.submitted);
    await expect(applyForActivity(s.db.kysely, who, id, bj('2026-12-01 23:59:59'))).rejects.toMatchObject({ code: 409, message: PROMO_MSG.appliedToday });
    expect((await applyForActivity(s.db.kysely, who, id, bj('2026-12-02 00:00:00'))).message).toBe(PROMO_MSG.submitted);
    expect((await applicationOf(m.id, id)).map((r) => r.period)).toEqual(['2026-12-01', '2026-12-02']);
  });

  it('weekly: once per Beijing week, Monday to Sunday', async () => {
    const m = await member();
    const id = await activity({ frequency: 'weekly' });
    const who = { id: m.id, isTrial: false };
    await applyForActivity(s.db.kysely, who, id, bj('2026-11-23 00:00:00')); // Monday
    await expect(applyForActivity(s.db.kysely, who, id, bj('2026-11-29 23:59:59'))).rejects.toMatchObject({ code: 409, message: PROMO_MSG.appliedThisWeek });
    await applyForActivity(s.db.kysely, who, id, bj('2026-11-30 00:00:00'));
    expect((await applicationOf(m.id, id)).map((r) => r.period)).toEqual(['2026-W48', '2026-W49']);
  });

  it('a deposit backs one application of a percent activity: the next day asks for a new deposit', async () => {
    const m = await member();
    const id = await activity({ eligibility: 'min_deposit', days: 7, min_amount: 100, frequency: 'daily', payout: 'deposit_percent', percent: 10, cap: 388 });
    await deposit(m.token, 200);
    const who = { id: m.id, isTrial: false };
    const now = new Date();
    await applyForActivity(s.db.kysely, who, id, now);
    await expect(applyForActivity(s.db.kysely, who, id, new Date(now.getTime() + DAY_MS))).rejects.toMatchObject({ message: PROMO_MSG.depositUsed });
  });
});

describe('one deposit, several deposit bonuses (stacking, set per activity)', () => {
  const FIRST_100 = { eligibility: 'first_deposit', payout: 'deposit_percent', percent: 100, cap: 888, turnover_multiple: 10 } as const;
  const DAILY_10 = { eligibility: 'min_deposit', days: 1, min_amount: 100, frequency: 'daily', payout: 'deposit_percent', percent: 10, cap: 388 } as const;

  it('refuses a second activity’s bonus on a deposit that backs one already, naming it, by default', async () => {
    const m = await member();
    const first = await activity(FIRST_100, `首存${uniqueName('s')}`);
    const daily = await activity(DAILY_10);
    await deposit(m.token, 200);
    expect((await apply(m.token, first)).code).toBe(200);
    const title = (await s.db.kysely.selectFrom('activities').select('title').where('id', '=', first).executeTakeFirstOrThrow()).title;
    expect(await apply(m.token, daily)).toMatchObject({ code: 400, message: fmt(PROMO_MSG.depositBacksOther, { title }) });
    expect(await applicationOf(m.id, daily)).toEqual([]);
    // A new deposit backs the daily bonus.
    await deposit(m.token, 150);
    expect((await apply(m.token, daily)).code).toBe(200);
  });

  it('lets the deposit back the other activity again once the first application was rejected', async () => {
    const m = await member();
    const first = await activity(FIRST_100);
    const daily = await activity(DAILY_10);
    await deposit(m.token, 200);
    expect((await apply(m.token, first)).code).toBe(200);
    const [app] = await applicationOf(m.id, first);
    expect((await adminCall(s, finance.token, 'POST', `/activity-applications/${app!.id}/reject`, { reason: '重复申请', mail: false })).code).toBe(200);
    expect((await apply(m.token, daily)).code).toBe(200);
  });

  it('pays both when both activities allow stacking, and only then', async () => {
    const m = await member();
    const first = await activity({ ...FIRST_100, stack_with_others: true });
    const daily = await activity({ ...DAILY_10, stack_with_others: true });
    const lone = await activity(DAILY_10);
    await deposit(m.token, 200);
    expect((await apply(m.token, first)).code).toBe(200);
    expect((await apply(m.token, daily)).code).toBe(200);
    expect((await apply(m.token, lone)).code).toBe(400);
    expect((await s.db.kysely.selectFrom('activities').select('rules').where('id', '=', first).executeTakeFirstOrThrow()).rules).toMatchObject({ stack_with_others: true });
  });

  it('lets one of two concurrent applications on the same deposit through', async () => {
    const m = await member();
    const a = await activity({ ...FIRST_100, auto_approve: true });
    const b = await activity({ ...DAILY_10, auto_approve: true });
    await deposit(m.token, 500);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    const results = await Promise.all([apply(m.token, a), apply(m.token, b)]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    const paid = results.find((r) => r.code === 200)!;
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balance + Math.round(paid.data.bonus * 100));
  });

  it('shows the choice in the rules’ summary, and refuses a value that is not a yes or no', async () => {
    const r = await adminCall(s, operations.token, 'POST', `/activities/${await activity(null)}/rules`, { rules: { ...FIXED_8, ...DAILY_10, stack_with_others: 'yes' } });
    expect(r.code).toBe(400);
    expect(describeRules(rulesFromForm({ ...FIXED_8, ...DAILY_10 }))).toContain('不与其他存款优惠同享');
    expect(describeRules(rulesFromForm({ ...FIXED_8, ...DAILY_10, stack_with_others: true }))).toContain('可与其他存款优惠同享');
  });
});

describe('POST /api/activityApplyLog', () => {
  it('pages the caller’s own applications, newest first, with activity_name, Beijing created_at and state', async () => {
    const m = await member();
    const other = await member();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await activity({}, `记录活动${i}`);
      ids.push(id);
      expect((await apply(m.token, id)).code).toBe(200);
    }
    expect((await apply(other.token, ids[0])).code).toBe(200);
    const p1 = await s.api('/api/activityApplyLog', { page: 1 }, { token: m.token });
    expect(p1).toMatchObject({ code: 200, data: { total: 12, last_page: 2, current_page: 1, per_page: PROMO_LIMITS.logPageSize } });
    expect(p1.data.data).toHaveLength(10);
    expect(p1.data.data[0]).toMatchObject({ activity_id: ids[11], activity_name: '记录活动11', state: 0, state_text: '审核中', bonus: 0, reason: '' });
    expect(p1.data.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const p2 = await s.api('/api/activityApplyLog', { page: 2 }, { token: m.token });
    expect(p2.data.data.map((r: { activity_name: string }) => r.activity_name)).toEqual(['记录活动1', '记录活动0']);
    const mine = await s.api('/api/activityApplyLog', {}, { token: other.token });
    expect(mine.data).toMatchObject({ total: 1, last_page: 1 });
    expect(mine.data.data).toMatchObject([{ activity_name: '记录活动0' }]);
    expect(await s.api('/api/activityApplyLog', { page: 1 })).toMatchObject({ code: 401 });
    const empty = await member();
    expect((await s.api('/api/activityApplyLog', {}, { token: empty.token })).data).toMatchObject({ data: [], total: 0, last_page: 1 });
  });
});

describe('review in the console', () => {
  it('approve pays exactly once under 20 concurrent calls: one journal from house:promotions, turnover, mail, audit', async () => {
    const m = await member();
    const id = await activity({ eligibility: 'first_deposit', payout: 'deposit_percent', percent: 100, cap: 888, turnover_multiple: 10 });
    await deposit(m.token, 333.33);
    expect((await apply(m.token, id)).code).toBe(200);
    const [app] = await applicationOf(m.id, id);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    const req = await turnoverReqFen(m.id);
    const mailsBefore = (await mails(m.id)).length;
    const results = await Promise.all(Array.from({ length: 20 }, () => adminCall(s, finance.token, 'POST', `/activity-applications/${app.id}/approve`)));
    const okOnes = results.filter((r) => r.code === 200);
    expect(okOnes).toHaveLength(1);
    expect(okOnes[0]).toMatchObject({ message: PROMO_MSG.approved, data: { state: 1, state_text: '已通过', bonus: 333.33, turnover: 3333.3, reviewer: finance.username } });
    for (const r of results.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balance + 33_333);
    expect(await turnoverReqFen(m.id)).toBe(req + 333_330);
    const journals = await s.db.kysely.selectFrom('ledger_journals').select(['id', 'kind']).where('idem_key', '=', promotionBonusKey(app.id)).execute();
    expect(journals).toMatchObject([{ kind: 'promotion_bonus' }]);
    // a house account's entry is on one of its sub-accounts (house names the account it belongs to)
    const house = await s.db.kysely
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select((eb) => [eb.fn.coalesce('a.house', 'a.code').as('code'), 'e.amount_fen'])
      .where('e.journal_id', '=', journals[0].id)
      .orderBy('e.amount_fen')
      .execute();
    expect(house.map((e) => [e.code, Number(e.amount_fen)])).toEqual([
      [HOUSE.promotions, -33_333],
      [`member:${m.id}:wallet`, 33_333],
    ]);
    const after = await mails(m.id);
    expect(after).toHaveLength(mailsBefore + 1);
    expect(after.at(-1)).toMatchObject({ title: PROMO_MSG.approvedMailTitle });
    expect(after.at(-1)!.content).toContain('333.33元');
    expect(await auditRows(s, 'activity.approve', `activity_application:${app.id}`)).toMatchObject([{ before: { state: 0 }, after: { state: 1, bonus: 333.33 } }]);
    const log = await s.api('/api/activityApplyLog', {}, { token: m.token });
    expect(log.data.data[0]).toMatchObject({ state: 1, state_text: '已通过', bonus: 333.33 });
    // rejecting an approved application changes nothing either
    expect(await adminCall(s, finance.token, 'POST', `/activity-applications/${app.id}/reject`, { reason: 'x' })).toMatchObject({ code: 409, message: MSG.conflict });
  });

  it('reject needs a reason, moves no money, tells the member (mail optional) and is final', async () => {
    const m = await member();
    const id = await activity({ amount: 50 });
    expect((await apply(m.token, id)).code).toBe(200);
    const [app] = await applicationOf(m.id, id);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    const path = `/activity-applications/${app.id}/reject`;
    expect(await adminCall(s, finance.token, 'POST', path, { reason: '  ' })).toMatchObject({ code: 400, message: fmt(PROMO_MSG.rejectReason, { max: 200 }) });
    expect(await adminCall(s, finance.token, 'POST', path, { reason: 'x'.repeat(201) })).toMatchObject({ code: 400 });
    const mailsBefore = (await mails(m.id)).length;
    const r = await adminCall(s, finance.token, 'POST', path, { reason: '同IP多账户申请' });
    expect(r).toMatchObject({ code: 200, message: PROMO_MSG.rejected, data: { state: 2, state_text: '已拒绝', reason: '同IP多账户申请', bonus: 0 } });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balance);
    expect((await mails(m.id)).slice(mailsBefore)).toMatchObject([{ title: PROMO_MSG.rejectedMailTitle, content: expect.stringContaining('同IP多账户申请') }]);
    expect(await adminCall(s, finance.token, 'POST', path, { reason: 'again' })).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await adminCall(s, finance.token, 'POST', `/activity-applications/${app.id}/approve`)).toMatchObject({ code: 409 });
    expect((await s.api('/api/activityApplyLog', {}, { token: m.token })).data.data[0]).toMatchObject({ state: 2, state_text: '已拒绝', reason: '同IP多账户申请' });
    expect(await auditRows(s, 'activity.reject', `activity_application:${app.id}`)).toHaveLength(1);
    expect(await s.db.kysely.selectFrom('ledger_journals').select('id').where('idem_key', '=', promotionBonusKey(app.id)).execute()).toEqual([]);

    const quiet = await member();
    expect((await apply(quiet.token, id)).code).toBe(200);
    const [q] = await applicationOf(quiet.id, id);
    const before = (await mails(quiet.id)).length;
    expect((await adminCall(s, finance.token, 'POST', `/activity-applications/${q.id}/reject`, { reason: '不符合', mail: false })).code).toBe(200);
    expect(await mails(quiet.id)).toHaveLength(before);
  });

  it('refuses to approve a bonus of 0 (a percent rule with no qualifying deposit) and pays nothing', async () => {
    const m = await member();
    const id = await activity({ amount: 5 });
    expect((await apply(m.token, id)).code).toBe(200);
    // the rules change to a percent of a deposit after the application, which recorded none
    expect((await adminCall(s, operations.token, 'POST', `/activities/${id}/rules`, { rules: { ...FIXED_8, eligibility: 'first_deposit', payout: 'deposit_percent', percent: 50, cap: 100 } })).code).toBe(200);
    const [app] = await applicationOf(m.id, id);
    const queue = await adminCall(s, finance.token, 'GET', `/activity-applications?activity_id=${id}`);
    expect(queue.data.data).toMatchObject([{ id: app.id, bonus: 0, deposit_id: null }]);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    expect(await adminCall(s, finance.token, 'POST', `/activity-applications/${app.id}/approve`)).toMatchObject({ code: 400, message: PROMO_MSG.approveZero });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balance);
    expect(await applicationOf(m.id, id)).toMatchObject([{ state: 0, journal_id: null }]);
    expect(await auditRows(s, 'activity.approve', `activity_application:${app.id}`)).toEqual([]);
  });

  it('auto-approve pays at once in the application: the message says so, and only once a day', async () => {
    const m = await member();
    const id = await activity({ eligibility: 'min_turnover', days: 1, min_amount: 1000, frequency: 'daily', amount: 8, turnover_multiple: 2, auto_approve: true });
    await bets(m.id, 1000);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    const req = await turnoverReqFen(m.id);
    const rs = await Promise.all(Array.from({ length: 5 }, () => apply(m.token, id)));
    const paid = rs.filter((r) => r.code === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ message: fmt(PROMO_MSG.paid, { amount: '8.00' }), data: { state: 1, state_text: '已通过', bonus: 8 } });
    for (const r of rs.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 409, message: PROMO_MSG.appliedToday });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balance + 800);
    expect(await turnoverReqFen(m.id)).toBe(req + 1600);
    expect(await applicationOf(m.id, id)).toMatchObject([{ state: 1, bonus_fen: 800, turnover_fen: 1600, reviewed_by: null }]);
    expect((await s.api('/api/activityApplyLog', {}, { token: m.token })).data.data[0]).toMatchObject({ state: 1, bonus: 8 });
  });

  it('a seeded promotion end to end: 新会员首存100%彩金 applied for after a first deposit, approved by finance, paid', async () => {
    const m = await member();
    const seeded = await s.db.kysely.selectFrom('activities').select(['id', 'rules']).where('title', '=', '新会员首存100%彩金').executeTakeFirstOrThrow();
    expect(seeded.rules).toMatchObject({ eligibility: 'first_deposit', frequency: 'once', payout: 'deposit_percent', percent: 100, cap_fen: 88_800, turnover_multiple: 10 });
    expect(await apply(m.token, seeded.id)).toMatchObject({ code: 400, message: PROMO_MSG.firstDepositOnly });
    await deposit(m.token, 200);
    expect(await apply(m.token, seeded.id)).toMatchObject({ code: 200, message: PROMO_MSG.submitted });
    const [app] = await applicationOf(m.id, seeded.id);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    expect((await adminCall(s, finance.token, 'POST', `/activity-applications/${app.id}/approve`)).code).toBe(200);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balance + 20_000);
  });
});

describe('the console: queue, rules, permissions', () => {
  it('filters the queue by state, activity and member keyword; pending oldest first', async () => {
    const id = await activity({});
    const a = await member();
    const b = await member();
    await apply(a.token, id);
    await apply(b.token, id);
    const all = await adminCall(s, support.token, 'GET', `/activity-applications?activity_id=${id}&state=0`);
    expect(all).toMatchObject({ code: 200, data: { total: 2 } });
    expect(all.data.data.map((r: { username: string }) => r.username)).toEqual([a.name, b.name]);
    const byName = await adminCall(s, support.token, 'GET', `/activity-applications?keyword=${b.name}`);
    expect(byName.data.data.map((r: { username: string }) => r.username)).toEqual([b.name]);
    expect((await adminCall(s, support.token, 'GET', `/activity-applications?activity_id=${id}&state=1`)).data.total).toBe(0);
  });

  it('lists activities with rules; saving rules is validated and audited before/after', async () => {
    const id = await activity({ amount: 18 });
    const list = await adminCall(s, support.token, 'GET', '/activities');
    expect(list.code).toBe(200);
    const row = list.data.find((x: { id: number }) => x.id === id);
    expect(row).toMatchObject({ rules: { eligibility: 'all', amount: 18 }, rules_text: '所有会员 · 每人限一次 · 彩金18元 · 1倍流水 · 人工审核', pending: 0 });
    expect(list.data.find((x: { title: string }) => x.title.startsWith('天天红包雨'))).toMatchObject({ rules: null, rules_text: '' });
    const path = `/activities/${id}/rules`;
    expect(await adminCall(s, operations.token, 'POST', path, { rules: { ...FIXED_8, payout: 'deposit_percent', percent: 10, cap: 10 } })).toMatchObject({ code: 400, message: PROMO_MSG.rulePercentNeedsDeposit });
    expect(await adminCall(s, operations.token, 'POST', '/activities/987654/rules', { rules: FIXED_8 })).toMatchObject({ code: 404 });
    const r = await adminCall(s, operations.token, 'POST', path, { rules: { ...FIXED_8, frequency: 'weekly', amount: 28 } });
    expect(r).toMatchObject({ code: 200, message: PROMO_MSG.rulesSaved, data: { rules: { frequency: 'weekly', amount: 28 } } });
    const audits = await auditRows(s, 'activity.update', `activity:${id}`);
    expect(audits.at(-1)).toMatchObject({ before: { rules: { amount: 18, frequency: 'once' } }, after: { rules: { amount: 28, frequency: 'weekly' } } });
    expect(await adminCall(s, operations.token, 'POST', path, { rules: null })).toMatchObject({ code: 200, message: PROMO_MSG.rulesCleared, data: { rules: null } });
    const m = await member();
    expect(await apply(m.token, id)).toMatchObject({ code: 400, message: PROMO_MSG.noApplication });
  });

  it('support reads but cannot review or set rules; operations sets rules but pays nothing; finance reviews', async () => {
    const m = await member();
    const id = await activity({});
    await apply(m.token, id);
    const [app] = await applicationOf(m.id, id);
    for (const who of [support, operations]) {
      expect(await adminCall(s, who.token, 'POST', `/activity-applications/${app.id}/approve`)).toMatchObject({ code: 403, message: MSG.forbidden });
      expect(await adminCall(s, who.token, 'POST', `/activity-applications/${app.id}/reject`, { reason: 'x' })).toMatchObject({ code: 403 });
    }
    expect(await adminCall(s, support.token, 'POST', `/activities/${id}/rules`, { rules: FIXED_8 })).toMatchObject({ code: 403 });
    expect(await adminCall(s, finance.token, 'POST', `/activities/${id}/rules`, { rules: FIXED_8 })).toMatchObject({ code: 403 });
    expect(await applicationOf(m.id, id)).toMatchObject([{ state: 0 }]);
    expect((await adminCall(s, finance.token, 'POST', `/activity-applications/${app.id}/approve`)).code).toBe(200);
  });
});

describe('the seeded promotions', () => {
  it('promise what is paid: rules on the applyable ones, the VIP bonuses of the tiers, the red-packet window', async () => {
    // the seed's eight, created before any of this file's
    const seeded = await s.db.kysely.selectFrom('activities').select(['title', 'content', 'memo', 'rules']).orderBy('id').limit(8).execute();
    expect(seeded).toHaveLength(8);
    const withRules = seeded.filter((r) => r.rules !== null);
    expect(withRules).toHaveLength(6);
    for (const r of withRules) expect(activityRulesFailure(rulesToForm(r.rules as never)), r.title).toBeNull();
    const sprint = withRules.find((r) => r.title.startsWith('限时冲刺'))!;
    expect((sprint.rules as { ends_at: string }).ends_at > beijingNow()).toBe(true);
    expect(sprint.memo).toContain((sprint.rules as { ends_at: string }).ends_at);
    const vip = seeded.find((r) => r.title.startsWith('VIP晋级礼金'))!;
    expect(vip.rules).toBeNull();
    const tiers = await s.db.kysely.selectFrom('vip_tiers').select(['level', 'levelup_bonus_fen']).where('levelup_bonus_fen', '>', 0).orderBy('level').execute();
    for (const t of tiers) expect(vip.memo).toContain(`VIP${t.level} ${(Number(t.levelup_bonus_fen) / 100).toLocaleString('en-US')}元`);
    const top = Math.max(...tiers.map((t) => Number(t.levelup_bonus_fen) / 100));
    expect(vip.title).toBe(`VIP晋级礼金 单级最高${top.toLocaleString('en-US')}元`);
    const rp = seeded.find((r) => r.title.startsWith('天天红包雨'))!;
    expect(rp.rules).toBeNull();
    expect(rp.memo).toContain('每日10:00~12:00（北京时间）');
    expect(rp.memo).toContain('前一日12:00至当日10:00');
    for (const text of seeded.map((r) => r.title + r.content + r.memo)) expect(text).not.toMatch(/签到|竞猜|救援|连赢|88,888|每个IP/);
  });
});

describe('POST /api/firstDepositOffer', () => {
  it('nudges a member without a deposit towards the running first-deposit promotion, until their first deposit is approved', async () => {
    const m = await member();
    const seeded = await s.db.kysely.selectFrom('activities').select(['id', 'title']).where('title', '=', '新会员首存100%彩金').executeTakeFirstOrThrow();
    // this file's own first-deposit activities stand aside: the seeded one is the offer
    const others = await s.db.kysely.selectFrom('activities').select('id').where('enabled', '=', true).where('id', '!=', seeded.id).where(sql<boolean>`rules->>'eligibility' = 'first_deposit'`).execute();
    if (others.length > 0) await s.db.kysely.updateTable('activities').set({ enabled: false }).where('id', 'in', others.map((r) => r.id)).execute();
    try {
      expect(await s.api('/api/firstDepositOffer', {}, { token: m.token })).toMatchObject({ code: 200, data: { activity: { id: seeded.id, title: seeded.title } } });
      // a pending deposit is no deposit yet
      const r = await s.api('/api/recharge', { paytype: 'alipay', amount: 100 }, { token: m.token });
      expect(r.code).toBe(200);
      expect((await s.api('/api/firstDepositOffer', {}, { token: m.token })).data).not.toBeNull();
      await deposit(m.token, 100);
      expect(await s.api('/api/firstDepositOffer', {}, { token: m.token })).toMatchObject({ code: 200, data: null });
    } finally {
      if (others.length > 0) await s.db.kysely.updateTable('activities').set({ enabled: true }).where('id', 'in', others.map((r) => r.id)).execute();
    }
  });

  it('still nudges, with no activity, when no first-deposit promotion runs; never the trial account; needs a member', async () => {
    const m = await member();
    const running = await s.db.kysely.selectFrom('activities').select('id').where('enabled', '=', true).where(sql<boolean>`rules->>'eligibility' = 'first_deposit'`).execute();
    await s.db.kysely.updateTable('activities').set({ enabled: false }).where('id', 'in', running.map((r) => r.id)).execute();
    try {
      expect((await s.api('/api/firstDepositOffer', {}, { token: m.token })).data).toEqual({ activity: null });
      // one that has ended is no offer either
      const ended = await activity({ eligibility: 'first_deposit', payout: 'deposit_percent', percent: 50, cap: 100, ends_at: '2020-01-01 00:00:00' });
      expect((await s.api('/api/firstDepositOffer', {}, { token: m.token })).data).toEqual({ activity: null });
      await s.db.kysely.updateTable('activities').set({ enabled: false }).where('id', '=', ended).execute();
    } finally {
      await s.db.kysely.updateTable('activities').set({ enabled: true }).where('id', 'in', running.map((r) => r.id)).execute();
    }
    const guest = await s.api('/api/guestlogin', {});
    expect((await s.api('/api/firstDepositOffer', {}, { token: guest.data.api_token })).data).toBeNull();
    expect((await s.api('/api/firstDepositOffer', {})).code).toBe(401);
  });
});

describe('the books', () => {
  it('balance: house:promotions paid exactly the approved bonuses, and the ledger check passes', async () => {
    const paid = await sql<{ fen: string }>`SELECT COALESCE(sum(bonus_fen), 0) AS fen FROM activity_applications WHERE state = 1`.execute(s.db.kysely);
    expect(await houseBalanceFen(s.db.kysely, HOUSE.promotions)).toBe(-Number(paid.rows[0].fen));
    expect(Number(paid.rows[0].fen)).toBeGreaterThan(0);
    const check = await checkLedger(s.db.kysely);
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
