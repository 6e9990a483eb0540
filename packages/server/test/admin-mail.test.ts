import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_ADMIN_LIMITS, MAIL_ADMIN_MSG, MSG, type AdminMailCampaign } from '@app/contract';
import { setAgent, setStanding } from './figures-support.js';
import { startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { createSession } from '../src/modules/session/service.js';

/**
 * 站内信 in the console: who may send and read campaigns, each rule's message, the
 * audit row, a single member's mail at once, a campaign to every one of 3,000 members written in
 * bounded batches with exactly one mail each, and read counts that follow the members' reads.
 */
let s: TestServer;
let admin: Staff;
let finance: Staff;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  finance = await newStaff(s, token, 'finance');
  operations = await newStaff(s, token, 'operations');
  support = await newStaff(s, token, 'support');
});
afterAll(() => s.close());

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);

async function member(opts: { vip?: number; isagent?: number } = {}): Promise<{ id: number; username: string; token: string }> {
  const username = uniqueName('m');
  const row = await s.db.kysely
    .insertInto('members')
    .values({ username, password_hash: 'x', pay_password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.vip) await setStanding(s.db.kysely, row.id, { level: opts.vip });
  if (opts.isagent) await setAgent(s.db.kysely, row.id, true);
  const token = await createSession(s.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: Number(row.id), username, token };
}

async function finished(id: number): Promise<AdminMailCampaign> {
  for (let i = 0; i < 600; i++) {
    const r = await get<AdminMailCampaign>(operations, `/mail/campaigns/${id}`);
    if (r.data.status === 'done') return r.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('campaign did not finish');
}

const inbox = async (token: string) => (await s.api('/api/message/list', { page: 1 }, { token })).data.data as Array<{ id: number; title: string }>;

describe('permissions', () => {
  it('lets operations and super send, support read only, finance not at all', async () => {
    const m = await member();
    const form = { audience: 'member', member: m.username, title: '权限', content: '内容' };
    for (const who of [finance, support]) expect(await post(who, '/mail/campaigns', form)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await get(support, '/mail/audience?audience=all')).toMatchObject({ code: 403 });
    expect(await get(finance, '/mail/campaigns')).toMatchObject({ code: 403 });
    expect(await get(support, '/mail/campaigns')).toMatchObject({ code: 200 });
    expect(await post(operations, '/mail/campaigns', form)).toMatchObject({ code: 200, message: MAIL_ADMIN_MSG.sent });
    expect(await post(admin, '/mail/campaigns', form)).toMatchObject({ code: 200 });
    expect(await inbox(m.token)).toHaveLength(2);
  });

  it('needs a staff session', async () => {
    expect(await s.api('/admin/api/mail/campaigns', undefined, { method: 'GET' })).toMatchObject({ code: 401 });
  });
});

describe('validation', () => {
  it('refuses each bad field with its message and sends nothing', async () => {
    const m = await member();
    const good = { audience: 'member', member: m.username, title: '标题', content: '内容' };
    const before = await s.db.kysely.selectFrom('mail_campaigns').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ audience: '' }, MAIL_ADMIN_MSG.audience],
      [{ audience: 'everyone' }, MAIL_ADMIN_MSG.audience],
      [{ member: '' }, MAIL_ADMIN_MSG.member],
      [{ audience: 'vip', vip: 'x' }, MAIL_ADMIN_MSG.vip],
      [{ audience: 'vip', vip: 0 }, MAIL_ADMIN_MSG.vip],
      [{ audience: 'vip', vip: 11 }, MAIL_ADMIN_MSG.vip],
      [{ audience: 'vip', vip: 1.5 }, MAIL_ADMIN_MSG.vip],
      [{ title: '' }, MAIL_ADMIN_MSG.title],
      [{ title: '   ' }, MAIL_ADMIN_MSG.title],
      [{ title: 'x'.repeat(MAIL_ADMIN_LIMITS.titleMax + 1) }, MAIL_ADMIN_MSG.title],
      [{ content: '' }, MAIL_ADMIN_MSG.content],
      [{ content: 'x'.repeat(MAIL_ADMIN_LIMITS.contentMax + 1) }, MAIL_ADMIN_MSG.content],
    ];
    for (const [change, message] of cases) {
      expect(await post(operations, '/mail/campaigns', { ...good, ...change }), JSON.stringify(change).slice(0, 80)).toMatchObject({ code: 400, message });
    }
    expect(await post(operations, '/mail/campaigns', { ...good, member: 'nobody-here' })).toMatchObject({ code: 404, message: MAIL_ADMIN_MSG.memberMissing });
    expect(await post(operations, '/mail/campaigns', { ...good, audience: 'vip', vip: 10 })).toMatchObject({ code: 400, message: MAIL_ADMIN_MSG.nobody });
    const after = await s.db.kysely.selectFrom('mail_campaigns').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await inbox(m.token)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('sends to one member by username or id at once, audited, and counts the read', async () => {
    const m = await member();
    expect((await get(operations, `/mail/audience?audience=member&member=${m.id}`)).data).toEqual({ audience: 'member', label: `会员 ${m.username}（ID ${m.id}）`, count: 1 });
    const r = await post<AdminMailCampaign>(operations, '/mail/campaigns', { audience: 'member', member: String(m.id), title: ' 您好 ', content: '第一封信\n第二行' });
    expect(r).toMatchObject({ code: 200, message: MAIL_ADMIN_MSG.sent });
    expect(r.data).toMatchObject({ audience: 'member', status: 'done', total: 1, sent: 1, read: 0, title: '您好', content: '第一封信\n第二行', staff_name: operations.username });
    const audits = await auditRows(s, 'mail.send', `mail_campaign:${r.data.id}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staff_id: operations.id });
    const mails = await inbox(m.token);
    expect(mails).toMatchObject([{ title: '您好' }]);
    expect((await s.api('/api/message/read', { id: mails[0]!.id }, { token: m.token })).code).toBe(200);
    expect((await get<AdminMailCampaign>(operations, `/mail/campaigns/${r.data.id}`)).data.read).toBe(1);
  });

  it('sends to a VIP level and to the agents only', async () => {
    const level = 8;
    const inLevel = [await member({ vip: level }), await member({ vip: level })];
    const other = await member({ vip: level + 1 });
    const agent = await member({ isagent: 1 });
    expect((await get(operations, `/mail/audience?audience=vip&vip=${level}`)).data).toEqual({ audience: 'vip', label: `VIP${level}`, count: 2 });
    const v = await post<AdminMailCampaign>(operations, '/mail/campaigns', { audience: 'vip', vip: level, title: 'VIP专属', content: '福利' });
    expect(v).toMatchObject({ code: 200, message: MAIL_ADMIN_MSG.sending, data: { status: 'sending', total: 2, audience_label: `VIP${level}` } });
    expect(await finished(v.data.id)).toMatchObject({ sent: 2, total: 2 });
    for (const m of inLevel) expect(await inbox(m.token)).toMatchObject([{ title: 'VIP专属' }]);
    expect(await inbox(other.token)).toHaveLength(0);
    const agents = await s.db.kysely
      .selectFrom('members')
      .innerJoin('agents', 'agents.member_id', 'members.id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('is_trial', '=', false)
      .executeTakeFirstOrThrow();
    const a = await post<AdminMailCampaign>(operations, '/mail/campaigns', { audience: 'agents', title: '代理通知', content: '佣金' });
    expect(await finished(a.data.id)).toMatchObject({ sent: agents.n, total: agents.n });
    expect(await inbox(agent.token)).toMatchObject([{ title: '代理通知' }]);
    expect(await inbox(other.token)).toHaveLength(0);
  });

  it('sends a campaign to all of 3,000 members in batches, exactly one mail each, and counts reads', async () => {
    await sql`INSERT INTO members (username, password_hash, pay_password_hash) SELECT 'bulk' || g, 'x', 'x' FROM generate_series(1, 3000) g`.execute(s.db.kysely);
    const readers = [await member(), await member(), await member()];
    const everyone = await s.db.kysely.selectFrom('members').select(sql<number>`count(*)::int`.as('n')).where('is_trial', '=', false).executeTakeFirstOrThrow();
    expect(everyone.n).toBeGreaterThan(3000);
    expect((await get(operations, '/mail/audience?audience=all')).data).toMatchObject({ label: '全部会员', count: everyone.n });
    const r = await post<AdminMailCampaign>(operations, '/mail/campaigns', { audience: 'all', title: '全站公告', content: '系统升级' });
    expect(r.data).toMatchObject({ status: 'sending', total: everyone.n });
    // the server answers while the campaign is being written
    expect((await get(support, '/mail/campaigns')).code).toBe(200);
    const done = await finished(r.data.id);
    expect(done).toMatchObject({ sent: everyone.n, total: everyone.n, read: 0 });
    expect(done.finished_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const row = await s.db.kysely.selectFrom('mail_campaigns').select(['batches']).where('id', '=', r.data.id).executeTakeFirstOrThrow();
    expect(row.batches).toBe(Math.ceil(everyone.n / MAIL_ADMIN_LIMITS.batch));
    const per = await sql<{ mails: number; members: number; most: number }>`
      SELECT count(*)::int AS mails, count(DISTINCT member_id)::int AS members,
             (SELECT coalesce(max(n), 0)::int FROM (SELECT count(*) AS n FROM mails WHERE campaign_id = ${r.data.id} GROUP BY member_id) t) AS most
      FROM mails WHERE campaign_id = ${r.data.id}`.execute(s.db.kysely);
    expect(per.rows[0]).toEqual({ mails: everyone.n, members: everyone.n, most: 1 });
    for (const [i, m] of readers.entries()) {
      const [mail] = await inbox(m.token);
      expect(mail).toMatchObject({ title: '全站公告' });
      await s.api('/api/message/read', { id: mail!.id }, { token: m.token });
      await s.api('/api/message/read', { id: mail!.id }, { token: m.token });
      expect((await get<AdminMailCampaign>(support, `/mail/campaigns/${r.data.id}`)).data.read).toBe(i + 1);
    }
    const list = await get(support, '/mail/campaigns');
    expect(list.data.data[0]).toMatchObject({ id: r.data.id, read: 3, sent: everyone.n });
    expect(await auditRows(s, 'mail.send', `mail_campaign:${r.data.id}`)).toHaveLength(1);
  });
});
