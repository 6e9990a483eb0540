import type { FastifyRequest } from 'fastify';
import { fmt, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, UPLOAD_FIELD, type UploadResult } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Actor } from '../../modules/audit/service.js';
import { storeStaffUpload } from '../../modules/uploads/service.js';

/**
 * POST /admin/api/uploads: one image in the multipart field `file`, at most uploadMaxBytes, judged by
 * its first bytes (PNG, JPEG, WEBP, GIF; never SVG), stored in the database with its audit row by the
 * uploads module.
 */
export async function receiveUpload(db: Kdb, req: FastifyRequest, actor: Actor): Promise<UploadResult> {
  if (!req.isMultipart()) throw badRequest(PROMO_ADMIN_MSG.uploadMissing);
  let bytes: Buffer;
  try {
    const part = await req.file();
    if (!part || part.fieldname !== UPLOAD_FIELD) throw badRequest(PROMO_ADMIN_MSG.uploadMissing);
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(fmt(PROMO_ADMIN_MSG.uploadTooLarge, { mb: PROMO_ADMIN_LIMITS.uploadMaxBytes / 1024 / 1024 }));
    if (err instanceof AppError) throw err;
    // Only reading the request happens in here: anything else is a malformed or truncated body.
    req.log.debug({ err }, 'unreadable upload');
    throw badRequest(PROMO_ADMIN_MSG.uploadMissing);
  }
  if (bytes.length === 0) throw badRequest(PROMO_ADMIN_MSG.uploadMissing);
  return storeStaffUpload(db, actor, bytes);
}
