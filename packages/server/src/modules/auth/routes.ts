import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MSG, type ApiToken, type Captcha } from '@app/contract';
import { loginSchema, registerSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { revokeSession } from '../session/service.js';
import { consumeCaptcha, issueCaptcha } from './captcha.js';
import { loginPolicy } from './login-guard.js';
import { perMinute } from './rate.js';
import { loginWithPassword, registerMember, type ClientMeta } from './service.js';
import { loginGuest } from '../trial/service.js';

function meta(req: FastifyRequest): ClientMeta {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

/** Older clients send the inviter code as a number; it is a member id either way. */
function normalizeRegister(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (typeof b.pid === 'number' && Number.isSafeInteger(b.pid)) return { ...b, pid: String(b.pid) };
  if (b.pid === null) return { ...b, pid: '' };
  return body;
}

/** Registration, captcha, password and trial login, logoff (spec §7 "Session and user"). */
const routes: FastifyPluginAsync = async (app) => {
  const limits = app.config.rateLimits;

  app.post('/captcha', { config: perMinute(limits.captcha) }, async () => ok<Captcha>(await issueCaptcha(app.kdb)));

  app.post('/register', { config: perMinute(limits.register) }, async (req) => {
    const body = parse(registerSchema, normalizeRegister(req.body));
    const bypass = app.config.captchaBypassCode;
    if (!(bypass && body.code === bypass) && !(await consumeCaptcha(app.kdb, body.captcha_id, body.code))) {
      throw badRequest(MSG.regCaptchaWrong);
    }
    const token = await registerMember(app.kdb, body, meta(req), { adultCheck: app.config.registerAdultCheck });
    return ok<ApiToken>({ api_token: token }, MSG.regSuccess);
  });

  app.post('/login_pc', { config: perMinute(limits.login) }, async (req) => {
    const body = parse(loginSchema, req.body);
    const token = await loginWithPassword(app.kdb, loginPolicy(app.config), body, meta(req));
    return ok<ApiToken>({ api_token: token }, MSG.loginSuccess);
  });

  app.post('/guestlogin', { config: perMinute(limits.login) }, async (req) => {
    const token = await loginGuest(app.kdb, meta(req));
    return ok<ApiToken>({ api_token: token }, MSG.loginSuccess);
  });

  app.post('/logoff', { preHandler: app.requireMember }, async (req) => {
    await revokeSession(app.kdb, req.member!.tokenHash);
    return ok(null, MSG.logoffSuccess);
  });
};
export default routes;
