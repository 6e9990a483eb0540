import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_STATE } from '@app/contract';
import { SIGNATURE_WINDOW_S, TRANSFER_PATHS, signRequest, signedPost, type SignedCaller } from '@app/provider-kit';
import { DEMO_PROVIDER_PREFIX } from '../src/config.js';
import { httpTransferAdapter } from '../src/modules/venues/http-transfer.js';
import { reconcileTransfers } from '../src/modules/transfers/reconcile.js';
import { startServer, type TestServer } from './harness.js';
import { centralFen, fundedMember, into, transferRow, venueFen, venueRefState } from './transfer-helpers.js';

// The transfer-wallet protocol over HTTP: the demo venue's side (signatures, transfer ids applied
// once, status and void) and the platform's HTTP adapter (unknown outcomes, which calls it retries).
/** The platform gives up on the demo venue after this: far above an HTTP round trip on a loaded machine; the timeout faults never answer, so it only sets how long those cases wait. */
const TIMEOUT_MS = 1_500;

let s: TestServer;
let caller: SignedCaller;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, venueTimeoutMs: TIMEOUT_MS });
  caller = { baseUrl: s.url + DEMO_PROVIDER_PREFIX, merchant: s.config.demoProvider.merchant, key: s.config.demoProvider.key, timeoutMs: 5_000 };
});
afterEach(() => s.app.demoVenue.setFault('none'));
afterAll(() => s.close());

let seq = 0;
/** A player id the platform has no member for, and a transfer id, unique within the run. */
const freshPlayer = () => 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100 + (++seq % 100);
const freshRef = () => `TW${Date.now()}${++seq}`;
const post = (path: string, body: unknown) => signedPost<Record<string, unknown>>(caller, path, body);
const transferIn = (player: number, amountFen: number, ref: string, venue = 'DEMOLIVEA') => post(TRANSFER_PATHS.transferIn, { venue, player: String(player), amount_fen: amountFen, transfer_id: ref });
const transferOut = (player: number, amountFen: number, ref: string, venue = 'DEMOLIVEA') => post(TRANSFER_PATHS.transferOut, { venue, player: String(player), amount_fen: amountFen, transfer_id: ref });

/** A request signed by hand, so a test can spoil one part of it. */
async function rawPost(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(caller.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the demo venue refuses a request that is not signed right, and moves nothing', () => {
  const fullPath = DEMO_PROVIDER_PREFIX + TRANSFER_PATHS.transferIn;

  it('a wrong key, a changed body, a stale timestamp, missing headers: 401 with the reason, the wallet untouched', async () => {
    const player = freshPlayer();
    const body = JSON.stringify({ venue: 'DEMOLIVEA', player: String(player), amount_fen: 500, transfer_id: freshRef() });
    const wrongKey = signRequest('not-the-key', caller.merchant, { method: 'POST', path: fullPath, body });
    expect(await rawPost(TRANSFER_PATHS.transferIn, body, wrongKey)).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    const signed = signRequest(caller.key, caller.merchant, { method: 'POST', path: fullPath, body });
    expect(await rawPost(TRANSFER_PATHS.transferIn, body.replace('500', '50000'), signed)).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    const stale = signRequest(caller.key, caller.merchant, { method: 'POST', path: fullPath, body }, Math.floor(Date.now() / 1000) - SIGNATURE_WINDOW_S - 5);
    expect(await rawPost(TRANSFER_PATHS.transferIn, body, stale)).toMatchObject({ status: 401, body: { code: 'SIGNATURE_STALE' } });
    expect(await rawPost(TRANSFER_PATHS.transferIn, body, {})).toMatchObject({ status: 401, body: { code: 'SIGNATURE_MISSING' } });
    const otherMerchant = signRequest(caller.key, 'someone-else', { method: 'POST', path: fullPath, body });
    expect(await rawPost(TRANSFER_PATHS.transferIn, body, otherMerchant)).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(0);
  });

  it('a replayed request (same nonce) is refused and the transfer moved once', async () => {
    const player = freshPlayer();
    const body = JSON.stringify({ venue: 'DEMOLIVEA', player: String(player), amount_fen: 700, transfer_id: freshRef() });
    const headers = signRequest(caller.key, caller.merchant, { method: 'POST', path: fullPath, body });
    expect(await rawPost(TRANSFER_PATHS.transferIn, body, headers)).toMatchObject({ status: 200, body: { code: 'OK', status: 'ok' } });
    expect(await rawPost(TRANSFER_PATHS.transferIn, body, headers)).toMatchObject({ status: 401, body: { code: 'NONCE_REPLAYED' } });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(700);
  });

  it('a malformed body, signed right: 400 BAD_REQUEST, nothing moved', async () => {
    const player = freshPlayer();
    for (const bad of [{ venue: 'DEMOLIVEA', player: String(player), amount_fen: 1.5, transfer_id: freshRef() }, { venue: 'DEMOLIVEA', player: String(player), amount_fen: -100, transfer_id: freshRef() }, { venue: 'DEMOLIVEA', player: String(player), amount_fen: 100 }]) {
      expect(await post(TRANSFER_PATHS.transferIn, bad)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    }
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(0);
  });
});

describe('transfers by the platform’s transfer id', () => {
  it('a transfer in sent twice with the same id moves the money once, both answered ok', async () => {
    const player = freshPlayer();
    const ref = freshRef();
    expect((await transferIn(player, 1_000, ref)).body).toEqual({ code: 'OK', status: 'ok' });
    expect((await transferIn(player, 1_000, ref)).body).toEqual({ code: 'OK', status: 'ok' });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(1_000);
    expect((await post(TRANSFER_PATHS.transferStatus, { venue: 'DEMOLIVEA', transfer_id: ref })).body).toEqual({ code: 'OK', status: 'applied' });
  });

  it('a transfer out sent twice with the same id debits once; past the balance it fails with insufficient_balance', async () => {
    const player = freshPlayer();
    await transferIn(player, 1_000, freshRef());
    const ref = freshRef();
    expect((await transferOut(player, 600, ref)).body).toEqual({ code: 'OK', status: 'ok' });
    expect((await transferOut(player, 600, ref)).body).toEqual({ code: 'OK', status: 'ok' });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(400);
    const over = freshRef();
    expect((await transferOut(player, 600, over)).body).toEqual({ code: 'OK', status: 'failed', reason: 'insufficient_balance' });
    expect((await post(TRANSFER_PATHS.transferStatus, { venue: 'DEMOLIVEA', transfer_id: over })).body).toEqual({ code: 'OK', status: 'not_found' });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(400);
  });

  it('status of an id never sent is not_found; void makes it voided for ever and a late transfer with it fails', async () => {
    const player = freshPlayer();
    const ref = freshRef();
    expect((await post(TRANSFER_PATHS.transferStatus, { venue: 'DEMOLIVEA', transfer_id: ref })).body).toEqual({ code: 'OK', status: 'not_found' });
    expect((await post(TRANSFER_PATHS.transferVoid, { venue: 'DEMOLIVEA', transfer_id: ref })).body).toEqual({ code: 'OK', status: 'voided' });
    expect((await post(TRANSFER_PATHS.transferVoid, { venue: 'DEMOLIVEA', transfer_id: ref })).body).toEqual({ code: 'OK', status: 'voided' });
    expect((await transferIn(player, 300, ref)).body).toEqual({ code: 'OK', status: 'failed', reason: 'voided' });
    expect((await post(TRANSFER_PATHS.transferStatus, { venue: 'DEMOLIVEA', transfer_id: ref })).body).toEqual({ code: 'OK', status: 'not_found' });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(0);
  });

  it('void of an applied id answers applied, and the money stays', async () => {
    const player = freshPlayer();
    const ref = freshRef();
    await transferIn(player, 250, ref);
    expect((await post(TRANSFER_PATHS.transferVoid, { venue: 'DEMOLIVEA', transfer_id: ref })).body).toEqual({ code: 'OK', status: 'applied' });
    expect(await venueFen(s, player, 'DEMOLIVEA')).toBe(250);
  });

  it('balances answer every venue asked for, 0 where the player has no wallet', async () => {
    const player = freshPlayer();
    await transferIn(player, 120, freshRef(), 'DEMOLIVEB');
    expect((await post(TRANSFER_PATHS.balance, { player: String(player), venues: ['DEMOLIVEA', 'DEMOLIVEB'] })).body).toEqual({ code: 'OK', balances: { DEMOLIVEA: 0, DEMOLIVEB: 120 } });
  });

  it('lists the games, launches one with its headroom, refuses an unknown game, reads bets by cursor', async () => {
    const games = (await post(TRANSFER_PATHS.games, {})).body!.games as { code: string }[];
    expect(games.length).toBeGreaterThan(5);
    const launch = await post(TRANSFER_PATHS.launch, { venue: 'DEMOLIVEA', player: '1', game: games[0].code, device: 'mobile', language: 'zh-CN', return_url: null, headroom: { wager: 1000, loss: null, after: 0 } });
    expect(launch).toMatchObject({ status: 200, body: { code: 'OK' } });
    expect(String(launch.body!.url)).toMatch(/^\/venue\/\?launch=/);
    expect(await post(TRANSFER_PATHS.launch, { venue: 'DEMOLIVEA', player: '1', game: 'no_such_game', device: 'mobile', language: 'zh-CN', return_url: null })).toMatchObject({ status: 404, body: { code: 'GAME_NOT_FOUND' } });
    const bets = await post(TRANSFER_PATHS.bets, { after: 0, limit: 10 });
    expect(bets).toMatchObject({ status: 200, body: { code: 'OK' } });
    expect(Array.isArray(bets.body!.bets)).toBe(true);
    expect(await post(TRANSFER_PATHS.bets, { after: 0, limit: 5_000 })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});

describe('the platform over HTTP: an unknown outcome stays pending until reconciliation asks', () => {
  const reconcile = () => reconcileTransfers({ db: s.db, venues: s.app.venues }, { minAgeMs: 0 });

  it('a transfer in whose answer times out is pending with the central wallet debited; status applied settles it as success', async () => {
    const { token, id } = await fundedMember(s, 50);
    s.app.demoVenue.setFault('timeout-after-apply');
    const r = await s.api('/api/transfer', into('DEMOLIVEA', 20), { token });
    s.app.demoVenue.setFault('none');
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    expect((await transferRow(s, r.data.order_no)).error).toContain('did not answer');
    expect(await centralFen(s, id)).toBe(3_000);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(2_000);
    expect(await reconcile()).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await transferRow(s, r.data.order_no)).toMatchObject({ state: TRANSFER_STATE.success });
    expect(await centralFen(s, id)).toBe(3_000);
  });

  it('a transfer in that never arrived: reconciliation voids the id at the venue and refunds', async () => {
    const { token, id } = await fundedMember(s, 50);
    s.app.demoVenue.setFault('timeout');
    const r = await s.api('/api/transfer', into('DEMOLIVEA', 20), { token });
    s.app.demoVenue.setFault('none');
    expect(r.data.state).toBe(TRANSFER_STATE.pending);
    expect(await reconcile()).toMatchObject({ failed: 1 });
    expect(await venueRefState(s, 'DEMOLIVEA', r.data.order_no)).toBe('voided');
    expect(await centralFen(s, id)).toBe(5_000);
    expect(await venueFen(s, id, 'DEMOLIVEA')).toBe(0);
  });
});

describe('the HTTP adapter against a misbehaving provider', () => {
  let fake: Server;
  let seen: string[] = [];
  /** What the fake provider does with the next requests: drop the connection, answer with a status and body, or hang. */
  let script: ({ drop: true } | { hang: true } | { status: number; body: unknown })[] = [];
  beforeAll(async () => {
    fake = createServer((req, res) => {
      seen.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        const step = script.shift() ?? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'unscripted' } };
        if ('drop' in step) return req.socket.destroy();
        if ('hang' in step) return;
        res.writeHead(step.status, { 'content-type': 'application/json' }).end(JSON.stringify(step.body));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(() => {
    fake.closeAllConnections();
    return new Promise<void>((r) => fake.close(() => r()));
  });
  const adapter = () => {
    seen = [];
    return httpTransferAdapter({ name: 'fake', baseUrl: () => `http://127.0.0.1:${(fake.address() as AddressInfo).port}/tw`, merchant: 'platform', key: 'k', timeoutMs: 1_000 });
  };

  it('retries an idempotent call (status) after a lost connection, with the same body', async () => {
    const a = adapter();
    script = [{ drop: true }, { status: 200, body: { code: 'OK', status: 'applied' } }];
    expect(await a.status('DEMOLIVEA', 'T1')).toBe('applied');
    expect(seen).toEqual(['/tw/transfer/status', '/tw/transfer/status']);
  });

  it('retries a transfer only with the same id; a 5xx twice is an unknown outcome (throws)', async () => {
    const a = adapter();
    script = [{ status: 200, body: { code: 'OK' } }, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }];
    await expect(a.transferIn('DEMOLIVEA', 7, 100, 'T2')).rejects.toThrow(/no usable answer/);
    expect(seen).toEqual(['/tw/player/create', '/tw/transfer/in', '/tw/transfer/in']);
  });

  it('does not retry a launch or a void', async () => {
    const a = adapter();
    script = [{ drop: true }];
    await expect(a.voidRef('DEMOLIVEA', 'T3')).rejects.toThrow();
    expect(seen).toEqual(['/tw/transfer/void']);
  });

  it('no answer within the timeout: throws (unknown), without a retry after the time ran out', async () => {
    const a = adapter();
    script = [{ hang: true }];
    const started = Date.now();
    await expect(a.transferOut('DEMOLIVEA', 7, 100, 'T4')).rejects.toThrow(/did not answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(seen).toEqual(['/tw/transfer/out']);
  });

  it('a refusal with an error code over 4xx is a certain failure (rejected); a malformed 200 is unknown', async () => {
    const a = adapter();
    script = [{ status: 401, body: { code: 'SIGNATURE_INVALID', message: 'no' } }];
    expect(await a.transferOut('DEMOLIVEA', 7, 100, 'T5')).toEqual({ status: 'failed', reason: 'rejected' });
    script = [{ status: 200, body: { code: 'OK', status: 'maybe' } }];
    await expect(a.transferOut('DEMOLIVEA', 7, 100, 'T6')).rejects.toThrow();
  });
});
