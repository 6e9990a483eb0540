import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODE, MSG } from '@app/contract';
import { envelope } from './envelope.js';

/**
 * Vite's hashed bundles never change under their name: cache them for a year. The member app's
 * service worker is checked on every visit (a new build is a new worker).
 */
export function cacheHashedAssets(reply: { header(name: string, value: string): unknown }, filePath: string): void {
  // the file as built, whether its brotli or gzip copy is sent
  const file = filePath.replace(/\.(br|gz)$/, '');
  if (path.basename(file) === 'sw.js') reply.header('cache-control', 'no-cache');
  else if (file.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.(js|css)$/.test(file)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  }
}

/**
 * A built single-page app under a prefix (the console at /admin, the venue pages at /venue): files as
 * built (hashed assets cached for a year, brotli or gzip copies sent when built), and index.html for every other GET below the prefix so the
 * app's own routes survive a reload. Unknown paths of its API (`<prefix>/api/…`) and built files
 * (`<prefix>/assets/…`), and non-GET requests stay envelopes. Register it with `prefix`: its 404 handler is scoped to that prefix.
 */
export default async function spa(app: FastifyInstance, opts: { root: string; prefix: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    maxAge: 0,
    preCompressed: true,
    setHeaders: cacheHashedAssets,
  });
  const api = `${opts.prefix}/api/`;
  // A built file that is not there (a chunk an older build named, asked for by a tab opened before a
  // deploy) is a 404: the page would be no script, and the app's loader reloads into the new version.
  const assets = `${opts.prefix}/assets/`;
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(api) || req.url.startsWith(assets) || req.method !== 'GET') return reply.status(404).send(envelope(CODE.notFound, MSG.notFound));
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
