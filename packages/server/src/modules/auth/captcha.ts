import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_MS, type Captcha } from '@app/contract';
import type { Kdb } from '../../db/connect.js';

/**
 * Image captchas for registration (DESIGN §4): issued by the server, answer stored with a 5-minute
 * life, checked case-insensitively, and consumed by the first check whatever its outcome.
 */
const CAPTCHA_LENGTH = 4;
// Characters that read alike in a distorted picture are never drawn.
const CONFUSING_CHARS = '0oO1iIlLjJqg9';
// The picture: glyphs smaller than its height so none is cut off, on the app's dark blue, against which
// svg-captcha picks light colours (on white it picks pale ones that are hard to read).
const PICTURE = { width: 120, height: 44, fontSize: 42, background: '#26367f' } as const;
const CAPTCHA_ID_MAX = 64;

export async function issueCaptcha(db: Kdb, nowMs = Date.now()): Promise<Captcha> {
  const { data, text } = svgCaptcha.create({ size: CAPTCHA_LENGTH, ignoreChars: CONFUSING_CHARS, noise: 2, color: true, ...PICTURE });
  const id = randomBytes(16).toString('base64url');
  await db
    .insertInto('captchas')
    .values({ id, answer: text.toLowerCase(), expires_at: new Date(nowMs + CAPTCHA_TTL_MS) })
    .execute();
  // Expired rows are useless: sweep a few now and then instead of running a job for it.
  if (Math.random() < 0.02) await db.deleteFrom('captchas').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
  return { captcha_id: id, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** True when `answer` matches a live, unused captcha. The captcha is used up either way. */
export async function consumeCaptcha(db: Kdb, id: string, answer: string): Promise<boolean> {
  if (!id || id.length > CAPTCHA_ID_MAX || !answer) return false;
  const row = await db
    .updateTable('captchas')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('answer')
    .executeTakeFirst();
  return !!row && row.answer === answer.trim().toLowerCase();
}
