import { MSG, VENUE_SESSION_HEADER } from '@app/contract';

/** The venue API client: envelope `{code, message, data}`, the session token of this frame in every call. */
const TOKEN_KEY = 'venue.session';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

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

const TIMEOUT_MS = 15_000;

export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = sessionToken.get();
  if (token) headers[VENUE_SESSION_HEADER] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${import.meta.env.BASE_URL}api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, '网络异常，请稍后重试');
  }
  type Envelope = { code?: number; message?: string; data?: T };
  const env = (await res.json().catch(() => null)) as Envelope | null;
  const code = env?.code ?? res.status;
  if (code === 200 && res.ok) return env!.data as T;
  const message = env?.message || (code === 401 ? MSG.venueLaunchInvalid : '服务繁忙，请稍后重试');
  if (code === 401) onExpired(message);
  throw new ApiError(code, message);
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : '服务繁忙，请稍后重试');
