import { signRequest } from './signing.js';

/**
 * A signed JSON call to the other side (platform → provider for the transfer wallet, provider →
 * platform for the seamless wallet). The body is serialised once and those exact bytes are signed and
 * sent. A timeout or a lost connection throws SignedCallUnknown: the caller does not know whether the
 * other side acted, and retries only a call that is idempotent by its id.
 */
export interface SignedCaller {
  /** the other side's base URL, e.g. http://127.0.0.1:3000/provider-api */
  baseUrl: string;
  merchant: string;
  /** the newest key: requests are signed with it */
  key: string;
  timeoutMs: number;
}

export class SignedCallUnknown extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`${path}: no answer (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

/** Answers the HTTP status and the parsed JSON body (null when the body is not JSON). */
export async function signedPost<T = unknown>(c: SignedCaller, path: string, payload: unknown): Promise<{ status: number; body: T | null; text: string }> {
  const url = new URL(c.baseUrl.replace(/\/$/, '') + path);
  const body = JSON.stringify(payload);
  const headers = signRequest(c.key, c.merchant, { method: 'POST', path: url.pathname + url.search, body });
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(c.timeoutMs) });
    text = await res.text();
  } catch (e) {
    throw new SignedCallUnknown(path, e);
  }
  let parsed: T | null = null;
  try {
    parsed = JSON.parse(text) as T;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}
