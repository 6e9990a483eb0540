import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RS, signRequest, SEAMLESS_PATH, SEAMLESS_PREFIX } from '@app/provider-kit';
import { checkLedger, memberBalanceFen, providerSettlementCode } from '../src/modules/ledger/service.js';
import { setOwnLimit, startOwnBlock } from '../src/modules/protection/settings.js';
import { createProvider, providerByCode, providerKeys, rotateProviderKey, listProviders, updateProvider } from '../src/modules/providers/service.js';
import { decryptSecret, encryptSecret, secretsKey, secretsKeyAvailable } from '../src/modules/providers/secrets.js';
import { issueSeamlessToken } from '../src/modules/providers/token.js';
import { DEMO_SEAMLESS } from '../src/seed/providers.js';
import { SEAMLESS_ANSWER_KEEP_DAYS, sweepSeamlessAnswers } from '../src/modules/providers/retention.js';
import { addTurnoverRequirement, remainingTurnoverFen } from '../src/modules/turnover/service.js';
import { attachServer, startServer, type TestServer } from './harness.js';
import { fundedMember } from './transfer-helpers.js';

/**
 * The seamless wallet over HTTP, as a provider calls it: signed with the demo provider's key, every
 * answer HTTP 200 with a status, amounts in fen.
 */
let s: TestServer;
let key: string;
const GAME = 'demo_slot';

beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0 });
  [key] = await providerKeys(s.db.kysely, DEMO_SEAMLESS.merchantId);
});
afterAll(() => s.close());

const uuid = () => randomBytes(12).toString('hex');

interface Sent {
  status: number;
  text: string;
  body: { status: string; request_uuid: string; user?: string; currency?: string; balance?: number };
}

async function call(path: string, payload: unknown, opts: { key?: string; nowS?: number; nonce?: string; raw?: string; url?: string } = {}): Promise<Sent> {
  const full = SEAMLESS_PREFIX + path;
  const body = opts.raw ?? JSON.stringify(payload);
  const headers = signRequest(opts.key ?? key, DEMO_SEAMLESS.merchantId, { method: 'POST', path: full, body }, opts.nowS, opts.nonce);
  const res = await fetch((opts.url ?? s.url) + full, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

async function player(yuan: number, opts: { ttlS?: number } = {}) {
  const m = await fundedMember(s, yuan);
  const token = await issueSeamlessToken(s.db.kysely, { memberId: m.id, provider: DEMO_SEAMLESS.code, venue: DEMO_SEAMLESS.venue, game: GAME, ttlS: opts.ttlS });
  return { ...m, user: String(m.id), token };
}
type Player = Awaited<ReturnType<typeof player>>;

const bet = (p: Player, amount: number, o: { tx?: string; round?: string; game?: string; user?: string; req?: string } = {}) =>
  call(SEAMLESS_PATH.bet, { request_uuid: o.req ?? uuid(), token: p.token, user: o.user ?? p.user, transaction_uuid: o.tx ?? uuid(), round: o.round ?? uuid(), game_code: o.game ?? GAME, currency: 'CNY', amount });
const win = (p: Player, amount: number, ref: string, round: string, o: { tx?: string } = {}) =>
  call(SEAMLESS_PATH.win, { request_uuid: uuid(), token: p.token, user: p.user, transaction_uuid: o.tx ?? uuid(), reference_transaction_uuid: ref, round, game_code: GAME, currency: 'CNY', amount, round_closed: true });
const rollback = (p: Player, ref: string, round: string, o: { tx?: string } = {}) =>
  call(SEAMLESS_PATH.rollback, { request_uuid: uuid(), token: p.token, user: p.user, transaction_uuid: o.tx ?? uuid(), reference_transaction_uuid: ref, round, game_code: GAME });

const wallet = (p: Player) => memberBalanceFen(s.db.kysely, p.id);
const records = (p: Player) => s.db.kysely.selectFrom('bet_records').selectAll().where('member_id', '=', p.id).orderBy('id').execute();

describe('the provider configuration', () => {
  it('keeps keys encrypted, lists them masked, and accepts the previous key while a rotation overlaps', async () => {
    const row = await s.db.kysely.selectFrom('game_providers').select(['key_enc']).where('code', '=', DEMO_SEAMLESS.code).executeTakeFirstOrThrow();
    expect(row.key_enc).not.toContain(key);
    expect(decryptSecret(row.key_enc)).toBe(key);
    expect(decryptSecret(encryptSecret('x'.repeat(40)))).toBe('x'.repeat(40));
    const listed = (await listProviders(s.db.kysely)).find((p) => p.code === DEMO_SEAMLESS.code)!;
    expect(listed).toMatchObject({ mode: 'seamless', state: 'on', venues: [DEMO_SEAMLESS.venue], key: `****${key.slice(-4)}` });
    expect(JSON.stringify(listed)).not.toContain(key);

    const fresh = (await rotateProviderKey(s.db.kysely, DEMO_SEAMLESS.code, { overlapS: 60 }))!;
    expect(await providerKeys(s.db.kysely, DEMO_SEAMLESS.merchantId)).toEqual([fresh, key]);
    const p = await player(1);
    expect((await call(SEAMLESS_PATH.balance, { request_uuid: uuid(), token: p.token, user: p.user }, { key: fresh })).body.status).toBe(RS.ok);
    expect((await call(SEAMLESS_PATH.balance, { request_uuid: uuid(), token: p.token, user: p.user }, { key })).body.status).toBe(RS.ok);
    expect(await providerKeys(s.db.kysely, DEMO_SEAMLESS.merchantId, new Date(Date.now() + 61_000))).toEqual([fresh]);
    key = fresh;
  });

  it('takes the encryption key from PROVIDER_SECRETS_KEY, and a production server refuses to keep keys without it', () => {
    const hex = secretsKey({ PROVIDER_SECRETS_KEY: 'ab'.repeat(32) });
    expect(hex).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    const phrase = secretsKey({ PROVIDER_SECRETS_KEY: 'a long operator passphrase of forty chars' });
    expect(phrase).toHaveLength(32);
    expect(() => secretsKey({ PROVIDER_SECRETS_KEY: 'short' })).toThrow(/PROVIDER_SECRETS_KEY/);
    expect(() => secretsKey({ NODE_ENV: 'production' })).toThrow(/PROVIDER_SECRETS_KEY/);
    expect(secretsKeyAvailable({ NODE_ENV: 'production' })).toBe(false);
    expect(secretsKeyAvailable({ NODE_ENV: 'production', PROVIDER_SECRETS_KEY: 'ab'.repeat(32) })).toBe(true);
    // a value made under one key does not open under another
    expect(() => decryptSecret(encryptSecret('k'.repeat(40), hex), phrase)).toThrow();
    expect(decryptSecret(encryptSecret('k'.repeat(40), hex), hex)).toBe('k'.repeat(40));
  });
});

describe('provider states', () => {
  it('refuses bets while the provider is in maintenance (the rest goes on), and every call while it is off', async () => {
    const p = await player(10);
    const balance = () => call(SEAMLESS_PATH.balance, { request_uuid: uuid(), token: p.token, user: p.user });
    try {
      expect(await updateProvider(s.db.kysely, DEMO_SEAMLESS.code, { state: 'maintenance' })).toMatchObject({ state: 'maintenance' });
      expect((await bet(p, 100)).body.status).toBe(RS.invalidGame);
      expect((await balance()).body).toMatchObject({ status: RS.ok, balance: 1000 });
      await updateProvider(s.db.kysely, DEMO_SEAMLESS.code, { state: 'off' });
      expect((await balance()).body.status).toBe(RS.invalidSignature);
    } finally {
      await updateProvider(s.db.kysely, DEMO_SEAMLESS.code, { state: 'on' });
    }
    expect((await bet(p, 100)).body.status).toBe(RS.ok);
  });

  it('answers a provider in transfer mode with RS_ERROR_INVALID_SIGNATURE: it does not call the seamless wallet', async () => {
    const { provider, key: own } = await createProvider(s.db.kysely, { code: 'T_DEMO', name: '演示转账供应商', mode: 'transfer', merchantId: 'transfer-demo', baseUrl: 'http://127.0.0.1:9/api' });
    expect(provider).toMatchObject({ code: 'T_DEMO', mode: 'transfer', state: 'on', timeoutMs: 5000 });
    const payload = JSON.stringify({ request_uuid: uuid(), token: 'x', user: '1' });
    const path = SEAMLESS_PREFIX + SEAMLESS_PATH.balance;
    const headers = signRequest(own, 'transfer-demo', { method: 'POST', path, body: payload });
    const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
    expect(await res.json()).toMatchObject({ status: RS.invalidSignature });
    await expect(createProvider(s.db.kysely, { code: 'bad code', name: 'x', mode: 'seamless', merchantId: 'x-1' })).rejects.toThrow(/供应商代码/);
  });
});

describe('syntax', () => {
  it('answers a body that is not a request with RS_ERROR_WRONG_SYNTAX, and another currency with RS_ERROR_WRONG_CURRENCY', async () => {
    const p = await player(10);
    expect((await call(SEAMLESS_PATH.bet, null, { raw: 'not json' })).body).toEqual({ status: RS.wrongSyntax, request_uuid: '' });
    const base = { request_uuid: uuid(), token: p.token, user: p.user, transaction_uuid: uuid(), round: uuid(), game_code: GAME, currency: 'CNY' };
    expect((await call(SEAMLESS_PATH.bet, { ...base, amount: 1.5 })).body.status).toBe(RS.wrongSyntax);
    expect((await call(SEAMLESS_PATH.bet, { ...base, request_uuid: uuid(), amount: 0 })).body.status).toBe(RS.wrongSyntax);
    expect((await call(SEAMLESS_PATH.bet, { ...base, request_uuid: uuid(), currency: 'USD', amount: 100 })).body.status).toBe(RS.wrongCurrency);
    expect(await wallet(p)).toBe(1000);
  });
});

describe('signatures', () => {
  it('refuses a bad signature, a stale timestamp and a replayed nonce with RS_ERROR_INVALID_SIGNATURE, changing nothing', async () => {
    const p = await player(10);
    const before = await wallet(p);
    expect((await bet(p, 100)).body.status).toBe(RS.ok);
    const afterOne = await wallet(p);
    expect(afterOne).toBe(before - 100);

    const payload = { request_uuid: uuid(), token: p.token, user: p.user, transaction_uuid: uuid(), round: uuid(), game_code: GAME, currency: 'CNY', amount: 100 };
    const bad = await call(SEAMLESS_PATH.bet, payload, { key: 'f'.repeat(64) });
    expect(bad).toMatchObject({ status: 200, body: { status: RS.invalidSignature, request_uuid: payload.request_uuid } });
    const stale = await call(SEAMLESS_PATH.bet, payload, { nowS: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.body.status).toBe(RS.invalidSignature);
    expect(await wallet(p)).toBe(afterOne);

    const nonce = randomBytes(18).toString('base64url');
    const first = await call(SEAMLESS_PATH.bet, payload, { nonce });
    expect(first.body.status).toBe(RS.ok);
    const replayed = await call(SEAMLESS_PATH.bet, { ...payload, request_uuid: uuid() }, { nonce });
    expect(replayed.body.status).toBe(RS.invalidSignature);
    expect(await wallet(p)).toBe(afterOne - 100);
  });

  it('verifies the raw body: the same JSON with other spacing is another signature', async () => {
    const p = await player(1);
    const raw = `{ "request_uuid": "${uuid()}", "token": "${p.token}", "user": "${p.user}" }`;
    expect((await call(SEAMLESS_PATH.balance, null, { raw })).body).toMatchObject({ status: RS.ok, balance: 100, currency: 'CNY', user: p.user });
  });
});

describe('two instances on one database', () => {
  it('refuses on one instance a nonce the other accepted, and answers a request_uuid either answered', async () => {
    const other = await attachServer(s);
    try {
      const p = await player(10);
      const payload = { request_uuid: uuid(), token: p.token, user: p.user, transaction_uuid: uuid(), round: uuid(), game_code: GAME, currency: 'CNY', amount: 100 };
      const nonce = randomBytes(18).toString('base64url');
      const nowS = Math.floor(Date.now() / 1000);
      const first = await call(SEAMLESS_PATH.bet, payload, { nonce, nowS });
      expect(first.body.status).toBe(RS.ok);
      expect((await call(SEAMLESS_PATH.bet, payload, { nonce, nowS, url: other.url })).body.status).toBe(RS.invalidSignature);
      expect((await call(SEAMLESS_PATH.bet, payload, { url: other.url })).text).toBe(first.text);
      expect(await wallet(p)).toBe(900);
    } finally {
      await other.close();
    }
  });
});

describe('user info and balance', () => {
  it('answers the central wallet in fen', async () => {
    const p = await player(12.34);
    expect((await call(SEAMLESS_PATH.userInfo, { request_uuid: uuid(), token: p.token, user: p.user })).body).toMatchObject({ status: RS.ok, user: p.user, currency: 'CNY', balance: 1234 });
    expect((await call(SEAMLESS_PATH.balance, { request_uuid: uuid(), token: 'nope', user: p.user })).body.status).toBe(RS.invalidToken);
    expect((await call(SEAMLESS_PATH.balance, { request_uuid: uuid(), token: p.token, user: 'someone' })).body.status).toBe(RS.invalidToken);
    expect((await call(SEAMLESS_PATH.balance, { token: p.token, user: p.user })).body.status).toBe(RS.wrongSyntax);
  });
});

describe('request_uuid', () => {
  it('answers a repeated request with the original answer, byte for byte, and moves money once', async () => {
    const p = await player(10);
    const req = uuid();
    const tx = uuid();
    const first = await bet(p, 250, { req, tx });
    await bet(p, 100);
    const again = await bet(p, 250, { req, tx });
    expect(again.text).toBe(first.text);
    expect(first.body).toMatchObject({ status: RS.ok, balance: 750 });
    expect(await wallet(p)).toBe(650);
  });

  it(`keeps answers ${SEAMLESS_ANSWER_KEEP_DAYS} days; a request repeated after that moves no money again, its transaction answering as before`, async () => {
    const p = await player(10);
    const req = uuid();
    const tx = uuid();
    const round = uuid();
    expect((await bet(p, 250, { req, tx, round })).body).toMatchObject({ status: RS.ok, balance: 750 });
    const stored = () => s.db.kysely.selectFrom('seamless_requests').select('request_uuid').where('request_uuid', '=', req).execute();
    expect(await stored()).toHaveLength(1);
    // a day short of the keep: still there
    await sweepSeamlessAnswers(s.db.kysely, new Date(Date.now() + (SEAMLESS_ANSWER_KEEP_DAYS - 1) * 86_400_000));
    expect(await stored()).toHaveLength(1);
    await sweepSeamlessAnswers(s.db.kysely, new Date(Date.now() + (SEAMLESS_ANSWER_KEEP_DAYS + 1) * 86_400_000));
    expect(await stored()).toHaveLength(0);
    expect((await bet(p, 250, { req, tx, round })).body).toMatchObject({ status: RS.ok, balance: 750 });
    expect(await wallet(p)).toBe(750);
  });
});

describe('transaction_uuid', () => {
  it('answers the same transaction again with its original result, and another amount, round, member or game as a duplicate', async () => {
    const p = await player(10);
    const q = await player(10);
    const tx = uuid();
    const round = uuid();
    const first = await bet(p, 300, { tx, round });
    expect(first.body).toMatchObject({ status: RS.ok, balance: 700 });
    expect((await bet(p, 300, { tx, round })).body).toMatchObject({ status: RS.ok, balance: 700 });
    expect((await bet(p, 301, { tx, round })).body.status).toBe(RS.duplicateTransaction);
    expect((await bet(p, 300, { tx, round: uuid() })).body.status).toBe(RS.duplicateTransaction);
    expect((await bet(q, 300, { tx, round })).body.status).toBe(RS.duplicateTransaction);
    const other = { ...p, token: await issueSeamlessToken(s.db.kysely, { memberId: p.id, provider: DEMO_SEAMLESS.code, venue: DEMO_SEAMLESS.venue, game: 'other_game' }) };
    expect((await bet(other, 300, { tx, round, game: 'other_game' })).body.status).toBe(RS.duplicateTransaction);
    // a win may not reuse a bet's id either
    expect((await win(p, 10, tx, round, { tx })).body.status).toBe(RS.duplicateTransaction);
    expect(await wallet(p)).toBe(700);
    expect(await wallet(q)).toBe(1000);
  });

  it('refuses a game the token does not name', async () => {
    const p = await player(10);
    expect((await bet(p, 100, { game: 'another' })).body.status).toBe(RS.invalidGame);
  });
});

describe('rollback', () => {
  it('leaves a tombstone for a bet never seen, so the late bet is refused', async () => {
    const p = await player(10);
    const tx = uuid();
    const round = uuid();
    expect((await rollback(p, tx, round)).body).toMatchObject({ status: RS.ok, balance: 1000 });
    expect((await bet(p, 100, { tx, round })).body).toMatchObject({ status: RS.transactionRolledBack });
    expect(await wallet(p)).toBe(1000);
    expect(await records(p)).toEqual([]);
  });

  it('rolls a bet back once however many times it is asked, and voids its record', async () => {
    const p = await player(10);
    const tx = uuid();
    const round = uuid();
    await bet(p, 400, { tx, round });
    expect(await wallet(p)).toBe(600);
    const rb = uuid();
    expect((await rollback(p, tx, round, { tx: rb })).body).toMatchObject({ status: RS.ok, balance: 1000 });
    expect((await rollback(p, tx, round, { tx: rb })).body).toMatchObject({ status: RS.ok, balance: 1000 });
    expect((await rollback(p, tx, round)).body).toMatchObject({ status: RS.ok, balance: 1000 });
    expect(await wallet(p)).toBe(1000);
    const j = await s.db.kysely.selectFrom('ledger_journals').select('kind').where('idem_key', 'like', `seamless:${DEMO_SEAMLESS.code}:%${tx}`).execute();
    expect(j.map((x) => x.kind).sort()).toEqual(['seamless_bet', 'seamless_rollback']);
    expect((await records(p)).map((r) => r.status)).toEqual([0]);
    // the rolled-back bet sent again is refused
    expect((await bet(p, 400, { tx, round })).body.status).toBe(RS.transactionRolledBack);
  });

  it('refuses a rollback after the round’s win', async () => {
    const p = await player(10);
    const tx = uuid();
    const round = uuid();
    await bet(p, 200, { tx, round });
    expect((await win(p, 500, tx, round)).body).toMatchObject({ status: RS.ok, balance: 1300 });
    expect((await rollback(p, tx, round)).body.status).toBe(RS.wrongSyntax);
    expect(await wallet(p)).toBe(1300);
  });

  it('refuses a rollback naming a win with RS_ERROR_WRONG_SYNTAX (only bets roll back), and one naming another player’s bet as not existing', async () => {
    const p = await player(10);
    const q = await player(10);
    const tx = uuid();
    const round = uuid();
    const w = uuid();
    await bet(p, 200, { tx, round });
    expect((await win(p, 500, tx, round, { tx: w })).body).toMatchObject({ status: RS.ok, balance: 1300 });
    expect((await rollback(p, w, round)).body).toMatchObject({ status: RS.wrongSyntax, user: p.user });
    expect((await rollback(q, w, round)).body.status).toBe(RS.transactionDoesNotExist);
    const tx2 = uuid();
    await bet(p, 100, { tx: tx2 });
    expect((await rollback(q, tx2, uuid())).body.status).toBe(RS.transactionDoesNotExist);
    expect(await wallet(p)).toBe(1200);
    expect(await wallet(q)).toBe(1000);
  });
});

describe('win', () => {
  it('refuses a win without its bet, and a win of a rolled-back bet', async () => {
    const p = await player(10);
    expect((await win(p, 500, uuid(), uuid())).body).toMatchObject({ status: RS.transactionDoesNotExist, user: p.user });
    const tx = uuid();
    const round = uuid();
    await bet(p, 100, { tx, round });
    await rollback(p, tx, round);
    expect((await win(p, 500, tx, round)).body.status).toBe(RS.transactionRolledBack);
    expect(await wallet(p)).toBe(1000);
  });

  it('settles the round’s bet records on its win (0 is a loss), which count for turnover', async () => {
    const p = await player(10);
    await s.db.kysely.transaction().execute((tx) => addTurnoverRequirement(tx, p.id, 1_000, { kind: 'deposit', baseFen: 1_000 }));
    const tx = uuid();
    const round = uuid();
    await bet(p, 300, { tx, round });
    let [r] = await records(p);
    expect(r).toMatchObject({ venue: DEMO_SEAMLESS.venue, bet_id: tx, bet_fen: 300, status: 2, counted: false });
    expect((await win(p, 0, tx, round)).body).toMatchObject({ status: RS.ok, balance: 700 });
    [r] = await records(p);
    expect(r).toMatchObject({ bet_fen: 300, valid_fen: 300, win_loss_fen: -300, status: 1, counted: true });
    const daily = await s.db.kysely.selectFrom('member_daily_bets').select(['valid_fen', 'bets']).where('member_id', '=', p.id).execute();
    expect(daily).toEqual([{ valid_fen: 300, bets: 1 }]);
    expect(await remainingTurnoverFen(s.db.kysely, p.id)).toBe(700);
    // a bet into a settled round is refused
    expect((await bet(p, 100, { round })).body.status).toBe(RS.wrongSyntax);

    const tx2 = uuid();
    const round2 = uuid();
    await bet(p, 100, { tx: tx2, round: round2 });
    const w = uuid();
    expect((await win(p, 250, tx2, round2, { tx: w })).body).toMatchObject({ status: RS.ok, balance: 850 });
    expect((await win(p, 250, tx2, round2, { tx: w })).body).toMatchObject({ status: RS.ok, balance: 850 });
    expect(await wallet(p)).toBe(850);
    const second = (await records(p))[1]!;
    expect(second).toMatchObject({ valid_fen: 100, win_loss_fen: 150, status: 1, counted: true });
  });
});

describe('bet refusals', () => {
  it('answers not enough money with the balance', async () => {
    const p = await player(1);
    expect((await bet(p, 101)).body).toMatchObject({ status: RS.notEnoughMoney, user: p.user, currency: 'CNY', balance: 100 });
    expect(await wallet(p)).toBe(100);
  });

  it('refuses a disabled member', async () => {
    const p = await player(10);
    await s.db.kysely.updateTable('members').set({ state: 0 }).where('id', '=', p.id).execute();
    expect((await bet(p, 100)).body.status).toBe(RS.userDisabled);
    expect(await wallet(p)).toBe(1000);
  });

  it('refuses a self-excluded member, and one in a time-out', async () => {
    const p = await player(10);
    await startOwnBlock(s.db.kysely, { id: p.id, isTrial: false }, { kind: 'exclusion', duration: '6m' }, new Date());
    expect((await bet(p, 100)).body.status).toBe(RS.userDisabled);
    const q = await player(10);
    await startOwnBlock(s.db.kysely, { id: q.id, isTrial: false }, { kind: 'timeout', duration: '24h' }, new Date());
    expect((await bet(q, 100)).body.status).toBe(RS.userDisabled);
    expect(await wallet(p)).toBe(1000);
  });

  it('refuses a bet over the wager limit, and one over the loss limit', async () => {
    const p = await player(100);
    await setOwnLimit(s.db.kysely, { id: p.id, isTrial: false }, { kind: 'wager', period: 'day', limit: 5 }, new Date());
    expect((await bet(p, 300)).body.status).toBe(RS.ok);
    expect((await bet(p, 201)).body.status).toBe(RS.limitReached);
    expect((await bet(p, 200)).body.status).toBe(RS.ok);
    expect(await wallet(p)).toBe(10_000 - 500);
    const q = await player(100);
    await setOwnLimit(s.db.kysely, { id: q.id, isTrial: false }, { kind: 'loss', period: 'day', limit: 3 }, new Date());
    expect((await bet(q, 301)).body.status).toBe(RS.limitReached);
    expect(await wallet(q)).toBe(10_000);
  });

  it('refuses a bet on an expired token, and still takes its round’s win and rollback', async () => {
    const p = await player(10, { ttlS: 60 });
    const tx = uuid();
    const round = uuid();
    await bet(p, 100, { tx, round });
    const tx2 = uuid();
    const round2 = uuid();
    await bet(p, 100, { tx: tx2, round: round2 });
    const expired = { ...p, token: await issueSeamlessToken(s.db.kysely, { memberId: p.id, provider: DEMO_SEAMLESS.code, venue: DEMO_SEAMLESS.venue, game: GAME, ttlS: -10 }) };
    expect((await bet(expired, 100)).body.status).toBe(RS.tokenExpired);
    expect((await win(expired, 300, tx, round)).body).toMatchObject({ status: RS.ok, balance: 1100 });
    expect((await rollback(expired, tx2, round2)).body).toMatchObject({ status: RS.ok, balance: 1200 });
  });
});

describe('concurrency', () => {
  it('takes 50 bets at once on one member exactly: the balance is what they leave, never below zero', async () => {
    const p = await player(30);
    const answers = await Promise.all(Array.from({ length: 50 }, () => bet(p, 100)));
    const ok = answers.filter((a) => a.body.status === RS.ok).length;
    const short = answers.filter((a) => a.body.status === RS.notEnoughMoney).length;
    expect(ok).toBe(30);
    expect(short).toBe(20);
    expect(await wallet(p)).toBe(0);
    expect((await records(p)).length).toBe(30);
  }, 60_000);

  it('takes one bet sent ten times at once (one transaction_uuid) once, answering each as the first', async () => {
    const p = await player(10);
    const tx = uuid();
    const round = uuid();
    const answers = await Promise.all(Array.from({ length: 10 }, () => bet(p, 100, { tx, round })));
    expect(answers.map((a) => a.body)).toEqual(Array.from({ length: 10 }, () => expect.objectContaining({ status: RS.ok, balance: 900 })));
    expect(await wallet(p)).toBe(900);
    expect((await records(p)).length).toBe(1);
  }, 60_000);
});

describe('the books', () => {
  it('posts each movement between the central wallet and the provider’s settlement account, and the ledger check passes', async () => {
    const settlement = await s.db.kysely.selectFrom('ledger_accounts').select(['kind', 'allow_negative']).where('code', '=', providerSettlementCode(DEMO_SEAMLESS.code)).executeTakeFirstOrThrow();
    expect(settlement.kind).toBe('provider_settlement');
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
    expect(await providerByCode(s.db.kysely, DEMO_SEAMLESS.code)).toMatchObject({ mode: 'seamless' });
  });
});
