import { sql } from 'kysely';
import { BET_STATUS, CHAT_LIMITS, fenToYuan, fmt, formatYuan, maskUsername, type BetNoticeLine, type BetResult, type ChatMessage, LOTTERY_HOST_AUTHOR, LOTTERY_HOST_UID, LOTTERY_MSG } from '@app/contract';
import { lotteryLineTitle } from '@app/contract/lottery-plays';
import type { Kdb } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.js';
import type { ReviewRecorder } from '../../ledger/service.js';
import { beijing } from '../../../lib/time.js';
import { DEFAULT_AVATAR } from '../../user/service.js';

/**
 * The rooms' chat in the database (DESIGN §7): what members said and the server's notices of their
 * real bets, kept for chatdata and moderation. Content is stored and sent as plain text; clients
 * render it as text, never as HTML.
 */

/** A member as a room shows them (no nickname exists: the masked username) and their mute, if any now. */
export interface Speaker {
  memberId: number;
  author: string;
  avatar: string;
  /** null: not muted; else the end of the mute (null inside: until lifted) */
  mute: { until: Date | null } | null;
}

/** Reads the speaker fresh at every message, so a mute set on any instance applies to the very next one. */
export async function speakerOf(db: Kdb, memberId: number): Promise<Speaker | null> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('lottery_mutes as mu', (j) => j.onRef('mu.member_id', '=', 'm.id').on((eb) => eb.or([eb('mu.until', 'is', null), eb('mu.until', '>', sql<Date>`now()`)])))
    .select(['m.id', 'm.username', 'm.avatar', 'm.state', 'mu.member_id as muted', 'mu.until'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row || row.state !== 1) return null;
  return { memberId: row.id, author: maskUsername(row.username), avatar: row.avatar || DEFAULT_AVATAR, mute: row.muted === null ? null : { until: row.until } };
}

type ChatRow = Pick<Database['lottery_chat'], 'kind' | 'author' | 'content'> & {
  id: number;
  member_id: number | null;
  avatar: string;
  bet: { expect: string; lines: BetNoticeLine[] } | null;
  created_at: Date;
};

export function toChatMessage(r: ChatRow): ChatMessage {
  const userId = r.member_id ?? LOTTERY_HOST_UID;
  const m: ChatMessage = { id: r.id, user_id: userId, uid: userId, author: r.author, avatar: r.avatar, content: r.content, kind: r.kind, time: beijing(r.created_at) };
  if (r.kind === 'bet' && r.bet) m.bet = r.bet;
  return m;
}

const returned = ['id', 'member_id', 'kind', 'author', 'avatar', 'content', 'bet', 'created_at'] as const;

/** Stores a member's chat message (already trimmed and checked) and answers it as broadcast. */
export async function postChat(db: Kdb, roomId: number, speaker: Speaker, content: string): Promise<ChatMessage> {
  const row = await db
    .insertInto('lottery_chat')
    .values({ room_id: roomId, member_id: speaker.memberId, kind: 'chat', author: speaker.author, avatar: speaker.avatar, content })
    .returning(returned)
    .executeTakeFirstOrThrow();
  return toChatMessage(row);
}

/**
 * Stores what staff say in a room as its host (主持人; content already kept by the contract's
 * hostMessageOf) with its audit row in one transaction, and answers it as broadcast. No member said it:
 * uid 0 on the wire, the staff member kept in staff_id.
 */
export async function postHostMessage(db: Kdb, roomId: number, staffId: number, content: string, record: ReviewRecorder<object | null>): Promise<ChatMessage> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('lottery_chat')
      .values({ room_id: roomId, staff_id: staffId, kind: 'host', author: LOTTERY_HOST_AUTHOR, content })
      .returning(returned)
      .executeTakeFirstOrThrow();
    await record(tx, null, { id: row.id, room_id: roomId, content });
    return toChatMessage(row);
  });
}

/**
 * Announces one of the member's orders in the room it was placed in, built from the stored lines
 * (never from what the client sent); null when there is no such order of this member in this room, or
 * when it has been announced already (order_no is unique in the chat).
 */
export async function postBetNotice(db: Kdb, roomId: number, speaker: Speaker, orderNo: string): Promise<ChatMessage | null> {
  if (orderNo.length === 0 || orderNo.length > 64) return null;
  const lines = await db
    .selectFrom('lottery_orders as o')
    .select(['o.expect', 'o.play_id', 'o.picks', 'o.stake_fen'])
    .where('o.order_no', '=', orderNo)
    .where('o.member_id', '=', speaker.memberId)
    .where('o.room_id', '=', roomId)
    .orderBy('o.line')
    .execute();
  if (lines.length === 0) return null;
  const expect = lines[0]!.expect;
  const totalFen = lines.reduce((s, l) => s + l.stake_fen, 0);
  const bet = {
    expect,
    lines: lines.map((l): BetNoticeLine => ({ playtitle: lotteryLineTitle(l.play_id, l.picks), total: fenToYuan(l.stake_fen), id: l.play_id, ...(l.picks && { picks: l.picks }) })),
  };
  const row = await db
    .insertInto('lottery_chat')
    .values({
      room_id: roomId,
      member_id: speaker.memberId,
      kind: 'bet',
      author: speaker.author,
      avatar: speaker.avatar,
      content: fmt(LOTTERY_MSG.betNoticeText, { expect, count: lines.length, total: formatYuan(fenToYuan(totalFen)) }),
      bet: JSON.stringify(bet),
      order_no: orderNo,
    })
    .onConflict((oc) => oc.column('order_no').doNothing())
    .returning(returned)
    .executeTakeFirst();
  return row ? toChatMessage(row) : null;
}

/** GET /api/lotteryRoom chatdata: the room's recent messages that staff have not deleted, oldest first. */
export async function recentChat(db: Kdb, roomId: number): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('lottery_chat')
    .select(returned)
    .where('room_id', '=', roomId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(CHAT_LIMITS.recent)
    .execute();
  return rows.reverse().map(toChatMessage);
}

/**
 * What the member's own settled orders behind these chat items paid, by chat id: only bet notices the
 * member posted whose every line is settled (an order still open, or another's notice, is absent).
 */
export async function ownBetResults(db: Kdb, memberId: number, chatIds: number[]): Promise<Map<number, BetResult>> {
  const out = new Map<number, BetResult>();
  if (chatIds.length === 0) return out;
  const rows = await db
    .selectFrom('lottery_chat as c')
    .innerJoin('lottery_orders as o', (j) => j.onRef('o.order_no', '=', 'c.order_no').onRef('o.member_id', '=', 'c.member_id'))
    .select((eb) => [
      'c.id',
      eb.fn.sum<string>('o.stake_fen').as('stake_fen'),
      eb.fn.sum<string>('o.payout_fen').as('payout_fen'),
      eb.fn.count<string>('o.id').filterWhere('o.status', '<>', BET_STATUS.settled).as('open_lines'),
    ])
    .where('c.id', 'in', chatIds)
    .where('c.member_id', '=', memberId)
    .where('c.kind', '=', 'bet')
    .groupBy('c.id')
    .execute();
  for (const r of rows) if (Number(r.open_lines) === 0) out.set(r.id, { payout: fenToYuan(Number(r.payout_fen)), stake: fenToYuan(Number(r.stake_fen)) });
  return out;
}

/** The bet notices of these orders (one at most each): where a settled order's card is, and whose. */
export async function betNoticesOf(db: Kdb, orderNos: string[]): Promise<Map<string, { id: number; roomId: number }>> {
  if (orderNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('lottery_chat')
    .select(['id', 'room_id', 'order_no'])
    // one array parameter, however many orders a round settled
    .where(sql<boolean>`order_no = ANY(${orderNos}::text[])`)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.order_no!, { id: r.id, roomId: r.room_id }]));
}

/** The author of a member as rooms show them (big-win notices name the winner this way). */
export async function authorOf(db: Kdb, memberId: number): Promise<string | null> {
  const row = await db.selectFrom('members').select('username').where('id', '=', memberId).executeTakeFirst();
  return row ? maskUsername(row.username) : null;
}
