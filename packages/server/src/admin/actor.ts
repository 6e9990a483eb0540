import type { FastifyRequest } from 'fastify';
import type { Actor } from '../modules/audit/service.js';
import type { StaffPrincipal } from '../modules/staff/sessions.js';

/** The audit log's "who and from where" for this request. */
export function actorOf(req: FastifyRequest, staff: StaffPrincipal): Actor {
  return { id: staff.id, username: staff.username, ip: req.ip };
}
