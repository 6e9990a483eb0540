import { useQuery } from '@tanstack/react-query';
import { CODE, type Page, type RedPacketDrawResult, type RedPacketRecord, type UserRedPacket } from '@app/contract';
import { call, refusal, request } from '../../shared/api/client';

/** Red packets (spec §2 /hongbao, /welfare; §3): the member's draws today, a draw, its records. */

export const redPacketKey = ['redpacket'] as const;
export const hongbaoKey = [...redPacketKey, 'today'] as const;
export const recordsKey = [...redPacketKey, 'records'] as const;

/**
 * GET /api/userredpacket: draws left, the tiers, the window's state and countdown, the member's own
 * figures. Answered outside the window too; refetched when the screen comes back into view so a
 * member returning from /recharge sees what its deposit earned.
 */
export function useUserRedPacket() {
  return useQuery({
    queryKey: hongbaoKey,
    queryFn: () => request<UserRedPacket>('userredpacket', { method: 'GET' }),
    staleTime: 0,
    retry: false,
  });
}

/**
 * POST /api/douserredpacket. A refusal (红包已关闭, 活动尚未开始, 今日红包已派完…) throws ApiError
 * with the server's message; a network failure ApiError code 0 (the caller says 服务器异常).
 */
export async function drawRedPacket(): Promise<RedPacketDrawResult> {
  const json = await call<RedPacketDrawResult>('douserredpacket', { body: {} });
  if (json.code !== CODE.ok) throw refusal(json);
  return json.data;
}

/** POST /api/redpacket {page}: the member's draws, newest first (the welfare centre's list). */
export function fetchRedPacketRecords(page: number): Promise<Page<RedPacketRecord>> {
  return request<Page<RedPacketRecord>>('redpacket', { body: { page } });
}
