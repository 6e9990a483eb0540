/**
 * The agent portal at /agent/ (spec §2 /gamePage?dailiD=1, §7 getAgentLoginUrl;
 * DESIGN §1 and §8): an agent opens it from the member app's 代理登录 entry. GET /api/getAgentLoginUrl
 * answers a short-lived single-use URL `/agent/#/login?ticket=…`; the portal trades the ticket for a
 * session of its own (POST /agent/api/login), kept apart from member and staff sessions. Every portal
 * route reads the agent from that session: there is no route where an agent id is sent, and a
 * downline member or statement id that is not the agent's own team's answers 404, as an unknown one.
 *
 * The team is the agent's DIRECT invitees (members.inviter_id), trial accounts excluded, as the
 * commission engine counts it. Shared by the server and the portal; no zod here
 * (portal.schemas.ts).
 */
import type { CommissionStatementFigures } from './agents.js';
import { maskUsername } from '../lottery/chat.js';

/** A login ticket is good for this long, and once. */
export const AGENT_TICKET_TTL_MS = 60_000;
/** A portal session ends after this long unused (and at once when the member stops being an agent). */
export const AGENT_SESSION_IDLE_MS = 2 * 60 * 60_000;
/** The portal's list pages. */
export const AGENT_PORTAL_PAGE_SIZE = 20;
/** The days of the overview's chart, today included. */
export const AGENT_CHART_DAYS = 30;
/** The longest range of the 团队报表 (daily figures), in days. */
export const AGENT_RANGE_MAX_DAYS = 92;
/** The header that carries the portal's session token. */
export const AGENT_TOKEN_HEADER = 'authorization';

export const AGENT_PORTAL_MSG = {
  notAgent: '您还不是代理，请先申请成为代理',
  trial: '试玩账号不能进入代理后台',
  ticketInvalid: '登录链接已失效，请从会员中心的“代理登录”重新进入',
  sessionEnded: '代理后台登录已失效，请从会员中心的“代理登录”重新进入',
  memberMissing: '该会员不在您的团队中',
  statementMissing: '佣金记录不存在',
  badDay: '请选择正确的日期',
  rangeOrder: '开始日期不能晚于结束日期',
  rangeTooLong: `查询范围不能超过${AGENT_RANGE_MAX_DAYS}天`,
  loggedOut: '已退出代理后台',
} as const;

/** The ticket's URL, relative to the site (the member app frames it at /gamePage?dailiD=1). */
export function agentLoginPath(ticket: string): string {
  return `/agent/#/login?ticket=${encodeURIComponent(ticket)}`;
}

/** A downline member's name as the portal shows it (the member app's 好友明细 masks the same way). */
export const maskDownline = maskUsername;

// ---- wire ----------------------------------------------------------------------------------------

/** POST /agent/api/login → the portal's session token. */
export interface AgentLogin {
  token: string;
}

/** GET /agent/api/me: who is signed in, and what the portal shows in its header and invite page. */
export interface AgentMe {
  id: number;
  username: string;
  /** when the member became an agent, Beijing time ('' when unknown) */
  since: string;
  /** the member's invite code (its id, the registration link's pid) */
  code: string;
  title: string;
  logo: string;
  /** the site's member app URL as configured (absolute or '/'); the portal builds the link with inviteLink */
  h5_url: string;
}

/** The team's figures over some days (yuan for money). */
export interface AgentFigures {
  /** invitees who joined in the days */
  new_members: number;
  /** team members with a valid bet in the days */
  active_members: number;
  /** team members whose first approved deposit ever was in the days */
  first_deposits: number;
  deposits: number;
  withdrawals: number;
  valid_bets: number;
  /** the team's win/loss, positive when the members won */
  win_loss: number;
}

/** One Beijing day of the team (the chart and the 团队报表). */
export interface AgentDay extends AgentFigures {
  day: string;
}

/** GET /agent/api/overview. */
export interface AgentOverview {
  team_members: number;
  sub_agents: number;
  today: AgentFigures;
  month: AgentFigures;
  /** the open commission period, as its statement would read if it closed now */
  estimate: {
    period_start: string;
    /** the period's last day */
    period_end: string;
    model: 'net_loss' | 'turnover';
    base: number;
    active_members: number;
    tier: number;
    rate: number;
    amount: number;
  };
  /** the last AGENT_CHART_DAYS Beijing days, oldest first, today last */
  days: AgentDay[];
  /** when these figures were computed (Beijing time): a large team's are at most AGENT_STATS_TTL_MS old */
  computed_at: string;
}

/**
 * Teams above this many members are served from figures at most AGENT_STATS_TTL_MS old (server
 * agent-portal/team-stats.ts); smaller ones are computed on every request. A team's figures cost
 * about 20 µs per member on PostgreSQL (benchmark (i)): ~10 ms at this size.
 */
export const AGENT_LIVE_TEAM_MAX = 500;
export const AGENT_STATS_TTL_MS = 60_000;

/** GET /agent/api/daily?start&end: the team by day within the range, newest first, and the sums. */
export interface AgentDaily {
  days: AgentDay[];
  total: AgentFigures;
}

/** GET /agent/api/members: one downline member (masked name; the id is the member's invite code). */
export interface AgentDownline {
  id: number;
  username: string;
  joined: string;
  last_login: string;
  vip: number;
  is_agent: boolean;
  /** within the list's range (all time without one) */
  deposits: number;
  withdrawals: number;
  valid_bets: number;
  win_loss: number;
}

/** GET /agent/api/members/:id: one downline member with its own days. */
export interface AgentDownlineDetail extends AgentDownline {
  first_deposit: string;
  invited: number;
  days: AgentDay[];
}

/** GET /agent/api/statements: the agent's commission statements, newest period first. */
export interface AgentStatement extends CommissionStatementFigures {
  /** when it was paid (Beijing time), '' unless 已发放 */
  paid_at: string;
}

/** The downline list's filters (query of GET /agent/api/members). */
export interface AgentMembersQuery {
  page: number;
  /** username prefix, or a member id */
  keyword: string;
  /** joined and money within [start, end] (Beijing days, '' = open) */
  start: string;
  end: string;
  /** 'all' | 'agents' | 'active' (a valid bet in the range) */
  kind: 'all' | 'agents' | 'active';
}
