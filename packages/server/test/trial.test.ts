import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/contract';
import { HOUSE, houseBalanceFen, memberBalanceFen } from '../src/modules/ledger/service.js';
import { GUEST_DEMO_FEN, GUEST_IDLE_MS, reapGuests } from '../src/modules/trial/service.js';
import { memberIdOf, startServer, type TestServer } from './harness.js';
import { into, venueFen } from './transfer-helpers.js';

/**
 * DESIGN §4: each guest plays with a demo wallet of its own, so one guest can
 * neither empty nor reconfigure another's; when its session ends the wallet is reset (the demo money
 * goes back to the trial house account, from the venues too) and the account is closed.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function guest(): Promise<{ token: string; id: number }> {
  const r = await s.api('/api/guestlogin');
  expect(r.code).toBe(200);
  return { token: r.data.api_token, id: await memberIdOf(s, r.data.api_token) };
}
const balance = async (token: string) => (await s.api('/api/balance', {}, { token })).data.balance as number;
const reap = () => reapGuests({ db: s.db.kysely, venues: s.app.venues });
const trialHouseFen = () => houseBalanceFen(s.db.kysely, HOUSE.trialFunding);

describe('each guest has a demo wallet of its own', () => {
  it('two guests are two accounts: what one moves or switches leaves the other as it was', async () => {
    const a = await guest();
    const b = await guest();
    expect(a.id).not.toBe(b.id);
    expect(await balance(a.token)).toBe(GUEST_DEMO_FEN / 100);
    // a empties its central wallet into a venue and switches auto-transfer on
    expect((await s.api('/api/transfer', into('DEMOLIVEA', GUEST_DEMO_FEN / 100), { token: a.token })).code).toBe(200);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token: a.token })).code).toBe(200);
    expect(await balance(a.token)).toBe(0);
    // b still has all of its own, and its own switch
    expect(await balance(b.token)).toBe(GUEST_DEMO_FEN / 100);
    expect((await s.api('/api/user', {}, { token: b.token })).data.transferstatus).toBe(0);
  });

  it('a guest cannot be signed in to by name, and is still refused money paths', async () => {
    const a = await guest();
    const name = (await s.api('/api/user', {}, { token: a.token })).data.username as string;
    expect(await s.api('/api/login_pc', { name, password: 'secret123' })).toMatchObject({ code: 400 });
    expect(await s.api('/api/recharge', { paytype: 'alipay', amount: 100 }, { token: a.token })).toMatchObject({ code: 403, message: MSG.trialRefused });
  });
});

describe('the wallet is reset when the guest session ends', () => {
  it('after a logoff: the money comes back from the venue and the central wallet to the trial house account, the account closes', async () => {
    const houseBefore = await trialHouseFen();
    const a = await guest();
    expect(await trialHouseFen()).toBe(houseBefore - GUEST_DEMO_FEN);
    expect((await s.api('/api/transfer', into('DEMOLIVEA', 300), { token: a.token })).code).toBe(200);
    const live = await guest(); // still playing: left alone
    expect((await s.api('/api/logoff', {}, { token: a.token })).code).toBe(200);

    const report = await reap();
    expect(report.reset).toBeGreaterThanOrEqual(1);
    expect(await venueFen(s, a.id, 'DEMOLIVEA')).toBe(0);
    expect(await memberBalanceFen(s.db.kysely, a.id)).toBe(0);
    const row = await s.db.kysely.selectFrom('members').select('state').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.state).toBe(0);
    expect(await trialHouseFen()).toBe(houseBefore - GUEST_DEMO_FEN); // a's 20,000 back, live's 20,000 out
    expect(await balance(live.token)).toBe(GUEST_DEMO_FEN / 100);
    // A second pass changes nothing.
    await reap();
    expect(await trialHouseFen()).toBe(houseBefore - GUEST_DEMO_FEN);
  });

  it('after the guest idle time: its session ends and its wallet is reset', async () => {
    const a = await guest();
    await sql`UPDATE sessions SET last_seen_at = now() - make_interval(secs => ${GUEST_IDLE_MS / 1000 + 60}) WHERE member_id = ${a.id}`.execute(s.db.kysely);
    await reap();
    expect(await memberBalanceFen(s.db.kysely, a.id)).toBe(0);
    const open = await s.db.kysely.selectFrom('sessions').select('token_hash').where('member_id', '=', a.id).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
  });

  it('leaves a guest whose venue money has not come back (venue not answering) for a later pass', async () => {
    const a = await guest();
    expect((await s.api('/api/transfer', into('DEMOLIVEA', 100), { token: a.token })).code).toBe(200);
    expect((await s.api('/api/logoff', {}, { token: a.token })).code).toBe(200);
    s.app.demoVenue.setFault('fail');
    try {
      await reap();
      expect(await venueFen(s, a.id, 'DEMOLIVEA')).toBe(10_000);
      expect(await memberBalanceFen(s.db.kysely, a.id)).toBe(GUEST_DEMO_FEN - 10_000);
      expect((await s.db.kysely.selectFrom('members').select('state').where('id', '=', a.id).executeTakeFirstOrThrow()).state).toBe(1);
    } finally {
      s.app.demoVenue.setFault('none');
    }
    await reap();
    expect(await venueFen(s, a.id, 'DEMOLIVEA')).toBe(0);
    expect(await memberBalanceFen(s.db.kysely, a.id)).toBe(0);
  });
});
