import type { Kdb } from '../../db/connect.js';
import { sharedSecret } from './shared-secret.js';

/**
 * The key that signs the built-in demo venue's game launch tokens (lib/launch-token.ts), shared by
 * every instance: the demo venue, which imports no module, is handed it by app.ts, and signs with it
 * when the platform asks for a launch URL (venue-demo/provider-api.ts) and verifies it when the game
 * page opens (venue-demo/routes.ts). Kept as its own row of site_settings, so every instance of the
 * platform, each with the demo venue in its process, signs and verifies with the same key.
 */
export function launchSecret(db: Kdb): Promise<Buffer> {
  return sharedSecret(db, 'venue_launch_secret');
}
