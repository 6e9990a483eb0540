import { ApiError, apiClient, withQuery, type Query } from '@app/browser';
import { AGENT_PORTAL_MSG, CODE, MSG, type Page } from '@app/contract';

/**
 * The portal's API client: /agent/api with the portal's own session token (sessionStorage: it lives
 * as long as the tab or the member app's frame, never beside the member's token), the envelope
 * unwrapped. A 401 anywhere ends the session for the whole portal (session.ts): the portal is entered
 * only through the member app's 代理登录, so there is no login form to return to.
 */
const BASE = '/agent/api';
const TOKEN_KEY = 'agent_token';

export { ApiError };

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

const networkFailure = () => new ApiError(CODE.internal, MSG.internal);
const refusalMessage = () => MSG.internal;

/** The portal's own calls, with its token: a 401 ends the portal's session. */
const portal = apiClient({
  base: BASE,
  token: currentToken,
  cache: 'no-store',
  networkFailure,
  refusalMessage,
  onAnswer: (json) => {
    if (json.code !== CODE.unauthorized) return;
    tokenStore.clear();
    onSessionEnd(json.message || AGENT_PORTAL_MSG.sessionEnded);
  },
});

/** Calls made without the portal's token, whose 401 ends nothing. */
const tokenless = apiClient({ base: '', cache: 'no-store', networkFailure, refusalMessage });

export const api = {
  get: <T>(path: string, query: Query = {}): Promise<T> => portal.request<T>(withQuery(path, query), { method: 'GET' }),
  post: <T>(path: string, body?: unknown): Promise<T> => portal.request<T>(path, { body }),
  /** The ticket's trade: no session yet, and its 401 (a bad ticket) is the login page's to show. */
  login: <T>(body: unknown): Promise<T> => tokenless.request<T>(`${BASE}/login`, { body }),
  /** A public call of the member app's API (/api), without the portal's token. */
  member: <T>(path: string, body?: unknown): Promise<T> => tokenless.request<T>(`/api${path}`, { body }),
};

export const hasToken = (): boolean => currentToken() !== '';

export type { Page };
