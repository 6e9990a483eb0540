import { BLOCK_KIND_LABEL, fenOfYuan, fmt, PROTECTION, PROTECTION_MSG, type BlockDuration, type BlockKind, type LimitKind, type LimitPeriod, type SetLimitResult } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { ackRealityCheck } from '../session/service.js';
import { blockEnd, bjMinute } from './periods.js';
import { currentBlock, eventText, protectionState, writeEvent, type BlockRecord, type ChangedBy, type Player } from './service.js';

/**
 * The changes to a member's protection, by the member (stricter at once; looser only after the
 * cooling-off and its confirmation) or by staff (stricter only). Each writes its history line in its
 * own transaction, under the member row's lock, so two changes at once apply one after the other.
 */

const COOLING_OFF_MS = PROTECTION.coolingOffHours * 60 * 60 * 1000;

export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  /** yuan, or minutes for the session limit; 0 removes (members only) */
  limit: number;
}

/** A wire value (yuan or minutes) as kept (fen or minutes). */
const stored = (kind: LimitKind, limit: number) => (kind === 'session' ? limit : fenOfYuan(limit));

function refuseTrial(player: Player): void {
  if (player.isTrial) throw forbidden(PROTECTION_MSG.trial);
}

async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
}

async function limitRowOf(tx: Tx, memberId: number, kind: LimitKind, period: LimitPeriod) {
  return tx.selectFrom('protection_limits').selectAll().where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).executeTakeFirst();
}

/** POST /api/protection/limit: a new or lower limit applies at once; a higher one or a removal waits. */
export async function setOwnLimit(db: Kdb, player: Player, change: LimitChange, now: Date): Promise<SetLimitResult & { message: string }> {
  refuseTrial(player);
  const { kind, period } = change;
  const value = stored(kind, change.limit);
  const outcome = await db.transaction().execute(async (tx) => {
    await lockMember(tx, player.id);
    const row = await limitRowOf(tx, player.id, kind, period);
    if (!row) {
      if (value === 0) throw badRequest(PROTECTION_MSG.removedNone);
      await tx.insertInto('protection_limits').values({ member_id: player.id, kind, period, limit_value: value }).execute();
      await writeEvent(tx, player.id, null, eventText('set', { kind, period, value }));
      return { outcome: 'applied' as const, message: PROTECTION_MSG.applied };
    }
    const current = Number(row.limit_value);
    if (value !== 0 && value < current) {
      // Lower: at once, and a raise or removal waiting is dropped.
      await tx.updateTable('protection_limits').set({ limit_value: value, pending_value: null, pending_confirmable_at: null, updated_at: now }).where('member_id', '=', player.id).where('kind', '=', kind).where('period', '=', period).execute();
      await writeEvent(tx, player.id, null, eventText('lower', { kind, period, value }));
      return { outcome: 'applied' as const, message: PROTECTION_MSG.applied };
    }
    if (value === current) throw badRequest(PROTECTION_MSG.same);
    const pendingValue = value === 0 ? null : value;
    const samePending = row.pending_confirmable_at !== null && (row.pending_value === null ? null : Number(row.pending_value)) === pendingValue;
    // Asking again for the change already waiting keeps its clock: the cooling-off is not restarted.
    const confirmableAt = samePending ? new Date(row.pending_confirmable_at!) : new Date(now.getTime() + COOLING_OFF_MS);
    if (!samePending) {
      await tx.updateTable('protection_limits').set({ pending_value: pendingValue, pending_confirmable_at: confirmableAt, updated_at: now }).where('member_id', '=', player.id).where('kind', '=', kind).where('period', '=', period).execute();
      await writeEvent(tx, player.id, null, pendingValue === null ? eventText('remove', { kind, period }) : eventText('raise', { kind, period, value }));
    }
    return { outcome: 'pending' as const, message: fmt(PROTECTION_MSG.pending, { from: bjMinute(confirmableAt) }) };
  });
  return { ...outcome, state: await protectionState(db, player, now) };
}

/** POST /api/protection/limit/confirm: the waiting change takes effect once its cooling-off is over. */
export async function confirmOwnLimit(db: Kdb, player: Player, key: { kind: LimitKind; period: LimitPeriod }, now: Date): Promise<void> {
  refuseTrial(player);
  await db.transaction().execute(async (tx) => {
    await lockMember(tx, player.id);
    const row = await limitRowOf(tx, player.id, key.kind, key.period);
    if (!row?.pending_confirmable_at) throw badRequest(PROTECTION_MSG.noPending);
    const at = new Date(row.pending_confirmable_at);
    if (now < at) throw badRequest(fmt(PROTECTION_MSG.tooEarly, { from: bjMinute(at) }));
    if (row.pending_value === null) {
      await tx.deleteFrom('protection_limits').where('member_id', '=', player.id).where('kind', '=', key.kind).where('period', '=', key.period).execute();
      await writeEvent(tx, player.id, null, eventText('confirmRemove', key));
    } else {
      const value = Number(row.pending_value);
      await tx
        .updateTable('protection_limits')
        .set({ limit_value: value, pending_value: null, pending_confirmable_at: null, updated_at: now })
        .where('member_id', '=', player.id)
        .where('kind', '=', key.kind)
        .where('period', '=', key.period)
        .execute();
      await writeEvent(tx, player.id, null, eventText('confirmRaise', { ...key, value }));
    }
  });
}

/** POST /api/protection/limit/cancel: the waiting change is dropped; the limit stays as it is. */
export async function cancelOwnLimit(db: Kdb, player: Player, key: { kind: LimitKind; period: LimitPeriod }, now: Date): Promise<void> {
  refuseTrial(player);
  await db.transaction().execute(async (tx) => {
    await lockMember(tx, player.id);
    const row = await limitRowOf(tx, player.id, key.kind, key.period);
    if (!row?.pending_confirmable_at) throw badRequest(PROTECTION_MSG.noPending);
    await tx
      .updateTable('protection_limits')
      .set({ pending_value: null, pending_confirmable_at: null, updated_at: now })
      .where('member_id', '=', player.id)
      .where('kind', '=', key.kind)
      .where('period', '=', key.period)
      .execute();
    await writeEvent(tx, player.id, null, eventText('cancel', key));
  });
}

/**
 * Staff: a new limit, or a lower one, at once (a waiting raise is dropped); anything looser is refused.
 * The staff member's audit row is written in the same transaction.
 */
export async function setStaffLimit(db: Kdb, actor: Actor, memberId: number, change: LimitChange, reason: string, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { before, after } = await lowerLimit(tx, actor, memberId, change, reason, now);
    const limit = { kind: change.kind, period: change.period };
    await writeAudit(tx, actor, 'member.protection_limit', `member:${memberId}`, before === null ? null : { ...limit, value: before }, { ...limit, value: after, reason });
  });
}

async function lowerLimit(tx: Tx, by: NonNullable<ChangedBy>, memberId: number, change: LimitChange, reason: string, now: Date): Promise<{ before: number | null; after: number }> {
  const { kind, period } = change;
  const value = stored(kind, change.limit);
  await lockMember(tx, memberId);
  const row = await limitRowOf(tx, memberId, kind, period);
  const before = row ? Number(row.limit_value) : null;
  if (before !== null && value >= before) throw badRequest(PROTECTION_MSG.staffStricterOnly);
  if (row) {
    await tx.updateTable('protection_limits').set({ limit_value: value, pending_value: null, pending_confirmable_at: null, updated_at: now }).where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).execute();
  } else {
    await tx.insertInto('protection_limits').values({ member_id: memberId, kind, period, limit_value: value }).execute();
  }
  await writeEvent(tx, memberId, by, eventText(row ? 'lower' : 'set', { kind, period, value }), reason);
  return { before, after: value };
}

/**
 * A time-out or exclusion from now; refused when one already in force ends later (nobody shortens
 * one: a member's own or a staff member's new block must end after the current one). The caller ends
 * the member's venue sessions after the commit.
 */
async function startBlock(tx: Tx, by: ChangedBy, memberId: number, block: { kind: BlockKind; duration: BlockDuration }, reason: string, now: Date): Promise<BlockRecord> {
  await lockMember(tx, memberId);
  const current = await currentBlock(tx, memberId, now);
  const endsAt = blockEnd(block.duration, now);
  const longer = !current || (current.endsAt !== null && (endsAt === null || endsAt > current.endsAt));
  if (!longer) throw badRequest(fmt(PROTECTION_MSG.blockShorter, { label: BLOCK_KIND_LABEL[current!.kind] }));
  await tx
    .insertInto('protection_blocks')
    .values({ member_id: memberId, kind: block.kind, duration: block.duration, started_at: now, ends_at: endsAt, staff_id: by?.id ?? null, staff_name: by?.username ?? null, reason })
    .execute();
  await writeEvent(tx, memberId, by, eventText('block', { block: block.kind, duration: block.duration }), reason);
  return { kind: block.kind, duration: block.duration, startedAt: now, endsAt, by: by?.username ?? 'member' };
}

/** A staff member's time-out or exclusion, with its audit row in the same transaction. The caller ends the member's venue sessions after. */
export async function startStaffBlock(db: Kdb, actor: Actor, memberId: number, block: { kind: BlockKind; duration: BlockDuration }, reason: string, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const started = await startBlock(tx, actor, memberId, block, reason, now);
    await writeAudit(tx, actor, 'member.protection_block', `member:${memberId}`, null, { ...block, until: started.endsAt ? bjMinute(started.endsAt) : '', reason });
  });
}

/** POST /api/protection/block by the member itself. */
export async function startOwnBlock(db: Kdb, player: Player, block: { kind: BlockKind; duration: BlockDuration }, now: Date): Promise<BlockRecord> {
  refuseTrial(player);
  return db.transaction().execute((tx) => startBlock(tx, null, player.id, block, '', now));
}

/** POST /api/protection/reality {minutes}. */
export async function setRealityMinutes(db: Kdb, player: Player, minutes: number): Promise<void> {
  refuseTrial(player);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('protection_reality_checks')
      .values({ member_id: player.id, interval_minutes: minutes })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ interval_minutes: minutes }))
      .execute();
    await writeEvent(tx, player.id, null, eventText('reality', { minutes }));
  });
}

/** POST /api/playStatus/ack: the reality check shown is acknowledged; the next is due an interval later. */
export async function ackReality(db: Kdb, player: Player, now: Date): Promise<void> {
  if (!player.tokenHash) return;
  await ackRealityCheck(db, player.tokenHash, now);
}
