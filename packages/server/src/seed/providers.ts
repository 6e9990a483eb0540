import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { secretsKeyAvailable } from '../modules/providers/secrets.js';
import { createProvider } from '../modules/providers/service.js';
import { insertVenues } from '../modules/venues/service.js';
import { CATALOGUE } from './catalogue.js';

/**
 * A demo game provider in seamless mode, our own demo brand (no real provider's name): the built-in
 * demo venue serves the electronic provider `ae` of the catalogue through it, so a fresh install plays
 * one provider's games on the central wallet (no transfer) and the others through transfers. Its key
 * is random and stored encrypted; staff read it masked and rotate it. Its base URL is left empty: the
 * demo venue of this process (app.ts). A production server without PROVIDER_SECRETS_KEY seeds no
 * provider (it could not keep its key), and `ae` stays a transfer venue of the demo venue.
 * Seeded before the catalogue, whose venue row for `ae` then stays as written here.
 */
export const DEMO_SEAMLESS = { code: 'DEMO_SW', merchantId: 'demo-seamless', venue: 'ae' } as const;

export async function seedProviders(tx: Transaction<Database>): Promise<void> {
  if (!secretsKeyAvailable()) return;
  const at = CATALOGUE.findIndex((e) => e.platform === DEMO_SEAMLESS.venue);
  await insertVenues(tx, [{ code: DEMO_SEAMLESS.venue, name: CATALOGUE[at].name, adapter: DEMO_SEAMLESS.code, sort: at + 1 }]);
  await createProvider(tx, {
    code: DEMO_SEAMLESS.code,
    name: '演示无缝钱包供应商',
    mode: 'seamless',
    merchantId: DEMO_SEAMLESS.merchantId,
    categories: ['concise'],
    venues: [DEMO_SEAMLESS.venue],
    state: 'on',
  });
}
