import { expect } from 'vitest';
import type { StaffRole } from '@app/contract';
import { uniqueName, type TestServer } from './harness.js';

/** Back-office helpers for the admin*.test.ts files. */
export const ADMIN_PASSWORD = 'first-Admin-pass-9';
export const STAFF_PASSWORD = 'staff-Pass-123';
/** What a super admin gives a new staff member: temporary, changed at the first sign-in. */
export const STAFF_INITIAL_PASSWORD = 'initial-Pass-123';

export interface Staff {
  id: number;
  username: string;
  password: string;
  token: string;
}

/** A back-office call: GET with the query in the path, POST with a JSON body. */
export function adminCall<T = any>(s: TestServer, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  return s.api<T>(`/admin/api${path}`, body, { token, method });
}

export async function staffLogin(s: TestServer, username: string, password: string): Promise<string> {
  const r = await s.api('/admin/api/login', { username, password });
  expect(r, `login ${username}`).toMatchObject({ code: 200 });
  return r.data.token as string;
}

/**
 * A staff member with `role`, created through the API by a super admin, signed in, and past the
 * first sign-in's change of the temporary password (to STAFF_PASSWORD; the session stays).
 */
export async function newStaff(s: TestServer, superToken: string, role: StaffRole): Promise<Staff> {
  const username = uniqueName(`s${role.slice(0, 2)}`);
  const r = await adminCall(s, superToken, 'POST', '/staff', { username, password: STAFF_INITIAL_PASSWORD, role });
  expect(r).toMatchObject({ code: 200 });
  const token = await staffLogin(s, username, STAFF_INITIAL_PASSWORD);
  expect(await adminCall(s, token, 'POST', '/password', { old_password: STAFF_INITIAL_PASSWORD, password: STAFF_PASSWORD })).toMatchObject({ code: 200 });
  return { id: r.data.id, username, password: STAFF_PASSWORD, token };
}

/** Audit rows of one action on one target, oldest first (straight from the table). */
export async function auditRows(s: TestServer, action: string, target: string) {
  return s.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).where('target', '=', target).orderBy('id').execute();
}

/**
 * A back-office GET that may answer a file (routes declared `file`, e.g. a CSV export): the raw
 * response, and the envelope when the answer is one (a refusal).
 */
export async function adminFile(s: TestServer, token: string, path: string) {
  const res = await fetch(`${s.url}/admin/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const type = res.headers.get('content-type') ?? '';
  // The bytes as sent: res.text() would drop a byte-order mark.
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    status: res.status,
    type,
    disposition: res.headers.get('content-disposition') ?? '',
    bytes,
    text,
    envelope: type.startsWith('application/json') ? (JSON.parse(text) as { code: number; message: string; data: unknown }) : null,
  };
}
