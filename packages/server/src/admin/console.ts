import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODE, MSG } from '@app/contract';
import { envelope } from '../http/envelope.js';

/**
 * The back-office console (packages/admin/dist) at /admin/: files as built, and index.html for every
 * other path below /admin/ so the console's own routes survive a reload. Unknown /admin/api/ paths
 * stay envelopes. Register it with prefix '/admin' (its 404 handler is scoped to that prefix).
 */
export default async function adminConsole(app: FastifyInstance, opts: { root: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    maxAge: 0,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.(js|css)$/.test(filePath)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/admin/api/') || req.method !== 'GET') return reply.status(404).send(envelope(CODE.notFound, MSG.notFound));
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
