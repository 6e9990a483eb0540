import { z } from 'zod';
import { PAY_METHODS, USDT_NETWORKS } from '../account/cards.js';
import { form, int, numberAsSent, pageNumber, secret, text } from '../shared/validation.js';
import { RECHARGE_PAYTYPES, transferRules, WITHDRAW_TAB, withdrawRules, type WithdrawTab } from './wallet.js';

/** Request schemas of the wallet: pay methods, deposits, withdrawals, transfers and account records (spec §7). */

/** POST /api/payrange {type}: a pay method's deposit range. */
export const payRangeSchema = z.object({ type: z.enum(PAY_METHODS) });

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

/** date 1–4 (default 4), type 1–5 (default 1; 5 = claimed rebates), page, api_type = a venue code or '' for all. */
export const transRecordSchema = z.object({
  date: int(1, 4).catch(4).default(4),
  type: int(0, 10).catch(1).default(1),
  page: pageNumber(),
  api_type: z.string().trim().max(30).catch('').default(''),
});
