import type { AgentLogin } from '@app/contract';
import { api } from '../../shared/api';

/**
 * One POST per ticket while it is in flight: the ticket is single-use, so a second POST for the same
 * visit (StrictMode's second effect in development) would be refused and show the invalid state over
 * a good session. `settled` forgets it once the page has read the answer: the same URL opened again
 * asks the server again, and is refused.
 */
const trades = new Map<string, Promise<AgentLogin>>();
export function tradeTicket(ticket: string): Promise<AgentLogin> {
  let p = trades.get(ticket);
  if (!p) {
    p = api.login<AgentLogin>({ ticket });
    trades.set(ticket, p);
  }
  return p;
}
export const tradeSettled = (ticket: string): void => void trades.delete(ticket);

export const logout = () => api.post<null>('/logout');
