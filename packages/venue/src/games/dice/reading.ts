import type { VenueDiceOutcome } from '@app/contract';

/** The option names of 快三骰宝 by id (the felt shows the game info's own names). */
export const DICE_NAMES: Record<string, string> = { big: '大', small: '小', odd: '单', even: '双', triple: '豹子' };

/** What a throw reads as: 豹子, or 大/小 and 单/双 of the sum (the server's outcome decides every payout). */
export function diceReading(o: Pick<VenueDiceOutcome, 'sum' | 'triple'>): string[] {
  if (o.triple) return ['豹子'];
  return [o.sum >= 11 ? '大' : '小', o.sum % 2 === 1 ? '单' : '双'];
}
