import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_LIVE_TEAM_MAX,
  AGENT_PORTAL_MSG,
  AGENT_RANGE_MAX_DAYS,
  AGENT_SESSION_IDLE_MS,
  AGENT_TICKET_TTL_MS,
  CODE,
  type AgentDaily,
  type AgentDownline,
  type AgentDownlineDetail,
  type AgentMe,
  type AgentOverview,
  type AgentStatement,
  type Page,
} from '@app/contract';
import { teamOverview } from '../src/modules/agent-portal/figures.js';
import { revokeAllSessions, createSession } from '../src/modules/session/service.js';
import { setAgent } from './figures-support.js';
import { startServer, uniqueName, type TestServer } from './harness.js';

/**
 * The agent portal (contract agent-portal.ts): the single-use login ticket, the
 * portal's own session and when it ends, the team's figures against a hand-computed fixture (Beijing
 * midnight and a month's end between them), and that an agent reaches nothing outside its own team,
 * whatever id it sends.
 */
let s: TestServer;
let payMethod: string;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
  payMethod = (await s.db.kysely.selectFrom('pay_methods').select('code').executeTakeFirstOrThrow()).code;
});
afterAll(() => s.close());

const bj = (t: string): Date => new Date(`${t.replace(' ', 'T')}+08:00`);
type M = { id: number; name: string; token: string };

async function member(opts: { inviter?: number; joined?: Date; name?: string; agent?: boolean; trial?: boolean } = {}): Promise<M> {
  const name = opts.name ?? uniqueName('p');
  const row = await s.db.kysely
    .insertInto('members')
    .values({
      username: name,
      password_hash: 'x',
      pay_password_hash: 'x',
      inviter_id: opts.inviter ?? null,
      is_trial: opts.trial ?? false,
      ...(opts.joined ? { created_at: opts.joined } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.agent) await setAgent(s.db.kysely, row.id, true, bj('2026-01-10 10:00:00'));
  return { id: row.id, name, token: await createSession(s.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' }) };
}

async function deposit(memberId: number, yuan: number, at: Date, state: 1 | 2 | 3 = 2): Promise<void> {
  await s.db.kysely
    .insertInto('deposits')
    .values({ deposit_no: `AP${randomBytes(8).toString('hex')}`, member_id: memberId, method: payMethod, amount_fen: yuan * 100, state, reviewed_at: state === 1 ? null : at, created_at: at })
    .execute();
}

async function withdrawal(memberId: number, yuan: number, at: Date): Promise<void> {
  const card = await s.db.kysely
    .insertInto('member_cards')
    .values({ member_id: memberId, type: 1, bank: '工商银行', bank_owner: '张三', bank_no: '6222000000000000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO withdrawals (withdraw_no, member_id, card_id, card_type, bank, bank_owner, bank_no, amount_fen, state, reviewed_at, created_at)
            VALUES (${`WP${randomBytes(8).toString('hex')}`}, ${memberId}, ${card.id}, 1, '工商银行', '张三', '6222000000000000', ${yuan * 100}, 2, ${at}, ${at})`.execute(s.db.kysely);
}

async function bets(memberId: number, day: string, validYuan: number, winLossYuan = 0): Promise<void> {
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
            VALUES (${memberId}, ${day}::date, 'realbet', 1, ${validYuan * 100}, ${validYuan * 100}, ${winLossYuan * 100})`.execute(s.db.kysely);
}

/** A ticket URL for the member, and its ticket. */
async function loginUrl(token: string) {
  const r = await s.api<{ url: string }>('/api/getAgentLoginUrl', undefined, { token, method: 'GET' });
  return { ...r, ticket: r.data?.url ? new URLSearchParams(r.data.url.split('?')[1]).get('ticket') ?? '' : '' };
}
const login = (ticket: string) => s.api<{ token: string }>('/agent/api/login', { ticket });
async function portalToken(m: M): Promise<string> {
  const { ticket } = await loginUrl(m.token);
  const r = await login(ticket);
  expect(r.code).toBe(CODE.ok);
  return r.data.token;
}
const get = <T>(path: string, token: string) => s.api<T>(`/agent/api${path}`, undefined, { token, method: 'GET' });

/**
 * Agent a's team (now = 2026-04-01 12:00 Beijing, a Wednesday; the week began Monday 03-30):
 * f1 joined 03-31 23:59:30, deposit 200 approved 03-31 23:59:59 (its first), bets 500 on 03-31,
 *    a withdrawal of 50 approved 04-01 00:00:01;
 * f2 joined 04-01 00:00:00, deposit 300 approved 04-01 00:10 (first), bets 150 on 04-01, won 30;
 * f3 joined 04-01 00:20, a pending deposit of 1,000 and a rejected one of 800, bets 50 on 04-01, lost 50;
 * f4 (a sub-agent) joined 03-15, deposit 100 on 03-20 (first) and 400 approved 04-01 00:00:00,
 *    bets 1,000 on 03-31 and 120 on 04-01;
 * t1 a trial account with a as inviter, and b's invitee g1, never count for a.
 */
let a: M, b: M, plain: M;
let f: Record<'f1' | 'f2' | 'f3' | 'f4', M>;
let g1: M;
beforeAll(async () => {
  a = await member({ agent: true, joined: bj('2026-01-10 09:00:00') });
  b = await member({ agent: true, joined: bj('2026-01-10 09:00:00') });
  plain = await member();
  f = {
    f1: await member({ inviter: a.id, joined: bj('2026-03-31 23:59:30'), name: 'portal01zz' }),
    f2: await member({ inviter: a.id, joined: bj('2026-04-01 00:00:00'), name: 'portal02yy' }),
    f3: await member({ inviter: a.id, joined: bj('2026-04-01 00:20:00'), name: 'portal03xx' }),
    f4: await member({ inviter: a.id, joined: bj('2026-03-15 12:00:00'), name: 'portal04ww', agent: true }),
  };
  await member({ inviter: a.id, joined: bj('2026-04-01 01:00:00'), trial: true });
  await deposit(f.f1.id, 200, bj('2026-03-31 23:59:59'));
  await bets(f.f1.id, '2026-03-31', 500);
  await withdrawal(f.f1.id, 50, bj('2026-04-01 00:00:01'));
  await deposit(f.f2.id, 300, bj('2026-04-01 00:10:00'));
  await bets(f.f2.id, '2026-04-01', 150, 30);
  await deposit(f.f3.id, 1_000, bj('2026-04-01 00:21:00'), 1);
  await deposit(f.f3.id, 800, bj('2026-04-01 00:22:00'), 3);
  await bets(f.f3.id, '2026-04-01', 50, -50);
  await deposit(f.f4.id, 100, bj('2026-03-20 10:00:00'));
  await deposit(f.f4.id, 400, bj('2026-04-01 00:00:00'));
  await bets(f.f4.id, '2026-03-31', 1_000);
  await bets(f.f4.id, '2026-04-01', 120);
  g1 = await member({ inviter: b.id, joined: bj('2026-04-01 00:05:00'), name: 'portal09gg' });
  await bets(g1.id, '2026-04-01', 900);
  await deposit(g1.id, 5_000, bj('2026-04-01 00:06:00'));
});

describe('getAgentLoginUrl and the portal session', () => {
  it('answers an agent a single-use URL into /agent/, and refuses a member who is not one', async () => {
    const r = await loginUrl(a.token);
    expect(r.code).toBe(CODE.ok);
    expect(r.data.url).toMatch(/^\/agent\/#\/login\?ticket=[\w-]{40,}$/);
    expect(await loginUrl(plain.token)).toMatchObject({ code: CODE.forbidden, message: AGENT_PORTAL_MSG.notAgent });
    expect((await s.api('/api/getAgentLoginUrl', undefined, { method: 'GET' })).code).toBe(CODE.unauthorized);
  });

  it('trades a ticket for a session once: the same ticket again, or two logins at once, give one session', async () => {
    const { ticket } = await loginUrl(a.token);
    const first = await login(ticket);
    expect(first.code).toBe(CODE.ok);
    expect(await login(ticket)).toMatchObject({ code: CODE.unauthorized, message: AGENT_PORTAL_MSG.ticketInvalid });
    const again = await loginUrl(a.token);
    const both = await Promise.all([login(again.ticket), login(again.ticket), login(again.ticket)]);
    expect(both.filter((x) => x.code === CODE.ok)).toHaveLength(1);
    expect((await get<AgentMe>('/me', first.data.token)).data).toMatchObject({ id: a.id, username: a.name, code: String(a.id) });
  });

  it('refuses an expired ticket, a made-up one and an empty one, with one message', async () => {
    const { ticket } = await loginUrl(a.token);
    await sql`UPDATE agent_tickets SET expires_at = now() - interval '1 second' WHERE expires_at > now()`.execute(s.db.kysely);
    for (const t of [ticket, 'x'.repeat(43), '']) expect(await login(t)).toMatchObject({ code: CODE.unauthorized, message: AGENT_PORTAL_MSG.ticketInvalid });
    expect(AGENT_TICKET_TTL_MS).toBeLessThanOrEqual(60_000);
  });

  it('keeps the portal token apart from member and staff tokens', async () => {
    const token = await portalToken(a);
    expect((await s.api('/api/user', {}, { token })).code).toBe(CODE.unauthorized);
    expect((await get('/me', a.token)).code).toBe(CODE.unauthorized);
    expect(await get('/overview', '')).toMatchObject({ code: CODE.unauthorized, message: AGENT_PORTAL_MSG.sessionEnded });
  });

  it('ends the session at logout, after AGENT_SESSION_IDLE_MS unused, when agent status is revoked and when the member sessions all end', async () => {
    const out = await portalToken(a);
    expect((await s.api('/agent/api/logout', {}, { token: out })).code).toBe(CODE.ok);
    expect((await get('/me', out)).code).toBe(CODE.unauthorized);

    const idle = await portalToken(a);
    await sql`UPDATE agent_sessions SET last_seen_at = ${new Date(Date.now() - AGENT_SESSION_IDLE_MS - 1000)} WHERE revoked_at IS NULL AND member_id = ${a.id}`.execute(s.db.kysely);
    expect((await get('/me', idle)).code).toBe(CODE.unauthorized);

    const x = await member({ agent: true });
    const revoked = await portalToken(x);
    expect((await get('/me', revoked)).code).toBe(CODE.ok);
    await setAgent(s.db.kysely, x.id, false);
    expect((await get('/me', revoked)).code).toBe(CODE.unauthorized);

    const y = await member({ agent: true });
    const ended = await portalToken(y);
    await revokeAllSessions(s.db.kysely, y.id);
    expect((await get('/me', ended)).code).toBe(CODE.unauthorized);
  });
});

describe('the team figures (hand-computed fixture)', () => {
  it('overview: today, this month, the chart and the open week’s estimate', async () => {
    const o = await teamOverview(s.db.kysely, a.id, bj('2026-04-01 12:00:00'));
    expect(o.team_members).toBe(4);
    expect(o.sub_agents).toBe(1);
    const today = { new_members: 2, active_members: 3, first_deposits: 1, deposits: 700, withdrawals: 50, valid_bets: 320, win_loss: -20 };
    expect(o.today).toEqual(today);
    expect(o.month).toEqual(today); // April began today
    expect(o.days).toHaveLength(30);
    expect(o.days[0]!.day).toBe('2026-03-03');
    expect(o.days[29]).toEqual({ day: '2026-04-01', ...today });
    expect(o.days.find((d) => d.day === '2026-03-31')).toEqual({ day: '2026-03-31', new_members: 1, active_members: 2, first_deposits: 1, deposits: 200, withdrawals: 0, valid_bets: 1_500, win_loss: 0 });
    expect(o.days.find((d) => d.day === '2026-03-20')).toMatchObject({ first_deposits: 1, deposits: 100 });
    expect(o.days.find((d) => d.day === '2026-03-15')).toMatchObject({ new_members: 1 });
    // Default plan (net loss, weekly, 20 % from ¥1 with 1 valid active member of ≥ ¥100): the week's
    // net loss is −(−20) = 20, f1, f2 and f4 are valid active: ¥4.00.
    expect(o.estimate).toEqual({ period_start: '2026-03-30', period_end: '2026-04-05', model: 'net_loss', base: 20, active_members: 3, tier: 1, rate: 20, amount: 4 });
  });

  it('the month is summed over its days with each active member counted once', async () => {
    const o = await teamOverview(s.db.kysely, a.id, bj('2026-03-31 23:59:59'));
    expect(o.today).toEqual({ new_members: 1, active_members: 2, first_deposits: 1, deposits: 200, withdrawals: 0, valid_bets: 1_500, win_loss: 0 });
    // March: f4 and f1 joined and first deposited; f4 bet on no other March day, so 2 active, not 3.
    expect(o.month).toEqual({ new_members: 2, active_members: 2, first_deposits: 2, deposits: 300, withdrawals: 0, valid_bets: 1_500, win_loss: 0 });
    expect(o.days[29]!.day).toBe('2026-03-31');
  });

  it('daily report over HTTP: newest first, totals, and the range rules in order', async () => {
    const token = await portalToken(a);
    const r = await get<AgentDaily>('/daily?start=2026-03-31&end=2026-04-01', token);
    expect(r.data.days.map((d) => d.day)).toEqual(['2026-04-01', '2026-03-31']);
    expect(r.data.total).toEqual({ new_members: 3, active_members: 4, first_deposits: 2, deposits: 900, withdrawals: 50, valid_bets: 1_820, win_loss: -20 });
    expect(await get('/daily?start=2026-04-02&end=2026-04-01', token)).toMatchObject({ code: CODE.badRequest, message: AGENT_PORTAL_MSG.rangeOrder });
    expect(await get('/daily?start=2026-01-01&end=2026-04-30', token)).toMatchObject({ code: CODE.badRequest, message: AGENT_PORTAL_MSG.rangeTooLong });
    expect(await get('/daily?start=2026-13-01&end=2026-04-30', token)).toMatchObject({ code: CODE.badRequest, message: AGENT_PORTAL_MSG.badDay });
    expect(await get('/daily', token)).toMatchObject({ code: CODE.badRequest, message: AGENT_PORTAL_MSG.badDay });
    expect(AGENT_RANGE_MAX_DAYS).toBe(92);
  });

  it('the overview over HTTP has the same shape', async () => {
    const r = await get<AgentOverview>('/overview', await portalToken(a));
    expect(r.code).toBe(CODE.ok);
    expect(r.data.team_members).toBe(4);
    expect(r.data.days).toHaveLength(30);
  });
});

describe('downline and statements: the agent’s own team only', () => {
  it('lists the direct invitees newest first, masked, with filters', async () => {
    const token = await portalToken(a);
    const all = await get<Page<AgentDownline>>('/members', token);
    expect(all.data.total).toBe(4);
    expect(all.data.data.map((m) => m.id)).toEqual([f.f3.id, f.f2.id, f.f1.id, f.f4.id]);
    expect(all.data.data[0]!.username).not.toContain('portal03xx');
    expect(all.data.data[3]).toMatchObject({ is_agent: true, deposits: 500, valid_bets: 1_120 });
    expect((await get<Page<AgentDownline>>('/members?kind=agents', token)).data.data.map((m) => m.id)).toEqual([f.f4.id]);
    expect((await get<Page<AgentDownline>>('/members?keyword=portal02', token)).data.data.map((m) => m.id)).toEqual([f.f2.id]);
    expect((await get<Page<AgentDownline>>(`/members?keyword=${f.f1.id}`, token)).data.data.map((m) => m.id)).toEqual([f.f1.id]);
    const ranged = await get<Page<AgentDownline>>('/members?kind=active&start=2026-03-31&end=2026-03-31', token);
    expect(ranged.data.data.map((m) => [m.id, m.valid_bets])).toEqual([
      [f.f1.id, 500],
      [f.f4.id, 1_000],
    ]);
    // b's invitee is not in a's list, by name or by id
    expect((await get<Page<AgentDownline>>(`/members?keyword=${g1.id}`, token)).data.total).toBe(0);
    expect((await get<Page<AgentDownline>>('/members?keyword=portal09', token)).data.total).toBe(0);
  });

  it('opens one of its members, and answers 404 for any other id (another team, the agent itself, unknown)', async () => {
    const token = await portalToken(a);
    const d = await get<AgentDownlineDetail>(`/members/${f.f4.id}`, token);
    expect(d.data).toMatchObject({ id: f.f4.id, deposits: 500, valid_bets: 1_120, first_deposit: '2026-03-20 10:00:00', invited: 0, is_agent: true });
    expect(d.data.days).toHaveLength(30);
    for (const id of [g1.id, a.id, b.id, plain.id, 999_999_999]) {
      expect(await get(`/members/${id}`, token)).toMatchObject({ code: CODE.notFound, message: AGENT_PORTAL_MSG.memberMissing });
    }
  });

  it('shows its statements and no one else’s', async () => {
    const ins = (agentId: number, start: string, amountFen: number, state: number) =>
      sql<{ id: string }>`INSERT INTO commission_statements (agent_id, period_start, period_end, model, team_members, active_members, valid_fen, team_win_loss_fen, bonuses_fen, net_loss_fen, carried_in_fen, base_fen, tier, rate, own_amount_fen, differentials, amount_fen, state, reason)
        VALUES (${agentId}, ${start}::date, (${start}::date + 7), 'net_loss', 4, 3, 182000, -2000, 0, 2000, 0, 2000, 1, 20, ${amountFen}, ${JSON.stringify([{ sub_agent_id: f.f4.id, base_fen: 100, rate: 20, sub_rate: 10, amount_fen: 10 }])}::jsonb, ${amountFen + 10}, ${state}, ${state === 2 ? '资料不符' : ''})
        RETURNING id`.execute(s.db.kysely);
    const mine = (await ins(a.id, '2026-03-23', 400, 2)).rows[0]!.id;
    const theirs = (await ins(b.id, '2026-03-23', 900, 0)).rows[0]!.id;
    const token = await portalToken(a);
    const list = await get<Page<AgentStatement>>('/statements', token);
    expect(list.data.data.map((x) => x.id)).toEqual([Number(mine)]);
    const one = await get<AgentStatement>(`/statements/${mine}`, token);
    expect(one.data).toMatchObject({ period_start: '2026-03-23', period_end: '2026-03-29', amount: 4.1, own_amount: 4, state: 2, state_label: '已拒绝', reason: '资料不符' });
    expect(one.data.differentials).toEqual([{ sub_agent_id: f.f4.id, sub_agent: expect.not.stringContaining('portal04ww'), base: 1, rate: 20, sub_rate: 10, amount: 0.1 }]);
    expect(await get(`/statements/${theirs}`, token)).toMatchObject({ code: CODE.notFound, message: AGENT_PORTAL_MSG.statementMissing });
    expect((await get<Page<AgentStatement>>('/statements', await portalToken(b))).data.data.map((x) => x.id)).toEqual([Number(theirs)]);
  });
});

describe('a large team is served from figures kept at most AGENT_STATS_TTL_MS', () => {
  it('keeps the overview of a team above AGENT_LIVE_TEAM_MAX, serves it, and recomputes it once stale', async () => {
    const big = await member({ agent: true });
    await sql`INSERT INTO members (username, password_hash, pay_password_hash, inviter_id)
              SELECT ${`bt${randomBytes(3).toString('hex')}`} || g, 'x', 'x', ${big.id} FROM generate_series(1, ${AGENT_LIVE_TEAM_MAX + 1}) g`.execute(s.db.kysely);
    const token = await portalToken(big);
    expect((await get<AgentOverview>('/overview', token)).data.team_members).toBe(AGENT_LIVE_TEAM_MAX + 1);
    const kept = await s.db.kysely.selectFrom('team_stats').select('computed_at').where('member_id', '=', big.id).where('kind', '=', 'overview').executeTakeFirstOrThrow();
    // A new member is not seen while the figures are fresh…
    await member({ inviter: big.id });
    expect((await get<AgentOverview>('/overview', token)).data.team_members).toBe(AGENT_LIVE_TEAM_MAX + 1);
    // …and is once they are stale: the stale figures answer, the next read has the new ones.
    await s.db.kysely.updateTable('team_stats').set({ computed_at: new Date(new Date(kept.computed_at).getTime() - 120_000) }).where('member_id', '=', big.id).execute();
    expect((await get<AgentOverview>('/overview', token)).data.team_members).toBe(AGENT_LIVE_TEAM_MAX + 1);
    await expect.poll(async () => (await get<AgentOverview>('/overview', token)).data.team_members).toBe(AGENT_LIVE_TEAM_MAX + 2);
    // A small team keeps no row: always live.
    expect((await s.db.kysely.selectFrom('team_stats').select('member_id').where('member_id', '=', a.id).execute()).length).toBe(0);
  });
});
