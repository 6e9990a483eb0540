import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ADJUST_CATEGORY_LABELS, FINANCE_DESK_MSG, fenToYuan, fmt, turnoverForAdjustment, type AdjustCategory, type AdjustResult } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { HOUSE, memberBalanceFen, memberWalletId, post, systemAccountId } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';
import { addTurnoverRequirement, remainingTurnoverFen } from '../turnover/service.js';

/** A staff member's manual change of a member's balance (加款 / 扣款), applied at once or after a second staff member's approval. */
export interface Adjustment {
  amountFen: number;
  category: AdjustCategory;
  reason: string;
  turnoverMultiple?: number;
  requestId?: string;
}

/** The member's mail about an adjustment: the amount, the category and the staff's stated reason. */
export function adjustMail(adj: Pick<Adjustment, 'amountFen' | 'category' | 'reason'>): { title: string; content: string } {
  const template = adj.amountFen > 0 ? FINANCE_DESK_MSG.adjustMailCredit : FINANCE_DESK_MSG.adjustMailDebit;
  return {
    title: FINANCE_DESK_MSG.adjustMailTitle,
    content: fmt(template, { amount: fenToYuan(Math.abs(adj.amountFen)).toFixed(2), category: ADJUST_CATEGORY_LABELS[adj.category], reason: adj.reason.trim() }),
  };
}

/**
 * A manual balance adjustment: ONE journal between house:adjustments and the member's wallet
 * (a debit that would take the wallet below zero is refused 余额不足 by the ledger), the optional
 * turnover requirement (credits only, amount × multiple), the member's mail and the audit row, all in
 * one transaction. The console's request id makes a repeated submit 409 已处理 instead of a second one.
 * Whether it needs a second staff member first is the caller's question (adjustThresholdFen); the
 * caller has checked that the member exists.
 */
export async function adjustBalance(db: Kdb, actor: Actor, memberId: number, adj: Adjustment): Promise<AdjustResult> {
  return db.transaction().execute((tx) => applyAdjustment(tx, actor, memberId, adj));
}

/** adjustBalance inside the caller's transaction (an approval applies it in its own); `approval` goes into the audit row. */
export async function applyAdjustment(tx: Transaction<Database>, actor: Actor, memberId: number, adj: Adjustment, approval?: { id: number; maker: string }): Promise<AdjustResult> {
  const [house, wallet] = await Promise.all([systemAccountId(tx, HOUSE.adjustments), memberWalletId(tx, memberId)]);
  const requirementFen = turnoverForAdjustment(adj.amountFen, adj.turnoverMultiple);
  const reason = adj.reason.trim();
  // Member row before ledger rows: the lock order of every money path.
  await addTurnoverRequirement(tx, memberId, requirementFen, { kind: 'adjustment', baseFen: Math.max(0, adj.amountFen) });
  const journalId = await post(tx, {
    idemKey: approval ? `admin-adjust:approval:${approval.id}` : `admin-adjust:${adj.requestId ?? randomUUID()}`,
    kind: 'adjustment',
    memo: reason,
    entries: [
      { accountId: house, amountFen: -adj.amountFen },
      { accountId: wallet, amountFen: adj.amountFen },
    ],
  });
  // The wallet row is locked by the posting until commit, so these are exact.
  const balanceFen = await memberBalanceFen(tx, memberId);
  const turnoverFen = await remainingTurnoverFen(tx, memberId);
  const mailId = await sendMail(tx, memberId, adjustMail({ ...adj, reason }));
  const before = { balance: fenToYuan(balanceFen - adj.amountFen), turnover_req: fenToYuan(turnoverFen - requirementFen) };
  const after = {
    balance: fenToYuan(balanceFen),
    turnover_req: fenToYuan(turnoverFen),
    amount: fenToYuan(adj.amountFen),
    category: adj.category,
    reason,
    turnover_multiple: adj.turnoverMultiple ?? null,
    journal_id: journalId,
    mail_id: mailId,
    ...(approval ? { approval_id: approval.id, requested_by: approval.maker } : {}),
  };
  await writeAudit(tx, actor, 'member.adjust', `member:${memberId}`, before, after);
  return { journal_id: journalId, balance: after.balance, turnover_req: after.turnover_req };
}
