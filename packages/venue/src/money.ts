import { fenToYuan, formatYuan, yuanToFen } from '@app/contract';

/** Yuan arithmetic for the chips and stakes, done in integer fen. */
export const addYuan = (a: number, b: number): number => fenToYuan((yuanToFen(a) ?? 0) + (yuanToFen(b) ?? 0));
export const money = (yuan: number): string => formatYuan(yuan);
/** Signed: +12.00 / −3.50. */
export const signed = (yuan: number): string => (yuan > 0 ? `+${formatYuan(yuan)}` : yuan < 0 ? `-${formatYuan(-yuan)}` : '0.00');
/** 1000 → 1千, 10000 → 1万: short chip labels. */
export function chipLabel(yuan: number): string {
  if (yuan >= 10000 && yuan % 10000 === 0) return `${yuan / 10000}万`;
  if (yuan >= 1000 && yuan % 1000 === 0) return `${yuan / 1000}千`;
  return String(yuan);
}
