import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuditAction, Envelope, Permission } from '@app/contract';
import type { StaffPrincipal } from './staff/sessions.js';

/**
 * One back-office route, declared once: the plugin registers it from this declaration and the
 * OpenAPI document describes it from the same one, so the two cannot drift apart.
 */
export interface RouteContext<B, Q, P> {
  app: FastifyInstance;
  req: FastifyRequest;
  /** the signed-in staff member (absent only on public routes) */
  staff: StaffPrincipal;
  body: B;
  query: Q;
  params: P;
}

export interface AdminRoute {
  method: 'GET' | 'POST';
  /** below /admin/api, with :name parameters */
  path: string;
  tag: string;
  summary: string;
  /** 'public': no session; 'staff': any signed-in staff member; else the permission it needs */
  access: 'public' | 'staff' | Permission;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** the audit actions this route writes when it changes something */
  audits?: AuditAction[];
  /** counted against this per-IP, per-minute rate limit (config.rateLimits) */
  rateLimit?: 'login' | 'captcha';
  handler(ctx: RouteContext<any, any, any>): Promise<Envelope>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Declares a route with its handler typed from its schemas. */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  def: Omit<AdminRoute, 'body' | 'query' | 'params' | 'handler'> & {
    body?: B;
    query?: Q;
    params?: P;
    handler(ctx: RouteContext<Out<B>, Out<Q>, Out<P>>): Promise<Envelope>;
  },
): AdminRoute {
  return def as AdminRoute;
}
