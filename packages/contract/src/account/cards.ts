/** Saved cards and pay methods (spec §3 "Saved card", "Pay-way list"; §7 wallet calls). */
import { MSG } from '../shared/messages.js';
import { LIMITS } from '../shared/constants.js';
import type { Rule } from '../shared/rules.js';

/** Saved card types: 1 bank card, 2 USDT address. */
export const CARD_TYPE = { bank: 1, usdt: 2 } as const;
export type CardType = (typeof CARD_TYPE)[keyof typeof CARD_TYPE];

/** The `bank` value that makes a bindcard request a USDT address (spec §5: fixed to USDT). */
export const USDT_BANK = 'USDT';
/** USDT networks, the `bank_owner` of a USDT address; TRC20 is the default protocol. */
export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/** Address shapes per network: TRON base58check (T + 33), Ethereum 0x + 40 hex. */
export const USDT_ADDRESS_RE: Record<UsdtNetwork, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

/**
 * /wallet?type= picks its tab by saved-card type, the same numbers as getcard: 1 银行卡, 2 虚拟币
 * (USDT). Without a valid type the first tab, 虚拟币, opens.
 */
export function walletPath(type?: CardType): string {
  return type ? `/wallet?type=${type}` : '/wallet';
}
export function cardTypeOfQuery(value: string | null): CardType {
  return value === String(CARD_TYPE.bank) ? CARD_TYPE.bank : CARD_TYPE.usdt;
}

/** Pay methods of getPayRange and the receiving accounts (getpaybank `type`). */
export const PAY_METHODS = ['bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Sanity cap on a bank card number (digits only, after spaces are removed). */
export const CARD_NUMBER_MAX = 40;

/** A bank card number as stored: spaces removed. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * A saved card number as shown anywhere (only the last 4 characters are real, spec §3):
 * bank `**** **** **** 1234`; USDT keeps the network's fixed prefix (T or 0x, which every address
 * of that network shares) so it still reads as an address: `T****…1234`, `0x****…abcd`.
 */
export function maskCardNo(value: string, type: CardType): string {
  const last4 = value.slice(-4);
  if (type === CARD_TYPE.bank) return `**** **** **** ${last4}`;
  const prefix = value.startsWith('0x') ? '0x' : value.startsWith('T') ? 'T' : '';
  return `${prefix}****…${last4}`;
}

// ---- binding: the form rules (spec §5) ---------------------------------------------------------

export interface BindCardInput {
  bank: string;
  bank_owner: string;
  bank_address: string;
  bank_no: string;
  pay_pass: string;
}

const isNetwork = (value: string): value is UsdtNetwork => (USDT_NETWORKS as readonly string[]).includes(value);

/** /addUsdtCard (spec §5 USDT binding), then the address shape of the chosen network. */
export const usdtCardRules: Rule<BindCardInput>[] = [
  [(v) => !v.bank_no, MSG.usdtAddressEmpty, 'bank_no'],
  [(v) => !isNetwork(v.bank_owner), MSG.usdtNetworkEmpty, 'bank_owner'],
  [(v) => !v.pay_pass, MSG.cardPayPasswordEmpty, 'pay_pass'],
  [(v) => !isNetwork(v.bank_owner) || !USDT_ADDRESS_RE[v.bank_owner].test(v.bank_no), MSG.usdtAddressInvalid, 'bank_no'],
];

/** /addBankCard (spec §5 bank card binding, in this order), then sanity limits on the number. */
export const bankCardRules: Rule<BindCardInput>[] = [
  [(v) => !v.bank_owner, MSG.cardHolderEmpty, 'bank_owner'],
  [(v) => !v.bank, MSG.cardBankEmpty, 'bank'],
  [(v) => !v.bank_address, MSG.cardBranchEmpty, 'bank_address'],
  [(v) => !v.bank_no, MSG.cardNumberEmpty, 'bank_no'],
  [(v) => !v.pay_pass, MSG.cardPayPasswordEmpty, 'pay_pass'],
  [(v) => normalizeCardNumber(v.bank_no).length < LIMITS.cardNumberMin, MSG.cardNumberLength, 'bank_no'],
  [(v) => v.pay_pass.length < LIMITS.payPasswordMin || v.pay_pass.length > LIMITS.payPasswordMax, MSG.cardPayPasswordLength, 'pay_pass'],
  [(v) => normalizeCardNumber(v.bank_no).length > CARD_NUMBER_MAX, MSG.cardNumberLength, 'bank_no'],
  [(v) => !/^[\d ]+$/.test(v.bank_no), MSG.cardNumberInvalid, 'bank_no'],
];

/** One bindcard request: bank === 'USDT' makes it an address, anything else a bank card. */
export const bindCardRules: Rule<BindCardInput>[] = [
  ...usdtCardRules.map(([failed, message, field]): Rule<BindCardInput> => [(v) => v.bank === USDT_BANK && failed(v), message, field]),
  ...bankCardRules.map(([failed, message, field]): Rule<BindCardInput> => [(v) => v.bank !== USDT_BANK && failed(v), message, field]),
];
