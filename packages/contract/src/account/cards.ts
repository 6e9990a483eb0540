/** Saved cards and pay methods (spec §3 "Saved card", "Pay-way list"; §7 wallet calls). */

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
