import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, type DeskCounts } from '@app/contract';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin } from './admin-support.js';
import { startServer, uniqueName, type TestServer } from './harness.js';

/** The console's live queues: waiting orders per queue, only those the role reads. */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
});
afterAll(() => s.close());

const counts = async (token: string) => (await adminCall<DeskCounts>(s, token, 'GET', '/desk/counts')).data;

describe('GET /admin/api/desk/counts', () => {
  it('counts the waiting orders of each queue, and moves when one arrives or is decided', async () => {
    const before = await counts(admin);
    expect(Object.keys(before).sort()).toEqual(['activityApplications', 'agentApplications', 'approvals', 'commissionStatements', 'deposits', 'service', 'withdrawals']);
    const method = (await s.db.kysely.selectFrom('pay_methods').select('code').executeTakeFirstOrThrow()).code;
    const m = await s.db.kysely.insertInto('members').values({ username: uniqueName('dk'), password_hash: 'x', pay_password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const dep = await s.db.kysely
      .insertInto('deposits')
      .values({ deposit_no: `DK${randomBytes(6).toString('hex')}`, member_id: m.id, method, amount_fen: 10_000, state: 1, created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db.kysely.insertInto('agent_applications').values({ member_id: m.id, mobile: '13812345678', apply_info: '推广' }).execute();
    const after = await counts(admin);
    expect(after.deposits).toBe(before.deposits! + 1);
    expect(after.agentApplications).toBe(before.agentApplications! + 1);
    expect(after.withdrawals).toBe(before.withdrawals);
    expect((await adminCall(s, admin, 'POST', `/deposits/${dep.id}/reject`, { reason: '未到账' })).code).toBe(CODE.ok);
    expect((await counts(admin)).deposits).toBe(before.deposits);
  });

  it('tells each role only of the queues it may read', async () => {
    const support = await newStaff(s, admin, 'support');
    expect(Object.keys(await counts(support.token)).sort()).toEqual(['activityApplications', 'agentApplications', 'commissionStatements', 'service']);
    const finance = await newStaff(s, admin, 'finance');
    expect(Object.keys(await counts(finance.token)).sort()).toEqual(['activityApplications', 'agentApplications', 'approvals', 'commissionStatements', 'deposits', 'withdrawals']);
    expect((await s.api('/admin/api/desk/counts', undefined, { method: 'GET' })).code).toBe(CODE.unauthorized);
  });
});
