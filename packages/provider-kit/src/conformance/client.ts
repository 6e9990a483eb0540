import { randomBytes } from 'node:crypto';
import { SEAMLESS_PATH, SEAMLESS_PREFIX, type SeamlessResponse } from '../seamless.js';
import { HEADER, signRequest, type SignedHeaders } from '../signing.js';

/**
 * The kit's caller of the wallet under test: a signed POST as a provider sends it, with the knobs a
 * case needs to break it on purpose (another key, a clock off, a nonce reused, a header left out, a
 * raw body, a body other than the one signed).
 */
export interface ConformanceTarget {
  /** where the wallet is served, e.g. http://127.0.0.1:3000/provider-api; a URL without a path gets /provider-api */
  url: string;
  merchant: string;
  key: string;
  /** one call's limit; a call without an answer in time fails its case */
  timeoutMs?: number;
}

export interface SendOptions {
  key?: string;
  merchant?: string;
  nowS?: number;
  nonce?: string;
  /** the bytes sent instead of JSON.stringify(payload) */
  raw?: string;
  /** signed over these bytes, while `raw` (or the payload) is sent */
  signedBody?: string;
  omitHeader?: (typeof HEADER)[keyof typeof HEADER];
}

export interface Sent<B = SeamlessResponse> {
  httpStatus: number;
  text: string;
  /** the parsed answer; null when it is not a JSON object */
  body: B | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export const uuid = (): string => randomBytes(12).toString('hex');

/** The wallet's base with its path: the prefix when the URL names none. */
export function walletBase(url: string): URL {
  const u = new URL(url);
  if (u.pathname === '' || u.pathname === '/') u.pathname = SEAMLESS_PREFIX;
  u.pathname = u.pathname.replace(/\/$/, '');
  return u;
}

export type Endpoint = (typeof SEAMLESS_PATH)[keyof typeof SEAMLESS_PATH];

export function send(target: ConformanceTarget, endpoint: Endpoint, payload: unknown, o: SendOptions = {}): Promise<Sent> {
  return sendTo<SeamlessResponse>(walletBase(target.url), endpoint, payload, { key: target.key, merchant: target.merchant, timeoutMs: target.timeoutMs }, o);
}

/** A signed POST of `payload` to `<base><path>` (either protocol), spoiled as `o` asks. */
export async function sendTo<B>(base: URL, path: string, payload: unknown, signer: { key: string; merchant: string; timeoutMs?: number }, o: SendOptions = {}): Promise<Sent<B>> {
  const url = new URL(base.toString().replace(/\/$/, '') + path);
  const body = o.raw ?? JSON.stringify(payload);
  const headers: Partial<SignedHeaders> = signRequest(o.key ?? signer.key, o.merchant ?? signer.merchant, { method: 'POST', path: url.pathname + url.search, body: o.signedBody ?? body }, o.nowS, o.nonce);
  if (o.omitHeader) delete headers[o.omitHeader];
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(signer.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
    text = await res.text();
  } catch (e) {
    throw new Error(`${path}: no answer (${e instanceof Error ? e.message : String(e)})`);
  }
  let parsed: B | null = null;
  try {
    const v: unknown = JSON.parse(text);
    parsed = v && typeof v === 'object' && !Array.isArray(v) ? (v as B) : null;
  } catch {
    parsed = null;
  }
  return { httpStatus: res.status, text, body: parsed };
}
