import fp from 'fastify-plugin';
import { MSG } from '@app/contract';
import { forbidden, unauthorized } from '../../http/errors.js';
import { resolveSession } from './service.js';

function bearer(header: string | undefined): string {
  if (!header) return '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : '';
}

/** Decorates requests with the signed-in member and gives routes the requireMember guard. */
export default fp(async (app) => {
  app.decorateRequest('member', null);
  app.decorate('requireMember', async (req) => {
    const token = bearer(req.headers.authorization);
    if (!token) throw unauthorized(MSG.notLoggedIn);
    const member = await resolveSession(app.kdb, token, app.config.sessionIdleMs);
    if (!member) throw unauthorized(MSG.sessionExpired);
    req.member = member;
  });
  app.decorate('refuseTrial', async (req) => {
    if (req.member?.isTrial) throw forbidden(MSG.trialRefused);
  });
});
