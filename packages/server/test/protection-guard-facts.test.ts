import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBlock, guardFacts, limitsOf, realityMinutesOf, sessionClock } from '../src/modules/protection/service.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

/**
 * The gate reads a member's block, limits, session clock and reality interval in one
 * statement: it answers exactly what the four reads answer one by one, for a member with none of
 * them and for one with all of them (a limit with a raise waiting, a block, an acknowledged reality check).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function separately(memberId: number, tokenHash: string | undefined, now: Date) {
  return {
    block: await currentBlock(s.db.kysely, memberId, now),
    limits: await limitsOf(s.db.kysely, memberId),
    clock: await sessionClock(s.db.kysely, tokenHash),
    realityMinutes: await realityMinutesOf(s.db.kysely, memberId),
  };
}

describe('guardFacts', () => {
  it('answers what currentBlock, limitsOf, sessionClock and realityMinutesOf answer', async () => {
    const { token } = await registerMember(s, uniqueName('gf'), 'secret123', { payPassword: null });
    const id = await memberIdOf(s, token);
    const { token_hash: tokenHash } = await s.db.kysely.selectFrom('sessions').select('token_hash').where('member_id', '=', id).executeTakeFirstOrThrow();

    let now = new Date();
    expect(await guardFacts(s.db.kysely, id, tokenHash, now)).toEqual(await separately(id, tokenHash, now));
    expect(await guardFacts(s.db.kysely, id, undefined, now)).toEqual(await separately(id, undefined, now));
    expect((await guardFacts(s.db.kysely, id, undefined, now)).clock).toBeNull();

    const call = async (path: string, body: Record<string, unknown>) => expect((await s.api(path, body, { token })).code).toBe(200);
    await call('/api/protection/limit', { kind: 'wager', period: 'day', limit: 500 });
    await call('/api/protection/limit', { kind: 'loss', period: 'week', limit: 300 });
    await call('/api/protection/limit', { kind: 'session', period: 'session', limit: 90 });
    await call('/api/protection/limit', { kind: 'wager', period: 'day', limit: 800 }); // a raise: waits
    await call('/api/protection/reality', { minutes: 30 });
    await call('/api/playStatus/ack', {});
    now = new Date();
    const before = await guardFacts(s.db.kysely, id, tokenHash, now);
    expect(before.limits.map((l) => `${l.kind}/${l.period}`).sort()).toEqual(['loss/week', 'session/session', 'wager/day']);
    expect(before.limits.find((l) => l.kind === 'wager')!.pending).not.toBeNull();
    expect(before.realityMinutes).toBe(30);
    expect(before.clock!.ackedAt).not.toBeNull();
    expect(before).toEqual(await separately(id, tokenHash, now));

    await call('/api/protection/block', { kind: 'timeout', duration: '24h' });
    now = new Date();
    const blocked = await guardFacts(s.db.kysely, id, tokenHash, now);
    expect(blocked.block).not.toBeNull();
    expect(blocked).toEqual(await separately(id, tokenHash, now));
    // an hour past the block's end: none in force, as currentBlock says
    const later = new Date(now.getTime() + 25 * 3_600_000);
    expect(await guardFacts(s.db.kysely, id, tokenHash, later)).toEqual(await separately(id, tokenHash, later));
    expect((await guardFacts(s.db.kysely, id, tokenHash, later)).block).toBeNull();
  });
});
