import {
  PROVIDER_LIMITS,
  PROVIDER_ROTATION_OVERLAP_S,
  providerBaseUrlFailure,
  providerCategoriesFailure,
  providerCodeFailure,
  providerKeyFailure,
  providerMerchantFailure,
  providerModeFailure,
  providerNameFailure,
  providerStateFailure,
  providerTimeoutFailure,
  type GameCategory,
  type ProviderMode,
  type ProviderState,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import type { Tx } from '../ledger/service.js';
import { decryptSecret, encryptSecret, maskSecret, newProviderKey } from './secrets.js';

/**
 * Game providers (table game_providers, this module's): how the platform reaches each (transfer
 * wallet, platform → provider) or is reached by it (seamless wallet, provider → platform), under which
 * merchant id and shared key. Keys are stored encrypted (secrets.ts) and shown masked; a rotation keeps
 * the previous key valid until the overlap ends, so requests signed just before it still pass. The
 * rules of every field are the contract's (games/providers.admin.ts), refused with its messages.
 */
export { PROVIDER_MODES, PROVIDER_STATES, type ProviderMode, type ProviderState } from '@app/contract';

/** Default and bounds of a rotation's overlap. */
export const ROTATION_OVERLAP_S = PROVIDER_ROTATION_OVERLAP_S;

export interface ProviderInput {
  code: string;
  name: string;
  mode: ProviderMode;
  baseUrl?: string;
  merchantId: string;
  /** the shared key; absent: a fresh random one (answered once by createProvider) */
  key?: string;
  timeoutMs?: number;
  categories?: GameCategory[];
  venues?: string[];
  state?: ProviderState;
}

/** A provider as the platform uses it (no keys: providerKeys reads those). */
export interface Provider {
  id: number;
  code: string;
  name: string;
  mode: ProviderMode;
  baseUrl: string;
  merchantId: string;
  timeoutMs: number;
  categories: GameCategory[];
  venues: string[];
  state: ProviderState;
  createdAt: Date;
  updatedAt: Date;
}

/** A provider as a list shows it: its keys masked. */
export interface ProviderView extends Provider {
  key: string;
  previousKey: string | null;
  previousKeyUntil: Date | null;
}

const COLUMNS = ['id', 'code', 'name', 'mode', 'base_url', 'merchant_id', 'timeout_ms', 'categories', 'venues', 'state', 'created_at', 'updated_at'] as const;

type Row = { id: number; code: string; name: string; mode: string; base_url: string; merchant_id: string; timeout_ms: number; categories: string[]; venues: string[]; state: string; created_at: Date; updated_at: Date };

function providerOf(r: Row): Provider {
  return {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    mode: r.mode as ProviderMode,
    baseUrl: r.base_url,
    merchantId: r.merchant_id,
    timeoutMs: r.timeout_ms,
    categories: r.categories as GameCategory[],
    venues: r.venues,
    state: r.state as ProviderState,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function checkInput(p: Partial<ProviderInput>): void {
  const given = <T>(v: T | undefined, failure: (v: T) => string | null) => (v === undefined ? null : failure(v));
  const failure =
    given(p.code, providerCodeFailure) ??
    given(p.name, providerNameFailure) ??
    given(p.mode, providerModeFailure) ??
    given(p.state, providerStateFailure) ??
    given(p.baseUrl, providerBaseUrlFailure) ??
    given(p.merchantId, providerMerchantFailure) ??
    given(p.key, providerKeyFailure) ??
    given(p.timeoutMs, providerTimeoutFailure) ??
    given(p.categories, providerCategoriesFailure);
  if (failure) throw badRequest(failure);
}

/** Adds a provider; answers it with its key in clear, the only time the key is shown whole. */
export async function createProvider(db: Tx, input: ProviderInput): Promise<{ provider: Provider; key: string }> {
  checkInput(input);
  const key = input.key || newProviderKey();
  const row = await db
    .insertInto('game_providers')
    .values({
      code: input.code,
      name: input.name,
      mode: input.mode,
      base_url: input.baseUrl ?? '',
      merchant_id: input.merchantId,
      key_enc: encryptSecret(key),
      timeout_ms: input.timeoutMs ?? PROVIDER_LIMITS.timeoutDefaultMs,
      categories: input.categories ?? [],
      venues: input.venues ?? [],
      state: input.state ?? 'on',
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { provider: providerOf(row), key };
}

/** Changes a provider's settings (not its key: rotateProviderKey). Null when there is no such provider. */
export async function updateProvider(db: Tx, code: string, change: Partial<Omit<ProviderInput, 'code' | 'key'>>): Promise<Provider | null> {
  checkInput(change);
  const set = {
    ...(change.name !== undefined && { name: change.name }),
    ...(change.mode !== undefined && { mode: change.mode }),
    ...(change.baseUrl !== undefined && { base_url: change.baseUrl }),
    ...(change.merchantId !== undefined && { merchant_id: change.merchantId }),
    ...(change.timeoutMs !== undefined && { timeout_ms: change.timeoutMs }),
    ...(change.categories !== undefined && { categories: change.categories }),
    ...(change.venues !== undefined && { venues: change.venues }),
    ...(change.state !== undefined && { state: change.state }),
  };
  const row = await db
    .updateTable('game_providers')
    .set({ ...set, updated_at: new Date() })
    .where('code', '=', code)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? providerOf(row) : null;
}

/** Every provider (or the one of `code`) with its keys masked, by code. */
export async function listProviders(db: Tx, code?: string): Promise<ProviderView[]> {
  let q = db.selectFrom('game_providers').select([...COLUMNS, 'key_enc', 'previous_key_enc', 'previous_key_until']);
  if (code !== undefined) q = q.where('code', '=', code);
  const rows = await q.orderBy('code').execute();
  return rows.map((r) => ({
    ...providerOf(r),
    key: maskSecret(decryptSecret(r.key_enc)),
    previousKey: r.previous_key_enc ? maskSecret(decryptSecret(r.previous_key_enc)) : null,
    previousKeyUntil: r.previous_key_until,
  }));
}

export async function providerByCode(db: Tx, code: string): Promise<Provider | null> {
  const row = await db.selectFrom('game_providers').select(COLUMNS).where('code', '=', code).executeTakeFirst();
  return row ? providerOf(row) : null;
}

/**
 * The provider behind a merchant id, with the keys a request from it may be signed with now (the
 * current one, and the previous one while its overlap lasts), in one read: what a signed request needs.
 */
export async function providerWithKeys(db: Tx, merchantId: string, now: Date = new Date()): Promise<{ provider: Provider; keys: string[] } | null> {
  const row = await db
    .selectFrom('game_providers')
    .select([...COLUMNS, 'key_enc', 'previous_key_enc', 'previous_key_until'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return null;
  const keys = [decryptSecret(row.key_enc)];
  if (row.previous_key_enc && row.previous_key_until && row.previous_key_until > now) keys.push(decryptSecret(row.previous_key_enc));
  return { provider: providerOf(row), keys };
}

/** The keys a request from this merchant may be signed with now (none for an unknown merchant). */
export async function providerKeys(db: Tx, merchantId: string, now: Date = new Date()): Promise<string[]> {
  return (await providerWithKeys(db, merchantId, now))?.keys ?? [];
}

/**
 * The newest key of a merchant, read at most every `ttlMs` (a caller signing many requests: a
 * rotation keeps the previous key valid far longer than that). Throws when the merchant has none.
 */
export function currentKeyOf(db: Tx, merchantId: string, ttlMs = 10_000): () => Promise<string> {
  let held: { atMs: number; key: string } | null = null;
  return async () => {
    const now = Date.now();
    if (held && now - held.atMs < ttlMs) return held.key;
    const [key] = await providerKeys(db, merchantId);
    if (!key) throw new Error(`no key for merchant ${merchantId}`);
    held = { atMs: now, key };
    return key;
  };
}

/**
 * A new key for the provider (given, or fresh): the current one becomes the previous one, accepted
 * for `overlapS` more seconds. Answers the new key in clear (shown once), or null without such provider.
 */
export async function rotateProviderKey(db: Kdb, code: string, opts: { key?: string; overlapS?: number } = {}, now: Date = new Date()): Promise<string | null> {
  return db.transaction().execute((tx) => rotateKeyIn(tx, code, opts, now));
}

/** rotateProviderKey in the caller's transaction (which may record it): the row is locked, then changed. */
export async function rotateKeyIn(tx: Tx, code: string, opts: { key?: string; overlapS?: number }, now: Date): Promise<string | null> {
  if (opts.key !== undefined) checkInput({ key: opts.key });
  const overlapS = opts.overlapS ?? ROTATION_OVERLAP_S.default;
  if (!Number.isInteger(overlapS) || overlapS < 0 || overlapS > ROTATION_OVERLAP_S.max) throw new Error(`rotation overlap: 0 to ${ROTATION_OVERLAP_S.max} s`);
  const key = opts.key || newProviderKey();
  const row = await tx.selectFrom('game_providers').select(['id', 'key_enc']).where('code', '=', code).forUpdate().executeTakeFirst();
  if (!row) return null;
  await tx
    .updateTable('game_providers')
    .set({ key_enc: encryptSecret(key), previous_key_enc: row.key_enc, previous_key_until: new Date(now.getTime() + overlapS * 1000), updated_at: now })
    .where('id', '=', row.id)
    .execute();
  return key;
}
