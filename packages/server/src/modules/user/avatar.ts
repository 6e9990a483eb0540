import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Avatar files: GIF, PNG and JPEG, judged by their first bytes and never by name or declared type
 * (DESIGN §9). A JPEG (a phone's photo) is decoded and written anew: turned upright, cut to a square of
 * at most AVATAR_EDGE_PX and re-encoded, so what is stored carries none of the photo's metadata (the
 * place it was taken) and nothing but pixels; one that does not decode is refused like any other
 * non-image. Stored under <uploadsDir>/avatars, served at /uploads/avatars/.
 */
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF87 = Buffer.from('GIF87a', 'ascii');
const GIF89 = Buffer.from('GIF89a', 'ascii');
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** The side of a re-encoded JPEG avatar (the app shows avatars at most 96 px wide, at 3× density at most). */
export const AVATAR_EDGE_PX = 288;
/** Pixels a JPEG may claim before it is decoded (a small file can claim a huge picture). */
const MAX_INPUT_PIXELS = 40_000_000;

export type AvatarKind = 'png' | 'gif' | 'jpg';

export function imageKind(bytes: Buffer): AvatarKind | null {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  const head = bytes.subarray(0, 6);
  if (head.equals(GIF87) || head.equals(GIF89)) return 'gif';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpg';
  return null;
}

/** A JPEG re-encoded as described above; null when it does not decode. */
export async function reencodeJpeg(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_EDGE_PX, AVATAR_EDGE_PX, { fit: 'cover', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Writes the file and returns its public path. */
export async function storeAvatar(uploadsDir: string, memberId: number, kind: AvatarKind, bytes: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, 'avatars');
  await fs.mkdir(dir, { recursive: true });
  const name = `${memberId}-${randomBytes(8).toString('hex')}.${kind}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return AVATAR_URL_PREFIX + name;
}

/** Removes a previously uploaded avatar; anything not ours (the default, a seeded path) is left. */
export async function removeAvatar(uploadsDir: string, publicPath: string): Promise<void> {
  if (!publicPath.startsWith(AVATAR_URL_PREFIX)) return;
  const name = publicPath.slice(AVATAR_URL_PREFIX.length);
  if (!/^\d+-[0-9a-f]{16}\.(png|gif|jpg)$/.test(name)) return;
  await fs.rm(path.join(uploadsDir, 'avatars', name), { force: true });
}
