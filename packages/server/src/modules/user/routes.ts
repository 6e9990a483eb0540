import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMITS, MSG, fmt, PAYPASS_MSG } from '@app/contract';
import { editPasswordSchema, editPayPasswordSchema, setPayPasswordSchema, updateUserInfoSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest } from '../../http/errors.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { parse } from '../../http/validate.js';
import { imageKind, reencodeJpeg, removeAvatar, storeAvatar } from './avatar.js';
import { balanceYuan, changeLoginPassword, setAvatar, updateProfile, userInfo } from './service.js';
import { changePayPassword, setPayPassword } from './pay-password.js';

const AVATAR_FIELD = 'file';

function asObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

const TAG = '我的账户';

/** Multipart only for this module's routes (the avatar upload); the file is held in memory, capped. */
export async function acceptAvatarUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 5, parts: 6 } });
}

// Old passwords are guessable through the password routes too, so they share the login limit.
const PASSWORD_RATE = { per: 'ip', setting: 'login' } as const;

/** The signed-in member's own data: info, balance, profile, avatar, passwords (spec §7). */
export const userRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/user',
    tag: TAG,
    summary: '会员资料（含中心钱包余额、VIP 等级）',
    access: 'member',
    handler: async ({ app, member }) => ok(await userInfo(app.kdb, member.id, new Date(), app.venues)),
  }),
  memberRoute({
    method: 'POST',
    path: '/balance',
    tag: TAG,
    summary: '中心钱包余额（应用每 2.5 秒轮询）',
    access: 'member',
    // Hot path: polled every 2.5 s by every open app. No hashing, no writes.
    handler: async ({ app, member }) => ok({ balance: await balanceYuan(app.kdb, member.id, app.cacheEpoch()) }),
  }),
  memberRoute({
    method: 'POST',
    path: '/refreshusermoney',
    tag: TAG,
    summary: '刷新余额：会员资料，中心钱包与各场馆余额现读',
    access: 'member',
    // The wallet screens' refresh: central balance and every venue balance read fresh.
    handler: async ({ app, member }) => ok(await userInfo(app.kdb, member.id, new Date(), app.venues)),
  }),
  memberRoute({
    method: 'POST',
    path: '/uploadimg',
    tag: TAG,
    summary: '上传头像（multipart，字段 file；PNG、JPEG、WebP 或 GIF）',
    access: 'member-not-trial',
    upload: { field: AVATAR_FIELD },
    handler: async ({ app, req, member }) => {
      if (!req.isMultipart()) throw badRequest(MSG.avatarMissing);
      let bytes: Buffer;
      try {
        const part = await req.file();
        if (!part || part.fieldname !== AVATAR_FIELD) throw badRequest(MSG.avatarMissing);
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw badRequest(fmt(MSG.avatarTooLarge, { kb: LIMITS.avatarMaxBytes / 1024 }));
        }
        if (err instanceof AppError) throw err;
        // Only reading the request happens in here, so anything else is a malformed or truncated
        // multipart body: the member's input, not our failure.
        req.log.debug({ err }, 'unreadable avatar upload');
        throw badRequest(MSG.avatarMissing);
      }
      if (bytes.length === 0) throw badRequest(MSG.avatarMissing);
      const kind = imageKind(bytes);
      if (!kind) throw badRequest(MSG.avatarType);
      const stored = kind === 'jpg' ? await reencodeJpeg(bytes) : bytes;
      if (!stored) throw badRequest(MSG.avatarType);
      const avatar = await storeAvatar(app.config.uploadsDir, member.id, kind, stored);
      const previous = await setAvatar(app.kdb, member.id, avatar);
      await removeAvatar(app.config.uploadsDir, previous).catch((err) => req.log.warn({ err }, 'old avatar not removed'));
      return ok({ avatar });
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/updateuserinfo',
    tag: TAG,
    summary: '修改资料（邮箱、手机、生日），返回更新后的会员资料',
    access: 'member-not-trial',
    body: updateUserInfoSchema,
    handler: async ({ app, member, body }) => {
      await updateProfile(app.kdb, member.id, body);
      return ok(await userInfo(app.kdb, member.id, new Date(), app.venues), MSG.ok);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/editPassword',
    tag: TAG,
    summary: '修改登录密码（password 旧密码，paypassword 新密码）；本会员的全部会话随之失效',
    access: 'member-not-trial',
    body: editPasswordSchema,
    // The handler fills in the form's confirm field before the schema reads the body.
    parse: 'handler',
    rateLimit: PASSWORD_RATE,
    handler: async ({ app, req, member }) => {
      const body = asObject(req.body);
      // The form's confirm field never reaches the server: confirm is the new password itself.
      const { password, paypassword } = parse(editPasswordSchema, { ...body, confirm: body.paypassword });
      await changeLoginPassword(app.kdb, member.id, password, paypassword);
      return ok(null, MSG.passwordChanged);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/editPayPassword',
    tag: TAG,
    summary: '修改支付密码（password 旧支付密码，paypassword 新支付密码）',
    access: 'member-not-trial',
    body: editPayPasswordSchema,
    rateLimit: PASSWORD_RATE,
    handler: async ({ app, member, body: { password, paypassword } }) => {
      await changePayPassword(app.kdb, member.id, password, paypassword);
      return ok(null, MSG.passwordChanged);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/setPayPassword',
    tag: TAG,
    summary: '设置首个支付密码（或替换与登录密码相同的支付密码），以登录密码证明身份',
    access: 'member-not-trial',
    body: setPayPasswordSchema,
    rateLimit: PASSWORD_RATE,
    handler: async ({ app, member, body: { password, paypassword } }) => {
      await setPayPassword(app.kdb, member.id, password, paypassword);
      return ok(null, PAYPASS_MSG.payPasswordSet);
    },
  }),
];
