import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Launch tokens: what getGameUrl puts in a game URL, the way an operator and a provider share a key.
 * The demo venue signs them when the platform asks for a launch URL (venue-demo/provider-api.ts) and
 * verifies them when the page opens (venue-demo/play.ts).
 * A token names one member (the venue's player id), one venue and one game, expires after a short
 * time, and carries a nonce the venue records on first use, so a URL launches once. The signature is
 * HMAC-SHA256 over the claims with a secret shared by every instance, which the caller passes in
 * (modules/site/launch-secret.ts keeps it).
 */
export interface LaunchClaims {
  player: string;
  venue: string;
  game: string;
  /** expiry, unix seconds */
  exp: number;
  nonce: string;
  /**
   * Player protection's answer at launch (DESIGN §12): what the member's wager and loss limits leave,
   * which the venue enforces for the play it opens. Absent: no limit.
   */
  headroom?: LaunchHeadroom;
  /** A seamless provider's launch: the platform's wallet token the play spends the central wallet with. */
  wallet?: string;
}

/**
 * The stake headroom a launch carries, integer fen. `wager`: stakes may total at most this; `loss`:
 * stakes − payouts, counting each new stake as lost, may reach at most this (null: no such limit).
 * `after`: the platform counted the player's bets up to this position of the venue's bet feed, so the
 * venue also counts, against the headroom, the bets it recorded after it (placed before the launch,
 * not yet read by the platform).
 */
export interface LaunchHeadroom {
  wager: number | null;
  loss: number | null;
  after: number;
}

const isFen = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** A well-formed headroom claim, or false. */
function headroomOk(h: unknown): boolean {
  if (h === undefined) return true;
  if (typeof h !== 'object' || h === null) return false;
  const { wager, loss, after } = h as Record<string, unknown>;
  return (wager === null || isFen(wager)) && (loss === null || isFen(loss)) && isFen(after);
}

const b64 = (buf: Buffer) => buf.toString('base64url');

export function signLaunch(secret: Buffer, claims: Omit<LaunchClaims, 'nonce'> & { nonce?: string }): string {
  const body = b64(Buffer.from(JSON.stringify({ ...claims, nonce: claims.nonce ?? b64(randomBytes(12)) })));
  return `${body}.${b64(createHmac('sha256', secret).update(body).digest())}`;
}

/** The claims of a well-signed, unexpired token, or null (tampered, malformed or expired). */
export function verifyLaunch(secret: Buffer, token: string, nowS = Math.floor(Date.now() / 1000)): LaunchClaims | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const want = createHmac('sha256', secret).update(body).digest();
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  let claims: LaunchClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LaunchClaims;
  } catch {
    return null;
  }
  const fields = [claims?.player, claims?.venue, claims?.game, claims?.nonce];
  if (fields.some((f) => typeof f !== 'string' || f === '') || !Number.isSafeInteger(claims.exp) || !headroomOk(claims.headroom)) return null;
  if (claims.wallet !== undefined && (typeof claims.wallet !== 'string' || claims.wallet === '')) return null;
  return claims.exp >= nowS ? claims : null;
}
