/**
 * How money is coloured on every screen (the member app, the demo venue's tables, the agent portal).
 * Chinese players read red as winning: a win, a payout and any money credited to the member read red;
 * a loss reads green; zero stays neutral. Money that only leaves (a withdrawal, a stake, a transfer
 * into a venue) is not a loss and stays neutral: that is `creditTone`. The colours live in
 * money-tone.css beside this file (`import '@app/browser/money-tone.css'` once in each app's entry).
 */
export type MoneyTone = 'money-win' | 'money-loss' | 'money-even';

/** A result's tone: above zero a win (red), below zero a loss (green), zero neutral. */
export function moneyTone(amount: number): MoneyTone {
  if (amount > 0) return 'money-win';
  if (amount < 0) return 'money-loss';
  return 'money-even';
}

/** A wallet movement's tone: money in reads as a win (red), money out neutral, never green. */
export function creditTone(amount: number): MoneyTone {
  return amount > 0 ? 'money-win' : 'money-even';
}
