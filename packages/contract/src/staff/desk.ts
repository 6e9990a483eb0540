/**
 * The console's live review queues: how many orders wait in each queue, polled by
 * the console every DESK_POLL_MS for the menu's badges, the queues' own refresh, and the sound and tab
 * title on a new withdrawal. A staff member is told only of the queues its role may read.
 */
import type { Permission } from './staff.js';

export const DESK_POLL_MS = 10_000;

/** Each queue with the permission that reads it; the key is the console menu's key of its page. */
export const DESK_QUEUES = [
  { key: 'deposits', permission: 'deposits.read' },
  { key: 'withdrawals', permission: 'withdrawals.read' },
  { key: 'activityApplications', permission: 'promotions.read' },
  { key: 'agentApplications', permission: 'agents.read' },
  { key: 'commissionStatements', permission: 'commission.read' },
  { key: 'approvals', permission: 'approvals.review' },
  /** 在线客服: conversations waiting to be claimed */
  { key: 'service', permission: 'service.chat' },
] as const satisfies readonly { key: string; permission: Permission }[];

export type DeskQueue = (typeof DESK_QUEUES)[number]['key'];

/** GET /admin/api/desk/counts: waiting orders per queue the staff member may read. */
export type DeskCounts = Partial<Record<DeskQueue, number>>;
