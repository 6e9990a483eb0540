import { CODE, MSG, type Envelope } from '@app/contract';

/** The back-office API client: /admin/api, the staff bearer token, the envelope unwrapped. */
const BASE = '/admin/api';
const TOKEN_KEY = 'admin_token';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** the envelope's data of a refusal (e.g. LoginRefusal), null otherwise */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

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

const queryString = (query: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  const headers = authHeaders();
  if (method === 'POST') headers['content-type'] = 'application/json';
  let json: Envelope<T>;
  try {
    const res = await fetch(BASE + path, { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined });
    json = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(CODE.internal, MSG.internal);
  }
  if (json.code === CODE.unauthorized && path !== '/login') {
    tokenStore.clear();
    onSessionEnd();
  }
  if (json.code !== CODE.ok) throw new ApiError(json.code, json.message, json.data);
  return { data: json.data, message: json.message };
}

export const api = {
  get: <T>(path: string, query: Record<string, string | number | undefined> = {}) => {
    const qs = queryString(query);
    return request<T>('GET', qs ? `${path}?${qs}` : path);
  },
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  /**
   * A file the server makes (a CSV export), fetched with the staff token and saved under the name the
   * server gives; a refusal comes back as the usual envelope and is thrown like any other.
   */
  download: async (path: string, query: Record<string, string | number | undefined> = {}): Promise<string> => {
    const qs = queryString(query);
    let res: Response;
    try {
      res = await fetch(BASE + (qs ? `${path}?${qs}` : path), { headers: authHeaders() });
    } catch {
      throw new ApiError(CODE.internal, MSG.internal);
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const json = (await res.json()) as Envelope<unknown>;
      if (json.code === CODE.unauthorized) {
        tokenStore.clear();
        onSessionEnd();
      }
      throw new ApiError(json.code, json.message, json.data);
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
