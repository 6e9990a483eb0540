import { BET_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/connect.js';
import { applyBets, VenueCategories } from '../games/ingest.js';
import type { VenueBet } from '../venues/adapter.js';
import type { Provider } from './service.js';

/** The name a venue's provider gives a game (its game list), or the code when it cannot be told. */
export type GameNames = (venue: string, game: string) => Promise<string>;

/**
 * The seamless wallet's bets as bet records, the way the venues' feed makes them (games/ingest.ts): one
 * record per bet (venue = the token's venue, bet id = the provider's transaction_uuid: unique within
 * the venue, whose bets only its provider sends), unsettled when
 * taken, invalid when rolled back, settled when its round's win comes.
 */
export function betOf(provider: Provider, b: { uuid: string; memberId: number; venue: string; game: string; round: string; stakeFen: number; betAt: Date }, labels: { category: string; gameName: string }, outcome: { status: number; winLossFen: number; settledAt: Date | null }): VenueBet {
  return {
    seq: 0,
    venue: b.venue,
    betId: b.uuid,
    memberId: b.memberId,
    game: b.game,
    gameName: labels.gameName,
    category: labels.category,
    stakeFen: b.stakeFen,
    validFen: outcome.status === BET_STATUS.settled ? b.stakeFen : 0,
    winLossFen: outcome.winLossFen,
    status: outcome.status,
    detail: JSON.stringify({ provider: provider.code, round: b.round, transaction_uuid: b.uuid }),
    betAt: b.betAt,
    settledAt: outcome.settledAt,
  };
}

/**
 * After a win committed (or was answered again): the round's bets become settled bet records, the
 * way the venues' feed makes them, counted once for turnover, rebate, VIP flow and commission. The
 * bet the win names carries the payout; the round's other bets lost their stake.
 */
export async function settleRoundRecords(deps: { db: Kdb; log?: FastifyBaseLogger; gameName?: GameNames }, provider: Provider, r: { memberId: number; round: string }): Promise<void> {
  const rows = await deps.db
    .selectFrom('seamless_transactions')
    .select(['kind', 'transaction_uuid', 'venue', 'game_code', 'amount_fen', 'reference_uuid', 'rolled_back', 'created_at'])
    .where('provider_id', '=', provider.id)
    .where('round', '=', r.round)
    .where('member_id', '=', r.memberId)
    .execute();
  const w = rows.find((x) => x.kind === 'win');
  if (!w) return;
  const bets = rows.filter((x) => x.kind === 'bet' && !x.rolled_back);
  if (bets.length === 0) return;
  const category = provider.categories[0] ?? (await new VenueCategories(deps.db).of(bets[0]!.venue));
  const gameName = deps.gameName ? await deps.gameName(bets[0]!.venue, bets[0]!.game_code) : bets[0]!.game_code;
  const settled = bets.map((b) =>
    betOf(provider, { uuid: b.transaction_uuid, memberId: r.memberId, venue: b.venue, game: b.game_code, round: r.round, stakeFen: Number(b.amount_fen), betAt: b.created_at }, { category, gameName }, {
      status: BET_STATUS.settled,
      winLossFen: (b.transaction_uuid === w.reference_uuid ? Number(w.amount_fen) : 0) - Number(b.amount_fen),
      settledAt: w.created_at,
    }),
  );
  await applyBets(deps.db, settled, new VenueCategories(deps.db), deps.log);
}
