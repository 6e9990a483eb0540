import { z } from 'zod';
import { form, int, secret, text } from '../shared/validation.js';
import { bindCardRules, CARD_TYPE } from './cards.js';

/** Request schemas of saved cards (spec §7 bindcard, getcard, delcard); cards.ts's rules decide. */

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
