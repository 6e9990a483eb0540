import { z } from 'zod';
import { REBATE_CATEGORIES } from '../loyalty/rebate.js';
import { CARD_TYPE, PAY_METHODS, USDT_NETWORKS } from '../account/cards.js';
import { RECHARGE_PAYTYPES, transferRules, WITHDRAW_TAB, withdrawRules, type WithdrawTab } from '../wallet/wallet.js';
import { form, int, numberAsSent, pageNumber, secret, text } from './validation.js';
import { bindCardRules, loginRules, passwordRules, payPasswordRules, profileRules, registerRules, setPayPasswordRules, type Rule } from './rules.js';

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
    /** the 18+ confirmation (issue 16): true, 1 or '1'; checked by the server after the spec's rules */
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

// ---- content -------------------------------------------------------------------------------

export const pageSchema = z.object({ page: pageNumber() });

export const articleSchema = z.object({ type: int(1, 20) });

export const activityListSchema = z.object({ type: z.coerce.number().int().min(0).max(1000).optional().catch(undefined) });

export const activityDetailSchema = z.object({ id: int(1, 2 ** 31 - 1) });

export const bannerListSchema = z.object({ type: int(1, 10).catch(2).default(2) });

export const gameListSchema = z.object({ category: z.string().max(20).optional().default('') });

export const messageReadSchema = z.object({ id: int(1, 2 ** 31 - 1) });

export const messageListSchema = z.object({ page: pageNumber() });

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

// ---- wallet: deposits, withdrawals, transfers, records ---------------------------------------


export const rechargeSchema = z.object({
  paytype: z.enum(RECHARGE_PAYTYPES),
  amount: numberAsSent(),
  catepay: z.enum(USDT_NETWORKS).catch('TRC20').default('TRC20'),
  bank_owner: text(50),
  bank: text(50),
  bank_no: text(50),
  bank_address: text(100),
});
export type RechargeBody = z.input<typeof rechargeSchema>;

export const payInfoSchema = z.object({ deposit_no: z.string().trim().min(1).max(40) });

export const withdrawSchema = form(
  {
    type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform((v) => Number(v) as WithdrawTab).catch(WITHDRAW_TAB.bank).default(WITHDRAW_TAB.bank),
    bank: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(20)]).default(''),
    amount: numberAsSent(),
    password: secret(),
  },
  withdrawRules,
);
export type WithdrawBody = z.input<typeof withdrawSchema>;

export const transferSchema = form({ amount: numberAsSent(), sourcetype: text(30), targettype: text(30) }, transferRules);
export type TransferBody = z.input<typeof transferSchema>;

/**
 * POST /api/balancelist: the spec's clients add the 平台钱包 entry themselves, so it is in the answer
 * only when asked for with with_wallet 1 (our app asks, and reads the central balance from it).
 */
export const balanceListSchema = z.object({ with_wallet: int(0, 1).catch(0).default(0) });

export const transferStatusSchema = z.object({ transferstatus: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => Number(v) as 0 | 1) });

// ---- games (spec §7 getGameUrl, gamelistBycode, betrecord) ----------------------------------

export const gameUrlSchema = z.object({
  plat_name: z.string().trim().max(30).catch('').default(''),
  game_type: z.string().trim().max(30).catch('0').default('0'),
  game_code: z.string().trim().max(60).catch('').default(''),
  is_mobile_url: z.string().trim().max(4).catch('1').default('1'),
});

export const gameListByCodeSchema = z.object({ gamecode: z.string().trim().max(30).catch('').default('') });

export const betRecordSchema = z.object({
  date: int(1, 4).catch(4).default(4),
  page: pageNumber(),
  api_type: z.string().trim().max(30).catch('').default(''),
});

/** date 1–4 (default 4), type 1–5 (default 1; 5 = claimed rebates), page, api_type = a venue code or '' for all. */
export const transRecordSchema = z.object({
  date: int(1, 4).catch(4).default(4),
  type: int(0, 10).catch(1).default(1),
  page: pageNumber(),
  api_type: z.string().trim().max(30).catch('').default(''),
});

// ---- rebate (spec §7 getfanshui) --------------------------------------------------------------

/**
 * date 1–4 (default 4: last 30 days), page, api_type = a venue code or '' for all, type = a rebate
 * category (REBATE_CATEGORIES) or '' for all; anything else reads as all.
 */
export const getFanshuiSchema = z.object({
  date: int(1, 4).catch(4).default(4),
  page: pageNumber(),
  api_type: z.string().trim().max(30).catch('').default(''),
  type: z.enum(['', ...REBATE_CATEGORIES]).catch('').default(''),
});

// ---- lottery rooms (spec §7 lotteryRoom, lotteryOrder) --------------------------------------

export const lotteryRoomListSchema = z.object({ name: z.string().trim().max(40).catch('').default('') });
export const lotteryRoomSchema = z.object({ room_id: int(1, 2 ** 31 - 1) });
/** POST /api/lotteryMyOrders {room_id, page}: the member's lines in that room's lottery. */
export const lotteryMyOrdersSchema = z.object({ room_id: int(1, 2 ** 31 - 1), page: pageNumber() });
export const lotteryOrderSchema = z.object({
  room_id: int(1, 2 ** 31 - 1),
  expect: z.union([z.string().trim().max(20), z.number().int().nonnegative()]).transform(String),
  order: z
    .array(
      z.object({
        id: z.string().trim().max(40),
        total: numberAsSent(),
        data: z.unknown().optional(),
      }),
    )
    .max(500)
    .catch([])
    .default([]),
});
export type LotteryOrderBody = z.input<typeof lotteryOrderSchema>;
