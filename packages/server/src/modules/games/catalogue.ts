import { CONTENT_MSG, type AdminGameEntry, type GameEntryForm, type NewGameEntryForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { INHOUSE_ADAPTER } from '../venues/service.js';

/**
 * The hall's game catalogue (game_entries) as staff keep it in 游戏目录: a new tile (新增游戏) for a
 * venue's game in one of the hall's categories, a tile's name, picture, order and switch. Every change
 * and its audit row commit in one transaction. The member routes read game_entries on every request,
 * so a change shows in the hall at the member app's next read.
 */

const COLUMNS = ['id', 'category_id', 'platform_name', 'game_code', 'name', 'image', 'app_state', 'sort'] as const;
type GameRow = Omit<AdminGameEntry, 'app_state' | 'category_id'> & { app_state: number; category_id: string };
const toGame = (r: GameRow): AdminGameEntry => ({ ...r, category_id: r.category_id as AdminGameEntry['category_id'], app_state: r.app_state === 1 ? 1 : 0 });

/** Every tile, shown or hidden, by category then the hall's order. */
export async function listGameEntries(db: Tx): Promise<AdminGameEntry[]> {
  const rows = await db.selectFrom('game_entries').select(COLUMNS).orderBy('category_id').orderBy('sort').orderBy('id').execute();
  return rows.map(toGame);
}

/**
 * Adds a tile (the contract's newGameEntryFailure already passed it). The venue must be a game venue;
 * one tile per venue and game code (what 最近在玩 and a launch look a tile up by): the venue's row is
 * locked, so two staff adding the same code at once cannot both pass the check.
 */
export async function createGameEntry(db: Kdb, actor: Actor, form: NewGameEntryForm): Promise<AdminGameEntry> {
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
    const created = toGame(row);
    await writeAudit(tx, actor, 'game.create', `game_entry:${created.id}`, null, created);
    return created;
  });
}

/** Changes a tile's name, picture, switch and order (its venue and game code stay). */
export async function updateGameEntry(db: Kdb, actor: Actor, id: number, form: GameEntryForm): Promise<AdminGameEntry> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('game_entries').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(CONTENT_MSG.gameMissing);
    const set = { name: form.name.trim(), image: form.image.trim(), app_state: form.app_state, sort: Number(form.sort ?? 0) };
    const after = toGame(await tx.updateTable('game_entries').set(set).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow());
    await writeAudit(tx, actor, 'game.update', `game_entry:${id}`, toGame(row), after);
    return after;
  });
}

/** Writes tiles as given (no staff's checks, no audit row): the seed's catalogue. */
export async function insertGameEntries(
  db: Tx,
  entries: { category_id: string; platform_name: string; game_code: string; name: string; image: string; app_state: number; sort: number }[],
): Promise<void> {
  await db.insertInto('game_entries').values(entries).execute();
}
