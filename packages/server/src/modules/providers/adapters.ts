import type { Kdb } from '../../db/connect.js';
import type { VenueAdapter } from '../venues/adapter.js';
import { httpTransferAdapter, type HttpTransferOptions } from '../venues/http-transfer.js';
import { decryptSecret } from './secrets.js';
import type { ProviderMode } from './service.js';
import { issueSeamlessToken } from './token.js';

/**
 * The venue adapters of the configured game providers, by provider code (what venues.adapter names):
 * a transfer provider is a transfer-wallet client (venues/http-transfer.ts); a seamless provider the
 * same client for its launch, game list and kick, with a wallet token in the launch, and no wallet of
 * its own: it holds no balance, takes no transfer and has no bet feed (its bets reach the platform
 * through the seamless wallet, routes.ts). An adapter is made again when its provider row changes
 * (a key rotated, a base URL edited).
 */
export interface ProviderAdapterOptions {
  /** the base URL of a provider configured without one: the built-in demo venue of this process, by mode */
  selfUrl: (mode: ProviderMode) => string;
  /** told of every HTTP call made to a provider (its health) */
  observe?: (provider: string) => HttpTransferOptions['observe'];
}

type Source = () => Promise<Map<string, VenueAdapter>>;

export function providerAdapters(db: Kdb, opts: ProviderAdapterOptions): Source {
  const made = new Map<string, { stamp: number; adapter: VenueAdapter }>();
  return async () => {
    const rows = await db.selectFrom('game_providers').select(['code', 'mode', 'base_url', 'merchant_id', 'key_enc', 'timeout_ms', 'updated_at']).execute();
    const out = new Map<string, VenueAdapter>();
    for (const r of rows) {
      const stamp = new Date(r.updated_at).getTime();
      let held = made.get(r.code);
      if (!held || held.stamp !== stamp) {
        held = { stamp, adapter: adapterOf(db, r, opts) };
        made.set(r.code, held);
      }
      out.set(r.code, held.adapter);
    }
    return out;
  };
}

function adapterOf(db: Kdb, r: { code: string; mode: string; base_url: string; merchant_id: string; key_enc: string; timeout_ms: number }, opts: ProviderAdapterOptions): VenueAdapter {
  const mode = r.mode as ProviderMode;
  const base = r.base_url || null;
  const client: HttpTransferOptions = {
    name: r.code,
    baseUrl: () => base ?? opts.selfUrl(mode),
    merchant: r.merchant_id,
    key: decryptSecret(r.key_enc),
    timeoutMs: r.timeout_ms,
    observe: opts.observe?.(r.code),
  };
  if (mode === 'transfer') return httpTransferAdapter(client);
  const http = httpTransferAdapter({ ...client, launchToken: (venue, memberId, game) => issueSeamlessToken(db, { memberId, provider: r.code, venue, game }) });
  return {
    ...http,
    balance: async () => 0,
    balances: async () => new Map(),
    transferIn: async () => ({ status: 'failed', reason: 'rejected' }),
    transferOut: async () => ({ status: 'failed', reason: 'rejected' }),
    status: async () => 'not_found',
    voidRef: async () => 'voided',
    fetchBets: async (afterSeq) => ({ bets: [], next: afterSeq }),
  };
}
