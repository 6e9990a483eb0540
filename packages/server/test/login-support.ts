import { expect } from 'vitest';
import type { TestServer } from './harness.js';

/** A fresh captcha from the server (members' or staff's route) with its answer read from the table. */
export async function solvedCaptcha(s: TestServer, path = '/api/captcha'): Promise<{ captcha_id: string; code: string }> {
  const r = await s.api(path);
  expect(r.code).toBe(200);
  const row = await s.db.kysely.selectFrom('captchas').select('answer').where('id', '=', r.data.captcha_id).executeTakeFirstOrThrow();
  return { captcha_id: r.data.captcha_id, code: row.answer };
}

/** The answers of password logins about captchas (LOGIN_CAPTCHA). */
export const CAPTCHA_DUE = { captcha_required: 1 } as const;
