import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODE, MSG } from '@app/contract';
import { envelope } from '../http/envelope.js';

/**
 * The demo venue's pages (packages/venue/dist) at /venue/: files as built, and index.html for every
 * other GET below /venue/ so the pages' own routes survive a reload. Unknown /venue/api/ paths stay
 * envelopes. Register it with prefix '/venue' (its 404 handler is scoped to that prefix).
 */
export default async function venuePages(app: FastifyInstance, opts: { root: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    maxAge: 0,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.(js|css)$/.test(filePath)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/venue/api/') || req.method !== 'GET') return reply.status(404).send(envelope(CODE.notFound, MSG.notFound));
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
