import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuditAction, Envelope, Permission } from '@app/contract';
import type { CsvFile } from './csv.js';
import type { StaffPrincipal } from '../modules/staff/sessions.js';

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
  /**
   * 'csv': on success the route answers a file (a CsvFile, admin/csv.ts) instead of an envelope; a
   * refusal is still an envelope. Declared here so the OpenAPI document says so.
   */
  file?: 'csv';
  /**
   * Open to a staff member the operator's switch requires two-factor sign-in of and who has not
   * enrolled yet (contract totpDue): only what it needs to enrol (me, logout, password, 2fa).
   */
  beforeTotp?: true;
  /**
   * Open to a staff member still on a temporary password (a new account, a reset, the generated
   * first admin's): only what it needs to change it (me, logout, password).
   */
  beforePasswordChange?: true;
  handler(ctx: RouteContext<any, any, any>): Promise<Envelope | CsvFile>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** Only a route declared `file: 'csv'` may answer a file. */
type Answer<F> = F extends 'csv' ? Envelope | CsvFile : Envelope;

/** Declares a route with its handler typed from its schemas. */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  F extends 'csv' | undefined = undefined,
>(
  def: Omit<AdminRoute, 'body' | 'query' | 'params' | 'file' | 'handler'> & {
    body?: B;
    query?: Q;
    params?: P;
    file?: F;
    handler(ctx: RouteContext<Out<B>, Out<Q>, Out<P>>): Promise<Answer<F>>;
  },
): AdminRoute {
  return def as AdminRoute;
}
