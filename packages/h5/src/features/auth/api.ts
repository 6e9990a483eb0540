import { CODE, MSG, type Captcha } from '@app/contract';
import { ApiError, call, request } from '../../shared/api/client';

/** The session calls of spec §7: captcha, register, login, guest trial. */

export interface TokenAnswer {
  api_token: string;
}

export interface RegisterInput {
  name: string;
  password: string;
  confirmPass: string;
  code: string;
  captcha_id: string;
  pid?: string;
}

export function fetchCaptcha(): Promise<Captcha> {
  return request<Captcha>('captcha');
}

/**
 * DESIGN §4: the payment password starts equal to the login password and the real name to the
 * username; members change them later. Answers the whole envelope: the screen shows any message.
 */
export function register(input: RegisterInput) {
  const { pid, ...rest } = input;
  return call<TokenAnswer>('register', {
    overlay: true,
    body: { ...rest, realname: input.name, paypassword: input.password, ...(pid ? { pid } : {}) },
  });
}

export function login(name: string, password: string): Promise<TokenAnswer> {
  return request<TokenAnswer>('login_pc', { overlay: true, body: { name, password } });
}

export function guestLogin(): Promise<TokenAnswer> {
  return request<TokenAnswer>('guestlogin', { overlay: true });
}

/** The server's message for a failed call, or null for a network failure (the spec stays silent). */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.code === 0 ? null : error.message || MSG.internal;
  return MSG.internal;
}

export const isOk = (code: number) => code === CODE.ok;
