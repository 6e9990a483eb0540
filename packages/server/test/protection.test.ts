import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  blockedText,
  BLOCK_KIND_LABEL,
  fmt,
  MSG,
  nearLimitText,
  overHeadroomText,
  overLimitText,
  PROTECTION_MSG,
  type LimitKind,
  type LimitPeriod,
  type ProtectionState,
} from '@app/contract';
import { attachServer, CAPTCHA_BYPASS, fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, uniqueName, venueCall, venueSession, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { centralFen, into, venueFen } from './transfer-helpers.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { nextRound, roundAt } from '../src/modules/lottery/engine/index.js';
import { ingestBets } from '../src/modules/games/feed.js';

/**
 * 安全与健康 over HTTP: the member's limits with the 24-hour cooling-off, the 80 % warnings
 * and the refusal at 100 % on every path money takes into play, time-outs and exclusions (withdrawals
 * and login still work), the reality check, the console (stricter only), the 18+ confirmation and the
 * trial account.
 */

const K3 = { intervalS: 60, ftimeS: 10 };
let s: TestServer;
let nowMs = 0;
let k3Room: number;
let support: Staff;
let operations: Staff;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  s.app.lottery.now = () => nowMs;
  await openRound();
  k3Room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  const admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  support = await newStaff(s, admin, 'support');
  operations = await newStaff(s, admin, 'operations');
});
afterAll(() => s.close());

/** Moves the lottery's clock 5 s into a fresh 快三 round and runs the scheduler there; answers its expect. */
async function openRound(): Promise<string> {
  const next = nextRound(K3, roundAt(K3, Math.max(Date.now(), nowMs)));
  nowMs = next.opensAtMs + 5000;
  await lotteryPass(s.db.kysely, nowMs);
  return roundAt(K3, nowMs).expect;
}

interface Member {
  id: number;
  name: string;
  password: string;
  token: string;
}

async function member(yuan = 0): Promise<Member> {
  const m = await registerMember(s);
  const id = await memberIdOf(s, m.token);
  if (yuan > 0) await fund(s, id, yuan);
  return { id, name: m.name, password: m.password, token: m.token };
}

const call = <T = any>(m: { token: string }, path: string, body: unknown = {}) => s.api<T>(`/api${path}`, body, { token: m.token });
const setLimit = (m: Member, kind: LimitKind, period: LimitPeriod, limit: number | string) => call<{ outcome: string; state: ProtectionState }>(m, '/protection/limit', { kind, period, limit });
const state = async (m: Member) => (await call<ProtectionState>(m, '/protection')).data;
const limitOf = async (m: Member, kind: LimitKind, period: LimitPeriod) => (await state(m)).limits.find((l) => l.kind === kind && l.period === period);

/** Beijing 'YYYY-MM-DD HH:mm' of `ms`. */
const bj = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);
/** The next Beijing midnight, as the refusals name it. */
function tomorrowBj(): string {
  const local = new Date(Date.now() + 8 * 3_600_000);
  local.setUTCHours(24, 0, 0, 0);
  return local.toISOString().slice(0, 10) + ' 00:00';
}
const overDay = (kind: LimitKind, limit: number, used: number) => ({ code: 403, message: overLimitText({ kind, period: 'day', limit, used, resets_at: tomorrowBj() }) });

const deposit = (m: Member, amount: number) =>
  call(m, '/recharge', { paytype: 'bank', amount, bank_owner: '张三', bank: '中国工商银行', bank_no: '6222021234567890', bank_address: '北京分行' });
const lotteryOrder = async (m: Member, yuan: number) => call(m, '/lotteryOrder', { room_id: k3Room, expect: await openRound(), order: [{ id: 'k3_big', total: yuan }] });
const launch = (m: Member) => call(m, '/getGameUrl', { plat_name: 'DEMOLIVEA', game_type: 0, game_code: 'demolivea_realbet', is_mobile_url: 1 });
const promotion = async (m: Member) => call(m, '/doactivityapply', { activityid: (await s.db.kysely.selectFrom('activities').select('id').orderBy('id').executeTakeFirstOrThrow()).id });
const redPacket = (m: Member) => call(m, '/douserredpacket');
const welfare = (m: Member) => call(m, '/dofanshui');

/** A settled venue bet of the member now, as the bet feed stores it (win_loss from the member's side). */
async function venueBet(m: Member, stakeYuan: number, winLossYuan: number) {
  await s.db.kysely
    .insertInto('bet_records')
    .values({ venue: 'DEMOLIVEA', bet_id: `pt${randomBytes(6).toString('hex')}`, member_id: m.id, game_code: 'demo_baccarat', game_name: '百家乐', category: 'realbet', bet_fen: stakeYuan * 100, valid_fen: stakeYuan * 100, win_loss_fen: winLossYuan * 100, status: 1, bet_at: new Date(), settled_at: new Date() })
    .execute();
}

/** Moves the member's login session back by `minutes` (its clock starts at the login). */
async function sessionAged(m: Member, minutes: number) {
  await sql`UPDATE sessions SET created_at = now() - make_interval(mins => ${minutes}) WHERE member_id = ${m.id}`.execute(s.db.kysely);
}

/** Ends the cooling-off of the member's waiting changes, as 24 hours passing would. */
async function coolingOffOver(m: Member) {
  await sql`UPDATE protection_limits SET pending_confirmable_at = now() - interval '1 minute' WHERE member_id = ${m.id} AND pending_confirmable_at IS NOT NULL`.execute(s.db.kysely);
}

describe('a member’s own limits', () => {
  it('a new limit and a lower one apply at once; a higher one waits 24 hours, then only the member’s confirmation applies it', async () => {
    const m = await member();
    expect(await setLimit(m, 'deposit', 'day', 1000)).toMatchObject({ code: 200, message: PROTECTION_MSG.applied, data: { outcome: 'applied' } });
    expect(await setLimit(m, 'deposit', 'day', '500')).toMatchObject({ code: 200, message: PROTECTION_MSG.applied });
    expect(await limitOf(m, 'deposit', 'day')).toEqual({ kind: 'deposit', period: 'day', limit: 500, used: 0, resets_at: tomorrowBj(), pending: null });

    const before = Date.now();
    const raise = await setLimit(m, 'deposit', 'day', 2000);
    expect(raise).toMatchObject({ code: 200, data: { outcome: 'pending' } });
    const pending = (await limitOf(m, 'deposit', 'day'))!;
    expect(pending.limit).toBe(500); // the old limit holds
    expect(pending.pending).toMatchObject({ limit: 2000, confirmable: false });
    expect([bj(before + 24 * 3_600_000), bj(Date.now() + 24 * 3_600_000)]).toContain(pending.pending!.confirmable_at);
    expect(raise.message).toBe(fmt(PROTECTION_MSG.pending, { from: pending.pending!.confirmable_at }));
    expect(await call(m, '/protection/limit/confirm', { kind: 'deposit', period: 'day' })).toMatchObject({ code: 400, message: fmt(PROTECTION_MSG.tooEarly, { from: pending.pending!.confirmable_at }) });
    expect((await limitOf(m, 'deposit', 'day'))!.limit).toBe(500);

    await coolingOffOver(m);
    expect((await limitOf(m, 'deposit', 'day'))!.pending).toMatchObject({ limit: 2000, confirmable: true });
    const confirmed = await call<ProtectionState>(m, '/protection/limit/confirm', { kind: 'deposit', period: 'day' });
    expect(confirmed).toMatchObject({ code: 200, message: PROTECTION_MSG.confirmed });
    expect(confirmed.data.limits.find((l) => l.kind === 'deposit')).toMatchObject({ limit: 2000, pending: null });
    expect(await call(m, '/protection/limit/confirm', { kind: 'deposit', period: 'day' })).toMatchObject({ code: 400, message: PROTECTION_MSG.noPending });
  });

  it('a removal waits too; cancelling it keeps the limit; a lower limit drops a waiting raise', async () => {
    const m = await member();
    await setLimit(m, 'wager', 'week', 3000);
    expect(await setLimit(m, 'wager', 'week', 0)).toMatchObject({ code: 200, data: { outcome: 'pending' } });
    expect((await limitOf(m, 'wager', 'week'))!.pending).toMatchObject({ limit: null });
    expect(await call(m, '/protection/limit/cancel', { kind: 'wager', period: 'week' })).toMatchObject({ code: 200, message: PROTECTION_MSG.cancelled });
    expect(await limitOf(m, 'wager', 'week')).toMatchObject({ limit: 3000, pending: null });
    expect(await call(m, '/protection/limit/cancel', { kind: 'wager', period: 'week' })).toMatchObject({ code: 400, message: PROTECTION_MSG.noPending });

    await setLimit(m, 'wager', 'week', 0);
    await coolingOffOver(m);
    expect(await call(m, '/protection/limit/confirm', { kind: 'wager', period: 'week' })).toMatchObject({ code: 200 });
    expect(await limitOf(m, 'wager', 'week')).toBeUndefined();
    expect(await setLimit(m, 'wager', 'week', 0)).toMatchObject({ code: 400, message: PROTECTION_MSG.removedNone });

    await setLimit(m, 'loss', 'month', 800);
    await setLimit(m, 'loss', 'month', 900);
    expect(await setLimit(m, 'loss', 'month', 700)).toMatchObject({ code: 200, data: { outcome: 'applied' } });
    expect(await limitOf(m, 'loss', 'month')).toMatchObject({ limit: 700, pending: null });
    expect(await setLimit(m, 'loss', 'month', 700)).toMatchObject({ code: 400, message: PROTECTION_MSG.same });
  });

  it('refuses bad requests with the contract’s texts and changes nothing', async () => {
    const m = await member();
    expect(await setLimit(m, 'bonus' as LimitKind, 'day', 10)).toMatchObject({ code: 400, message: PROTECTION_MSG.kind });
    expect(await setLimit(m, 'deposit', 'session', 10)).toMatchObject({ code: 400, message: PROTECTION_MSG.period });
    expect(await setLimit(m, 'session', 'day', 60)).toMatchObject({ code: 400, message: PROTECTION_MSG.period });
    expect(await setLimit(m, 'deposit', 'day', 10.5)).toMatchObject({ code: 400, message: PROTECTION_MSG.amount });
    expect(await setLimit(m, 'deposit', 'day', 'abc')).toMatchObject({ code: 400, message: PROTECTION_MSG.amount });
    expect(await setLimit(m, 'session', 'session', 5)).toMatchObject({ code: 400, message: PROTECTION_MSG.minutes });
    expect(await call(m, '/protection/block', { kind: 'timeout', duration: '1y' })).toMatchObject({ code: 400, message: PROTECTION_MSG.duration });
    expect(await call(m, '/protection/reality', { minutes: 10 })).toMatchObject({ code: 400, message: PROTECTION_MSG.realityMinutes });
    expect(await state(m)).toMatchObject({ limits: [], block: null, reality_minutes: 60 });
  });

  it('keeps a history line of every change', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 1000);
    await setLimit(m, 'deposit', 'day', 2000);
    await call(m, '/protection/reality', { minutes: 30 });
    const rows = await s.db.kysely.selectFrom('protection_events').select(['text', 'staff_id']).where('member_id', '=', m.id).orderBy('id').execute();
    expect(rows).toEqual([
      { text: '设置每日存款限额 1000元', staff_id: null },
      { text: '申请提高每日存款限额至 2000元', staff_id: null },
      { text: '游戏提醒间隔设为30分钟', staff_id: null },
    ]);
  });
});

describe('limits refuse at 100 % on every path, with the reset time; warnings from 80 %', () => {
  it('deposits: orders of the day not rejected count, pending ones too', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 1000);
    expect((await deposit(m, 600)).code).toBe(200);
    expect(await deposit(m, 500)).toMatchObject(overDay('deposit', 1000, 600));
    expect((await deposit(m, 200)).code).toBe(200);
    const status = (await call(m, '/playStatus')).data;
    expect(status.warnings).toEqual([{ kind: 'deposit', period: 'day', percent: 80, text: nearLimitText({ kind: 'deposit', period: 'day', limit: 1000, used: 800, resets_at: tomorrowBj() }) }]);
    await s.db.kysely.updateTable('deposits').set({ state: 3 }).where('member_id', '=', m.id).where('amount_fen', '=', 60000).execute();
    expect((await deposit(m, 500)).code).toBe(200);
  });

  it('lottery orders: the stake must fit the wager and the possible loss', async () => {
    const m = await member(500);
    await setLimit(m, 'wager', 'day', 100);
    expect((await lotteryOrder(m, 60)).code).toBe(200);
    expect(await lotteryOrder(m, 50)).toMatchObject(overDay('wager', 100, 60));
    expect((await lotteryOrder(m, 40)).code).toBe(200);
    expect(await lotteryOrder(m, 1)).toMatchObject(overDay('wager', 100, 100));
    expect((await call(m, '/playStatus')).data.warnings).toEqual([{ kind: 'wager', period: 'day', percent: 100, text: overLimitText({ kind: 'wager', period: 'day', limit: 100, used: 100, resets_at: tomorrowBj() }) }]);

    const l = await member(500);
    await setLimit(l, 'loss', 'day', 50);
    expect(await lotteryOrder(l, 60)).toMatchObject(overDay('loss', 50, 0));
    expect((await lotteryOrder(l, 50)).code).toBe(200);
  });

  it('venue play: a transfer past what the loss limit leaves, launches, promotions, red packets and welfare are refused once it is reached', async () => {
    const m = await member(500);
    await setLimit(m, 'loss', 'day', 100);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 150))).toMatchObject({ code: 403, message: overHeadroomText('loss', 'day', 10000) });
    expect((await call(m, '/transfer', into('DEMOLIVEA', 100))).code).toBe(200);
    const before = await Promise.all([launch(m), promotion(m), redPacket(m), welfare(m)]);
    expect(before[0].code).toBe(200);
    for (const r of before) expect(r.code).not.toBe(403);

    await venueBet(m, 90, -90); // 90 % of the loss limit
    expect((await call(m, '/playStatus')).data.warnings).toEqual([{ kind: 'loss', period: 'day', percent: 90, text: nearLimitText({ kind: 'loss', period: 'day', limit: 100, used: 90, resets_at: tomorrowBj() }) }]);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 20))).toMatchObject({ code: 403, message: overHeadroomText('loss', 'day', 1000) });
    await venueBet(m, 10, -10);
    const refused = overDay('loss', 100, 100);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 1))).toMatchObject(refused);
    expect(await launch(m)).toMatchObject(refused);
    expect(await promotion(m)).toMatchObject(refused);
    expect(await redPacket(m)).toMatchObject(refused);
    expect(await welfare(m)).toMatchObject(refused);
    expect(await lotteryOrder(m, 1)).toMatchObject(refused);
    // Money leaves the venue as before.
    expect((await call(m, '/transall')).code).toBe(200);
  });

  it('a win lowers the loss counted (stakes − payouts)', async () => {
    const m = await member(500);
    await setLimit(m, 'loss', 'day', 100);
    await venueBet(m, 100, -100);
    expect((await call(m, '/transfer', into('DEMOLIVEA', 1))).code).toBe(403);
    await venueBet(m, 50, 50); // paid 100 for a stake of 50
    expect((await call(m, '/transfer', into('DEMOLIVEA', 50))).code).toBe(200);
  });

  it('the auto-transfer on launch moves no more than the limits leave', async () => {
    const m = await member(500);
    await setLimit(m, 'wager', 'day', 120);
    expect((await call(m, '/uptransferstatus', { transferstatus: 1 })).code).toBe(200);
    expect((await launch(m)).code).toBe(200);
    expect(await venueFen(s, m.id, 'DEMOLIVEA')).toBe(12000);
    expect(await centralFen(s, m.id)).toBe(38000);
  });

  it('the session limit ends play after its minutes of the login', async () => {
    const m = await member(100);
    expect(await setLimit(m, 'session', 'session', 30)).toMatchObject({ code: 200 });
    expect((await launch(m)).code).toBe(200);
    await sessionAged(m, 25);
    expect((await call(m, '/playStatus')).data.warnings).toEqual([{ kind: 'session', period: 'session', percent: 83, text: fmt(PROTECTION_MSG.nearSession, { used: 25, limit: 30 }) }]);
    await sessionAged(m, 31);
    const over = { code: 403, message: fmt(PROTECTION_MSG.overSession, { limit: 30 }) };
    expect(await launch(m)).toMatchObject(over);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 10))).toMatchObject(over);
    expect(await lotteryOrder(m, 1)).toMatchObject(over);
    // A new login starts a new session.
    const again = await s.api('/api/login_pc', { name: m.name, password: m.password });
    expect((await launch({ ...m, token: again.data.api_token })).code).toBe(200);
  });

  it('the bet feed ends the member’s venue sessions once its bets reach a wager limit', async () => {
    const m = await member(300);
    await setLimit(m, 'wager', 'day', 100);
    expect((await call(m, '/transfer', into('DEMOLIVEA', 100))).code).toBe(200);
    const game = await venueSession(s, m.id, 'DEMOLIVEA', 'demo_baccarat');
    const other = await member(0);
    const otherGame = await venueSession(s, other.id, 'DEMOLIVEA', 'demo_baccarat');
    expect(await venueCall(s, '/play', game, { game: 'demo_baccarat', bet: { stakes: { banker: 60 } } })).toMatchObject({ code: 200 });
    await ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
    expect(await venueCall(s, '/balance', game)).toMatchObject({ code: 200 });
    expect(await venueCall(s, '/play', game, { game: 'demo_baccarat', bet: { stakes: { banker: 40 } } })).toMatchObject({ code: 200 });
    await ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
    expect(await venueCall(s, '/balance', game)).toMatchObject({ code: 401, message: MSG.venueSessionInvalid });
    expect(await venueCall(s, '/balance', otherGame)).toMatchObject({ code: 200 });
  });
});

describe('time-out and self-exclusion', () => {
  it('refuses every path money takes into play; withdrawals and login still work; open games end', async () => {
    const m = await member(500);
    expect((await call(m, '/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890', pay_pass: PAY_PASSWORD })).code).toBe(200);
    const [card] = (await call(m, '/getcard', { type: 1 })).data;
    expect((await call(m, '/transfer', into('DEMOLIVEA', 100))).code).toBe(200);
    const game = await venueSession(s, m.id, 'DEMOLIVEA', 'demo_baccarat');

    const started = Date.now();
    const r = await call<ProtectionState>(m, '/protection/block', { kind: 'exclusion', duration: '6m' });
    expect(r.code).toBe(200);
    const block = r.data.block!;
    expect(block).toMatchObject({ kind: 'exclusion', duration: '6m' });
    expect(r.message).toBe(fmt(PROTECTION_MSG.blockSet, { label: BLOCK_KIND_LABEL.exclusion, until: block.until }));
    const sixMonths = new Date(started + 8 * 3_600_000);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(block.until.slice(0, 7)).toBe(sixMonths.toISOString().slice(0, 7));
    expect(await venueCall(s, '/balance', game)).toMatchObject({ code: 401, message: MSG.venueSessionInvalid });

    const refused = { code: 403, message: blockedText(block) };
    expect(await deposit(m, 100)).toMatchObject(refused);
    expect(await call(m, '/transfer', into('DEMOLIVEA', 10))).toMatchObject(refused);
    expect(await launch(m)).toMatchObject(refused);
    expect(await lotteryOrder(m, 1)).toMatchObject(refused);
    expect(await promotion(m)).toMatchObject(refused);
    expect(await redPacket(m)).toMatchObject(refused);
    expect(await welfare(m)).toMatchObject(refused);
    expect((await call(m, '/firstDepositOffer')).data).toBeNull();
    expect((await call(m, '/playStatus')).data.block).toEqual(block);

    expect((await call(m, '/transall')).code).toBe(200);
    expect(await call(m, '/withdraw', { amount: 100, bank: card.id, password: PAY_PASSWORD })).toMatchObject({ code: 200, message: MSG.withdrawSubmitted });
    expect((await s.api('/api/login_pc', { name: m.name, password: m.password })).code).toBe(200);
  });

  it('cannot be shortened, only made longer; permanent is the end', async () => {
    const m = await member();
    await call(m, '/protection/block', { kind: 'timeout', duration: '7d' });
    expect(await call(m, '/protection/block', { kind: 'timeout', duration: '24h' })).toMatchObject({ code: 400, message: fmt(PROTECTION_MSG.blockShorter, { label: BLOCK_KIND_LABEL.timeout }) });
    expect(await call(m, '/protection/block', { kind: 'exclusion', duration: 'permanent' })).toMatchObject({ code: 200, message: PROTECTION_MSG.blockSetPermanent });
    expect((await state(m)).block).toMatchObject({ kind: 'exclusion', duration: 'permanent', until: '' });
    expect(await call(m, '/protection/block', { kind: 'exclusion', duration: '5y' })).toMatchObject({ code: 400, message: fmt(PROTECTION_MSG.blockShorter, { label: BLOCK_KIND_LABEL.exclusion }) });
    expect(await deposit(m, 100)).toMatchObject({ code: 403, message: PROTECTION_MSG.blockedPermanent });
  });

  it('an ended time-out leaves the member free to play again', async () => {
    const m = await member(100);
    await call(m, '/protection/block', { kind: 'timeout', duration: '24h' });
    expect((await launch(m)).code).toBe(403);
    await sql`UPDATE protection_blocks SET started_at = now() - interval '25 hours', ends_at = now() - interval '1 hour' WHERE member_id = ${m.id}`.execute(s.db.kysely);
    expect((await launch(m)).code).toBe(200);
    expect((await state(m)).block).toBeNull();
  });

  it('broadcast mails skip a member under a block', async () => {
    const admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
    const count = async () => (await adminCall(s, admin, 'GET', '/mail/audience?audience=all')).data.count as number;
    const m = await member();
    const before = await count();
    await call(m, '/protection/block', { kind: 'timeout', duration: '24h' });
    expect(await count()).toBe(before - 1);
  });
});

describe('the reality check', () => {
  it('falls due every interval of the login; lottery orders wait for the acknowledgement', async () => {
    const m = await member(100);
    expect(await call(m, '/protection/reality', { minutes: 30 })).toMatchObject({ code: 200, message: PROTECTION_MSG.realitySaved, data: { reality_minutes: 30 } });
    expect((await lotteryOrder(m, 5)).code).toBe(200);
    await venueBet(m, 20, 10);
    await sessionAged(m, 31);
    const status = (await call(m, '/playStatus')).data;
    expect(status.reality).toEqual({ due: true, played_minutes: 31, stake: 25, payout: 30, net: 5, interval_minutes: 30 });
    expect(await lotteryOrder(m, 5)).toMatchObject({ code: 403, message: fmt(PROTECTION_MSG.realityDue, { minutes: 31 }) });
    const ack = await call(m, '/playStatus/ack');
    expect(ack).toMatchObject({ code: 200, message: PROTECTION_MSG.realityAck, data: { reality: { due: false } } });
    expect((await lotteryOrder(m, 5)).code).toBe(200);
  });
});

describe('the console (会员服务: stricter only)', () => {
  it('shows a member’s protection with its history; staff set a new or lower limit, never a looser one', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 1000);
    const path = `/members/${m.id}/protection`;
    expect(await adminCall(s, operations.token, 'GET', path)).toMatchObject({ code: 403 });
    const looser = await adminCall(s, support.token, 'POST', `${path}/limit`, { kind: 'deposit', period: 'day', limit: 1500, reason: '会员来电' });
    expect(looser).toMatchObject({ code: 400, message: PROTECTION_MSG.staffStricterOnly });
    expect(await adminCall(s, support.token, 'POST', `${path}/limit`, { kind: 'deposit', period: 'day', limit: 0, reason: '会员来电' })).toMatchObject({ code: 400, message: PROTECTION_MSG.staffStricterOnly });
    expect(await adminCall(s, support.token, 'POST', `${path}/limit`, { kind: 'deposit', period: 'day', limit: 500, reason: '' })).toMatchObject({ code: 400, message: PROTECTION_MSG.staffReason });
    const lower = await adminCall(s, support.token, 'POST', `${path}/limit`, { kind: 'deposit', period: 'day', limit: 500, reason: '会员来电要求' });
    expect(lower).toMatchObject({ code: 200, message: PROTECTION_MSG.staffSaved });
    expect(lower.data.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', limit: 500 })]);
    expect((await adminCall(s, support.token, 'POST', `${path}/limit`, { kind: 'loss', period: 'week', limit: 300, reason: '风控' })).code).toBe(200);
    expect((await limitOf(m, 'loss', 'week'))!.limit).toBe(300);

    const view = (await adminCall(s, support.token, 'GET', path)).data;
    expect(view.history.map((h: { by: string; text: string; reason: string }) => [h.by, h.text, h.reason])).toEqual([
      [support.username, '设置每周亏损限额 300元', '风控'],
      [support.username, '降低每日存款限额至 500元', '会员来电要求'],
      ['member', '设置每日存款限额 1000元', ''],
    ]);
    expect((await auditRows(s, 'member.protection_limit', `member:${m.id}`)).length).toBe(2);
  });

  it('staff make a block longer, never shorter, and list the members under one', async () => {
    const m = await member();
    await call(m, '/protection/block', { kind: 'timeout', duration: '7d' });
    const path = `/members/${m.id}/protection/block`;
    expect(await adminCall(s, support.token, 'POST', path, { kind: 'timeout', duration: '24h', reason: '会员要求' })).toMatchObject({ code: 400, message: fmt(PROTECTION_MSG.blockShorter, { label: BLOCK_KIND_LABEL.timeout }) });
    const longer = await adminCall(s, support.token, 'POST', path, { kind: 'exclusion', duration: '1y', reason: '会员要求自我排除' });
    expect(longer).toMatchObject({ code: 200, data: { block: { kind: 'exclusion', duration: '1y' } } });
    expect((await auditRows(s, 'member.protection_block', `member:${m.id}`)).length).toBe(1);

    const list = await adminCall(s, support.token, 'GET', '/protection/blocks?page=1');
    expect(list.code).toBe(200);
    expect(list.data.data).toContainEqual({ member_id: m.id, name: m.name, kind: 'exclusion', duration: '1y', started_at: longer.data.block.started_at, until: longer.data.block.until, by: support.username });
    expect(list.data.data.filter((r: { member_id: number }) => r.member_id === m.id)).toHaveLength(1);
  });
});

describe('trial accounts and registration', () => {
  it('the trial account has no protection settings', async () => {
    const g = await s.api('/api/guestlogin');
    const trial = { token: g.data.api_token as string };
    expect(await call(trial, '/protection/limit', { kind: 'deposit', period: 'day', limit: 100 })).toMatchObject({ code: 403, message: PROTECTION_MSG.trial });
    expect(await call(trial, '/protection/block', { kind: 'timeout', duration: '24h' })).toMatchObject({ code: 403, message: PROTECTION_MSG.trial });
    expect(await call(trial, '/protection/reality', { minutes: 30 })).toMatchObject({ code: 403, message: PROTECTION_MSG.trial });
    expect(await call(trial, '/protection/limit/confirm', { kind: 'deposit', period: 'day' })).toMatchObject({ code: 403, message: PROTECTION_MSG.trial });
    expect((await call(trial, '/protection')).data).toMatchObject({ limits: [], block: null });
    expect((await call(trial, '/playStatus')).data).toMatchObject({ reality: { due: false }, warnings: [], block: null });
  });

  it('registration asks the 18+ confirmation after the spec’s rules, and keeps when it was given', async () => {
    const body = (over: Record<string, unknown> = {}) => {
      const name = uniqueName('ad');
      return { name, realname: name, password: 'secret123', confirmPass: 'secret123', code: CAPTCHA_BYPASS, ...over };
    };
    expect(await s.api('/api/register', body())).toMatchObject({ code: 400, message: PROTECTION_MSG.adult });
    expect(await s.api('/api/register', body({ adult: 0 }))).toMatchObject({ code: 400, message: PROTECTION_MSG.adult });
    expect(await s.api('/api/register', body({ password: '1', adult: 0 }))).toMatchObject({ code: 400, message: MSG.regPassword });
    const taken = await member();
    expect(await s.api('/api/register', body({ name: taken.name }))).toMatchObject({ code: 400, message: MSG.regUsernameTaken });
    for (const adult of [true, 1, '1']) {
      const b = body({ adult });
      expect((await s.api('/api/register', b)).code).toBe(200);
      const row = await s.db.kysely.selectFrom('members').select('adult_confirmed_at').where('username', '=', b.name).executeTakeFirstOrThrow();
      expect(row.adult_confirmed_at).toBeInstanceOf(Date);
    }
  });

  it('REGISTER_ADULT_CHECK=off serves an older client whose own pages ask it', async () => {
    const older = await attachServer(s, { registerAdultCheck: false });
    try {
      const name = uniqueName('old');
      expect((await older.api('/api/register', { name, realname: name, password: 'secret123', confirmPass: 'secret123', code: CAPTCHA_BYPASS })).code).toBe(200);
      const row = await s.db.kysely.selectFrom('members').select('adult_confirmed_at').where('username', '=', name).executeTakeFirstOrThrow();
      expect(row.adult_confirmed_at).toBeNull();
    } finally {
      await older.close();
    }
  });
});
