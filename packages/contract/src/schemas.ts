import { z } from 'zod';
import { LIMITS } from './constants.js';
import { form, int, secret, text } from './validation.js';
import { loginRules, passwordRules, payPasswordRules, profileRules, registerRules } from './rules.js';

/** Request schemas of the server: types coerced by zod, then the shared rules in the spec's order. */

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
  },
  registerRules,
);

export type RegisterBody = z.input<typeof registerSchema>;

export const loginSchema = form({ name: text(), password: secret(), pid: text() }, loginRules);

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

// ---- content -------------------------------------------------------------------------------

export const pageSchema = z.object({ page: int(1, LIMITS.pageMax).catch(1).default(1) });

export const articleSchema = z.object({ type: int(1, 20) });

export const activityListSchema = z.object({ type: z.coerce.number().int().min(0).max(1000).optional().catch(undefined) });

export const activityDetailSchema = z.object({ id: int(1, 2 ** 31 - 1) });

export const bannerListSchema = z.object({ type: int(1, 10).catch(2).default(2) });

export const gameListSchema = z.object({ category: z.string().max(20).optional().default('') });

export const messageReadSchema = z.object({ id: int(1, 2 ** 31 - 1) });

export const messageListSchema = z.object({ page: int(1, LIMITS.pageMax).catch(1).default(1) });
