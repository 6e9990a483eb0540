import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/contract';
import { memberIdOf, registerMember, startServer, venueCall, venueSession, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, staffLogin } from './admin-support.js';

/**
 * A game frame's play session at a venue (x-venue-session) ends with the member's
 * platform sessions: a password change or a disabled account leaves no open game taking bets.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
});
afterAll(() => s.close());

const SESSION_GONE = { code: 401, message: MSG.venueSessionInvalid };

async function memberInGame() {
  const m = await registerMember(s);
  const id = await memberIdOf(s, m.token);
  const sessions = [await venueSession(s, id, 'DEMOLIVEA', 'demo_baccarat'), await venueSession(s, id, 'DEMOLIVEA', 'obgdy_fruit')];
  for (const session of sessions) expect(await venueCall(s, '/balance', session)).toMatchObject({ code: 200 });
  return { ...m, id, sessions };
}

describe('venue play sessions end with the member’s sessions', () => {
  it('a login password change ends every open game of the member, and only of that member', async () => {
    const m = await memberInGame();
    const other = await memberInGame();
    expect((await s.api('/api/editPassword', { password: m.password, paypassword: 'newpass456' }, { token: m.token })).code).toBe(200);
    for (const session of m.sessions) expect(await venueCall(s, '/balance', session)).toMatchObject(SESSION_GONE);
    for (const session of other.sessions) expect(await venueCall(s, '/balance', session)).toMatchObject({ code: 200 });
    // Signed in again, the member launches a new game as usual.
    const again = await s.api('/api/login_pc', { name: m.name, password: 'newpass456' });
    expect(again.code).toBe(200);
    expect(await venueCall(s, '/balance', await venueSession(s, m.id, 'DEMOLIVEA', 'demo_baccarat'))).toMatchObject({ code: 200 });
  });

  it('disabling the account in the back-office ends its open games', async () => {
    const m = await memberInGame();
    expect(await adminCall(s, admin, 'POST', `/members/${m.id}/state`, { state: 0 })).toMatchObject({ code: 200 });
    for (const session of m.sessions) expect(await venueCall(s, '/balance', session)).toMatchObject(SESSION_GONE);
  });

  it('a logoff on one device leaves the games open on the member’s other devices', async () => {
    const m = await memberInGame();
    expect((await s.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
    for (const session of m.sessions) expect(await venueCall(s, '/balance', session)).toMatchObject({ code: 200 });
  });
});
