import type { ChatMessage, SysMessage } from '@app/contract';

/** What the chat box holds: members' messages and bet notices, and the server's system lines. */
export type ChatItem = { kind: 'msg'; key: string; msg: ChatMessage } | { kind: 'sys'; key: string; sys: SysMessage };

/** Items kept in view: older ones fall off the top (a room chats all day). */
export const CHAT_KEEP = 200;

export type ChatAction =
  /** The room's chatdata on first load, or after a reconnect (catching up on what was missed). */
  | { type: 'history'; messages: ChatMessage[] }
  | { type: 'message'; msg: ChatMessage }
  | { type: 'sys'; sys: SysMessage }
  | { type: 'delete'; id: number };

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
      const kept = items.filter((it) => it.kind === 'sys' || it.msg.id < oldest || fresh.has(it.msg.id));
      const known = new Set(kept.flatMap((it) => (it.kind === 'msg' ? [it.msg.id] : [])));
      return cap([...kept, ...action.messages.filter((m) => !known.has(m.id)).map(msgItem)]);
    }
    case 'message':
      if (items.some((it) => it.kind === 'msg' && it.msg.id === action.msg.id)) return items;
      return cap([...items, msgItem(action.msg)]);
    case 'sys':
      return cap([...items, { kind: 'sys', key: `s${++sysSeq}`, sys: action.sys }]);
    case 'delete':
      return items.filter((it) => it.kind === 'sys' || it.msg.id !== action.id);
  }
}
