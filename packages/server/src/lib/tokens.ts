import { hash, randomBytes } from 'node:crypto';

/** A bearer token: 32 random bytes; only its sha256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export function hashToken(token: string): string {
  // One-shot: every authenticated request hashes its token, and this skips the Hash object.
  return hash('sha256', token, 'hex');
}
