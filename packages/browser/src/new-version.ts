/**
 * A deploy replaces a front end's hashed chunks. A tab opened before it still runs the old entry and,
 * when it opens a lazy screen, asks for chunk names that are gone. Such a tab reloads once into the new
 * version. Should the new version fail the same way soon after (a deploy still half done, a cache
 * serving an old page), the app stops reloading and shows 版本已更新 with a 刷新 button instead: a
 * member is never stuck in a reload loop, nor left on a crash screen.
 *
 * The member app, the console and the agent portal share this; each draws the screen in its own kit.
 */

/** The texts of the screen shown when a reload did not bring the new version (or while it loads). */
export const NEW_VERSION_TEXT = {
  title: '版本已更新',
  hint: '页面已更新到新版本，请刷新后继续使用',
  refresh: '刷新',
  updating: '正在更新到新版本…',
} as const;

/** The texts of the screen shown for any other error in a screen. */
export const SCREEN_ERROR_TEXT = {
  title: '页面出错了',
  hint: '请刷新页面重试，如仍有问题请联系客服',
  refresh: '刷新',
} as const;

/** sessionStorage key (per tab): when this tab last reloaded for a new version, in ms since the epoch. */
const RELOADED_AT_KEY = 'app:new-version-reloaded-at';
/** A second missing chunk within this time of an automatic reload shows 版本已更新 instead of reloading again. */
export const RELOAD_GUARD_MS = 30_000;
/** How long a reload waits for the member app's new service worker to take over (its shell is then the new one). */
const SERVICE_WORKER_WAIT_MS = 8_000;

/**
 * Browsers' words for a script or style chunk that could not be loaded (Chromium, Firefox, Safari), and
 * Vite's for a style it could not preload.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|is not a valid JavaScript MIME type/i;

/** Whether an error is a chunk of the app that could not be loaded (typically: a newer build replaced it). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof Error) return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  return CHUNK_ERROR.test(String(error));
}

let reloading = false;

/** Whether this page is already on its way to the new version (the screen then says so and waits). */
export function reloadPending(): boolean {
  return reloading;
}

function reloadedAt(): number {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Reloads into the new version unless this tab already did within RELOAD_GUARD_MS. Answers whether a
 * reload is under way; false means: show 版本已更新 and let the user press 刷新.
 */
export function reloadOnceForNewVersion(): boolean {
  if (reloading) return true;
  const since = Date.now() - reloadedAt();
  if (since >= 0 && since < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode quotas): reloading once is still better than a crash screen, and
    // without the mark a second failure reloads again, at the pace of a page load.
  }
  void reloadIntoNewVersion();
  return true;
}

/** 刷新: reload now, into the new version (the member app's service worker updated first). */
export async function reloadIntoNewVersion(): Promise<void> {
  reloading = true;
  await newServiceWorker();
  window.location.reload();
}

/**
 * The member app's service worker answers the page from the shell of its own version: reloaded under
 * the old worker, the tab would get the old page again. Ask for the new worker and wait (bounded) until
 * it controls the page. Without a worker, or with the same one, this returns at once.
 */
async function newServiceWorker(): Promise<void> {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  if (!container?.controller) return;
  const registration = await container.getRegistration().catch(() => undefined);
  if (!registration) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, SERVICE_WORKER_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    container.addEventListener('controllerchange', done, { once: true });
    registration.update().then(
      () => {
        // No newer worker on the server: nothing to wait for.
        if (!registration.installing && !registration.waiting) done();
      },
      done,
    );
  });
}

/**
 * Vite's loader reports a chunk (or its styles) it could not load as `vite:preloadError` on window,
 * whether a route or a button asked for it: reload once into the new version. The error still reaches
 * the caller, whose error screen (see isChunkLoadError) says the page is updating, or 版本已更新 when
 * the reload was already tried.
 */
export function watchForNewVersion(): void {
  window.addEventListener('vite:preloadError', () => {
    reloadOnceForNewVersion();
  });
}
