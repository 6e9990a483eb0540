import { sql } from 'kysely';
import { fenToYuan, TURNOVER_SOURCE_LABELS, TURNOVER_SOURCES_SHOWN, type TurnoverSourceKind, type TurnoverSources } from '@app/contract';
import { beijing } from '../../lib/time.js';
import type { Tx } from '../ledger/service.js';

/**
 * The turnover requirement (打码量, DESIGN §5): how much a member must still bet before a withdrawal
 * is allowed. Deposits, claimed rebates, red packets and bonuses add to it; valid bets reduce it.
 * Stored in members.turnover_req_fen, written only here, and per source in turnover_sources (what
 * each deposit, bonus, rebate… asked for and what is left of it): bets use the oldest source first,
 * so the sources' remaining amounts add up to the member's requirement.
 *
 * Lock order: these update the member row, so call them BEFORE posting the journal of the same
 * transaction (member row, then ledger accounts), as the withdrawal does, so nothing deadlocks.
 */

/** What brought a requirement: its kind and the money it came with (the deposit, the bonus…). */
export interface TurnoverOrigin {
  kind: TurnoverSourceKind;
  baseFen: number;
}

/** Adds `fen` to the member's requirement (inside the caller's money transaction), recorded as coming from `origin`. */
export async function addTurnoverRequirement(tx: Tx, memberId: number, fen: number, origin: TurnoverOrigin): Promise<void> {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`turnover: bad requirement ${fen}`);
  if (!Number.isSafeInteger(origin.baseFen) || origin.baseFen < 0) throw new Error(`turnover: bad base ${origin.baseFen}`);
  if (fen === 0) return;
  await tx
    .updateTable('members')
    .set({ turnover_req_fen: sql`turnover_req_fen + ${fen}` })
    .where('id', '=', memberId)
    .execute();
  await tx.insertInto('turnover_sources').values({ member_id: memberId, kind: origin.kind, base_fen: origin.baseFen, required_fen: fen, remaining_fen: fen }).execute();
}

/** Adds to the requirements of many members at once (a nightly pass's batch), two statements. */
export async function addTurnoverRequirements(tx: Tx, adds: ({ memberId: number; fen: number } & TurnoverOrigin)[]): Promise<void> {
  for (const a of adds) {
    if (!Number.isSafeInteger(a.fen) || a.fen < 0) throw new Error(`turnover: bad requirement ${a.fen}`);
    if (!Number.isSafeInteger(a.baseFen) || a.baseFen < 0) throw new Error(`turnover: bad base ${a.baseFen}`);
  }
  const due = adds.filter((a) => a.fen > 0);
  if (due.length === 0) return;
  await sql`
    UPDATE members m SET turnover_req_fen = m.turnover_req_fen + a.fen
    FROM (SELECT member_id, sum(fen)::bigint AS fen FROM unnest(${due.map((a) => a.memberId)}::bigint[], ${due.map((a) => a.fen)}::bigint[]) AS u(member_id, fen) GROUP BY member_id) a
    WHERE m.id = a.member_id`.execute(tx);
  await sql`
    INSERT INTO turnover_sources (member_id, kind, base_fen, required_fen, remaining_fen)
    SELECT member_id, kind, base_fen, fen, fen
    FROM unnest(${due.map((a) => a.memberId)}::bigint[], ${due.map((a) => a.kind)}::text[], ${due.map((a) => a.baseFen)}::bigint[], ${due.map((a) => a.fen)}::bigint[])
      AS u(member_id, kind, base_fen, fen)`.execute(tx);
}

/**
 * Takes a valid bet off the requirement; it never goes below zero. The member row's update comes
 * first and locks it, so the sources' update (its own statement, a fresh snapshot) runs alone for
 * this member and takes the bet from the oldest sources first.
 */
export async function reduceTurnoverRequirement(tx: Tx, memberId: number, validBetFen: number): Promise<void> {
  if (!Number.isSafeInteger(validBetFen) || validBetFen < 0) throw new Error(`turnover: bad valid bet ${validBetFen}`);
  if (validBetFen === 0) return;
  const owed = await tx
    .updateTable('members')
    .set({ turnover_req_fen: sql`GREATEST(turnover_req_fen - ${validBetFen}, 0)` })
    .where('id', '=', memberId)
    .where('turnover_req_fen', '>', 0)
    .returning('id')
    .executeTakeFirst();
  if (!owed) return;
  await sql`
    UPDATE turnover_sources s SET remaining_fen = s.remaining_fen - LEAST(s.remaining_fen, ${validBetFen}::bigint - o.before)
    FROM (
      SELECT id, COALESCE(sum(remaining_fen) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM turnover_sources WHERE member_id = ${memberId} AND remaining_fen > 0
    ) o
    WHERE s.id = o.id AND o.before < ${validBetFen}::bigint`.execute(tx);
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

/** POST /api/turnoverSources: the requirement left and its open sources, oldest first (the order bets use them). */
export async function turnoverSources(db: Tx, memberId: number): Promise<TurnoverSources> {
  const [total, rows, rest] = await Promise.all([
    remainingTurnoverFen(db, memberId),
    db
      .selectFrom('turnover_sources')
      .select(['kind', 'base_fen', 'required_fen', 'remaining_fen', 'created_at'])
      .where('member_id', '=', memberId)
      .where('remaining_fen', '>', 0)
      .orderBy('id')
      .limit(TURNOVER_SOURCES_SHOWN)
      .execute(),
    sql<{ n: number | string; fen: number | string | null }>`
      SELECT count(*) AS n, sum(remaining_fen) AS fen FROM (
        SELECT remaining_fen FROM turnover_sources WHERE member_id = ${memberId} AND remaining_fen > 0 ORDER BY id OFFSET ${TURNOVER_SOURCES_SHOWN}
      ) t`.execute(db),
  ]);
  const kindOf = (k: string) => (k in TURNOVER_SOURCE_LABELS ? (k as TurnoverSourceKind) : 'adjustment');
  return {
    bet_amount: fenToYuan(total),
    sources: rows.map((r) => {
      const kind = kindOf(r.kind);
      return {
        kind,
        label: TURNOVER_SOURCE_LABELS[kind],
        amount: fenToYuan(r.base_fen),
        multiple: r.base_fen > 0 ? Math.round((r.required_fen / r.base_fen) * 100) / 100 : 0,
        required: fenToYuan(r.required_fen),
        remaining: fenToYuan(r.remaining_fen),
        created_at: beijing(r.created_at),
      };
    }),
    more: { count: Number(rest.rows[0]?.n ?? 0), remaining: fenToYuan(Number(rest.rows[0]?.fen ?? 0)) },
  };
}
