import { CONTENT_MSG, type AdminGameEntry, type NewGameEntryForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { ReviewRecorder, Tx } from '../ledger/service.js';

/**
 * The hall's game catalogue as staff grow it: a new tile (游戏目录's 新增游戏) for a venue's game in
 * one of the hall's categories. The member routes read game_entries on every request, so a shown
 * tile is in the hall at the member app's next read.
 */

/** The in-house lottery's venue row names lottery bet records; the hall reaches no game through it. */
const INHOUSE_ADAPTER = 'inhouse';
const COLUMNS = ['id', 'category_id', 'platform_name', 'game_code', 'name', 'image', 'app_state', 'sort'] as const;

/**
 * Adds a tile (the contract's newGameEntryFailure already passed it). The venue must be a game venue;
 * one tile per venue and game code (what 最近在玩 and a launch look a tile up by): the venue's row is
 * locked, so two staff adding the same code at once cannot both pass the check.
 */
export async function createGameEntry(db: Kdb, form: NewGameEntryForm, record: ReviewRecorder<AdminGameEntry | null>): Promise<AdminGameEntry> {
  const venueCode = form.platform_name.trim();
  const gameCode = form.game_code.trim();
  return db.transaction().execute(async (tx) => {
    const venue = await tx.selectFrom('venues').select('code').where('code', '=', venueCode).where('adapter', '<>', INHOUSE_ADAPTER).forUpdate().executeTakeFirst();
    if (!venue) throw badRequest(CONTENT_MSG.venueMissing);
    const taken = await tx.selectFrom('game_entries').select('id').where('platform_name', '=', venue.code).where('game_code', '=', gameCode).executeTakeFirst();
    if (taken) throw conflict(CONTENT_MSG.gameDuplicate);
    const row = await tx
      .insertInto('game_entries')
      .values({ category_id: form.category_id, platform_name: venue.code, game_code: gameCode, name: form.name.trim(), image: form.image.trim(), app_state: form.app_state, sort: Number(form.sort ?? 0) })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const created: AdminGameEntry = { ...row, category_id: row.category_id as AdminGameEntry['category_id'], app_state: row.app_state === 1 ? 1 : 0 };
    await record(tx, null, created);
    return created;
  });
}

/** Writes tiles as given (no staff's checks, no audit row): the seed's catalogue. */
export async function insertGameEntries(
  db: Tx,
  entries: { category_id: string; platform_name: string; game_code: string; name: string; image: string; app_state: number; sort: number }[],
): Promise<void> {
  await db.insertInto('game_entries').values(entries).execute();
}
