import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Avatar files: only GIF and PNG, judged by their first bytes and never by name or declared type
 * (DESIGN §9). Stored under <uploadsDir>/avatars, served at /uploads/avatars/.
 */
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF87 = Buffer.from('GIF87a', 'ascii');
const GIF89 = Buffer.from('GIF89a', 'ascii');
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export function imageKind(bytes: Buffer): 'png' | 'gif' | null {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  const head = bytes.subarray(0, 6);
  if (head.equals(GIF87) || head.equals(GIF89)) return 'gif';
  return null;
}

/** Writes the file and returns its public path. */
export async function storeAvatar(uploadsDir: string, memberId: number, kind: 'png' | 'gif', bytes: Buffer): Promise<string> {
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
  if (!/^\d+-[0-9a-f]{16}\.(png|gif)$/.test(name)) return;
  await fs.rm(path.join(uploadsDir, 'avatars', name), { force: true });
}
