import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Provider keys at rest (DESIGN §6): AES-256-GCM under the key PROVIDER_SECRETS_KEY gives (64 hex
 * characters, or any longer text, which is hashed to 32 bytes). Without it a production server refuses
 * to start encrypting; in development and tests a fixed key derived from a public text is used, with a
 * warning, so a database made that way holds keys anyone can read: set the variable before real keys
 * go in. A stored value is `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const DEV_KEY_TEXT = 'development only: provider secrets are not protected';
let warned = false;

export function secretsKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const given = env.PROVIDER_SECRETS_KEY?.trim();
  if (given) {
    if (/^[0-9a-fA-F]{64}$/.test(given)) return Buffer.from(given, 'hex');
    if (given.length < 32) throw new Error('PROVIDER_SECRETS_KEY: give 64 hex characters or a text of at least 32 characters');
    return createHash('sha256').update(given, 'utf8').digest();
  }
  if (env.NODE_ENV === 'production') throw new Error('PROVIDER_SECRETS_KEY is not set: provider keys cannot be stored or read');
  if (!warned) {
    warned = true;
    process.emitWarning('PROVIDER_SECRETS_KEY is not set: provider keys are encrypted with a development key anyone can derive. Set it before storing real keys.', 'ProviderSecretsWarning');
  }
  return createHash('sha256').update(DEV_KEY_TEXT, 'utf8').digest();
}

/** Whether provider keys can be stored here: a key is given, or this is not a production server. */
export function secretsKeyAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.PROVIDER_SECRETS_KEY?.trim()) || env.NODE_ENV !== 'production';
}

export function encryptSecret(plain: string, key: Buffer = secretsKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** Throws when the value was not made under `key` (a wrong PROVIDER_SECRETS_KEY, or a changed row). */
export function decryptSecret(stored: string, key: Buffer = secretsKey()): string {
  const [v, iv, tag, ct] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('provider secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** A key as a screen shows it: its last four characters. */
export function maskSecret(plain: string): string {
  return `****${plain.slice(-4)}`;
}

/** A fresh shared key: 32 random bytes as 64 hex characters. */
export function newProviderKey(): string {
  return randomBytes(32).toString('hex');
}
