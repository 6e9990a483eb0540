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

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
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
    const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
    return request<T>('GET', qs ? `${path}?${qs}` : path);
  },
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
};

/** An id for one dialog's submission, so a repeated submit is refused instead of applied twice. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
