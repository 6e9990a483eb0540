import { sql, type QueryCreator } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { BET_STATUS } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { beijingDate } from '../../lib/time.js';
import { owedTurnoverFen, reduceTurnoverRequirement } from '../turnover/service.js';
import type { VenueBet } from '../venues/adapter.js';
import { promoteEligible } from '../vip/service.js';
import { addFlow } from '../vip/standing.js';

/**
 * Bets from a venue's feed into bet_records (the feed itself: feed.ts). Each bet is upserted by
 * (venue, bet_id), so applying a bet twice changes nothing, and a later state (an unsettled bet
 * settled or voided) updates the record. A settled or invalid record never goes back to unsettled,
 * so a late reader holding an older state of the bet cannot undo it.
 *
 * When a bet is settled, in the same transaction and exactly once (the record's `counted` flag, set
 * under the member row lock): its valid amount comes off the turnover requirement, adds to the
 * member's flow (VIP turnover, the VIP module's addFlow) and to the member's day sums by category
 * (member_daily_bets, Beijing day of the bet) that rebate and VIP read; its hedged stake adds to
 * the day's hedged_fen (the console's 对冲占比).
 *
 * The valid amount arrives already netted (VenueBet.validFen: the stake at risk by the contract's
 * netRoundLines, computed by whoever settles the round: the venue's engine for a table round, its
 * match settlement for a member's bets on one match, the lottery's round settlement for a member's
 * orders of one round). It is not netted again here: a round's records can arrive in different
 * feed batches, and only the settler knows when a round's set of bets is complete. Each record is
 * counted once with its final share, so a late record of a round already partly counted neither
 * reduces the requirement twice nor brings in a hedged stake.
 */
const FK_VIOLATION = '23503';

type Applied = 'counted' | 'stored' | 'unchanged' | 'skipped';
const NOT_COUNTED = Symbol('not counted');
/** Bets applied together in one statement / one transaction. */
const CHUNK = 250;

/**
 * A batch of bets from a feed, the fast way: the unsettled and invalid ones in one upsert, the
 * settled ones not yet counted in one transaction (member rows locked first, in id order; the
 * records upserted only where still uncounted; the effects summed per member and per day and
 * category). When anything differs from the plan (a concurrent pass counted one of them first, an
 * unknown member), that chunk is rolled back and applied bet by bet with applyBet.
 */
export async function applyBets(db: Kdb, bets: VenueBet[], categories: VenueCategories, log?: FastifyBaseLogger): Promise<{ counted: number; stored: number }> {
  const out = { counted: 0, stored: 0 };
  for (let i = 0; i < bets.length; i += CHUNK) {
    const chunk = bets.slice(i, i + CHUNK);
    for (const b of chunk) if (!b.category) b.category = await categories.of(b.venue);
    let done: { counted: number; stored: number } | null = null;
    try {
      done = await applyChunk(db, chunk);
    } catch (err) {
      if (err !== NOT_COUNTED && (err as { code?: string }).code !== FK_VIOLATION) throw err;
    }
    if (!done) {
      done = { counted: 0, stored: 0 };
      for (const b of chunk) {
        const r = await applyBet(db, b, categories, log);
        if (r === 'counted') done.counted += 1;
        else if (r === 'stored') done.stored += 1;
      }
    }
    out.counted += done.counted;
    out.stored += done.stored;
  }
  // Counted bets grew these members' flow: the ones now meeting the next VIP tier climb (spec §4),
  // each in its own transaction after the bets' own. Members whose flow did not change are not read.
  // A failure here must not hold the feed back: the nightly VIP pass promotes whoever this missed.
  if (out.counted > 0) {
    const grew = [...new Set(bets.filter((b) => b.status === BET_STATUS.settled && b.validFen > 0).map((b) => b.memberId))];
    await promoteEligible(db, grew.sort((a, b) => a - b)).catch((err: unknown) => log?.warn({ err }, 'VIP promotion after counted bets failed'));
  }
  return out;
}

function rowOf(b: VenueBet) {
  return {
    venue: b.venue,
    bet_id: b.betId,
    member_id: b.memberId,
    game_code: b.game,
    game_name: b.gameName,
    category: b.category,
    bet_fen: b.stakeFen,
    valid_fen: b.validFen,
    hedged_fen: b.hedgedFen ?? 0,
    win_loss_fen: b.winLossFen,
    status: b.status,
    detail: b.detail.slice(0, 4000),
    bet_at: b.betAt,
    settled_at: b.settledAt,
  };
}

/** The columns a later state of a bet changes (from the proposed row, in an upsert). */
const CHANGED = ['valid_fen', 'hedged_fen', 'win_loss_fen', 'status', 'detail', 'settled_at', 'bet_fen'] as const;
const excludedChanges = () => Object.fromEntries(CHANGED.map((c) => [c, sql.ref(`excluded.${c}`)])) as Record<(typeof CHANGED)[number], never>;

/**
 * Unsettled or invalid bets (each with its category) into bet_records in one upsert, on `db` (a
 * transaction's, or one with a data-modifying WITH before it: a lottery order writes its lines and
 * their records in one statement): nothing is counted, and a record no longer unsettled is left as it
 * is. `betAtNow`: each record's bet time is the transaction's now() (the order lines' created_at).
 * Answers the rows written.
 */
export async function storeOpenBets(db: QueryCreator<Database>, open: VenueBet[], opts: { betAtNow?: boolean } = {}): Promise<number> {
  if (open.length === 0) return 0;
  if (open.some((b) => b.status === BET_STATUS.settled || !b.category)) throw new Error('ingest: storeOpenBets takes unsettled bets with their category');
  const rows = await db
    .insertInto('bet_records')
    .values(open.map((b) => (opts.betAtNow ? { ...rowOf(b), bet_at: sql<Date>`now()` } : rowOf(b))))
    .onConflict((oc) => oc.columns(['venue', 'bet_id']).doUpdateSet(excludedChanges()).where('bet_records.status', '=', BET_STATUS.unsettled))
    .returning('id')
    .execute();
  return rows.length;
}

async function applyChunk(db: Kdb, chunk: VenueBet[]): Promise<{ counted: number; stored: number }> {
  const stored = await storeOpenBets(db, chunk.filter((b) => b.status !== BET_STATUS.settled));
  const settled = chunk.filter((b) => b.status === BET_STATUS.settled);
  if (settled.length === 0) return { counted: 0, stored };
  const seen = await db
    .selectFrom('bet_records')
    .select(['venue', 'bet_id'])
    .where('bet_id', 'in', settled.map((b) => b.betId))
    .where('counted', '=', true)
    .execute();
  const counted = new Set(seen.map((r) => `${r.venue}\u0000${r.bet_id}`));
  const todo = settled.filter((b) => !counted.has(`${b.venue}\u0000${b.betId}`));
  if (todo.length === 0) return { counted: 0, stored };

  const perMember = new Map<number, number>();
  const perDay = new Map<string, { member_id: number; day: string; category: string; bets: number; bet_fen: number; valid_fen: number; hedged_fen: number; win_loss_fen: number }>();
  for (const b of todo) {
    perMember.set(b.memberId, (perMember.get(b.memberId) ?? 0) + b.validFen);
    const day = beijingDate(b.betAt);
    const key = `${b.memberId}|${day}|${b.category}`;
    const d = perDay.get(key) ?? { member_id: b.memberId, day, category: b.category, bets: 0, bet_fen: 0, valid_fen: 0, hedged_fen: 0, win_loss_fen: 0 };
    d.bets += 1;
    d.bet_fen += b.stakeFen;
    d.valid_fen += b.validFen;
    d.hedged_fen += b.hedgedFen ?? 0;
    d.win_loss_fen += b.winLossFen;
    perDay.set(key, d);
  }
  const memberIds = [...perMember.keys()].sort((a, b) => a - b);
  await db.transaction().execute(async (tx) => {
    // Member rows first, in id order (two passes lock the same members in the same order). The
    // settlement is re-derivable from the venue until the cursor moves past it, and the cursor's
    // own (synchronous) commit flushes this one: no need to wait for the disk here.
    const members = await sql<{ id: number }>`
      SELECT id FROM members WHERE id = ANY(${memberIds}::bigint[])
        AND set_config('synchronous_commit', 'off', true) = 'off'
      ORDER BY id FOR NO KEY UPDATE`.execute(tx);
    if (members.rows.length !== memberIds.length) throw NOT_COUNTED; // an unknown member: bet by bet
    for (const id of (await owedTurnoverFen(tx, memberIds)).keys()) await reduceTurnoverRequirement(tx, id, perMember.get(id)!);
    await addFlow(tx, memberIds.map((id) => ({ memberId: id, fen: perMember.get(id)! })));
    const rows = await tx
      .insertInto('bet_records')
      .values(todo.map((b) => ({ ...rowOf(b), counted: true })))
      .onConflict((oc) =>
        oc
          .columns(['venue', 'bet_id'])
          .doUpdateSet({ ...excludedChanges(), counted: true })
          .where('bet_records.counted', '=', false)
          .where('bet_records.status', '=', BET_STATUS.unsettled),
      )
      .returning('id')
      .execute();
    // A concurrent pass counted some of them first (or one is no longer unsettled): bet by bet.
    if (rows.length !== todo.length) throw NOT_COUNTED;
    await tx
      .insertInto('member_daily_bets')
      .values([...perDay.values()])
      .onConflict((oc) =>
        oc.columns(['member_id', 'day', 'category']).doUpdateSet({
          bets: sql`member_daily_bets.bets + excluded.bets`,
          bet_fen: sql`member_daily_bets.bet_fen + excluded.bet_fen`,
          valid_fen: sql`member_daily_bets.valid_fen + excluded.valid_fen`,
          hedged_fen: sql`member_daily_bets.hedged_fen + excluded.hedged_fen`,
          win_loss_fen: sql`member_daily_bets.win_loss_fen + excluded.win_loss_fen`,
        }),
      )
      .execute();
  });
  return { counted: todo.length, stored };
}

/** One bet into bet_records, with its effects when it is settled (see above): the careful path. */
export async function applyBet(db: Kdb, b: VenueBet, categories: VenueCategories, log?: FastifyBaseLogger): Promise<Applied> {
  const category = b.category || (await categories.of(b.venue));
  const values = rowOf({ ...b, category });
  const changes = excludedChanges();
  try {
    if (b.status !== BET_STATUS.settled) {
      const row = await db
        .insertInto('bet_records')
        .values(values)
        .onConflict((oc) => oc.columns(['venue', 'bet_id']).doUpdateSet(changes).where('bet_records.status', '=', BET_STATUS.unsettled))
        .returning('id')
        .executeTakeFirst();
      return row ? 'stored' : 'unchanged';
    }
    const seen = await db.selectFrom('bet_records').select('counted').where('venue', '=', b.venue).where('bet_id', '=', b.betId).executeTakeFirst();
    if (seen?.counted) return 'unchanged';
    return await db.transaction().execute(async (tx) => {
      // Member row first (lock order: member row, then everything else).
      await reduceTurnoverRequirement(tx, b.memberId, b.validFen);
      // The settlement is re-derivable from the venue until the cursor moves past it, and the
      // cursor's own (synchronous) commit flushes this one: no need to wait for the disk here.
      const found = await addFlow(tx, [{ memberId: b.memberId, fen: b.validFen }], { lazyCommit: true });
      if (found !== 1) return 'skipped';
      const row = await tx
        .insertInto('bet_records')
        .values({ ...values, counted: true })
        .onConflict((oc) =>
          oc
            .columns(['venue', 'bet_id'])
            .doUpdateSet({ ...changes, counted: true })
            .where('bet_records.counted', '=', false)
            .where('bet_records.status', '=', BET_STATUS.unsettled),
        )
        .returning('id')
        .executeTakeFirst();
      // Counted meanwhile (a concurrent pass) or no longer unsettled: undo the member's effects.
      if (!row) throw NOT_COUNTED;
      await tx
        .insertInto('member_daily_bets')
        .values({ member_id: b.memberId, day: beijingDate(b.betAt), category, bets: 1, bet_fen: b.stakeFen, valid_fen: b.validFen, hedged_fen: b.hedgedFen ?? 0, win_loss_fen: b.winLossFen })
        .onConflict((oc) =>
          oc.columns(['member_id', 'day', 'category']).doUpdateSet({
            bets: sql`member_daily_bets.bets + 1`,
            bet_fen: sql`member_daily_bets.bet_fen + ${b.stakeFen}`,
            valid_fen: sql`member_daily_bets.valid_fen + ${b.validFen}`,
            hedged_fen: sql`member_daily_bets.hedged_fen + ${b.hedgedFen ?? 0}`,
            win_loss_fen: sql`member_daily_bets.win_loss_fen + ${b.winLossFen}`,
          }),
        )
        .execute();
      return 'counted' as const;
    });
  } catch (err) {
    if (err === NOT_COUNTED) return 'unchanged';
    if ((err as { code?: string }).code === FK_VIOLATION) {
      log?.warn({ venue: b.venue, bet: b.betId, member: b.memberId }, 'bet of an unknown member or venue skipped');
      return 'skipped';
    }
    throw err;
  }
}

/** The hall category of a venue (its game entry), for bets whose venue names no category. */
export class VenueCategories {
  private readonly known = new Map<string, string>();
  constructor(private readonly db: Kdb) {}
  async of(venue: string): Promise<string> {
    const hit = this.known.get(venue);
    if (hit !== undefined) return hit;
    const row = await this.db.selectFrom('game_entries').select('category_id').where('platform_name', '=', venue).orderBy('id').executeTakeFirst();
    const category = row?.category_id ?? 'concise';
    this.known.set(venue, category);
    return category;
  }
}
