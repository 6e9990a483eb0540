import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BET_STATUS, MSG, TRANSFER_STATE } from '@app/contract';
import type { Db, Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';
import { HOUSE, memberBalanceFen, memberWalletId, openMemberWallet, post, systemAccountId } from '../ledger/service.js';
import { createSession, expireMemberSessions } from '../session/service.js';
import { getSettings } from '../site/service.js';
import { recycleAll, type TransferDeps } from '../transfers/service.js';
import { closeMember, createMember } from '../user/account.js';
import type { VenueRegistry } from '../venues/registry.js';

/**
 * The guest trial (DESIGN §4): each guestlogin gets an account of its own, a trial member
 * (is_trial) with its own central wallet of demo money and its own venue wallets, so one guest can
 * neither empty nor reconfigure another's. Nobody can sign in to it again: it has no password, and
 * its name (guest_…) cannot be registered. When its session has ended (logoff, or GUEST_IDLE_MS
 * unused) the reaper brings its money back from the venues and returns the demo money to the trial
 * house account, and the account is closed (state 0): the wallet is reset, the books still balance.
 *
 * The site setting app.trial_switch (免费试玩 in 站点设置) is the switch: off, and guestlogin answers
 * 试玩账号暂不可用 (the login page then offers no trial).
 */
export const GUEST_DEMO_FEN = 2_000_000; // 20,000 yuan of demo money, as the seeded trial account had
/** A guest's session unused this long has ended (shorter than a member's: nobody comes back to it). */
export const GUEST_IDLE_MS = 2 * 3600_000;
const REAP_INTERVAL_MS = 60_000;
/** Guests reset in one pass; a larger backlog is finished by the next passes. */
const REAP_BATCH = 100;
const LOCK_KEY = JOB_LOCK.guestReaper;
const GUEST_PREFIX = 'guest_';
/** Not an argon2 hash: nothing verifies against it, so no password ever opens a guest account. */
const NO_PASSWORD = '!guest';

/** POST /api/guestlogin: a new guest with its own demo wallet, signed in. */
export async function loginGuest(db: Kdb, meta: { ip: string; userAgent: string }): Promise<string> {
  const { app } = await getSettings(db);
  if (app.trial_switch !== 1) throw notFound(MSG.trialUnavailable);
  const funding = await systemAccountId(db, HOUSE.trialFunding);
  const memberId = await db.transaction().execute(async (tx) => {
    const id = await createMember(tx, {
      username: `${GUEST_PREFIX}${randomBytes(6).toString('hex')}`,
      password_hash: NO_PASSWORD,
      pay_password_hash: '',
      realname: '试玩用户',
      is_trial: true,
      register_ip: meta.ip,
    });
    const wallet = await openMemberWallet(tx, id);
    await post(tx, {
      idemKey: `trial:guest:${id}`,
      kind: 'trial_funding',
      memo: '试玩账号体验金',
      entries: [
        { accountId: funding, amountFen: -GUEST_DEMO_FEN },
        { accountId: wallet, amountFen: GUEST_DEMO_FEN },
      ],
    });
    return id;
  });
  return createSession(db, memberId, meta);
}

export interface ReapReport {
  /** guests closed with their demo money returned */
  reset: number;
  /** guests left for a later pass (money still on its way back from a venue) */
  waiting: number;
}

/**
 * One pass of the reaper: guests without a live session (none unrevoked and used within
 * GUEST_IDLE_MS) and not yet reset, oldest first. For each: its sessions are revoked (an idle one
 * must not come back), its venue money recycled; when none is left at a venue or on its way, its
 * central balance goes back to the trial house account and the account is closed. A guest whose
 * recycle is pending (state 2), or whose lottery orders are not settled yet, waits for a later pass.
 */
export async function reapGuests(deps: TransferDeps, nowMs = Date.now()): Promise<ReapReport> {
  const db = deps.db;
  const idleSince = new Date(nowMs - GUEST_IDLE_MS);
  const due = await db
    .selectFrom('members as m')
    .select('m.id')
    .where('m.is_trial', '=', true)
    .where('m.state', '=', 1)
    .where('m.username', 'like', `${GUEST_PREFIX}%`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions as s')
            .select('s.token_hash')
            .whereRef('s.member_id', '=', 'm.id')
            .where('s.revoked_at', 'is', null)
            .where('s.last_seen_at', '>', idleSince),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(REAP_BATCH)
    .execute();
  const report: ReapReport = { reset: 0, waiting: 0 };
  for (const { id } of due) {
    await expireMemberSessions(db, id);
    await recycleAll(deps, id);
    const [pending, unsettled, atVenues] = await Promise.all([
      db.selectFrom('transfers').select('id').where('member_id', '=', id).where('state', '=', TRANSFER_STATE.pending).executeTakeFirst(),
      db.selectFrom('lottery_orders').select('id').where('member_id', '=', id).where('status', '=', BET_STATUS.unsettled).executeTakeFirst(),
      venueMoneyFen(deps.venues, id),
    ]);
    if (pending || unsettled || atVenues > 0) {
      report.waiting += 1;
      continue;
    }
    await resetWallet(db, id);
    report.reset += 1;
  }
  return report;
}

async function venueMoneyFen(venues: VenueRegistry, memberId: number): Promise<number> {
  const balances = await venues.balancesFen(await venues.transferVenues(), memberId);
  let fen = 0;
  for (const v of balances.values()) fen += v;
  return fen;
}

/** The guest's central balance back to the trial house account, and the account closed, in one transaction. */
async function resetWallet(db: Kdb, memberId: number): Promise<void> {
  const [funding, wallet] = await Promise.all([systemAccountId(db, HOUSE.trialFunding), memberWalletId(db, memberId)]);
  await db.transaction().execute(async (tx) => {
    // Member row first (the lock order of every money path); a closed guest is never reset twice.
    if (!(await closeMember(tx, memberId))) return;
    const balanceFen = await memberBalanceFen(tx, memberId);
    if (balanceFen <= 0) return;
    await post(tx, {
      idemKey: `trial:reset:${memberId}`,
      kind: 'trial_reset',
      memo: '试玩账号结束，体验金收回',
      entries: [
        { accountId: wallet, amountFen: -balanceFen },
        { accountId: funding, amountFen: balanceFen },
      ],
    });
  });
}

/** The reaper as a job of this instance, once at a time across instances. */
export function startGuestReaper(app: FastifyInstance): void {
  const deps = (): TransferDeps => ({ db: app.kdb, venues: app.venues });
  scheduleJob(app, 'guest reaper', REAP_INTERVAL_MS, () => withTryLock(app.db as Db, LOCK_KEY, () => reapGuests(deps())));
}
