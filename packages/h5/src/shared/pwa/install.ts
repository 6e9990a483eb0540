/**
 * The installable app (DESIGN): the service worker (/sw.js, built from pwa/sw.js)
 * and the install prompt Chrome offers once the app is installable, kept for /app's 安装 button.
 * This module is on the first-paint path: it only listens, and registers the worker after the load
 * event so the worker's download of the shell never competes with the hall's first paint.
 */
export interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let prompt: InstallPrompt | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function startPwa(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    prompt = e as InstallPrompt;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    prompt = null;
    changed();
  });
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The browser's install prompt while it offers one (Chrome, Edge, Samsung Internet on Android). */
export function installPrompt(): InstallPrompt | null {
  return prompt;
}

/** Called when installPrompt() changes; answers the unsubscribe. */
export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A prompt is used once: the browser offers a new one later if the member dismissed it. */
export function promptUsed(): void {
  prompt = null;
  changed();
}
