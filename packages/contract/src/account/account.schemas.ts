import { z } from 'zod';
import { form, secret, text } from '../shared/validation.js';
import type { Rule } from '../shared/rules.js';
import { loginRules, passwordRules, payPasswordRules, profileRules, registerRules, setPayPasswordRules } from './account.js';

/** Request schemas of registration, login, the profile and the passwords: types coerced by zod, then account.ts's rules in the spec's order. */

// ---- session -------------------------------------------------------------------------------

export const registerSchema = form(
  {
    name: text(),
    realname: text(),
    password: secret(),
    confirmPass: secret(),
    paypassword: secret(),
    code: text(),
    captcha_id: text(64),
    pid: text(),
    /** the 18+ confirmation: true, 1 or '1'; checked by the server after the spec's rules */
    adult: z.union([z.boolean(), z.number(), z.string().max(8)]).optional(),
  },
  registerRules,
);

export type RegisterBody = z.input<typeof registerSchema>;

/** code and captcha_id are needed only when the server asked for a captcha (LoginRefusal). */
export const loginSchema = form({ name: text(), password: secret(), pid: text(), code: text(16), captcha_id: text(64) }, loginRules);

export type LoginBody = z.input<typeof loginSchema>;

// ---- profile -------------------------------------------------------------------------------

export const updateUserInfoSchema = form({ mobile: text(), email: text(), birthday: text() }, profileRules);

export type UpdateUserInfoBody = z.input<typeof updateUserInfoSchema>;

export const editPasswordSchema = form(
  { password: secret(), paypassword: secret(), confirm: secret() },
  passwordRules,
);

export type EditPasswordBody = { password: string; paypassword: string };

export const editPayPasswordSchema = form({ password: secret(), paypassword: secret() }, payPasswordRules);

export type EditPayPasswordBody = { password: string; paypassword: string };

export type SetPayPasswordBody = { password: string; paypassword: string };

/**
 * POST /api/setPayPassword: `password` is the login password (proof), `paypassword` the new payment
 * password. The screen's rules about its confirm field (and naming it) never fail here: no confirm.
 */
export const setPayPasswordSchema = form({ password: secret(), paypassword: secret() }, setPayPasswordRules as readonly Rule<SetPayPasswordBody>[]);
