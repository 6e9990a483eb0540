import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CODE, LOGIN_CAPTCHA, MEMBER_CARE_MSG, MSG, type LoginRefusal } from '@app/contract';
import type { Config } from '../../config.js';
import type { Kdb } from '../../db/connect.js';
import { AppError, conflict } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { consumeCaptcha } from './captcha.js';

/**
 * The password-login guard shared by members and staff (LOGIN_CAPTCHA). Nothing ever locks an
 * account, so nobody can lock out its owner: past a few attempts on one name, or too many failures
 * from one IP, the next login needs a solved captcha, right password or not.
 *
 * Attempts are counted per submitted name, normalized, whether or not the name exists, so an unknown
 * name answers exactly as a known one at every count. The counters live in the database
 * (login_counters, keyed by a hash with a sliding expiry), not in Redis: they are then shared by every
 * instance with or without REDIS_URL and survive Redis going away, and one upsert is small beside the
 * argon2 verification each attempt costs anyway. Storage stays bounded: a row per name or IP tried in
 * the last window, expired rows swept now and then, and the per-IP rate limits cap how fast rows come.
 */

export type LoginRealm = 'member' | 'staff';

export interface LoginPolicy {
  /** CAPTCHA_BYPASS_CODE (tests only; refused in production) */
  captchaBypassCode: string | null;
  /** failures per IP and window before that IP needs a captcha for every login; 0: off */
  ipFailureBudget: number;
}

export const loginPolicy = (config: Config): LoginPolicy => ({ captchaBypassCode: config.captchaBypassCode, ipFailureBudget: config.loginIpFailureBudget });

/** What the client sent for a captcha; both empty when it showed none. */
export interface CaptchaInput {
  captcha_id: string;
  code: string;
}

/** One admitted attempt: what the refusal or the success needs to know. */
export interface Admitted {
  nameKey: string;
  /** attempts on this name in the window, this one included */
  nameAttempts: number;
  ip: string;
}

const SWEEP_CHANCE = 0.02;
const CAPTCHA_REQUIRED: LoginRefusal = { captcha_required: 1 };

/** NFKC, trimmed, lower case: variants of one name share a counter (the lookup itself stays exact). */
export function nameCounterKey(realm: LoginRealm, name: string): string {
  return digest(`${realm}:name:${name.normalize('NFKC').trim().toLowerCase()}`);
}

const ipCounterKey = (ip: string) => digest(`ip:${ip}`);
const digest = (s: string) => createHash('sha256').update(s).digest('hex');

function refusal(message: string): AppError {
  return new AppError(CODE.badRequest, message, CAPTCHA_REQUIRED);
}

/** Adds one to a counter (restarting from 1 when it had expired) and slides its expiry; the new count. */
async function hit(db: Kdb, key: string): Promise<number> {
  const expires = sql<Date>`now() + make_interval(mins => ${LOGIN_CAPTCHA.windowMinutes}::int)`;
  const row = await db
    .insertInto('login_counters')
    .values({ key, hits: 1, expires_at: expires })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`CASE WHEN login_counters.expires_at <= now() THEN 1 ELSE login_counters.hits + 1 END`,
        expires_at: expires,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  // Expired rows count for nothing: sweep them now and then instead of running a job for it.
  if (Math.random() < SWEEP_CHANCE) await db.deleteFrom('login_counters').where('expires_at', '<=', sql<Date>`now()`).execute();
  return row.hits;
}

async function current(db: Kdb, key: string): Promise<number> {
  const row = await db.selectFrom('login_counters').select('hits').where('key', '=', key).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  return row?.hits ?? 0;
}

const ipOverBudget = (policy: LoginPolicy, failures: number) => policy.ipFailureBudget > 0 && failures >= policy.ipFailureBudget;

/**
 * Runs before the name is looked up or the password verified: counts the attempt on the name (in one
 * statement, so a burst of concurrent attempts cannot all slip in under the limit) and, when a captcha
 * is due, refuses a missing or wrong one (请输入验证码！ / 验证码错误！ with captcha_required) without
 * spending an argon2 verification. A captcha sent when none is due is left unused.
 */
export async function admitLogin(db: Kdb, policy: LoginPolicy, realm: LoginRealm, name: string, ip: string, captcha: CaptchaInput): Promise<Admitted> {
  const nameKey = nameCounterKey(realm, name);
  const nameAttempts = await hit(db, nameKey);
  const due = nameAttempts > LOGIN_CAPTCHA.afterFailures || ipOverBudget(policy, await current(db, ipCounterKey(ip)));
  if (due) {
    if (!captcha.code) throw refusal(MSG.regCaptchaEmpty);
    const bypass = policy.captchaBypassCode;
    if (!(bypass && captcha.code === bypass) && !(await consumeCaptcha(db, captcha.captcha_id, captcha.code))) throw refusal(MSG.regCaptchaWrong);
  }
  return { nameKey, nameAttempts, ip };
}

/**
 * A wrong password, an unknown name or the trial account: one answer, 账号或密码错误, with
 * captcha_required when the next attempt will need a captcha. The failure counts against the IP.
 * `refusal` answers another failure the same way (a staff member's wrong two-factor code).
 */
export async function refuseLogin(db: Kdb, policy: LoginPolicy, admitted: Admitted, refusal: { message: string; data: object } = { message: MSG.loginWrong, data: {} }): Promise<never> {
  const ipFailures = policy.ipFailureBudget > 0 ? await hit(db, ipCounterKey(admitted.ip)) : 0;
  const due = admitted.nameAttempts >= LOGIN_CAPTCHA.afterFailures || ipOverBudget(policy, ipFailures);
  const data = { ...refusal.data, ...(due ? CAPTCHA_REQUIRED : {}) };
  throw new AppError(CODE.badRequest, refusal.message, Object.keys(data).length ? data : null);
}

/** The right password: the name's count starts again (the IP's failures stay until they expire). */
export async function loginSucceeded(db: Kdb, admitted: Admitted): Promise<void> {
  await db.deleteFrom('login_counters').where('key', '=', admitted.nameKey).execute();
}

/**
 * Staff lift a member's captcha step (会员服务 解除登录限制): the name's live failure count goes, with
 * the audit row in the same transaction; 409 when there was none to lift.
 */
export async function unlockMemberLogin(db: Kdb, actor: Actor, member: { id: number; username: string }, reason: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom('login_counters')
      .where('key', '=', nameCounterKey('member', member.username))
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('hits')
      .executeTakeFirst();
    if (!gone) throw conflict(MEMBER_CARE_MSG.notLocked);
    await writeAudit(tx, actor, 'member.unlock_login', `member:${member.id}`, { login_failures: gone.hits }, { login_failures: 0, reason });
  });
}

/** Which of these names would need a captcha at their next login (the console's staff list). */
export async function namesNeedingCaptcha(db: Kdb, realm: LoginRealm, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const byKey = new Map(names.map((n) => [nameCounterKey(realm, n), n]));
  const rows = await db
    .selectFrom('login_counters')
    .select('key')
    .where('key', 'in', [...byKey.keys()])
    .where('hits', '>=', LOGIN_CAPTCHA.afterFailures)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  return new Set(rows.map((r) => byKey.get(r.key)!));
}

// Unknown names still cost one argon2 verification, so the answer time does not tell which names
// exist. The hash is of a random secret nobody knows.
let decoyHash: Promise<string> | null = null;
export async function spendDecoyVerify(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
}
