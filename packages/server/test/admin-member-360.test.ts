import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG, MSG, TRANSFER_STATE, type Member360Overview } from '@app/contract';
import { ingestBets } from '../src/modules/games/feed.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { nextRound, roundAt } from '../src/modules/lottery/engine/index.js';
import { fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * 会员360°视图: who may read it, and a member's real activity in every section —
 * a deposit approved by finance, a transfer to a venue, a venue bet from the feed, a lottery order,
 * a bonus, an invited member, the member's logins and the audit trail about the member.
 */
let s: TestServer;
let admin: Staff;
let operations: Staff;
let support: Staff;
let finance: Staff;
let nowMs = 0;
const K3 = { intervalS: 60, ftimeS: 10 };
const BANK_NO = '6222021234567890123';

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, lotteryTickMs: 0 });
  s.app.lottery.now = () => nowMs;
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  [operations, support, finance] = [await newStaff(s, token, 'operations'), await newStaff(s, token, 'support'), await newStaff(s, token, 'finance')];
});
afterAll(async () => {
  await s.db.kysely.deleteFrom('demo_venue_bets').where('bet_id', 'like', 'M360%').execute();
  await s.close();
});

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);
const SECTIONS = ['overview', 'deposits', 'withdrawals', 'transfers', 'bets', 'lottery-orders', 'bonuses', 'invitees', 'logins', 'audit'];

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

/** A member with one of everything. */
async function activeMember() {
  const m = await member();
  // a deposit, approved by finance
  const dep = await s.api('/api/recharge', { paytype: 'bank', amount: 500, bank_owner: '张三', bank: '中国建设银行', bank_no: BANK_NO, bank_address: '上海分行' }, { token: m.token });
  expect(dep).toMatchObject({ code: 200 });
  const depositNo = dep.data.deposit_no as string;
  const d = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', depositNo).executeTakeFirstOrThrow();
  expect(await post(finance, `/deposits/${d.id}/approve`)).toMatchObject({ code: 200 });
  // a transfer to a venue
  expect(await s.api('/api/transfer', { amount: 100, sourcetype: 'userbalance', targettype: 'DEMOLIVEA' }, { token: m.token })).toMatchObject({ code: 200 });
  // a venue bet, recorded from the venue's feed
  const betId = `M360${randomBytes(6).toString('hex')}`;
  const at = new Date();
  await s.db.kysely
    .insertInto('demo_venue_bets')
    .values({ bet_id: betId, venue: 'DEMOLIVEA', player: String(m.id), game: 'demo_baccarat', stake_fen: 2000, payout_fen: 3900, valid_fen: 2000, status: 1, detail: JSON.stringify({ test: true }), created_at: at, settled_at: at })
    .execute();
  await ingestBets({ db: s.db, venues: s.app.venues }, { lock: false });
  // a lottery order in an open 快三 round
  const next = nextRound(K3, roundAt(K3, Math.max(Date.now(), nowMs)));
  nowMs = next.opensAtMs + 5000;
  await lotteryPass(s.db.kysely, nowMs);
  const room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  const order = await s.api('/api/lotteryOrder', { room_id: room, expect: roundAt(K3, nowMs).expect, order: [{ id: 'k3_big', total: 10 }] }, { token: m.token });
  expect(order).toMatchObject({ code: 200 });
  // a manual bonus (an adjustment) and an invited member
  await fund(s, m.id, 8.88);
  const invitee = await member();
  await s.db.kysely.updateTable('members').set({ inviter_id: m.id }).where('id', '=', invitee.id).execute();
  // a note by support: an audit row about the member
  expect(await post(support, `/members/${m.id}/notes`, { body: '来电咨询' })).toMatchObject({ code: 200 });
  return { ...m, depositNo, betId, invitee };
}

describe('permissions', () => {
  it('lets every role read a member, the audit trail only with audit.read; 404 for no such member', async () => {
    const m = await member();
    for (const who of [admin, operations, support, finance]) {
      for (const section of SECTIONS.filter((x) => x !== 'audit')) expect((await get(who, `/members/${m.id}/${section}`)).code, `${who.username} ${section}`).toBe(200);
    }
    for (const who of [admin, operations, finance]) expect((await get(who, `/members/${m.id}/audit`)).code).toBe(200);
    expect(await get(support, `/members/${m.id}/audit`)).toMatchObject({ code: 403, message: MSG.forbidden });
    for (const section of SECTIONS) expect(await get(admin, `/members/999999/${section}`), section).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    expect((await get(admin, `/members/abc/overview`)).code).toBe(400);
    // a venue that does not answer shows no balance (null), the rest of the view still answers
    const balances = vi.spyOn(s.app.venues, 'balancesFen').mockResolvedValueOnce(new Map([['DEMOLIVEA', 1234]]));
    const o = (await get<Member360Overview>(admin, `/members/${m.id}/overview`)).data;
    balances.mockRestore();
    expect(o.venues.find((v) => v.code === 'DEMOLIVEA')).toMatchObject({ balance: 12.34 });
    expect(o.venues.filter((v) => v.code !== 'DEMOLIVEA').every((v) => v.balance === null)).toBe(true);
    expect((await s.api(`/admin/api/members/${m.id}/overview`, undefined, { method: 'GET' })).code).toBe(401);
  });
});

describe('a member with activity', () => {
  it('shows each section with the real rows, newest first; card numbers masked for support', async () => {
    const m = await activeMember();
    const o = (await get<Member360Overview>(admin, `/members/${m.id}/overview`)).data;
    expect(o.member).toMatchObject({ id: m.id, username: m.name });
    expect(o.totals).toMatchObject({ deposits: 500, deposit_count: 1, bet_count: 1, valid_bets: 20, bet_win_loss: 19, lottery_count: 1, lottery_stake: 10, bonuses: 8.88, invitees: 1, pending_transfers: 0 });
    expect(o.wallet).toBe(398.88);
    expect(o.venues.find((v) => v.code === 'DEMOLIVEA')).toMatchObject({ balance: 100 }); // the bet was written to the venue's feed only

    const deposits = (await get(admin, `/members/${m.id}/deposits`)).data;
    expect(deposits).toMatchObject({ total: 1, data: [{ deposit_no: m.depositNo, amount: 500, state: 2, payer_bank_no: BANK_NO }] });
    expect(JSON.stringify((await get(support, `/members/${m.id}/deposits`)).data)).not.toContain(BANK_NO);
    const transfers = (await get(admin, `/members/${m.id}/transfers`)).data;
    expect(transfers).toMatchObject({ total: 1, data: [{ venue: 'DEMOLIVEA', direction_label: '转入场馆', amount: 100, state: TRANSFER_STATE.success, state_label: '成功', username: m.name }] });
    const bets = (await get(admin, `/members/${m.id}/bets`)).data;
    expect(bets).toMatchObject({ total: 1, data: [{ bet_id: m.betId, venue: 'DEMOLIVEA', bet: 20, valid: 20, win_loss: 19, status_label: '已结算' }] });
    const lottery = (await get(admin, `/members/${m.id}/lottery-orders`)).data;
    expect(lottery).toMatchObject({ total: 1, data: [{ play_id: 'k3_big', stake: 10, odds: 1.96, status_label: '未结算', username: m.name }] });
    expect(lottery.data[0].play_title).not.toBe('k3_big');
    const bonuses = (await get(admin, `/members/${m.id}/bonuses`)).data;
    expect(bonuses).toMatchObject({ total: 1, data: [{ kind: 'adjustment', kind_label: '人工调整', memo: 'test funding', amount: 8.88 }] });
    expect((await get(admin, `/members/${m.id}/invitees`)).data).toMatchObject({ total: 1, data: [{ id: m.invitee.id, username: m.invitee.name, deposits: 0 }] });
    const logins = (await get(admin, `/members/${m.id}/logins`)).data;
    expect(logins.total).toBeGreaterThanOrEqual(1);
    expect(logins.data[0]).toMatchObject({ ip: '127.0.0.1', ended: false });
    expect(logins.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const audit = (await get(admin, `/members/${m.id}/audit`)).data;
    expect(audit).toMatchObject({ total: 1, data: [{ action: 'member.note', action_label: '会员备注', staff_name: support.username, target: `member:${m.id}` }] });

    // paging: a second page is empty, a bad page falls back to the first
    expect((await get(admin, `/members/${m.id}/deposits?page=2`)).data).toMatchObject({ total: 1, current_page: 2, data: [] });
    expect((await get(admin, `/members/${m.id}/deposits?page=x`)).data).toMatchObject({ current_page: 1 });
  });
});
