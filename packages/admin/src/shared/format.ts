import { formatYuan } from '@app/contract';

/** Yuan as staff read it: ¥1,234.50; debits keep their sign. */
export function yuan(value: number): string {
  return `${value < 0 ? '-' : ''}¥${formatYuan(Math.abs(value))}`;
}

export function usdt(value: number): string {
  return `${value.toFixed(2)} USDT`;
}
