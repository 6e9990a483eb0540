import { randomBytes } from 'node:crypto';
import type { Kdb } from '../../db/connect.js';
import { addSiteSetting, readSiteSetting } from './settings-rows.js';

/**
 * The key that signs the built-in demo venue's game launch tokens (lib/launch-token.ts), shared by
 * every instance: the demo venue, which imports no module, is handed it by app.ts, and signs with it
 * when the platform asks for a launch URL (venue-demo/provider-api.ts) and verifies it when the game
 * page opens (venue-demo/routes.ts). Kept as its own row of site_settings, so every instance of the
 * platform, each with the demo venue in its process, signs and verifies with the same key.
 */
const SECRET_KEY = 'venue_launch_secret';
const secrets = new WeakMap<object, Buffer>();

/** The shared launch secret: created once per database (first instance wins), then remembered. */
export async function launchSecret(db: Kdb): Promise<Buffer> {
  const hit = secrets.get(db);
  if (hit) return hit;
  await addSiteSetting(db, SECRET_KEY, randomBytes(32).toString('base64url'));
  const value = await readSiteSetting(db, SECRET_KEY);
  if (typeof value !== 'string') throw new Error('launch secret: the saved row is missing');
  const secret = Buffer.from(value, 'base64url');
  secrets.set(db, secret);
  return secret;
}
