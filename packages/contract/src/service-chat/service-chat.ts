import { CONTROL_CHARS_RE } from '../shared/regex.js';
import { fmt } from '../shared/messages.js';

/**
 * 在线客服: a live chat between a member (by session) or a visitor (by a device
 * token the server issues and the app keeps) and support staff. Members and visitors speak over
 * SERVICE_WS_PATH; staff read the desk over SERVICE_STAFF_WS_PATH and act through /admin/api/service/*.
 * Every text is plain text: the apps render it as text, never as HTML.
 */

export const SERVICE_WS_PATH = '/api/service/ws';
export const SERVICE_STAFF_WS_PATH = '/admin/api/service/ws';
/** localStorage key of a visitor's device token */
export const SERVICE_VISITOR_KEY = 'service_visitor';
/** the member app's socket pings this often (the server closes sockets silent for WS_IDLE_TIMEOUT_MS) */
export const SERVICE_PING_MS = 5_000;
/** quick questions the chat offers before the first message */
export const SERVICE_QUICK_QUESTIONS = ['充值未到账怎么办？', '提现多久到账？', '如何绑定银行卡？', '优惠活动怎么参加？'] as const;

export const SERVICE_LIMITS = {
  /** characters of one message (after trimming) */
  maxChars: 500,
  /** messages one member/visitor (or one staff member) may send per window */
  ratePerWindow: 5,
  rateWindowMs: 10_000,
  /** bytes of one socket frame */
  maxFrameBytes: 4096,
  /** messages a history answer holds, newest last */
  historyMax: 100,
  /** a staff member counts as online this long after their desk's last sign of life */
  staffOnlineMs: 45_000,
  /** how often the desk's socket says it is still there */
  staffHeartbeatMs: 15_000,
  /** canned replies */
  cannedMax: 100,
  cannedTitleMax: 30,
  cannedBodyMax: 500,
  /** conversations one list answer holds */
  listMax: 100,
} as const;

export const SERVICE_MSG = {
  empty: '请输入消息内容',
  tooLong: '消息不能超过{max}个字',
  badChars: '消息包含不支持的字符',
  tooFast: '发送太频繁，请稍后再试',
  badFrame: '消息格式不正确',
  needIdentity: '请先登录或刷新页面后重试',
  offline: '当前暂无客服在线，您可以留言，我们上线后会尽快回复',
  online: '客服在线，请描述您的问题',
  welcome: '您好，请问有什么可以帮您？',
  claimed: '{name}为您服务',
  transferred: '已为您转接{name}',
  closed: '本次会话已结束，感谢您的咨询。如有新的问题，直接发送消息即可',
  conversationMissing: '会话不存在',
  alreadyClaimed: '该会话已被其他客服接入',
  alreadyClosed: '会话已结束',
  notYours: '该会话不由您接待，请先接入',
  transferTargetMissing: '转接对象不存在或无客服权限',
  transferSelf: '不能转接给自己',
  claimOk: '已接入',
  closeOk: '会话已结束',
  transferOk: '已转接',
  sendOk: '已发送',
  cannedTitle: '标题为1-30个字',
  cannedBody: '内容为1-500个字',
  cannedMissing: '快捷回复不存在',
  cannedFull: '快捷回复最多100条',
  cannedSaved: '已保存',
  cannedDeleted: '已删除',
} as const;

export const SERVICE_STATES = ['waiting', 'open', 'closed'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
export const SERVICE_STATE_LABELS: Record<ServiceState, string> = { waiting: '排队中', open: '接待中', closed: '已结束' };

/** who wrote a message: the member/visitor, a staff member, or the system (claim, transfer, close) */
export type ServiceSender = 'member' | 'staff' | 'system';

export interface ServiceMessage {
  id: number;
  conversation_id: number;
  sender: ServiceSender;
  /** the staff member's name on staff messages */
  staff_name: string | null;
  body: string;
  /** ISO time */
  created_at: string;
}

/** The member's/visitor's view of their conversation. */
export interface ServiceChatState {
  /** any support staff on the desk now */
  online: boolean;
  conversation: { id: number; state: ServiceState; staff_name: string | null } | null;
  messages: ServiceMessage[];
}

/** One conversation on the desk. */
export interface ServiceConversation {
  id: number;
  state: ServiceState;
  member_id: number | null;
  member_name: string | null;
  /** a visitor's short label (访客 + 6 characters of their id) */
  visitor_label: string | null;
  staff_id: number | null;
  staff_name: string | null;
  last_body: string;
  last_sender: ServiceSender | null;
  last_at: string;
  unread: number;
  created_at: string;
  closed_at: string | null;
}

export interface ServiceStaffPresence {
  id: number;
  username: string;
  role_label: string;
  online: boolean;
}

export interface ServiceCannedReply {
  id: number;
  title: string;
  body: string;
  sort: number;
}

/** Frames the server sends on both sockets. */
export type ServiceServerFrame =
  | { type: 'state'; state: ServiceChatState }
  | { type: 'message'; message: ServiceMessage }
  | { type: 'conversation'; conversation: ServiceConversation }
  | { type: 'presence'; online: boolean }
  | { type: 'error'; content: string };

/** What a member/visitor sends: {content}; `ping` as text keeps the socket alive. */
export interface ServiceClientFrame {
  content: string;
}

/** A message's text as kept (line breaks kept, other control characters refused), or its failure. */
export function serviceTextFailure(raw: unknown): string | null {
  if (typeof raw !== 'string') return SERVICE_MSG.empty;
  if (CONTROL_CHARS_RE.test(raw)) return SERVICE_MSG.badChars;
  const text = raw.trim();
  if (!text) return SERVICE_MSG.empty;
  if ([...text].length > SERVICE_LIMITS.maxChars) return fmt(SERVICE_MSG.tooLong, { max: SERVICE_LIMITS.maxChars });
  return null;
}

export function cannedFailure(v: { title: unknown; body: unknown }): string | null {
  const title = typeof v.title === 'string' ? v.title.trim() : '';
  if (!title || [...title].length > SERVICE_LIMITS.cannedTitleMax || CONTROL_CHARS_RE.test(title)) return SERVICE_MSG.cannedTitle;
  const body = typeof v.body === 'string' ? v.body.trim() : '';
  if (!body || [...body].length > SERVICE_LIMITS.cannedBodyMax || CONTROL_CHARS_RE.test(body)) return SERVICE_MSG.cannedBody;
  return null;
}

/** The settings' service URL that means "the built-in live chat" rather than a page to frame. */
export function isBuiltInService(url: string): boolean {
  const u = url.trim();
  return u === '' || u === '/assets/service.html' || u === '/kefu';
}

/** A visitor's label on the desk. */
export function visitorLabel(visitorId: number): string {
  return `访客${String(visitorId).padStart(6, '0')}`;
}
