import type { BetResult, ChatMessage, LotteryExtend, SysMessage } from '@app/contract';

/** One round as the room heard of it: opened, closed (封盘), drawn. */
export interface RoundCard {
  expect: string;
  opened: boolean;
  closed: boolean;
  result?: LotteryExtend;
}

/**
 * What the chat box holds: members' messages and bet notices; one card per round, which a round's
 * moments (open, 封盘, result) update and move to the bottom, so the room reads in the order things
 * happened without a line per moment; and the other system lines (big wins, the member's own payout).
 */
export type ChatItem = { kind: 'msg'; key: string; msg: ChatMessage } | { kind: 'sys'; key: string; sys: SysMessage } | { kind: 'round'; key: string; round: RoundCard };

const ROUND_MOMENTS: ReadonlySet<SysMessage['sysmsg']> = new Set(['open', 'close', 'result']);

/** Items kept in view: older ones fall off the top (a room chats all day). */
export const CHAT_KEEP = 200;

export type ChatAction =
  /** The room's chatdata on first load, or after a reconnect (catching up on what was missed). */
  | { type: 'history'; messages: ChatMessage[] }
  | { type: 'message'; msg: ChatMessage }
  /** A system frame: a round's moment updates (and moves down) that round's card; others are lines. */
  | { type: 'sys'; sys: SysMessage }
  | { type: 'delete'; id: number }
  /** The member's own order behind bet card `id` was settled (the server's frame to them alone). */
  | { type: 'settled'; id: number; result: BetResult };

let sysSeq = 0;
const msgItem = (msg: ChatMessage): ChatItem => ({ kind: 'msg', key: `m${msg.id}`, msg });
const cap = (items: ChatItem[]) => (items.length > CHAT_KEEP ? items.slice(items.length - CHAT_KEEP) : items);

/** Only well-formed chat items are shown (chatdata is untyped on the wire). */
export function chatMessagesOf(raw: unknown[]): ChatMessage[] {
  return raw
    .filter((m): m is ChatMessage => !!m && typeof m === 'object' && typeof (m as ChatMessage).id === 'number' && typeof (m as ChatMessage).content === 'string')
    .sort((a, b) => a.id - b.id);
}

export function chatReducer(items: ChatItem[], action: ChatAction): ChatItem[] {
  switch (action.type) {
    case 'history': {
      if (items.length === 0) return cap(action.messages.map(msgItem));
      // After a reconnect: drop what staff deleted meanwhile (absent from the recent window), add what is new.
      const fresh = new Set(action.messages.map((m) => m.id));
      const oldest = action.messages[0]?.id ?? Infinity;
      const kept = items.filter((it) => it.kind !== 'msg' || it.msg.id < oldest || fresh.has(it.msg.id));
      const known = new Set(kept.flatMap((it) => (it.kind === 'msg' ? [it.msg.id] : [])));
      // A known card may have been settled meanwhile: its fresh copy carries the result.
      const settled = new Map(action.messages.filter((m) => m.result).map((m) => [m.id, m.result!]));
      const updated = kept.map((it) => (it.kind === 'msg' && !it.msg.result && settled.has(it.msg.id) ? msgItem({ ...it.msg, result: settled.get(it.msg.id)! }) : it));
      return cap([...updated, ...action.messages.filter((m) => !known.has(m.id)).map(msgItem)]);
    }
    case 'message':
      if (items.some((it) => it.kind === 'msg' && it.msg.id === action.msg.id)) return items;
      return cap([...items, msgItem(action.msg)]);
    case 'sys': {
      const { sys } = action;
      if (!sys.expect || !ROUND_MOMENTS.has(sys.sysmsg)) return cap([...items, { kind: 'sys', key: `s${++sysSeq}`, sys }]);
      const at = items.findIndex((it) => it.kind === 'round' && it.round.expect === sys.expect);
      const before = at >= 0 ? (items[at] as Extract<ChatItem, { kind: 'round' }>).round : { expect: sys.expect, opened: false, closed: false };
      const round: RoundCard = {
        ...before,
        opened: before.opened || sys.sysmsg === 'open',
        closed: before.closed || sys.sysmsg !== 'open',
        ...(sys.sysmsg === 'result' && sys.extend ? { result: sys.extend } : {}),
      };
      return cap([...items.filter((_, i) => i !== at), { kind: 'round', key: `r${sys.expect}`, round }]);
    }
    case 'delete':
      return items.filter((it) => it.kind !== 'msg' || it.msg.id !== action.id);
    case 'settled': {
      const { id, result } = action;
      if (!items.some((it) => it.kind === 'msg' && it.msg.id === id)) return items;
      return items.map((it) => (it.kind === 'msg' && it.msg.id === id ? msgItem({ ...it.msg, result }) : it));
    }
  }
}
