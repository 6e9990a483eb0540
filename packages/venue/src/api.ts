import { ApiError, apiClient } from '@app/browser';
import { MSG, VENUE_SESSION_HEADER } from '@app/contract';

/** The venue API client: envelope `{code, message, data}`, the session token of this frame in every call. */
const TOKEN_KEY = 'venue.session';
const TIMEOUT_MS = 15_000;
/** No answer came (offline, timed out). */
const NETWORK_FAILURE = '网络异常，请稍后重试';
/** A refusal without a message of its own, or anything else that went wrong. */
const BUSY = '服务繁忙，请稍后重试';

export { ApiError };

export const sessionToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (t: string) => sessionStorage.setItem(TOKEN_KEY, t),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

let onExpired: (message: string) => void = () => {};
/** Called once by the app: a 401 anywhere turns the page into the "link expired" screen. */
export function whenExpired(fn: (message: string) => void): void {
  onExpired = fn;
}

const refusalMessage = (code: number) => (code === 401 ? MSG.venueLaunchInvalid : BUSY);

/** An answer that is not the venue's envelope (a proxy's error page) is refused by its HTTP status. */
function refusedByStatus(status: number): ApiError {
  const error = new ApiError(status, refusalMessage(status));
  if (status === 401) onExpired(error.message);
  return error;
}

const client = apiClient({
  base: `${import.meta.env.BASE_URL}api`,
  token: sessionToken.get,
  tokenHeader: VENUE_SESSION_HEADER,
  timeoutMs: TIMEOUT_MS,
  networkFailure: (answer) => (answer ? refusedByStatus(answer.status) : new ApiError(0, NETWORK_FAILURE)),
  onAnswer: (json) => {
    if (json.code === 401) onExpired(json.message || MSG.venueLaunchInvalid);
  },
  refusalMessage,
});

export function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return client.request<T>(path, { method, body });
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : BUSY);
