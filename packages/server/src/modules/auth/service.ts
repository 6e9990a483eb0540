import { sql } from 'kysely';
import { adultConfirmed, LIMITS, MSG, PROTECTION_MSG, fmt } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { admitLogin, loginSucceeded, refuseLogin, spendDecoyVerify, type CaptchaInput, type LoginPolicy } from './login-guard.js';
import { openMemberWallet } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';
import { getSettings } from '../site/service.js';
import { createSession } from '../session/service.js';
import { createMember, recordLogin } from '../user/account.js';
import { registrationPayPassword } from '../user/pay-password.js';
import { openStanding } from '../vip/standing.js';

/** Who is asking: recorded on the member and the session. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface Registration {
  name: string;
  realname: string;
  password: string;
  /** sent by the spec's form and the original client; kept only when it may be a payment password */
  paypassword: string;
  pid: string;
  /** the 18+ confirmation (true, 1 or '1') */
  adult?: unknown;
}

const PG_UNIQUE_VIOLATION = '23505';
const MEMBER_ID_RE = /^\d{1,15}$/;

/**
 * Creates a member with its wallet, VIP standing and welcome mail in one transaction, then signs it in (recorded as
 * its last sign-in, as a login is).
 * The captcha and the contract's field rules are checked by the caller before this runs.
 */
export async function registerMember(db: Kdb, reg: Registration, meta: ClientMeta, opts: { adultCheck: boolean } = { adultCheck: true }): Promise<string> {
  if (await usernameTaken(db, reg.name)) throw badRequest(MSG.regUsernameTaken);
  const inviterId = reg.pid ? await findInviter(db, reg.pid) : null;
  if (reg.pid && inviterId === null) throw badRequest(MSG.regInviterUnknown);
  // The 18+ confirmation, after the spec's own rules; an operator whose older client asks it
  // on its own pages switches the check off (REGISTER_ADULT_CHECK=off). A confirmation sent is kept.
  const adult = adultConfirmed(reg.adult);
  if (opts.adultCheck && !adult) throw badRequest(PROTECTION_MSG.adult);

  const [passwordHash, payPassword] = await Promise.all([hashPassword(reg.password), registrationPayPassword(reg.password, reg.paypassword)]);
  const site = (await getSettings(db)).app.title;
  let memberId: number;
  try {
    memberId = await db.transaction().execute(async (tx) => {
      const id = await createMember(tx, {
        username: reg.name,
        password_hash: passwordHash,
        ...payPassword,
        realname: (reg.realname || reg.name).slice(0, LIMITS.inputMaxLength),
        inviter_id: inviterId,
        register_ip: meta.ip,
        // Registration signs the member in: it is their first sign-in (the console's 最近登录).
        last_login_at: sql`now()`,
        last_login_ip: meta.ip,
        adult_confirmed_at: adult ? new Date() : null,
      });
      await openMemberWallet(tx, id);
      await openStanding(tx, id);
      await sendMail(tx, id, {
        title: fmt(MSG.welcomeMailTitle, { site }),
        content: fmt(MSG.welcomeMailContent, { site, name: reg.name }),
      });
      return id;
    });
  } catch (err) {
    // Two registrations of one name at once: the unique index decides, the loser hears why.
    if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) throw badRequest(MSG.regUsernameTaken);
    throw err;
  }
  return createSession(db, memberId, meta);
}

async function usernameTaken(db: Kdb, name: string): Promise<boolean> {
  const row = await db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirst();
  return !!row;
}

/** The inviter code is the inviter's member id; the trial account invites no one. */
async function findInviter(db: Kdb, pid: string): Promise<number | null> {
  if (!MEMBER_ID_RE.test(pid)) return null;
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', Number(pid))
    .where('is_trial', '=', false)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Password login behind the login guard (login-guard.ts, LOGIN_CAPTCHA): past a few attempts on a
 * name the next one needs a solved captcha, right password or not; nothing locks the account. Unknown
 * name, wrong password and the trial account (which has no usable password) all answer the same text
 * with the same data, and cost one argon2 verification each.
 */
export async function loginWithPassword(
  db: Kdb,
  policy: LoginPolicy,
  input: { name: string; password: string } & CaptchaInput,
  meta: ClientMeta,
): Promise<string> {
  const admitted = await admitLogin(db, policy, 'member', input.name, meta.ip, input);
  const member = await db
    .selectFrom('members')
    .select(['id', 'password_hash', 'is_trial', 'state'])
    .where('username', '=', input.name)
    .executeTakeFirst();
  if (!member || member.is_trial) {
    await spendDecoyVerify(input.password);
    return refuseLogin(db, policy, admitted);
  }
  if (!(await verifyPassword(member.password_hash, input.password))) return refuseLogin(db, policy, admitted);
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (member.state !== 1) throw forbidden(MSG.accountDisabled);
  await loginSucceeded(db, admitted);
  await recordLogin(db, member.id, meta.ip);
  return createSession(db, member.id, meta);
}
