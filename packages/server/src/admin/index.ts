import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CODE, MSG, PROMO_ADMIN_LIMITS, roleCan, STAFF_2FA_MSG, STAFF_PASSWORD_CHANGE_MSG, totpDue } from '@app/contract';
import { envelope } from '../http/envelope.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { perMinute } from '../http/rate.js';
import { ensureFirstAdmin, holdGeneratedPassword } from '../modules/staff/bootstrap.js';
import { resolveStaffSession, type StaffPrincipal } from '../modules/staff/sessions.js';
import { getStaffSecurity } from '../modules/staff/totp.js';
import { CsvFile, sendCsv } from './csv.js';
import { cardsFor } from './redact.js';
import type { AdminRoute } from './route.js';
import { ADMIN_ROUTES } from './table.js';

/** Back-office writes that change what members read as public content (banners, notices, articles, activities, site settings, the game catalogue, venues and their providers, lottery rooms and odds). */
const PUBLIC_CONTENT_ROUTE = /^\/(articles|banners|notices|game-entries|site|venues|providers|activities|activity-types|lotteries)(\/|$)|^\/lottery\/rooms(\/:id)?$/;

function bearer(header: string | undefined): string {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? m[1] : '';
}

async function authenticate(app: FastifyInstance, req: FastifyRequest, r: AdminRoute): Promise<StaffPrincipal> {
  const token = bearer(req.headers.authorization);
  if (!token) throw unauthorized(MSG.notLoggedIn);
  const staff = await resolveStaffSession(app.kdb, token);
  if (!staff) throw unauthorized(MSG.sessionExpired);
  if (!r.beforePasswordChange && staff.passwordChangeDue) throw forbidden(STAFF_PASSWORD_CHANGE_MSG.required);
  if (!r.beforeTotp && totpDue(staff.role, (await getStaffSecurity(app.kdb)).totp_required, staff.totpEnabled)) throw forbidden(STAFF_2FA_MSG.required);
  if (r.access !== 'staff' && r.access !== 'public' && !roleCan(staff.role, r.access)) throw forbidden(MSG.forbidden);
  return staff;
}

/**
 * The back-office API, mounted at /admin/api (DESIGN §10): staff sessions, permissions per route,
 * the audit log. Registers every route of the one route table: session, then permission, then the
 * request's parts through the route's schemas, then the handler, whose answer has card numbers
 * masked unless the staff member may see them; a file route's export is sent as a file (admin/csv.ts).
 * Creates the first admin on a database without staff.
 */
export default async function adminApi(app: FastifyInstance): Promise<void> {
  const first = await ensureFirstAdmin(app.kdb, app.config.adminPassword, app.config.staffTotpRequired);
  if (first.generatedPassword) holdGeneratedPassword(app.kdb, first.generatedPassword);
  if (first.created) app.log.warn(first.generatedPassword ? 'back-office: created staff account admin with a generated password (printed once on the console)' : 'back-office: created staff account admin with ADMIN_PASSWORD');

  // Multipart for the one upload route (POST /uploads, an image held in memory, capped); JSON elsewhere.
  await app.register(multipart, { limits: { fileSize: PROMO_ADMIN_LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });

  for (const r of ADMIN_ROUTES) {
    const changesPublic = r.method !== 'GET' && PUBLIC_CONTENT_ROUTE.test(r.path);
    app.route({
      method: r.method,
      url: r.path,
      config: { maintenanceExempt: true, ...(r.rateLimit ? perMinute(app.config.rateLimits[r.rateLimit]) : {}) },
      handler: async (req, reply) => {
        const staff = r.access === 'public' ? (null as unknown as StaffPrincipal) : await authenticate(app, req, r);
        const answer = await r.handler({
          app,
          req,
          staff,
          params: r.params ? parse(r.params, req.params) : undefined,
          query: r.query ? parse(r.query, req.query) : undefined,
          body: r.body ? parse(r.body, req.body) : undefined,
        });
        // What members read changed: every instance drops its copy (http/public-cache.ts).
        if (changesPublic) await app.publicCache.changed();
        // A file route's success is the file itself (its refusals are thrown, so still envelopes).
        if (answer instanceof CsvFile) return sendCsv(reply, answer);
        // Card numbers in full only for members.cards, whatever the route (admin/redact.ts).
        return cardsFor(staff?.role ?? null, answer);
      },
    });
  }
  app.setNotFoundHandler((_req, reply) => reply.status(404).send(envelope(CODE.notFound, MSG.notFound)));
}
