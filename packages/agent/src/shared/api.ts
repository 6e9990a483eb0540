import { AGENT_PORTAL_MSG, CODE, MSG, type Envelope, type Page } from '@app/contract';

/**
 * The portal's API client: /agent/api with the portal's own session token (sessionStorage: it lives
 * as long as the tab or the member app's frame, never beside the member's token), the envelope
 * unwrapped. A 401 anywhere ends the session for the whole portal (session.ts): the portal is entered
 * only through the member app's 代理登录, so there is no login form to return to.
 */
const BASE = '/agent/api';
const TOKEN_KEY = 'agent_token';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const tokenStore = {
  get: (): string => {
    try {
      return sessionStorage.getItem(TOKEN_KEY) ?? '';
    } catch {
      return '';
    }
  },
  set: (token: string): void => {
    try {
      sessionStorage.setItem(TOKEN_KEY, token);
    } catch {
      // storage refused (a locked-down in-app browser): the session lives in memory only
    }
    memoryToken = token;
  },
  clear: (): void => {
    try {
      sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // nothing stored
    }
    memoryToken = '';
  },
};
let memoryToken = '';
const currentToken = () => tokenStore.get() || memoryToken;

/** Told when the server says the session is gone (401), with its message. */
let onSessionEnd: (message: string) => void = () => {};
export function setSessionEndHandler(fn: (message: string) => void): void {
  onSessionEnd = fn;
}

type Query = Record<string, string | number | undefined>;
const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

async function request<T>(method: 'GET' | 'POST', url: string, body: unknown, auth: boolean): Promise<T> {
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (auth && token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  let json: Envelope<T>;
  try {
    const res = await fetch(url, { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined, cache: 'no-store' });
    json = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(CODE.internal, MSG.internal);
  }
  if (json.code === CODE.unauthorized && auth) {
    tokenStore.clear();
    onSessionEnd(json.message || AGENT_PORTAL_MSG.sessionEnded);
  }
  if (json.code !== CODE.ok) throw new ApiError(json.code, json.message || MSG.internal);
  return json.data;
}

export const api = {
  get: <T>(path: string, query: Query = {}): Promise<T> => {
    const qs = queryString(query);
    return request<T>('GET', BASE + (qs ? `${path}?${qs}` : path), undefined, true);
  },
  post: <T>(path: string, body?: unknown): Promise<T> => request<T>('POST', BASE + path, body, true),
  /** The ticket's trade: no session yet, and its 401 (a bad ticket) is the login page's to show. */
  login: <T>(body: unknown): Promise<T> => request<T>('POST', `${BASE}/login`, body, false),
  /** A public call of the member app's API (/api), without the portal's token. */
  member: <T>(path: string, body?: unknown): Promise<T> => request<T>('POST', `/api${path}`, body, false),
};

export const hasToken = (): boolean => currentToken() !== '';

export type { Page };
