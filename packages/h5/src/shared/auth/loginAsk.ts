import { useSyncExternalStore } from 'react';

/**
 * What the login sheet is asked to offer: where the visitor wanted to go, and what happens when it
 * is closed without choosing (a guarded screen sends the visitor home). One at a time: a second ask
 * replaces the first.
 */
export interface LoginAsk {
  redirect: string;
  onDismiss?: () => void;
}

let current: LoginAsk | null = null;
const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** Opens the login sheet (mounted once by the app shell) for a visitor who tried something behind login. */
export function askLogin(ask: LoginAsk): void {
  current = ask;
  notify();
}

/**
 * Closes the sheet; `dismissed` runs the ask's onDismiss (closed without choosing 登录 or 注册).
 * `only`: close it only while it still shows that ask (a later ask, made meanwhile, stays open).
 */
export function endLoginAsk(dismissed: boolean, only?: LoginAsk): void {
  if (only && current !== only) return;
  const ask = current;
  current = null;
  notify();
  if (dismissed) ask?.onDismiss?.();
}

export function useLoginAsk(): LoginAsk | null {
  return useSyncExternalStore(subscribe, () => current);
}
