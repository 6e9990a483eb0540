import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { LOGIN_CAPTCHA, MEMBER_CARE_LIMITS as L, MEMBER_CARE_MSG, type MemberCare, type ResetPasswordAnswer } from '@app/contract';
import { careReasonSchema, endSessionsSchema, idParams, memberNoteSchema, memberTagsSchema, resetPasswordSchema } from '@app/contract/schemas';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { beijing } from '../../lib/time.js';
import { nameCounterKey, unlockMemberLogin } from '../../modules/auth/login-guard.js';
import { endSessionsForStaff, SESSION_ID_LEN } from '../../modules/session/service.js';
import { clearPayPassword, resetLoginPassword } from '../../modules/user/account.js';
import { addMemberNote, setMemberTags } from '../../modules/user/notes.js';
import { payPasswordStatus } from '../../modules/user/pay-password.js';
import { memberAccount } from '../../modules/user/service.js';
import { actorOf } from '../actor.js';
import type { Actor } from '../../modules/audit/service.js';
import { route, type AdminRoute } from '../route.js';

/**
 * 会员服务: what support does for a member who calls in. Every change carries the
 * staff member's reason and writes its audit row in the change's transaction; sessions a change
 * ends are revoked right after it commits (the session cache and the other instances hear of it).
 */

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function loginFailures(db: Kdb, username: string): Promise<number> {
  const row = await db
    .selectFrom('login_counters')
    .select('hits')
    .where('key', '=', nameCounterKey('member', username))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.hits ?? 0;
}

async function careOf(db: Kdb, id: number): Promise<MemberCare> {
  const m = await memberAccount(db, id);
  const [failures, pay, sessions, notes, tags] = await Promise.all([
    loginFailures(db, m.username),
    payPasswordStatus(db, id),
    db
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent', 'revoked_at'])
      .where('member_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(L.sessionsShown)
      .execute(),
    db.selectFrom('member_notes').select(['id', 'body', 'staff_name', 'created_at']).where('member_id', '=', id).orderBy('id', 'desc').limit(L.notesShown).execute(),
    db.selectFrom('member_tags').select('tag').where('member_id', '=', id).orderBy('created_at').orderBy('tag').execute(),
  ]);
  return {
    member_id: m.id,
    username: m.username,
    login_locked: failures >= LOGIN_CAPTCHA.afterFailures,
    login_failures: failures,
    pay_password_state: pay.state,
    sessions: sessions.map((s) => ({
      id: s.token_hash.slice(0, SESSION_ID_LEN),
      created_at: beijing(s.created_at),
      last_seen_at: beijing(s.last_seen_at),
      ip: s.ip,
      user_agent: s.user_agent,
      ended: s.revoked_at !== null,
    })),
    notes: notes.map((n) => ({ id: Number(n.id), body: n.body, staff_name: n.staff_name, created_at: beijing(n.created_at) })),
    tags: tags.map((t) => t.tag),
  };
}

function generatePassword(): string {
  let p = '';
  for (let i = 0; i < L.generatedLength; i++) p += ALPHABET[randomInt(ALPHABET.length)];
  return p;
}

async function resetPassword(db: Kdb, actor: Actor, id: number, f: { password: string; reason: string }): Promise<ResetPasswordAnswer> {
  await memberAccount(db, id);
  const password = f.password || generatePassword();
  const ended = await resetLoginPassword(db, actor, id, password, { generated: !f.password, reason: f.reason });
  return { password, sessions_ended: ended };
}

async function resetPayPassword(db: Kdb, actor: Actor, id: number, reason: string): Promise<void> {
  await memberAccount(db, id);
  await clearPayPassword(db, actor, id, reason);
}

async function unlockLogin(db: Kdb, actor: Actor, id: number, reason: string): Promise<void> {
  await unlockMemberLogin(db, actor, await memberAccount(db, id), reason);
}

async function endSessions(db: Kdb, actor: Actor, id: number, f: { session: string; reason: string }): Promise<number> {
  await memberAccount(db, id);
  return endSessionsForStaff(db, actor, id, f);
}

async function addNote(db: Kdb, actor: Actor, id: number, body: string): Promise<void> {
  await memberAccount(db, id);
  await addMemberNote(db, actor, id, body);
}

async function setTags(db: Kdb, actor: Actor, id: number, f: { tags: string[]; reason: string }): Promise<string[]> {
  await memberAccount(db, id);
  return setMemberTags(db, actor, id, f.tags, f.reason);
}

export const memberCareRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/members/:id/care',
    tag: '会员服务',
    summary: `会员服务：登录限制（login_locked：下次登录须验证码）、支付密码状态、最近${L.sessionsShown}个会话（时间、IP、设备、最后活动、是否已结束）、备注时间线（新的在前）与标签`,
    access: 'members.care',
    params: idParams,
    handler: async ({ app, params }) => ok(await careOf(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/members/:id/password/reset',
    tag: '会员服务',
    summary: `重置登录密码 {password?, reason}：password 为临时密码（${L.passwordMin}~${L.passwordMax}个字符，不可与支付密码相同），留空由系统生成（仅在本次回应中出现一次）；会员的全部会话随即结束`,
    access: 'members.care',
    params: idParams,
    body: resetPasswordSchema,
    audits: ['member.reset_password'],
    handler: async ({ app, req, staff, params, body }) => ok(await resetPassword(app.kdb, actorOf(req, staff), params.id, body), MEMBER_CARE_MSG.passwordReset),
  }),
  route({
    method: 'POST',
    path: '/members/:id/paypass/reset',
    tag: '会员服务',
    summary: '清除支付密码 {reason}：会员下次使用时须重新设置；未设置时 409',
    access: 'members.care',
    params: idParams,
    body: careReasonSchema,
    audits: ['member.reset_paypass'],
    handler: async ({ app, req, staff, params, body }) => {
      await resetPayPassword(app.kdb, actorOf(req, staff), params.id, body.reason);
      return ok(null, MEMBER_CARE_MSG.payPasswordReset);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/login/unlock',
    tag: '会员服务',
    summary: '解除登录限制 {reason}：清零该账号的登录失败次数，下次登录无须验证码；没有限制时 409',
    access: 'members.care',
    params: idParams,
    body: careReasonSchema,
    audits: ['member.unlock_login'],
    handler: async ({ app, req, staff, params, body }) => {
      await unlockLogin(app.kdb, actorOf(req, staff), params.id, body.reason);
      return ok(null, MEMBER_CARE_MSG.unlocked);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/sessions/end',
    tag: '会员服务',
    summary: '结束会话 {session?, reason}：session 为会话列表中的 id，留空结束全部；没有可结束的会话时 409',
    access: 'members.care',
    params: idParams,
    body: endSessionsSchema,
    audits: ['member.end_sessions'],
    handler: async ({ app, req, staff, params, body }) => ok({ ended: await endSessions(app.kdb, actorOf(req, staff), params.id, body) }, MEMBER_CARE_MSG.sessionsEnded),
  }),
  route({
    method: 'POST',
    path: '/members/:id/notes',
    tag: '会员服务',
    summary: `添加备注 {body}：1~${L.noteMax}个字符，保留在会员的备注时间线上`,
    access: 'members.care',
    params: idParams,
    body: memberNoteSchema,
    audits: ['member.note'],
    handler: async ({ app, req, staff, params, body }) => {
      await addNote(app.kdb, actorOf(req, staff), params.id, body.body);
      return ok(null, MEMBER_CARE_MSG.noteAdded);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/tags',
    tag: '会员服务',
    summary: `设置标签 {tags, reason}：整组替换，最多${L.tagsMax}个，每个1~${L.tagMax}个字符，不可重复`,
    access: 'members.care',
    params: idParams,
    body: memberTagsSchema,
    audits: ['member.tags'],
    handler: async ({ app, req, staff, params, body }) => ok({ tags: await setTags(app.kdb, actorOf(req, staff), params.id, body) }, MEMBER_CARE_MSG.tagsSaved),
  }),
];
