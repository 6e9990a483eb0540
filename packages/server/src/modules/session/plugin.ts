import fp from 'fastify-plugin';
import { MSG } from '@app/contract';
import { forbidden, unauthorized } from '../../http/errors.js';
import type { RedisLink } from '../../lib/redis.js';
import { publishedOrLate } from '../../lib/fanout.js';
import { applyRevocation, resolveSession, setRevocationPublisher, type Revocation } from './service.js';

function bearer(header: string | undefined): string {
  if (!header) return '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : '';
}

/** Decorates requests with the signed-in member and gives routes the requireMember guard (findMember where signing in is optional). */
export default fp<{ redis: RedisLink | null }>(async (app, { redis }) => {
  app.decorateRequest('member', null);
  // Without Redis there is one instance and its cache is always right; with Redis, only while the
  // revocation channel is heard (see lib/redis.ts).
  const cacheEpoch = redis ? () => redis.epoch() : () => 0;
  if (redis) {
    const channel = `${app.config.redisPrefix}sessions:revoked`;
    redis.subscribe(channel, (text) => {
      try {
        applyRevocation(JSON.parse(text) as Revocation);
      } catch (err) {
        app.log.warn({ err }, 'unreadable session revocation');
      }
    });
    setRevocationPublisher(async (r) => {
      if (!redis.healthy()) return app.log.warn({ revocation: r }, 'revocation not published: redis away (other instances read sessions from the database meanwhile)');
      // Bounded: a Redis that stops answering mid-publish delays a logoff by at most this much.
      const published = redis.client.publish(channel, JSON.stringify(r)).then(
        () => {},
        (err) => app.log.warn({ err }, 'revocation not published'),
      );
      await publishedOrLate(published);
    });
    app.addHook('onClose', async () => setRevocationPublisher(async () => {}));
  }
  app.decorate('cacheEpoch', cacheEpoch);
  app.decorate('requireMember', async (req) => {
    const token = bearer(req.headers.authorization);
    if (!token) throw unauthorized(MSG.notLoggedIn);
    const member = await resolveSession(app.kdb, token, app.config.sessionIdleMs, cacheEpoch());
    if (!member) throw unauthorized(MSG.sessionExpired);
    req.member = member;
  });
  app.decorate('findMember', async (req) => {
    const token = bearer(req.headers.authorization);
    return token ? resolveSession(app.kdb, token, app.config.sessionIdleMs, cacheEpoch()) : null;
  });
  app.decorate('refuseTrial', async (req) => {
    if (req.member?.isTrial) throw forbidden(MSG.trialRefused);
  });
});
