import type { LotteryExtend } from './lottery.js';

/**
 * The lottery room's real-time channel (spec §7 "Lottery room" WebSocket, DESIGN §7): the frames both
 * sides send on /wss?roomid=…&_token=…, the chat limits, and the back-office moderation shapes.
 * Shared by the server, the member app, the console and the benchmark.
 */

/** spec §9: the client sends the text `ping` every 3 s; the server sends it too, on the same period. */
export const WS_PING_TEXT = 'ping';
export const WS_PING_INTERVAL_MS = 3000;
/** A connection that has sent nothing (not even ping) for this long is closed by the server. */
export const WS_IDLE_TIMEOUT_MS = 15_000;
/** WebSocket path (below the site root). */
export const WS_PATH = '/wss';

/** Close codes the server uses (4000–4999 are the application's own range). */
export const WS_CLOSE = {
  /** missing, expired or revoked token */
  unauthorized: 4401,
  /** unknown or disabled room */
  roomMissing: 4404,
  /** the member has too many connections open in this room */
  tooManyConnections: 4429,
  /** silent for longer than WS_IDLE_TIMEOUT_MS */
  idle: 4408,
  /** the site is in maintenance (site_state 0): the frame before says repair_tips */
  maintenance: 4503,
} as const;

/** Client frame `order`: 1 = chat message, 0 = bet notice (content = the order_no lotteryOrder answered). */
export const CHAT_ORDER = { betNotice: 0, chat: 1 } as const;

export const CHAT_LIMITS = {
  /** characters of one chat message after trimming */
  maxChars: 200,
  /** bytes of one raw frame the server reads at all (larger frames are dropped and answered with an error) */
  maxFrameBytes: 4096,
  /** messages (chat and bet notices) per member per window, across their connections on one instance */
  ratePerWindow: 5,
  rateWindowMs: 10_000,
  /** connections one member may hold open in one room */
  connectionsPerMemberRoom: 5,
  /** visitors' connections from one address in one room (a household or an office shares one address) */
  visitorConnectionsPerAddressRoom: 20,
  /** recent messages GET /api/lotteryRoom returns as chatdata */
  recent: 50,
  /** longest mute staff can set, in minutes (0 = until lifted) */
  muteMaxMinutes: 60 * 24 * 365,
} as const;

/** A single settled order paying at least this much (yuan) is announced to its room as a big win. */
export const LOTTERY_BIG_WIN_YUAN = 1000;

/**
 * What a chat item is: a member's text, the server's own notice of a member's real bet, or staff speaking
 * as the room's host (主持人: uid 0, author LOTTERY_HOST_AUTHOR).
 */
export type ChatKind = 'chat' | 'bet' | 'host';

/** Chat is plain text on one line: line breaks and tabs, which a keyboard types, become spaces. */
export function chatText(raw: string): string {
  return raw.replace(/[\t\n\r]/g, ' ').trim();
}

/**
 * One line of a bet notice: the play as titled in the playbox, and the stake in yuan. `id` (the play)
 * and `picks` (连码's numbers) let another member follow the bet (跟单); notices stored before they
 * were kept have neither, and are not offered for following.
 */
export interface BetNoticeLine {
  playtitle: string;
  total: number;
  id?: string;
  picks?: number[];
}

/** What the member's own order behind a bet notice paid once its round was settled (yuan; payout 0: 未中奖). */
export interface BetResult {
  payout: number;
  stake: number;
}

/**
 * A chat item, as broadcast and as returned in chatdata (spec: {user_id, author, avatar, content}; the
 * rest is ours). `user_id` (and `uid`, the same id, which our own clients have read since before the
 * spec's name was carried) lets a client put its own messages on the right; `author` is the nickname
 * or the masked username; bet notices are built by the server from the stored order, never from
 * client text.
 */
export interface ChatMessage {
  id: number;
  /** spec §3 "Chat message": the member who said it (LOTTERY_HOST_UID for the host) */
  user_id: number;
  /** the same as user_id */
  uid: number;
  author: string;
  avatar: string;
  content: string;
  kind: ChatKind;
  /** Beijing time, YYYY-MM-DD HH:mm:ss */
  time: string;
  /** bet notices only */
  bet?: { expect: string; lines: BetNoticeLine[] };
  /** the member's own bet notices only, in their own chatdata, once the order is settled */
  result?: BetResult;
}

/**
 * How a member is named in a room where they have no nickname: the username masked to its first two
 * and last two characters around a fixed *** (ab***yz), so neither the whole name nor its length shows.
 */
export function maskUsername(username: string): string {
  const chars = [...username];
  if (chars.length <= 4) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/**
 * What a system message is about. 'open', 'close' and 'result' are a round's moments (the member app
 * folds them into one card per round), 'bigwin' a big win in the room, 'win' the member's own payout
 * after a draw (sent to that member only), 'error' a refusal of the sender's own frame.
 */
export type SysKind = 'open' | 'close' | 'result' | 'bigwin' | 'win' | 'error';

/** spec: {sysmsg, content}; `expect` names the round where there is one, `extend` rides with results. */
export interface SysMessage {
  sysmsg: SysKind;
  content: string;
  expect?: string;
  /** 'result' only: the drawn numbers and their attributes, as in the room's openlist */
  extend?: LotteryExtend;
  /** 'win' only: what the member's lines of the round paid and staked, yuan */
  payout?: number;
  stake?: number;
}

/** Staff removed a chat item: clients drop it from view. */
export interface ChatDeleted {
  delete: number;
}

/**
 * The member's own order behind a bet notice was settled: sent to that member's sockets in the room
 * only, so their card (chat item `id`) shows 中奖 or 未中奖 from the server's settlement.
 */
export interface BetSettled {
  settled: BetResult & { id: number; expect: string };
}

/** Every JSON frame the server sends (besides the text ping). */
export type ServerFrame = ChatMessage | SysMessage | ChatDeleted | BetSettled;

/** The JSON frame a client sends (besides the text ping). */
export interface ClientFrame {
  content: string;
  order: 0 | 1;
}

export function isSysMessage(f: ServerFrame): f is SysMessage {
  return 'sysmsg' in f;
}
export function isChatDeleted(f: ServerFrame): f is ChatDeleted {
  return 'delete' in f;
}
export function isBetSettled(f: ServerFrame): f is BetSettled {
  return 'settled' in f;
}
export function isChatMessage(f: ServerFrame): f is ChatMessage {
  return 'id' in f && 'content' in f && !('sysmsg' in f);
}

/** The WebSocket address of a room, from the page's origin (http → ws, https → wss). */
export function roomSocketUrl(origin: string, roomId: number, token: string): string {
  const base = origin.replace(/^http/, 'ws');
  return `${base}${WS_PATH}?roomid=${encodeURIComponent(String(roomId))}&_token=${encodeURIComponent(token)}`;
}

// ---- back office: /admin/api/lottery/… -------------------------------------------------------------

/** GET /admin/api/lottery/chat?room_id=&keyword=&page= row (deleted ones included, marked). */
export interface AdminChatRow {
  id: number;
  room_id: number;
  room_title: string;
  lottery_title: string;
  /** null for a host message (no member said it) */
  member_id: number | null;
  username: string | null;
  /** the staff member who posted a host message; null for a member's */
  host_staff: string | null;
  author: string;
  kind: ChatKind;
  content: string;
  created_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
  /** the author is muted right now */
  muted: boolean;
}

/** GET /admin/api/lottery/mutes?page= row: members muted right now. */
export interface AdminMuteRow {
  member_id: number;
  username: string;
  /** null: until lifted */
  until: string | null;
  reason: string;
  staff: string;
  created_at: string;
}

/** GET /admin/api/lotteries row: a lottery with its odds and each play's return to player. */
export interface AdminLotteryRow {
  code: string;
  title: string;
  type: 1 | 2;
  interval_s: number;
  ftime_s: number;
  enabled: boolean;
  /**
   * a timing change not yet in effect: the new one (interval_s, ftime_s, as the row's) takes over after
   * the round drawing at `from` (Beijing time); `earlier` is the timing in force until then
   */
  pending: { interval_s: number; ftime_s: number; from: string; earlier: { interval_s: number; ftime_s: number } } | null;
  plays: { id: string; group: string; playtitle: string; odds: number; rtp: number }[];
  /** its rooms, disabled ones included (the chat page filters by room) */
  rooms: { id: number; title: string; enabled: boolean }[];
}
