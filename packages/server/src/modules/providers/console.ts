import {
  PROVIDER_MSG,
  fmt,
  newProviderFailure,
  providerBaseUrlNeeded,
  providerEditFailure,
  providerRotateFailure,
  providerStateFailure,
  type AdminProvider,
  type AdminProviderWithKey,
  type NewProviderForm,
  type ProviderEditForm,
  type ProviderRotateForm,
  type ProviderState,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ReviewRecorder } from '../../lib/review.js';
import { beijing } from '../../lib/time.js';
import type { Tx } from '../ledger/service.js';
import { insertVenues, listAdminVenues, venueCodesTaken } from '../venues/service.js';
import { noCalls, providerHealth } from './health.js';
import { createProvider, listProviders, rotateKeyIn, updateProvider, type ProviderView } from './service.js';

/**
 * The console's 游戏供应商: the list (keys masked, each provider's venues and call health) and every
 * change staff make, each checked by the contract's rules, made in one transaction with the audit row
 * the caller's recorder writes (before and after, keys masked in both: a key whole is only ever in the
 * answer that made it). A bad request changes nothing; an unknown code is 404 游戏供应商不存在.
 */

/** A provider as the audit log keeps it: its settings and masked keys. */
export interface ProviderAudit {
  code: string;
  name: string;
  mode: string;
  base_url: string;
  merchant_id: string;
  timeout_ms: number;
  categories: string[];
  venues: string[];
  state: string;
  key: string;
  previous_key: string | null;
  previous_key_until: string | null;
}

type Recorder = ReviewRecorder<ProviderAudit | null>;

/** The previous key shows only while the overlap lasts. */
function overlapOf(p: ProviderView, now: Date): { previous_key: string | null; previous_key_until: string | null } {
  const running = p.previousKey !== null && p.previousKeyUntil !== null && p.previousKeyUntil > now;
  return running ? { previous_key: p.previousKey, previous_key_until: beijing(p.previousKeyUntil) } : { previous_key: null, previous_key_until: null };
}

function auditOf(p: ProviderView, now: Date): ProviderAudit {
  return {
    code: p.code,
    name: p.name,
    mode: p.mode,
    base_url: p.baseUrl,
    merchant_id: p.merchantId,
    timeout_ms: p.timeoutMs,
    categories: p.categories,
    venues: p.venues,
    state: p.state,
    key: p.key,
    ...overlapOf(p, now),
  };
}

/** The provider of `code` as the audit log keeps it, its row locked for the change that follows; 404 without one. */
async function lockedAudit(tx: Tx, code: string, now: Date): Promise<ProviderAudit> {
  const locked = await tx.selectFrom('game_providers').select('id').where('code', '=', code).forUpdate().executeTakeFirst();
  if (!locked) throw notFound(PROVIDER_MSG.missing);
  return auditOf((await listProviders(tx, code))[0]!, now);
}

async function afterAudit(tx: Tx, code: string, now: Date): Promise<ProviderAudit> {
  return auditOf((await listProviders(tx, code))[0]!, now);
}

/** Every provider as the console lists it (or the one of `code`), by code. */
export async function listAdminProviders(db: Kdb, now: Date = new Date(), code?: string): Promise<AdminProvider[]> {
  const [providers, venues, health] = await Promise.all([listProviders(db, code), listAdminVenues(db), providerHealth(db, now)]);
  const venueOf = new Map(venues.map((v) => [v.code, v]));
  return providers.map((p) => ({
    code: p.code,
    name: p.name,
    mode: p.mode,
    base_url: p.baseUrl,
    merchant_id: p.merchantId,
    timeout_ms: p.timeoutMs,
    categories: p.categories,
    venues: p.venues.map((c) => ({ code: c, name: venueOf.get(c)?.name ?? c, enabled: venueOf.get(c)?.enabled ?? false })),
    state: p.state,
    key: p.key,
    ...overlapOf(p, now),
    health: health.get(p.code) ?? noCalls(),
    created_at: beijing(p.createdAt),
    updated_at: beijing(p.updatedAt),
  }));
}

async function adminProvider(db: Kdb, code: string): Promise<AdminProvider> {
  const [p] = await listAdminProviders(db, new Date(), code);
  if (!p) throw notFound(PROVIDER_MSG.missing);
  return p;
}

/** A unique key the database refused (a concurrent add of the same code or merchant id): the message that says which. */
function takenMessage(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  return `${e.constraint ?? ''} ${e.message ?? ''}`.includes('merchant') ? PROVIDER_MSG.merchantTaken : PROVIDER_MSG.codeTaken;
}

/**
 * Adds a provider with its venues (venues.adapter = the provider's code, open or not as given), its
 * key the one staff pasted or a fresh one: answered whole this once.
 */
export async function addProvider(db: Kdb, form: NewProviderForm, record: Recorder, now: Date = new Date()): Promise<AdminProviderWithKey> {
  const failure = newProviderFailure(form);
  if (failure) throw badRequest(failure);
  const code = form.code.trim();
  const merchantId = form.merchant_id.trim();
  const venues = form.venues.map((v) => ({ code: v.code.trim(), name: v.name.trim(), enabled: v.enabled !== false }));
  let key: string;
  try {
    key = await db.transaction().execute(async (tx) => {
      if (await tx.selectFrom('game_providers').select('id').where('code', '=', code).executeTakeFirst()) throw badRequest(PROVIDER_MSG.codeTaken);
      if (await tx.selectFrom('game_providers').select('id').where('merchant_id', '=', merchantId).executeTakeFirst()) throw badRequest(PROVIDER_MSG.merchantTaken);
      const { taken, nextSort } = await venueCodesTaken(tx, venues.map((v) => v.code));
      if (taken.length > 0) throw badRequest(fmt(PROVIDER_MSG.venueTaken, { code: taken[0]! }));
      await insertVenues(
        tx,
        venues.map((v, i) => ({ code: v.code, name: v.name, adapter: code, sort: nextSort + i, enabled: v.enabled })),
      );
      const made = await createProvider(tx, {
        code,
        name: form.name.trim(),
        mode: form.mode,
        baseUrl: form.base_url.trim(),
        merchantId,
        key: form.key || undefined,
        timeoutMs: form.timeout_ms,
        categories: form.categories,
        venues: venues.map((v) => v.code),
      });
      await record(tx, null, await afterAudit(tx, code, now));
      return made.key;
    });
  } catch (err) {
    const taken = takenMessage(err);
    if (taken) throw badRequest(taken);
    throw err;
  }
  return { provider: await adminProvider(db, code), key };
}

/** Changes a provider's name, base URL, timeout and categories. */
export async function editProvider(db: Kdb, code: string, form: ProviderEditForm, record: Recorder, now: Date = new Date()): Promise<AdminProvider> {
  const failure = providerEditFailure(form);
  if (failure) throw badRequest(failure);
  await db.transaction().execute(async (tx) => {
    const before = await lockedAudit(tx, code, now);
    const needed = providerBaseUrlNeeded(before.mode, form.base_url);
    if (needed) throw badRequest(needed);
    await updateProvider(tx, code, { name: form.name.trim(), baseUrl: form.base_url.trim(), timeoutMs: form.timeout_ms, categories: form.categories });
    await record(tx, before, await afterAudit(tx, code, now));
  });
  return adminProvider(db, code);
}

/** Switches a provider on, off or into maintenance (the seamless wallet refuses bets in maintenance and every call when off). */
export async function setProviderState(db: Kdb, code: string, state: ProviderState, record: Recorder, now: Date = new Date()): Promise<AdminProvider> {
  const failure = providerStateFailure(state);
  if (failure) throw badRequest(failure);
  await db.transaction().execute(async (tx) => {
    const before = await lockedAudit(tx, code, now);
    await updateProvider(tx, code, { state });
    await record(tx, before, await afterAudit(tx, code, now));
  });
  return adminProvider(db, code);
}

/**
 * A new key (pasted, or fresh) for the provider: the old one stays accepted for `overlap_hours`. The
 * new key is answered whole this once; the audit row has both masked.
 */
export async function rotateProviderKeyByStaff(db: Kdb, code: string, form: ProviderRotateForm, record: Recorder, now: Date = new Date()): Promise<AdminProviderWithKey> {
  const failure = providerRotateFailure(form);
  if (failure) throw badRequest(failure);
  const key = await db.transaction().execute(async (tx) => {
    const before = await lockedAudit(tx, code, now);
    const fresh = await rotateKeyIn(tx, code, { key: form.key || undefined, overlapS: form.overlap_hours * 3600 }, now);
    if (fresh === null) throw notFound(PROVIDER_MSG.missing);
    await record(tx, before, await afterAudit(tx, code, now));
    return fresh;
  });
  return { provider: await adminProvider(db, code), key };
}
