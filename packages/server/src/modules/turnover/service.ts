import { sql } from 'kysely';
import type { Tx } from '../ledger/service.js';

/**
 * The turnover requirement (打码量, DESIGN §5): how much a member must still bet before a withdrawal
 * is allowed. Deposits, claimed rebates, red packets and bonuses add to it; valid bets reduce it.
 * Stored in members.turnover_req_fen, written only here.
 *
 * Lock order: these update the member row, so call them BEFORE posting the journal of the same
 * transaction (member row, then ledger accounts), as the withdrawal does, so nothing deadlocks.
 */

/** Adds `fen` to the member's requirement (inside the caller's money transaction). */
export async function addTurnoverRequirement(tx: Tx, memberId: number, fen: number): Promise<void> {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`turnover: bad requirement ${fen}`);
  if (fen === 0) return;
  await tx
    .updateTable('members')
    .set({ turnover_req_fen: sql`turnover_req_fen + ${fen}` })
    .where('id', '=', memberId)
    .execute();
}

/** Adds to the requirements of many members at once (a nightly pass's batch), one statement. */
export async function addTurnoverRequirements(tx: Tx, adds: { memberId: number; fen: number }[]): Promise<void> {
  for (const a of adds) if (!Number.isSafeInteger(a.fen) || a.fen < 0) throw new Error(`turnover: bad requirement ${a.fen}`);
  const due = adds.filter((a) => a.fen > 0);
  if (due.length === 0) return;
  await sql`
    UPDATE members m SET turnover_req_fen = m.turnover_req_fen + a.fen
    FROM (SELECT member_id, sum(fen)::bigint AS fen FROM unnest(${due.map((a) => a.memberId)}::bigint[], ${due.map((a) => a.fen)}::bigint[]) AS u(member_id, fen) GROUP BY member_id) a
    WHERE m.id = a.member_id`.execute(tx);
}

/** Takes a valid bet off the requirement; it never goes below zero. */
export async function reduceTurnoverRequirement(tx: Tx, memberId: number, validBetFen: number): Promise<void> {
  if (!Number.isSafeInteger(validBetFen) || validBetFen < 0) throw new Error(`turnover: bad valid bet ${validBetFen}`);
  if (validBetFen === 0) return;
  await tx
    .updateTable('members')
    .set({ turnover_req_fen: sql`GREATEST(turnover_req_fen - ${validBetFen}, 0)` })
    .where('id', '=', memberId)
    .where('turnover_req_fen', '>', 0)
    .execute();
}

/** What the member still has to bet, in fen. */
export async function remainingTurnoverFen(db: Tx, memberId: number): Promise<number> {
  const row = await db.selectFrom('members').select('turnover_req_fen').where('id', '=', memberId).executeTakeFirst();
  return row?.turnover_req_fen ?? 0;
}

/**
 * The same, read under a row lock inside a money transaction (the withdrawal's check), so a deposit
 * approval's requirement cannot slip in between the check and the hold. FOR NO KEY UPDATE, not FOR
 * UPDATE: rows that merely reference the member (a mail, an order) take KEY SHARE locks on it, and
 * FOR UPDATE would block those and deadlock with a review that mails the member.
 */
export async function lockedRemainingTurnoverFen(tx: Tx, memberId: number): Promise<number> {
  const row = await tx.selectFrom('members').select('turnover_req_fen').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
  return row?.turnover_req_fen ?? 0;
}
