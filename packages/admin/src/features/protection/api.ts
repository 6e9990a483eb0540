import type { AdminProtectionView, BlockDuration, BlockedMemberRow, BlockKind, LimitKind, LimitPeriod, Page, Permission } from '@app/contract';
import { api } from '../../shared/api';

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

/** The server's permissions for these calls: reading is part of viewing a member; tightening is a change to the member. */
export const PROTECTION_ACCESS = { read: 'members.read', tighten: 'members.state' } as const satisfies Record<string, Permission>;

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
