import { fenToYuan, roomSettingsOf, type AdminRoomRow, type RoomSettingsInput, LOTTERY_MSG, LOTTERY_ROOM_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ReviewRecorder } from '../ledger/service.js';

/**
 * The rooms as staff set them (房间管理): title, open or not, order, and each room's own
 * stake limits per line (placeOrder checks a line against its room's). The change and its audit row
 * commit in one transaction through the recorder the back office passes (as deposits/review.ts does).
 */

type RoomSettings = Omit<AdminRoomRow, 'online'>;

function roomRows(db: Kdb) {
  return db
    .selectFrom('lottery_rooms as r')
    .innerJoin('lotteries as l', 'l.code', 'r.lottery')
    .select(['r.id', 'r.lottery', 'l.title as lottery_title', 'r.title', 'r.enabled', 'r.sort', 'r.min_stake_fen', 'r.max_stake_fen']);
}

function toRoom(r: { id: number; lottery: string; lottery_title: string; title: string; enabled: boolean; sort: number; min_stake_fen: number; max_stake_fen: number }): RoomSettings {
  return {
    id: r.id,
    lottery: r.lottery,
    lottery_title: r.lottery_title,
    title: r.title,
    enabled: r.enabled,
    sort: r.sort,
    min_stake: fenToYuan(r.min_stake_fen),
    max_stake: fenToYuan(r.max_stake_fen),
  };
}

/** Every room of every lottery, disabled ones included, in the lotteries' order and then the rooms'. */
export async function listRoomSettings(db: Kdb): Promise<RoomSettings[]> {
  const rows = await roomRows(db).orderBy('l.sort').orderBy('l.code').orderBy('r.sort').orderBy('r.id').execute();
  return rows.map(toRoom);
}

/**
 * Stores a room's settings (already passed by the contract's roomSettingsFailure); the room row is held
 * so two staff saving at once do not interleave. The audit row holds the fields that changed, before and
 * after; a save that changes nothing writes none. Orders placed keep their stakes; new ones meet the new limits.
 */
export async function updateRoomSettings(db: Kdb, roomId: number, input: RoomSettingsInput, record: ReviewRecorder<object>): Promise<RoomSettings> {
  const next = roomSettingsOf(input);
  return db.transaction().execute(async (tx) => {
    const locked = await tx.selectFrom('lottery_rooms').select('id').where('id', '=', roomId).forUpdate().executeTakeFirst();
    if (!locked) throw notFound(LOTTERY_MSG.lotteryRoomMissing);
    const before = toRoom(await roomRows(tx).where('r.id', '=', roomId).executeTakeFirstOrThrow());
    await tx
      .updateTable('lottery_rooms')
      .set({ title: next.title, enabled: next.enabled, sort: next.sort, min_stake_fen: next.minStakeFen, max_stake_fen: next.maxStakeFen })
      .where('id', '=', roomId)
      .execute();
    const after = toRoom(await roomRows(tx).where('r.id', '=', roomId).executeTakeFirstOrThrow());
    const fields = (['title', 'enabled', 'sort', 'min_stake', 'max_stake'] as const).filter((f) => before[f] !== after[f]);
    if (fields.length > 0) {
      const pick = (r: RoomSettings) => Object.fromEntries(fields.map((f) => [f, r[f]]));
      await record(tx, pick(before), pick(after));
    }
    return after;
  });
}

/** The room a host message goes to: 房间不存在 when there is none, 房间未开放 while it (or its lottery) is closed. */
export async function openRoomForHost(db: Kdb, roomId: number): Promise<void> {
  const room = await db
    .selectFrom('lottery_rooms as r')
    .innerJoin('lotteries as l', 'l.code', 'r.lottery')
    .select(['r.enabled', 'l.enabled as lottery_enabled'])
    .where('r.id', '=', roomId)
    .executeTakeFirst();
  if (!room) throw notFound(LOTTERY_MSG.lotteryRoomMissing);
  if (!room.enabled || !room.lottery_enabled) throw badRequest(LOTTERY_ROOM_MSG.hostRoomClosed);
}
