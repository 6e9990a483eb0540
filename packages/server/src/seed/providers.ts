import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { secretsKeyAvailable } from '../modules/providers/secrets.js';
import { createProvider } from '../modules/providers/service.js';
import { insertVenues } from '../modules/venues/service.js';

/**
 * A demo game provider in seamless mode, our own demo brand (no real provider's name), so a fresh
 * install has one provider to call the seamless wallet (/provider-api) with. Its key is random and
 * stored encrypted; staff read it masked and rotate it to see a new one. Its venue records its bets;
 * the venue stays closed to transfers (a seamless venue holds no member money) until the game launch
 * of seamless providers opens it. A production server without PROVIDER_SECRETS_KEY seeds no provider
 * (it could not keep its key).
 */
export const DEMO_SEAMLESS = { code: 'DEMO_SW', merchantId: 'demo-seamless', venue: 'DEMOSW' } as const;

export async function seedProviders(tx: Transaction<Database>): Promise<void> {
  if (!secretsKeyAvailable()) return;
  // Closed (enabled false): insertVenues writes the row as given, and its type names only what every venue sets.
  const venue = { code: DEMO_SEAMLESS.venue, name: '演示无缝游戏', adapter: 'seamless', sort: 9000, enabled: false };
  await insertVenues(tx, [venue]);
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
