import { CODE, type Captcha, type LoginRefusal } from '@app/contract';
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
  /** 1: the 18+ box was ticked */
  adult: 1;
}

export function fetchCaptcha(): Promise<Captcha> {
  return request<Captcha>('captcha');
}

/**
 * DESIGN §4: the real name starts as the username; no payment password is sent (the member sets its
 * own, never the login password, before its first card binding or withdrawal). Answers the whole
 * envelope: the screen shows any message.
 */
export function register(input: RegisterInput) {
  const { pid, ...rest } = input;
  return call<TokenAnswer>('register', {
    overlay: true,
    body: { ...rest, realname: input.name, ...(pid ? { pid } : {}) },
  });
}

/** `captcha` only once the server asked for one (LoginRefusal). */
export function login(name: string, password: string, captcha?: { captcha_id: string; code: string }): Promise<TokenAnswer> {
  return request<TokenAnswer>('login_pc', { overlay: true, body: { name, password, ...captcha } });
}

/** True when a refused login says the next attempt needs a captcha (data.captcha_required). */
export function captchaRequired(error: unknown): boolean {
  return error instanceof ApiError && (error.data as Partial<LoginRefusal> | null)?.captcha_required === 1;
}

export function guestLogin(): Promise<TokenAnswer> {
  return request<TokenAnswer>('guestlogin', { overlay: true });
}

export const isOk = (code: number) => code === CODE.ok;
