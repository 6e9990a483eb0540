import { CODE, type Envelope } from '@app/contract';

/**
 * The platform's API as the front ends call it: one error type and one envelope fetch. Each app makes
 * its own client with `apiClient` (its base path, where its token lives and which header carries it,
 * its time-out, its messages, what a 401 or maintenance does to it) and re-exports ApiError from its
 * shared API module.
 */

/** A refusal of the API (the envelope's code, message and data, e.g. a LoginRefusal), or a call that got no envelope back. */
export class ApiError extends Error {
  // Declared and assigned rather than written as constructor fields: for the phones' ES2020 build
  // those compile through a defineProperty helper the member app's first paint has no other use for.
  declare readonly code: number;
  declare readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

export type Query = Record<string, string | number | undefined>;

/** `path?a=1&b=x` with the fields of `query` that have a value (undefined and '' are left out). */
export function withQuery(path: string, query: Query = {}): string {
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

export interface ApiClientConfig {
  /** put before every path: '/api/', '/admin/api' */
  base: string;
  /** the session token a call carries, '' or null for none; read at each call */
  token?: () => string | null;
  /** the header that carries the bare token (the venue's session header); `authorization: Bearer <token>` if left out */
  tokenHeader?: string;
  /** a call not answered within this long is given up as a network failure; never if left out */
  timeoutMs?: number;
  /** the fetch cache mode of every call */
  cache?: RequestCache;
  /**
   * What a call that got no envelope throws: nothing came back (offline, refused, timed out), or an
   * answer that is not JSON, given here (a proxy's error page).
   */
  networkFailure: (answer?: Response) => ApiError;
  /** Sees every envelope with the token its call carried, before the caller does: where an app ends its session or shows maintenance. */
  onAnswer?: (answer: Envelope<unknown>, token: string, path: string) => void;
  /** The message of a refusal whose envelope carries none ('' if left out). */
  refusalMessage?: (code: number) => string;
  /** Shown while a call that asks for it (`overlay: true`) runs: the member app's loading overlay. */
  overlay?: { start(): void; stop(): void };
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** A POST's body: a FormData is sent as multipart, anything else as JSON (`{}` when left out). */
  body?: unknown;
  /** Show the app's overlay (ApiClientConfig.overlay) while the call runs. */
  overlay?: boolean;
}

export interface ApiClient {
  /** One call: the envelope as answered, whatever its code, once onAnswer has seen it. */
  call<T>(path: string, opts?: CallOptions): Promise<Envelope<T>>;
  /** A call whose data is the answer; any other code throws its refusal. */
  request<T>(path: string, opts?: CallOptions): Promise<T>;
  /** The ApiError of an envelope that is not ok: its code, its message (or the app's for none) and its data. */
  refusal(answer: Envelope<unknown>): ApiError;
}

export function apiClient(config: ApiClientConfig): ApiClient {
  const { base, token: tokenOf, tokenHeader, timeoutMs, cache, networkFailure, onAnswer, refusalMessage, overlay } = config;
  const refusal = (answer: Envelope<unknown>) => new ApiError(answer.code, answer.message || (refusalMessage?.(answer.code) ?? ''), answer.data);

  async function call<T>(path: string, { method = 'POST', body, overlay: shown }: CallOptions = {}): Promise<Envelope<T>> {
    const headers: Record<string, string> = {};
    const token = tokenOf?.() || '';
    if (token) headers[tokenHeader ?? 'authorization'] = tokenHeader ? token : `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (method === 'POST') {
      if (body instanceof FormData) payload = body;
      else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body ?? {});
      }
    }
    const busy = shown ? overlay : undefined;
    const controller = new AbortController();
    const timer = timeoutMs ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
    busy?.start();
    let res: Response | undefined;
    let json: Envelope<T>;
    try {
      res = await fetch(base + path, { method, headers, body: payload, cache, signal: controller.signal });
      json = (await res.json()) as Envelope<T>;
    } catch {
      throw networkFailure(res);
    } finally {
      clearTimeout(timer);
      busy?.stop();
    }
    onAnswer?.(json, token, path);
    return json;
  }

  async function request<T>(path: string, opts?: CallOptions): Promise<T> {
    const json = await call<T>(path, opts);
    if (json.code === CODE.ok) return json.data;
    throw refusal(json);
  }

  return { call, request, refusal };
}
