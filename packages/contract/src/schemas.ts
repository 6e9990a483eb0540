import { z } from 'zod';
import { LIMITS } from './constants.js';
import { CARD_TYPE, PAY_METHODS } from './cards.js';
import { form, int, secret, text } from './validation.js';
import { bindCardRules, loginRules, passwordRules, payPasswordRules, profileRules, registerRules } from './rules.js';

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

// ---- wallet: pay methods and cards ---------------------------------------------------------

export const payRangeSchema = z.object({ type: z.enum(PAY_METHODS) });

export const bindCardSchema = form(
  { bank: text(50), bank_owner: text(50), bank_address: text(100), bank_no: text(50), pay_pass: secret() },
  bindCardRules,
);

export type BindCardBody = z.input<typeof bindCardSchema>;

/** type 1 bank cards, 2 USDT addresses; "1" is read as 1, anything else is refused. */
export const getCardSchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform((v) => (Number(v) === 1 ? CARD_TYPE.bank : CARD_TYPE.usdt)),
});

export const delCardSchema = z.object({ id: int(1, Number.MAX_SAFE_INTEGER) });
