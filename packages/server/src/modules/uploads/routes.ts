import type { FastifyPluginAsync } from 'fastify';
import { CODE, MSG, UPLOAD_PATH } from '@app/contract';
import { envelope } from '../../http/envelope.js';
import { readUpload } from './service.js';

/** A year: an upload never changes (a new image is a new id), so browsers and CDNs may keep it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE_RE = /^(\d{1,15})\.(png|jpg|webp|gif)$/;

/**
 * Uploaded images, public, at /uploads/site/<id>.<ext> (UPLOAD_PATH; registered beside the static
 * uploads directory, whose files it leaves alone). Served from the database on every instance.
 */
const routes: FastifyPluginAsync = async (app) => {
  app.get(`${UPLOAD_PATH}:file`, async (req, reply) => {
    const m = FILE_RE.exec((req.params as { file: string }).file);
    const found = m ? await readUpload(app.kdb, Number(m[1]), m[2]) : null;
    if (!found) return reply.status(404).send(envelope(CODE.notFound, MSG.notFound));
    return reply
      .header('content-type', found.mime)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(found.bytes);
  });
};
export default routes;
