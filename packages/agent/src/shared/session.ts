import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AgentMe } from '@app/contract';
import { api, setSessionEndHandler, tokenStore } from './api';

/**
 * Whether the portal's session is still good. It ends on any 401 (idle, the agent status revoked, the
 * member's sessions ended), at 退出, or when the portal is opened without a token: each shows one
 * full-screen state, never a retry loop or a login form.
 */
export type SessionEnd = { reason: 'ended' | 'loggedOut'; message: string } | null;

let ended: SessionEnd = null;
const listeners = new Set<() => void>();
function set(next: SessionEnd): void {
  ended = next;
  for (const l of listeners) l();
}
setSessionEndHandler((message) => {
  if (!ended) set({ reason: 'ended', message });
});

export const sessionEnd = {
  end: (reason: 'ended' | 'loggedOut', message: string) => {
    tokenStore.clear();
    set({ reason, message });
  },
  /** a fresh ticket was traded: the portal is open again (a new frame of the same tab) */
  restart: () => set(null),
};

export function useSessionEnd(): SessionEnd {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => ended,
  );
}

/** The signed-in agent and the site (header, invite page); read once per session. */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => api.get<AgentMe>('/me'), staleTime: Infinity });
}
