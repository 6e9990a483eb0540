import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How every request between the platform and a game provider is signed, in both directions
 * (docs/signing.md): HMAC-SHA256, keyed with the secret the two share, over
 *
 *     <timestamp>\n<nonce>\n<METHOD>\n<path>\n<body>
 *
 * where `body` is the request body exactly as sent (the bytes, not a re-serialisation), `path` the
 * request path without the host (query included), `timestamp` unix seconds and `nonce` a random
 * single-use text. The headers carry them: X-Merchant (who signs), X-Timestamp, X-Nonce, X-Signature
 * (lower-case hex). The receiver refuses a request whose timestamp is more than SIGNATURE_WINDOW_S
 * away from its clock (stale) or whose nonce it has seen within the window (replayed), and compares
 * signatures in constant time. During a key rotation the receiver accepts each of the keys it holds
 * (the new one and, until the overlap ends, the old one); the sender signs with the newest.
 */

export const HEADER = {
  merchant: 'x-merchant',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** How far a request's timestamp may be from the receiver's clock, either way, in seconds. */
export const SIGNATURE_WINDOW_S = 300;

/** A nonce: 16 to 64 characters of [A-Za-z0-9_-]. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export type SignedHeaders = Record<(typeof HEADER)[keyof typeof HEADER], string>;

/** Request headers as a server framework gives them (names lower-case). */
export type IncomingHeaders = Readonly<Record<string, string | string[] | undefined>>;

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

/** The text the signature covers. */
export function signingText(p: { timestamp: string; nonce: string; method: string; path: string; body: string }): string {
  return `${p.timestamp}\n${p.nonce}\n${p.method.toUpperCase()}\n${p.path}\n${p.body}`;
}

export function signatureOf(key: string, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** The headers that sign one request (`nowS`: unix seconds, for tests). */
export function signRequest(key: string, merchant: string, req: { method: string; path: string; body: string }, nowS = Math.floor(Date.now() / 1000), nonce = newNonce()): SignedHeaders {
  const timestamp = String(nowS);
  return {
    'x-merchant': merchant,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signatureOf(key, signingText({ timestamp, nonce, method: req.method, path: req.path, body: req.body })),
  };
}

/** Remembers nonces for the signature window; `claim` answers false when the nonce was seen (a replay). */
export interface NonceStore {
  claim(merchant: string, nonce: string, ttlS: number): Promise<boolean>;
}

/** A NonceStore in this process's memory (one instance; several instances share a database- or Redis-backed one). */
export function memoryNonceStore(): NonceStore {
  const seen = new Map<string, number>();
  let sweptAt = 0;
  return {
    async claim(merchant, nonce, ttlS) {
      const now = Date.now();
      if (now - sweptAt > 10_000) {
        for (const [k, until] of seen) if (until <= now) seen.delete(k);
        sweptAt = now;
      }
      const key = `${merchant}\n${nonce}`;
      const until = seen.get(key);
      if (until !== undefined && until > now) return false;
      seen.set(key, now + ttlS * 1000);
      return true;
    },
  };
}

export type SignatureRefusal = 'missing' | 'stale' | 'bad_signature' | 'replayed';

function lower(headers: IncomingHeaders): (name: string) => string | undefined {
  return (name) => {
    const v = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
}

function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(a) || !/^[0-9a-f]{64}$/.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/**
 * Checks a signed request: headers present, timestamp within the window, the signature made with one
 * of `keys` (the merchant's current keys), and only then the nonce unused (a forged request cannot use
 * up a nonce). Answers the merchant and null, or the refusal.
 */
export async function verifyRequest(
  headers: IncomingHeaders,
  req: { method: string; path: string; body: string },
  keysOf: (merchant: string) => Promise<readonly string[]> | readonly string[],
  nonces: NonceStore,
  nowS = Math.floor(Date.now() / 1000),
): Promise<{ merchant: string; refusal: null } | { merchant: string | null; refusal: SignatureRefusal }> {
  const h = lower(headers);
  const merchant = h(HEADER.merchant);
  const timestamp = h(HEADER.timestamp);
  const nonce = h(HEADER.nonce);
  const signature = h(HEADER.signature);
  if (!merchant || !timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp) || !NONCE.test(nonce)) return { merchant: merchant ?? null, refusal: 'missing' };
  if (Math.abs(nowS - Number(timestamp)) > SIGNATURE_WINDOW_S) return { merchant, refusal: 'stale' };
  const text = signingText({ timestamp, nonce, method: req.method, path: req.path, body: req.body });
  const keys = await keysOf(merchant);
  if (!keys.some((k) => sameHex(signatureOf(k, text), signature.toLowerCase()))) return { merchant, refusal: 'bad_signature' };
  if (!(await nonces.claim(merchant, nonce, 2 * SIGNATURE_WINDOW_S))) return { merchant, refusal: 'replayed' };
  return { merchant, refusal: null };
}
