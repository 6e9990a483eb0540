import type { AdminProtectionView, BlockDuration, BlockedMemberRow, BlockKind, LimitKind, LimitPeriod, LimitRow, Page, Permission } from '@app/contract';
import { api } from '../../shared/api';
import { yuan } from '../../shared/format';

/** The console's 安全与健康 calls (/admin/api/members/:id/protection…, /admin/api/protection/blocks), typed by the contract's shapes. */

export interface StricterLimit {
  kind: LimitKind;
  period: LimitPeriod;
  limit: number;
  reason: string;
}
export interface LongerBlock {
  kind: BlockKind;
  duration: BlockDuration;
  reason: string;
}

/** The server's permission for every one of these calls (会员服务): reading them and making them stricter. */
export const PROTECTION_PERMISSION: Permission = 'members.care';

export const protectionKeys = {
  member: (id: number) => ['member', id, 'protection'] as const,
  blocks: (page: number) => ['protection-blocks', page] as const,
  allBlocks: ['protection-blocks'] as const,
};

export const protectionApi = {
  member: async (id: number) => (await api.get<AdminProtectionView>(`/members/${id}/protection`)).data,
  setLimit: ({ id, body }: { id: number; body: StricterLimit }) => api.post<AdminProtectionView>(`/members/${id}/protection/limit`, body),
  setBlock: ({ id, body }: { id: number; body: LongerBlock }) => api.post<AdminProtectionView>(`/members/${id}/protection/block`, body),
  blocks: async (page: number) => (await api.get<Page<BlockedMemberRow>>('/protection/blocks', { page })).data,
};

/** The member drawer's link to a member's 安全与健康 tab. */
export const protectionTabPath = (memberId: number) => `/members?member=${memberId}&tab=protection`;

/** A limit's amount as staff read it: yuan, or minutes for the session limit. */
export const limitValue = (row: Pick<LimitRow, 'kind' | 'limit'>) => (row.kind === 'session' ? `${row.limit} 分钟` : yuan(row.limit));

/** Who made a change, as staff read it: the member itself, or the staff member's name. */
export const byLabel = (by: string) => (by === 'member' ? '会员本人' : by);
