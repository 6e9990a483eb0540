import type { QueryClient } from '@tanstack/react-query';
import type { PlayStatus } from '@app/contract';
import { request } from '../api/client';

/** POST /api/playStatus: the reality check, the limit warnings and any block. */
export const playStatusKey = ['playStatus'] as const;

export function fetchPlayStatus(): Promise<PlayStatus> {
  return request<PlayStatus>('playStatus');
}

/** After a stake or a launch: ask again now rather than at the next poll. */
export function pokePlayStatus(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: playStatusKey });
}
