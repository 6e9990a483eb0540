import { ApiError, apiClient, withQuery, type Query } from '@app/browser';
import { CODE, MSG, type Envelope } from '@app/contract';

/** The back-office API client: /admin/api, the staff bearer token, the envelope unwrapped. */
const BASE = '/admin/api';
const TOKEN_KEY = 'admin_token';

export { ApiError };

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY) ?? '',
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** Called when the server says the session is gone (401): the app returns to the login page. */
let onSessionEnd: () => void = () => {};
export function setSessionEndHandler(fn: () => void): void {
  onSessionEnd = fn;
}

export interface Answer<T> {
  data: T;
  message: string;
}

function authHeaders(): Record<string, string> {
  const token = tokenStore.get();
  return token ? { authorization: `Bearer ${token}` } : {};
}

function endSession(): void {
  tokenStore.clear();
  onSessionEnd();
}

const networkFailure = () => new ApiError(CODE.internal, MSG.internal);

const client = apiClient({
  base: BASE,
  token: tokenStore.get,
  networkFailure,
  // A refused login is the login form's to show; any other 401 means the session is gone.
  onAnswer: (json, _token, path) => {
    if (json.code === CODE.unauthorized && path !== '/login') endSession();
  },
});

async function request<T>(path: string, opts: { method: 'GET' | 'POST'; body?: unknown }): Promise<Answer<T>> {
  const json = await client.call<T>(path, opts);
  if (json.code !== CODE.ok) throw client.refusal(json);
  return { data: json.data, message: json.message };
}

export const api = {
  get: <T>(path: string, query: Query = {}) => request<T>(withQuery(path, query), { method: 'GET' }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  /**
   * A file the server makes (a CSV export), fetched with the staff token and saved under the name the
   * server gives; a refusal comes back as the usual envelope and is thrown like any other.
   */
  download: async (path: string, query: Query = {}): Promise<string> => {
    let res: Response;
    try {
      res = await fetch(BASE + withQuery(path, query), { headers: authHeaders() });
    } catch {
      throw networkFailure();
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const json = (await res.json()) as Envelope<unknown>;
      if (json.code === CODE.unauthorized) endSession();
      throw client.refusal(json);
    }
    const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
    const url = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return name;
  },
};

/** An id for one dialog's submission, so a repeated submit is refused instead of applied twice. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
