import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, MSG, PROVIDER_LIMITS, PROVIDER_MSG, type AdminProvider, type AdminProviderWithKey } from '@app/contract';
import { RS, SEAMLESS_PATH, SEAMLESS_PREFIX, signRequest } from '@app/provider-kit';
import { flushProviderCalls } from '../src/modules/providers/health.js';
import { issueSeamlessToken } from '../src/modules/providers/token.js';
import { startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { fundedMember } from './transfer-helpers.js';

/**
 * 游戏供应商 in the console: add a provider with its venues (its key shown whole once), list it with
 * the key masked, edit it, switch it on, off or into maintenance, rotate its key with an overlap in
 * which a provider's request signed with either key passes and after which only the new one does;
 * the contract's messages for every bad field, nothing changed by a refusal, an audit row for every
 * change (keys masked in it), the permission, and no key or merchant id in what members read.
 */
let s: TestServer;
let admin: string;
let operations: Staff;
let support: Staff;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

let seq = 0;
/** A fresh provider's form: codes unique within the run. */
function form(over: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36).slice(-4)}${++seq}`.toUpperCase();
  return {
    code: `P_${tag}`,
    name: `测试供应商${tag}`,
    mode: 'seamless',
    base_url: '',
    merchant_id: `m-${tag.toLowerCase()}`,
    timeout_ms: 3000,
    categories: ['concise'],
    venues: [{ code: `V${tag}`, name: `测试场馆${tag}`, enabled: false }],
    ...over,
  };
}

const list = async (token = admin) => (await adminCall<AdminProvider[]>(s, token, 'GET', '/providers')).data;
const listed = async (code: string) => (await list()).find((p) => p.code === code)!;
const add = (body: unknown, token = admin) => adminCall<AdminProviderWithKey>(s, token, 'POST', '/providers', body);
const countProviders = async () => (await s.db.kysely.selectFrom('game_providers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const countVenues = async () => (await s.db.kysely.selectFrom('venues').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

const uuid = () => randomBytes(12).toString('hex');

/** The seamless wallet's balance, asked as the provider asks it: signed with `key` under `merchant`. */
async function balance(merchant: string, key: string, token: string, memberId: number): Promise<string> {
  const path = SEAMLESS_PREFIX + SEAMLESS_PATH.balance;
  const body = JSON.stringify({ request_uuid: uuid(), token, user: String(memberId) });
  const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...signRequest(key, merchant, { method: 'POST', path, body }) }, body });
  return ((await res.json()) as { status: string }).status;
}

describe('adding a provider', () => {
  it('answers the key whole once, creates its venues for it, lists it masked, and audits it without the key', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const [va, vb] = [`VA${tag}`, `VB${tag}`];
    const f = form({ venues: [{ code: va, name: '甲场馆', enabled: true }, { code: vb, name: '乙场馆', enabled: false }] });
    const r = await add(f);
    expect(r).toMatchObject({ code: 200, message: PROVIDER_MSG.created });
    const { key, provider } = r.data;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(provider).toMatchObject({ code: f.code, name: f.name, mode: 'seamless', merchant_id: f.merchant_id, timeout_ms: 3000, categories: ['concise'], state: 'on', key: `****${key.slice(-4)}`, previous_key: null, previous_key_until: null });
    expect(provider.venues).toEqual([
      { code: va, name: '甲场馆', enabled: true },
      { code: vb, name: '乙场馆', enabled: false },
    ]);
    expect(provider).not.toHaveProperty('id');
    expect(provider.health).toEqual({ last_5m: { calls: 0, errors: 0, calls_per_min: 0, error_rate: 0, p99_ms: null, last_failure: null }, last_1h: { calls: 0, errors: 0, calls_per_min: 0, error_rate: 0, p99_ms: null, last_failure: null } });

    // The venue rows are the provider's: venues.adapter is its code, each open or not as given.
    const venues = await s.db.kysely.selectFrom('venues').select(['code', 'adapter', 'enabled']).where('adapter', '=', f.code).orderBy('code').execute();
    expect(venues).toEqual([
      { code: va, adapter: f.code, enabled: true },
      { code: vb, adapter: f.code, enabled: false },
    ]);

    // The list never shows it whole again, to the adder or anyone.
    for (const token of [admin, operations.token]) {
      const text = JSON.stringify((await adminCall(s, token, 'GET', '/providers')).data);
      expect(text).not.toContain(key);
      expect(text).toContain(`****${key.slice(-4)}`);
      expect(text).not.toContain('key_enc');
    }

    const [row] = await auditRows(s, 'provider.create', `provider:${f.code}`);
    expect(row).toMatchObject({ before: null, after: { code: f.code, mode: 'seamless', merchant_id: f.merchant_id, venues: [va, vb], key: `****${key.slice(-4)}`, state: 'on' } });
    expect(JSON.stringify(row)).not.toContain(key);

    // A seamless request signed with that key passes.
    const m = await fundedMember(s, 12);
    const token = await issueSeamlessToken(s.db.kysely, { memberId: m.id, provider: f.code, venue: va, game: 'g1' });
    expect(await balance(f.merchant_id, key, token, m.id)).toBe(RS.ok);
  });

  it("takes the provider's own key when staff paste it, and a transfer provider with its address", async () => {
    const own = `pasted-${'k'.repeat(40)}-0042`;
    const f = form({ mode: 'transfer', base_url: 'https://api.example.test/transfer', key: own, categories: ['realbet', 'sport'] });
    const r = await add(f);
    expect(r).toMatchObject({ code: 200, data: { key: own, provider: { mode: 'transfer', base_url: 'https://api.example.test/transfer', key: '****0042', categories: ['realbet', 'sport'] } } });
  });

  it('refuses every bad field with the contract message and changes nothing', async () => {
    const existing = form();
    expect((await add(existing)).code).toBe(200);
    const takenVenue = existing.venues[0]!.code;
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'x' }, fmt(PROVIDER_MSG.code, { max: PROVIDER_LIMITS.codeMax })],
      [{ code: 'has space' }, fmt(PROVIDER_MSG.code, { max: PROVIDER_LIMITS.codeMax })],
      [{ code: existing.code }, PROVIDER_MSG.codeTaken],
      [{ name: '  ' }, fmt(PROVIDER_MSG.name, { max: PROVIDER_LIMITS.nameMax })],
      [{ name: '名'.repeat(PROVIDER_LIMITS.nameMax + 1) }, fmt(PROVIDER_MSG.name, { max: PROVIDER_LIMITS.nameMax })],
      [{ mode: 'both' }, PROVIDER_MSG.mode],
      [{ base_url: 'ftp://x' }, fmt(PROVIDER_MSG.baseUrl, { max: PROVIDER_LIMITS.baseUrlMax })],
      [{ mode: 'transfer', base_url: '' }, PROVIDER_MSG.baseUrlRequired],
      [{ merchant_id: 'a b' }, fmt(PROVIDER_MSG.merchant, { max: PROVIDER_LIMITS.merchantMax })],
      [{ merchant_id: existing.merchant_id }, PROVIDER_MSG.merchantTaken],
      [{ key: 'short-key' }, fmt(PROVIDER_MSG.key, { min: PROVIDER_LIMITS.keyMin, max: PROVIDER_LIMITS.keyMax })],
      [{ key: `${'k'.repeat(20)} ${'k'.repeat(20)}` }, fmt(PROVIDER_MSG.key, { min: PROVIDER_LIMITS.keyMin, max: PROVIDER_LIMITS.keyMax })],
      [{ timeout_ms: 50 }, fmt(PROVIDER_MSG.timeout, { min: PROVIDER_LIMITS.timeoutMinMs, max: PROVIDER_LIMITS.timeoutMaxMs })],
      [{ timeout_ms: '2.5' }, fmt(PROVIDER_MSG.timeout, { min: PROVIDER_LIMITS.timeoutMinMs, max: PROVIDER_LIMITS.timeoutMaxMs })],
      [{ categories: ['casino'] }, PROVIDER_MSG.categories],
      [{ venues: [] }, fmt(PROVIDER_MSG.venues, { max: PROVIDER_LIMITS.venuesMax })],
      [{ venues: [{ code: 'v', name: '场馆' }] }, fmt(PROVIDER_MSG.venueCode, { max: PROVIDER_LIMITS.venueCodeMax })],
      [{ venues: [{ code: 'VOK1', name: '' }] }, fmt(PROVIDER_MSG.venueName, { max: PROVIDER_LIMITS.venueNameMax })],
      [{ venues: [{ code: 'VDUP', name: '一' }, { code: 'vdup', name: '二' }] }, fmt(PROVIDER_MSG.venueDuplicate, { code: 'vdup' })],
      [{ venues: [{ code: takenVenue, name: '重复' }] }, fmt(PROVIDER_MSG.venueTaken, { code: takenVenue })],
      // the in-house lottery's venue row, there on every install
      [{ venues: [{ code: 'LOTTERY', name: '已有场馆' }] }, fmt(PROVIDER_MSG.venueTaken, { code: 'lottery' })],
    ];
    const [providers, venues] = [await countProviders(), await countVenues()];
    for (const [bad, message] of cases) {
      expect(await add(form(bad)), JSON.stringify(bad)).toMatchObject({ code: 400, message });
    }
    expect(await add({ ...form(), categories: 'concise' })).toMatchObject({ code: 400, message: MSG.badRequest });
    expect([await countProviders(), await countVenues()]).toEqual([providers, venues]);
  });
});

describe('changing a provider', () => {
  it('edits its name, address, timeout and categories, audited with before and after; refuses bad input and unknown codes', async () => {
    const f = form({ mode: 'transfer', base_url: 'http://127.0.0.1:9/t' });
    expect((await add(f)).code).toBe(200);
    const edit = { name: '改名后的供应商', base_url: 'https://new.example.test/api', timeout_ms: 8000, categories: ['joker'] };
    const r = await adminCall<AdminProvider>(s, admin, 'POST', `/providers/${f.code}`, edit);
    expect(r).toMatchObject({ code: 200, message: PROVIDER_MSG.saved, data: { code: f.code, ...edit } });
    const [row] = await auditRows(s, 'provider.update', `provider:${f.code}`);
    expect(row).toMatchObject({ before: { name: f.name, base_url: f.base_url, timeout_ms: 3000, categories: ['concise'] }, after: { name: edit.name, base_url: edit.base_url, timeout_ms: 8000, categories: ['joker'] } });

    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}`, { ...edit, base_url: '' })).toMatchObject({ code: 400, message: PROVIDER_MSG.baseUrlRequired });
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}`, { ...edit, timeout_ms: 60_001 })).toMatchObject({
      code: 400,
      message: fmt(PROVIDER_MSG.timeout, { min: PROVIDER_LIMITS.timeoutMinMs, max: PROVIDER_LIMITS.timeoutMaxMs }),
    });
    expect(await listed(f.code)).toMatchObject(edit);
    expect(await auditRows(s, 'provider.update', `provider:${f.code}`)).toHaveLength(1);

    expect(await adminCall(s, admin, 'POST', '/providers/NO_SUCH/state', { state: 'off' })).toMatchObject({ code: 404, message: PROVIDER_MSG.missing });
    expect(await adminCall(s, admin, 'POST', '/providers/NO_SUCH', edit)).toMatchObject({ code: 404, message: PROVIDER_MSG.missing });
    expect(await adminCall(s, admin, 'POST', '/providers/NO_SUCH/rotate-key', { overlap_hours: 1 })).toMatchObject({ code: 404, message: PROVIDER_MSG.missing });
  });

  it('switches it into maintenance, off and on, each audited; a provider switched off is refused by the seamless wallet', async () => {
    const f = form();
    const { key } = (await add(f)).data;
    const m = await fundedMember(s, 5);
    const token = await issueSeamlessToken(s.db.kysely, { memberId: m.id, provider: f.code, venue: f.venues[0]!.code, game: 'g1' });
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/state`, { state: 'paused' })).toMatchObject({ code: 400, message: PROVIDER_MSG.state });
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/state`, { state: 'maintenance' })).toMatchObject({ code: 200, message: PROVIDER_MSG.stateMaintenance, data: { state: 'maintenance' } });
    expect(await balance(f.merchant_id, key, token, m.id)).toBe(RS.ok);
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/state`, { state: 'off' })).toMatchObject({ code: 200, message: PROVIDER_MSG.stateOff, data: { state: 'off' } });
    expect(await balance(f.merchant_id, key, token, m.id)).toBe(RS.invalidSignature);
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/state`, { state: 'on' })).toMatchObject({ code: 200, message: PROVIDER_MSG.stateOn, data: { state: 'on' } });
    expect(await balance(f.merchant_id, key, token, m.id)).toBe(RS.ok);
    const rows = await auditRows(s, 'provider.state', `provider:${f.code}`);
    expect(rows.map((r) => [(r.before as { state: string }).state, (r.after as { state: string }).state])).toEqual([
      ['on', 'maintenance'],
      ['maintenance', 'off'],
      ['off', 'on'],
    ]);
  });

  it('rotates the key: the new one shown once, both accepted during the overlap, only the new one after it', async () => {
    const f = form();
    const { key: old } = (await add(f)).data;
    const m = await fundedMember(s, 5);
    const token = await issueSeamlessToken(s.db.kysely, { memberId: m.id, provider: f.code, venue: f.venues[0]!.code, game: 'g1' });

    const overlapMsg = fmt(PROVIDER_MSG.overlap, { max: PROVIDER_LIMITS.overlapMaxHours });
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/rotate-key`, { overlap_hours: PROVIDER_LIMITS.overlapMaxHours + 1 })).toMatchObject({ code: 400, message: overlapMsg });
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/rotate-key`, { overlap_hours: -1 })).toMatchObject({ code: 400, message: overlapMsg });
    expect(await adminCall(s, admin, 'POST', `/providers/${f.code}/rotate-key`, { overlap_hours: 1.5 })).toMatchObject({ code: 400, message: overlapMsg });
    expect(await balance(f.merchant_id, old, token, m.id)).toBe(RS.ok);

    const before = Date.now();
    const r = await adminCall<AdminProviderWithKey>(s, admin, 'POST', `/providers/${f.code}/rotate-key`, { overlap_hours: 2 });
    expect(r).toMatchObject({ code: 200, message: PROVIDER_MSG.rotated });
    const fresh = r.data.key;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(old);
    expect(r.data.provider).toMatchObject({ key: `****${fresh.slice(-4)}`, previous_key: `****${old.slice(-4)}` });
    const until = await s.db.kysely.selectFrom('game_providers').select('previous_key_until').where('code', '=', f.code).executeTakeFirstOrThrow();
    expect(until.previous_key_until!.getTime() - before).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(until.previous_key_until!.getTime() - before).toBeLessThan(2 * 3600_000 + 60_000);

    expect(await balance(f.merchant_id, fresh, token, m.id)).toBe(RS.ok);
    expect(await balance(f.merchant_id, old, token, m.id)).toBe(RS.ok);
    const text = JSON.stringify(await list());
    expect(text).not.toContain(fresh);
    expect(text).not.toContain(old);

    const [row] = await auditRows(s, 'provider.rotate_key', `provider:${f.code}`);
    expect(row).toMatchObject({ before: { key: `****${old.slice(-4)}`, previous_key: null }, after: { key: `****${fresh.slice(-4)}`, previous_key: `****${old.slice(-4)}` } });
    expect(JSON.stringify(row)).not.toContain(fresh);

    // The overlap over (its end moved to the past, as two hours passing would): only the new key passes.
    await s.db.kysely.updateTable('game_providers').set({ previous_key_until: new Date(Date.now() - 1000) }).where('code', '=', f.code).execute();
    expect(await balance(f.merchant_id, old, token, m.id)).toBe(RS.invalidSignature);
    expect(await balance(f.merchant_id, fresh, token, m.id)).toBe(RS.ok);
    expect(await listed(f.code)).toMatchObject({ previous_key: null, previous_key_until: null });
  });
});

describe('health', () => {
  it("counts the seamless wallet's requests: an answered status went well, a refused signature is an error with its reason", async () => {
    const f = form();
    const { key } = (await add(f)).data;
    const m = await fundedMember(s, 1);
    const token = await issueSeamlessToken(s.db.kysely, { memberId: m.id, provider: f.code, venue: f.venues[0]!.code, game: 'g1' });
    for (let i = 0; i < 3; i++) expect(await balance(f.merchant_id, key, token, m.id)).toBe(RS.ok);
    // A bet beyond the member's money is refused by the wallet: an answer, not an error.
    const path = SEAMLESS_PREFIX + SEAMLESS_PATH.bet;
    const body = JSON.stringify({ request_uuid: uuid(), token, user: String(m.id), transaction_uuid: uuid(), round: uuid(), game_code: 'g1', currency: 'CNY', amount: 1_000_000 });
    const bet = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...signRequest(key, f.merchant_id, { method: 'POST', path, body }) }, body });
    expect(((await bet.json()) as { status: string }).status).toBe(RS.notEnoughMoney);
    expect(await balance(f.merchant_id, 'w'.repeat(64), token, m.id)).toBe(RS.invalidSignature);

    await flushProviderCalls(s.db.kysely);
    const { health } = await listed(f.code);
    expect(health.last_5m).toMatchObject({ calls: 5, errors: 1, error_rate: 0.2 });
    expect(health.last_5m.p99_ms).toBeGreaterThan(0);
    expect(health.last_5m.last_failure!.reason).toContain('signature refused');
    expect(health.last_5m.last_failure!.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(health.last_1h).toMatchObject({ calls: 5, errors: 1 });
  });
});

describe('who may', () => {
  it('lets operations read but not change providers, and support neither', async () => {
    const f = form();
    expect(await adminCall(s, operations.token, 'GET', '/providers')).toMatchObject({ code: 200 });
    expect(await add(f, operations.token)).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'GET', '/providers')).toMatchObject({ code: 403 });
    expect(await add(f, support.token)).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'POST', '/providers/DEMO_SW/rotate-key', { overlap_hours: 1 })).toMatchObject({ code: 403 });
    expect(await adminCall(s, operations.token, 'POST', '/providers/DEMO_SW/state', { state: 'off' })).toMatchObject({ code: 403 });
    expect(await s.db.kysely.selectFrom('game_providers').select('id').where('code', '=', f.code).executeTakeFirst()).toBeUndefined();
  });

  it("shows members no key, merchant id or provider id in what they read of games and venues", async () => {
    const venue = `VM${randomBytes(3).toString('hex').toUpperCase()}`;
    const f = form({ mode: 'transfer', base_url: 'http://127.0.0.1:9/t', venues: [{ code: venue, name: '会员可见场馆', enabled: true }] });
    const { key } = (await add(f)).data;
    const { id } = await s.db.kysely.selectFrom('game_providers').select('id').where('code', '=', f.code).executeTakeFirstOrThrow();
    const m = await fundedMember(s, 1);
    const reads = [
      await s.api('/api/user', {}, { token: m.token }),
      await s.api('/api/balancelist', {}, { token: m.token }),
      await s.api('/api/game/list', undefined, { method: 'GET' }),
      await s.api('/api/gamelistBycode', { gamecode: venue }, { token: m.token }),
    ];
    for (const r of reads) {
      const text = JSON.stringify(r);
      expect(text).not.toContain(key);
      expect(text).not.toContain(`****${key.slice(-4)}`);
      expect(text).not.toContain(f.merchant_id);
      expect(text).not.toMatch(/key_enc|merchant|provider_id/);
      expect(text).not.toContain(`"provider":${id}`);
    }
  });
});
