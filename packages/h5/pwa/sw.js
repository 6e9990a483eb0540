// @ts-check
/// <reference lib="webworker" />
/**
 * The member app's service worker, served at /sw.js (scope /). The build (pwa/plugin.ts) puts two
 * constants above this text: VERSION, which changes with every build that changes the shell, and
 * SHELL, the page and the hashed scripts and styles that paint the hall.
 *
 * - The shell is cached at install; a page opening the app is answered from it at once, so a repeat
 *   visit paints without the network and the app opens offline. A new build means a new sw.js (the
 *   server sends it with no-cache), which installs its own shell, takes over at once and deletes the
 *   caches of older versions.
 * - Hashed files (/assets/name-hash.js|css) never change under their name: cache first. The app's
 *   public pictures (/assets/…svg|png) are answered from the cache and refreshed behind.
 * - Nothing else is touched: the APIs (/api, /admin, /agent, /venue), sockets, members' uploads and
 *   any other origin always go to the network and are never stored.
 */
/** @type {ServiceWorkerGlobalScope} */
const sw = /** @type {any} */ (self);
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
/** The runtime cache keeps at most this many files (lazy screens, pictures); the oldest go first. */
const MAX_ASSET_ENTRIES = 400;
const HASHED = /^\/assets\/.+-[\w-]{8,}\.(js|css)$/;
const PUBLIC_FILE = /^\/assets\/.+\.(svg|png|jpg|jpeg|webp|gif|ico)$/;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  // The app itself: / (hash routes, inviter links /?pid=…). Other pages (the sponsor and help pages
  // in frames, the console, the agent portal) are not ours to answer.
  if (req.mode === 'navigate') {
    if (url.pathname === '/' || url.pathname === '/index.html') event.respondWith(shell(req));
    return;
  }
  if (HASHED.test(url.pathname)) event.respondWith(cacheFirst(req));
  else if (PUBLIC_FILE.test(url.pathname)) event.respondWith(staleWhileRevalidate(req, event));
});

/** The cached shell (this version's, consistent with its cached scripts), else the network. */
async function shell(req) {
  const cached = await caches.match('/', { cacheName: SHELL_CACHE });
  return cached ?? fetch(req);
}

async function cacheFirst(req) {
  const cached = await caches.match(req);
  if (cached) return cached;
  const res = await fetch(req);
  if (res.ok) void keep(req, res.clone());
  return res;
}

async function staleWhileRevalidate(req, event) {
  const cached = await caches.match(req);
  const fresh = fetch(req).then((res) => {
    if (res.ok) return keep(req, res.clone()).then(() => res);
    return res;
  });
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

async function keep(req, res) {
  const cache = await caches.open(ASSET_CACHE);
  await cache.put(req, res);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSET_ENTRIES))) await cache.delete(old);
}
