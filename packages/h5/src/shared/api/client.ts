import { ApiError, apiClient, type CallOptions } from '@app/browser';
import { CODE, MSG, TIMING } from '@app/contract';
import { getToken } from '../auth/storage';
import { loading } from '../lib/loading';
import { toast } from '../lib/toast';

/** What the app does on a session loss or maintenance; wired by the app shell at start. */
export const apiEvents = {
  onUnauthorized: (_message: string) => {},
  onMaintenance: (_tips: string) => {},
};

export { ApiError };
export type { CallOptions as RequestOptions };

/**
 * The member app's API: /api/ with the member's bearer token, a 30 s time-out, the loading overlay
 * for calls that ask for it. A 401 with a token ends the session; 503 shows maintenance. A network
 * failure throws ApiError with code 0 and no message (callers stay silent unless the spec says
 * otherwise); a refusal without a message says MSG.internal (服务器繁忙，请稍后再试).
 *
 * `call` answers the envelope whatever its code; `request` its data, or throws the refusal;
 * `refusal` is the ApiError of an envelope that is not ok.
 */
export const { call, request, refusal } = apiClient({
  base: '/api/',
  token: getToken,
  timeoutMs: TIMING.requestTimeoutMs,
  networkFailure: () => new ApiError(0, ''),
  onAnswer: (json, token) => {
    // Only a session still in use ends here: a late answer to a call made before logout is ignored.
    if (json.code === CODE.unauthorized && token && token === getToken()) apiEvents.onUnauthorized(json.message);
    if (json.code === CODE.maintenance) apiEvents.onMaintenance(json.message);
  },
  refusalMessage: () => MSG.internal,
  overlay: loading,
});

/**
 * The text to show for a failed call: the server's message (MSG.internal for a refusal without one or an
 * error that is not the API's), or null for a network failure, where the spec stays silent.
 */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.code === 0 ? null : error.message || MSG.internal;
  return MSG.internal;
}

/** Shows a failed call as a toast of its failureMessage; a network failure stays silent (spec §8). */
export function showFailure(error: unknown): void {
  const message = failureMessage(error);
  if (message) void toast(message);
}
