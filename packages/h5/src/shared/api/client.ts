import { CODE, MSG, TIMING, type Envelope } from '@app/contract';
import { getToken } from '../auth/storage';
import { loading } from '../lib/loading';

/** What the app does on a session loss or maintenance; wired by the app shell at start. */
export const apiEvents = {
  onUnauthorized: (_message: string) => {},
  onMaintenance: (_tips: string) => {},
};

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Show the loading overlay while the call runs. */
  overlay?: boolean;
  /** A FormData body is sent as multipart. */
  body?: unknown;
}

/**
 * One call to the API: bearer token, 30 s time-out, JSON or multipart body. A 401 with a token ends
 * the session; 503 shows maintenance. A network failure throws ApiError with code 0 and no message
 * (callers stay silent unless the spec says otherwise).
 */
export async function call<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'POST', overlay = false, body } = opts;
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (method === 'POST') {
    if (body instanceof FormData) payload = body;
    else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  if (overlay) loading.start();
  let json: Envelope<T>;
  try {
    const res = await fetch(`/api/${path}`, { method, headers, body: payload, signal: controller.signal });
    json = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(0, '');
  } finally {
    clearTimeout(timer);
    if (overlay) loading.stop();
  }
  // Only a session still in use ends here: a late answer to a call made before logout is ignored.
  if (json.code === CODE.unauthorized && token && token === getToken()) apiEvents.onUnauthorized(json.message);
  if (json.code === CODE.maintenance) apiEvents.onMaintenance(json.message);
  return json;
}

/** A call whose data is the answer; any other code becomes an ApiError with the server's message. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const json = await call<T>(path, opts);
  if (json.code === CODE.ok) return json.data;
  throw new ApiError(json.code, json.message || MSG.internal, json.data);
}
