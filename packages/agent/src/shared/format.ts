import { formatYuan } from '@app/contract';

/** Yuan as the portal shows money: ¥1,234.50 (a negative keeps its sign: -¥12.00). */
export function yuan(value: number): string {
  return `${value < 0 ? '-' : ''}¥${formatYuan(Math.abs(value))}`;
}

/**
 * The team's win/loss with its sign, positive when the members won. Screens colour it with the shared
 * money tone (`moneyTone` of @app/browser): the members' win red, their loss green, as every operator's
 * report reads 输赢.
 */
export function signedYuan(value: number): string {
  if (value === 0) return '¥0.00';
  return `${value > 0 ? '+' : '-'}¥${formatYuan(Math.abs(value))}`;
}

export function count(value: number): string {
  return value.toLocaleString('zh-CN');
}

/** '2026-11-23' → '11-23' (chart axes, compact rows). */
export const shortDay = (day: string): string => day.slice(5);
