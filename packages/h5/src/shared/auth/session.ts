import { useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@app/contract';
import { request } from '../api/client';
import { clearAll, getToken, setToken } from './storage';

/** The token as React state: components re-render on login and logout. */
const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}
export function useToken(): string {
  return useSyncExternalStore(subscribe, getToken);
}

export const userKey = ['user'] as const;

export function fetchUser(): Promise<UserInfo> {
  return request<UserInfo>('user');
}

/** The signed-in member's info, or undefined for a visitor or while it loads. */
export function useUser() {
  const token = useToken();
  return useQuery({ queryKey: userKey, queryFn: fetchUser, enabled: !!token, staleTime: 10_000 });
}

/**
 * True while a session is being ended (logoff, password change, expiry): the guard of the screen
 * being left re-renders at once (a sync external-store update, flushed before any timer) and sends
 * the member to plain /login, as the spec says, instead of back to that screen. Guarded screens
 * opened later get their redirect query again.
 */
let ended = false;
export function sessionEnded(): boolean {
  return ended;
}

/** Stores the token, loads user info (the balance poll starts with the token). */
export async function signIn(queryClient: QueryClient, token: string, remember = false): Promise<void> {
  setToken(token, remember);
  notify();
  await queryClient.fetchQuery({ queryKey: userKey, queryFn: fetchUser });
}

/** Clears every stored thing and the cached server state. */
export function signOut(queryClient: QueryClient): void {
  ended = true;
  clearAll();
  queryClient.clear();
  notify();
  setTimeout(() => {
    ended = false;
  }, 0);
}

export function useSignOut() {
  const qc = useQueryClient();
  return () => signOut(qc);
}
