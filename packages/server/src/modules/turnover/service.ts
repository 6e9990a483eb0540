import { sql } from 'kysely';
import { fenToYuan, TURNOVER_SOURCE_LABELS, TURNOVER_SOURCES_SHOWN, type TurnoverSourceKind, type TurnoverSources } from '@app/contract';
import { beijing } from '../../lib/time.js';
import type { Tx } from '../ledger/service.js';

/**
 * The turnover requirement (打码量, DESIGN §5): how much a member must still bet before a withdrawal
 * is allowed. Deposits, claimed rebates, red packets and bonuses add to it; valid bets reduce it.
 * Stored in turnover_requirements (no row: nothing to bet), written only here, and per source in
 * turnover_sources (what each deposit, bonus, rebate… asked for and what is left of it): bets use the
 * oldest source first, so the sources' remaining amounts add up to the member's requirement.
 *
 * Lock order: each of these locks the member row first (FOR NO KEY UPDATE, in its own statement), then
 * the requirement, so call them BEFORE posting the journal of the same transaction (member row, then
 * ledger accounts), as the withdrawal does, so nothing deadlocks.
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
  await sql`
    INSERT INTO turnover_requirements (member_id, remaining_fen)
    SELECT id, ${fen}::bigint FROM members WHERE id = ${memberId} FOR NO KEY UPDATE
    ON CONFLICT (member_id) DO UPDATE SET remaining_fen = turnover_requirements.remaining_fen + excluded.remaining_fen`.execute(tx);
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
    INSERT INTO turnover_requirements (member_id, remaining_fen)
    SELECT m.id, a.fen FROM members m
    JOIN (SELECT member_id, sum(fen)::bigint AS fen FROM unnest(${due.map((a) => a.memberId)}::bigint[], ${due.map((a) => a.fen)}::bigint[]) AS u(member_id, fen) GROUP BY member_id) a
      ON a.member_id = m.id
    ORDER BY m.id FOR NO KEY UPDATE OF m
    ON CONFLICT (member_id) DO UPDATE SET remaining_fen = turnover_requirements.remaining_fen + excluded.remaining_fen`.execute(tx);
  await sql`
    INSERT INTO turnover_sources (member_id, kind, base_fen, required_fen, remaining_fen)
    SELECT member_id, kind, base_fen, fen, fen
    FROM unnest(${due.map((a) => a.memberId)}::bigint[], ${due.map((a) => a.kind)}::text[], ${due.map((a) => a.baseFen)}::bigint[], ${due.map((a) => a.fen)}::bigint[])
      AS u(member_id, kind, base_fen, fen)`.execute(tx);
}

/**
 * Takes a valid bet off the requirement; it never goes below zero. The requirement's update locks the
 * member row first (the row owed is written only under that lock), so the sources' update (its own
 * statement, a fresh snapshot) runs alone for this member and takes the bet from the oldest sources
 * first.
 */
export async function reduceTurnoverRequirement(tx: Tx, memberId: number, validBetFen: number): Promise<void> {
  if (!Number.isSafeInteger(validBetFen) || validBetFen < 0) throw new Error(`turnover: bad valid bet ${validBetFen}`);
  if (validBetFen === 0) return;
  const owed = await sql`
    WITH m AS (SELECT id FROM members WHERE id = ${memberId} FOR NO KEY UPDATE)
    UPDATE turnover_requirements r SET remaining_fen = GREATEST(r.remaining_fen - ${validBetFen}, 0)
    FROM m WHERE r.member_id = m.id AND r.remaining_fen > 0
    RETURNING r.member_id`.execute(tx);
  if (owed.rows.length === 0) return;
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
  const row = await db.selectFrom('turnover_requirements').select('remaining_fen').where('member_id', '=', memberId).executeTakeFirst();
  return row?.remaining_fen ?? 0;
}

/**
 * The same, read under the member row's lock inside a money transaction (the withdrawal's check), so a
 * deposit approval's requirement cannot slip in between the check and the hold: the lock first, then
 * the requirement in a statement of its own, whose snapshot sees what a writer that held the lock
 * before committed. FOR NO KEY UPDATE, not FOR UPDATE: rows that merely reference the member (a mail,
 * an order) take KEY SHARE locks on it, and FOR UPDATE would block those and deadlock with a review
 * that mails the member.
 */
export async function lockedRemainingTurnoverFen(tx: Tx, memberId: number): Promise<number> {
  await tx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
  return remainingTurnoverFen(tx, memberId);
}

/**
 * The requirements of members whose rows the caller's transaction has locked already (the bet feed's
 * batch), those above zero: one statement, its snapshot taken after the locks.
 */
export async function owedTurnoverFen(tx: Tx, memberIds: number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('turnover_requirements')
    .select(['member_id', 'remaining_fen'])
    .where('member_id', '=', sql<number>`ANY(${memberIds}::bigint[])`)
    .where('remaining_fen', '>', 0)
    .execute();
  return new Map(rows.map((r) => [Number(r.member_id), Number(r.remaining_fen)]));
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
