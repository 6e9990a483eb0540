import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMITS, MSG, fmt, PAYPASS_MSG } from '@app/contract';
import { editPasswordSchema, editPayPasswordSchema, setPayPasswordSchema, updateUserInfoSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { perMinute } from '../auth/rate.js';
import { imageKind, reencodeJpeg, removeAvatar, storeAvatar } from './avatar.js';
import { balanceYuan, changeLoginPassword, setAvatar, updateProfile, userInfo } from './service.js';
import { changePayPassword, setPayPassword } from './pay-password.js';

const AVATAR_FIELD = 'file';

function asObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The signed-in member's own data: info, balance, profile, avatar, passwords (spec §7). */
const routes: FastifyPluginAsync = async (app) => {
  // Multipart only for this plugin's routes (the avatar upload); the file is held in memory, capped.
  await app.register(multipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 5, parts: 6 } });

  const member = { preHandler: app.requireMember };
  const memberNotTrial = { preHandler: [app.requireMember, app.refuseTrial] };

  app.post('/user', member, async (req) => ok(await userInfo(app.kdb, req.member!.id, new Date(), app.venues)));

  // Hot path: polled every 2.5 s by every open app. No hashing, no writes.
  app.post('/balance', member, async (req) => ok({ balance: await balanceYuan(app.kdb, req.member!.id, app.cacheEpoch()) }));

  // The wallet screens' refresh: central balance and every venue balance read fresh.
  app.post('/refreshusermoney', member, async (req) => ok(await userInfo(app.kdb, req.member!.id, new Date(), app.venues)));

  app.post('/uploadimg', memberNotTrial, async (req) => {
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
    const avatar = await storeAvatar(app.config.uploadsDir, req.member!.id, kind, stored);
    const previous = await setAvatar(app.kdb, req.member!.id, avatar);
    await removeAvatar(app.config.uploadsDir, previous).catch((err) => req.log.warn({ err }, 'old avatar not removed'));
    return ok({ avatar });
  });

  app.post('/updateuserinfo', memberNotTrial, async (req) => {
    const fields = parse(updateUserInfoSchema, req.body);
    await updateProfile(app.kdb, req.member!.id, fields);
    return ok(await userInfo(app.kdb, req.member!.id, new Date(), app.venues), MSG.ok);
  });

  // Old passwords are guessable through these routes too, so they share the login limit.
  const passwordRoute = { ...memberNotTrial, config: perMinute(app.config.rateLimits.login) };

  app.post('/editPassword', passwordRoute, async (req) => {
    const body = asObject(req.body);
    // The form's confirm field never reaches the server: confirm is the new password itself.
    const { password, paypassword } = parse(editPasswordSchema, { ...body, confirm: body.paypassword });
    await changeLoginPassword(app.kdb, req.member!.id, password, paypassword);
    return ok(null, MSG.passwordChanged);
  });

  app.post('/editPayPassword', passwordRoute, async (req) => {
    const { password, paypassword } = parse(editPayPasswordSchema, req.body);
    await changePayPassword(app.kdb, req.member!.id, password, paypassword);
    return ok(null, MSG.passwordChanged);
  });

  // The first payment password (or the replacement of one equal to the login password), proven by the login password.
  app.post('/setPayPassword', passwordRoute, async (req) => {
    const { password, paypassword } = parse(setPayPasswordSchema, req.body);
    await setPayPassword(app.kdb, req.member!.id, password, paypassword);
    return ok(null, PAYPASS_MSG.payPasswordSet);
  });
};
export default routes;
