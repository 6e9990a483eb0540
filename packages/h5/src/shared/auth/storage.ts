import { STORAGE_KEYS } from '@app/contract';

/**
 * A member is logged in while a token is in session storage (spec §4). With 自动登录 the token is
 * also kept in local storage and brought back into the session at start.
 */
export function getToken(): string {
  return sessionStorage.getItem(STORAGE_KEYS.token) ?? '';
}
export function setToken(token: string, remember: boolean): void {
  sessionStorage.setItem(STORAGE_KEYS.token, token);
  if (remember) localStorage.setItem(STORAGE_KEYS.token, token);
  else localStorage.removeItem(STORAGE_KEYS.token);
}
export function restoreRememberedToken(): void {
  const kept = localStorage.getItem(STORAGE_KEYS.token);
  if (kept && !getToken()) sessionStorage.setItem(STORAGE_KEYS.token, kept);
}
/** Logoff, 401 and a password change all clear everything the app stored. */
export function clearAll(): void {
  sessionStorage.clear();
  localStorage.clear();
}
