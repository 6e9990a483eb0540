import { useQuery } from '@tanstack/react-query';
import type { BlockDuration, BlockKind, LimitKind, LimitPeriod, ProtectionState, SetLimitResult } from '@app/contract';
import { request } from '../../shared/api/client';

/** The member's own protection calls: limits, time-out and exclusion, the reality check's interval. */

export const protectionKey = ['protection'] as const;

export function useProtection() {
  return useQuery({ queryKey: protectionKey, queryFn: () => request<ProtectionState>('protection') });
}

/** limit 0 removes the limit. */
export function setLimit(kind: LimitKind, period: LimitPeriod, limit: number): Promise<SetLimitResult> {
  return request<SetLimitResult>('protection/limit', { body: { kind, period, limit }, overlay: true });
}

export function confirmLimit(kind: LimitKind, period: LimitPeriod): Promise<ProtectionState> {
  return request<ProtectionState>('protection/limit/confirm', { body: { kind, period }, overlay: true });
}

export function cancelLimit(kind: LimitKind, period: LimitPeriod): Promise<ProtectionState> {
  return request<ProtectionState>('protection/limit/cancel', { body: { kind, period }, overlay: true });
}

export function setBlock(kind: BlockKind, duration: BlockDuration): Promise<ProtectionState> {
  return request<ProtectionState>('protection/block', { body: { kind, duration }, overlay: true });
}

export function setReality(minutes: number): Promise<ProtectionState> {
  return request<ProtectionState>('protection/reality', { body: { minutes }, overlay: true });
}
