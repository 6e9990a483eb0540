import { PROMO_ADMIN_MSG, UPLOAD_EXT, UPLOAD_KINDS, UPLOAD_MIME, UPLOAD_PATH, type UploadKind, type UploadResult } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';

/**
 * Images staff upload for the site (activity banners), kept in the database so every instance
 * serves the same file (an instance's own disk is not shared). This module owns the uploads table.
 * The kind is judged by the file's first bytes only: a name or a declared type is the sender's word.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF87 = Buffer.from('GIF87a', 'ascii');
const GIF89 = Buffer.from('GIF89a', 'ascii');
const RIFF = Buffer.from('RIFF', 'ascii');
const WEBP = Buffer.from('WEBP', 'ascii');

export function uploadKindOf(bytes: Buffer): UploadKind | null {
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (bytes.subarray(0, 3).equals(JPEG)) return 'jpeg';
  const head = bytes.subarray(0, 6);
  if (head.equals(GIF87) || head.equals(GIF89)) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).equals(RIFF) && bytes.subarray(8, 12).equals(WEBP)) return 'webp';
  return null;
}

export const uploadUrl = (id: number, kind: UploadKind) => `${UPLOAD_PATH}${id}.${UPLOAD_EXT[kind]}`;

/** Stores an image already judged by uploadKindOf. */
export async function storeUpload(db: Tx, kind: UploadKind, bytes: Buffer, staffId: number | null): Promise<UploadResult> {
  const row = await db.insertInto('uploads').values({ kind, bytes, uploaded_by: staffId }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, url: uploadUrl(row.id, kind), kind, bytes: bytes.length };
}

/** Stores an image a staff member sent (refused unless its first bytes are an image's) with its audit row. */
export async function storeStaffUpload(db: Kdb, actor: Actor, bytes: Buffer): Promise<UploadResult> {
  const kind = uploadKindOf(bytes);
  if (!kind) throw badRequest(PROMO_ADMIN_MSG.uploadType);
  return db.transaction().execute(async (tx) => {
    const stored = await storeUpload(tx, kind, bytes, actor.id);
    await writeAudit(tx, actor, 'upload.create', `upload:${stored.id}`, null, stored);
    return stored;
  });
}

/** The image at /uploads/site/<id>.<ext>, or null when there is none of that id and extension. */
export async function readUpload(db: Kdb, id: number, ext: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const row = await db.selectFrom('uploads').select(['kind', 'bytes']).where('id', '=', id).executeTakeFirst();
  if (!row || !(UPLOAD_KINDS as readonly string[]).includes(row.kind)) return null;
  const kind = row.kind as UploadKind;
  if (UPLOAD_EXT[kind] !== ext) return null;
  return { mime: UPLOAD_MIME[kind], bytes: Buffer.from(row.bytes) };
}
