import { roleCan } from '@app/contract';
import { redactCards } from '../modules/cards/redact.js';

/**
 * The one home of who sees members' card numbers in the back office (README roles table: only
 * `members.cards` 查看完整卡号 sees them in full). Services return full numbers; every back-office answer
 * passes through `cardsFor` on its way out (admin/index.ts), as every audit row passes through the
 * cards module's `redactCards` on its way in (modules/audit), so no route, page or export has to
 * remember the rule. Which fields are masked, and how: modules/cards/redact.ts.
 */

/** What a staff member of `role` may see of `value`: as is with members.cards, else redacted. */
export function cardsFor<T>(role: string | null, value: T): T {
  return role !== null && roleCan(role, 'members.cards') ? value : redactCards(value);
}
