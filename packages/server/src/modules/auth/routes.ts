import type { FastifyRequest } from 'fastify';
import { MSG, type ApiToken, type Captcha } from '@app/contract';
import { loginSchema, registerSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { parse } from '../../http/validate.js';
import { revokeSession } from '../session/service.js';
import { consumeCaptcha, issueCaptcha } from './captcha.js';
import { loginPolicy } from './login-guard.js';
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

const TAG = '登录注册';

/** Registration, captcha, password and trial login, logoff (spec §7 "Session and user"). */
export const authRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/captcha',
    tag: TAG,
    summary: '取一张图形验证码（captcha_id 与图片）',
    access: 'public',
    rateLimit: { per: 'ip', setting: 'captcha' },
    handler: async ({ app }) => ok<Captcha>(await issueCaptcha(app.kdb)),
  }),
  memberRoute({
    method: 'POST',
    path: '/register',
    tag: TAG,
    summary: '注册会员并登录，返回 api_token；pid 为邀请人',
    access: 'public',
    body: registerSchema,
    // The handler reads a numeric pid as text before the schema sees it.
    parse: 'handler',
    rateLimit: { per: 'ip', setting: 'register' },
    handler: async ({ app, req }) => {
      const body = parse(registerSchema, normalizeRegister(req.body));
      const bypass = app.config.captchaBypassCode;
      if (!(bypass && body.code === bypass) && !(await consumeCaptcha(app.kdb, body.captcha_id, body.code))) {
        throw badRequest(MSG.regCaptchaWrong);
      }
      const token = await registerMember(app.kdb, body, meta(req), { adultCheck: app.config.registerAdultCheck });
      return ok<ApiToken>({ api_token: token }, MSG.regSuccess);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/login_pc',
    tag: TAG,
    summary: '用户名密码登录，返回 api_token（多次失败后需图形验证码）',
    access: 'public',
    body: loginSchema,
    rateLimit: { per: 'ip', setting: 'login' },
    handler: async ({ app, req, body }) => {
      const token = await loginWithPassword(app.kdb, loginPolicy(app.config), body, meta(req));
      return ok<ApiToken>({ api_token: token }, MSG.loginSuccess);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/guestlogin',
    tag: TAG,
    summary: '免费试玩：以试玩账号登录（演示资金），返回 api_token',
    access: 'public',
    rateLimit: { per: 'ip', setting: 'login' },
    handler: async ({ app, req }) => {
      const token = await loginGuest(app.kdb, meta(req));
      return ok<ApiToken>({ api_token: token }, MSG.loginSuccess);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/logoff',
    tag: TAG,
    summary: '退出登录：本会话失效',
    access: 'member',
    handler: async ({ app, member }) => {
      await revokeSession(app.kdb, member.tokenHash);
      return ok(null, MSG.logoffSuccess);
    },
  }),
];
