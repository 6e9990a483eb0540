import { sql } from 'kysely';
import { TRANS_TYPE } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { batchReader, perDatabase } from '../../lib/batch.js';

/**
 * The venues a member ever moved money into, whatever became of the transfer. A venue wallet is
 * filled only by the platform's transfers in, so a venue not among these holds nothing of the
 * member's, and user info need not ask it (no call to a venue for a member who never played there).
 * Outside a transaction, the members asked for in one event-loop turn share one statement (lib/batch.ts).
 */
export async function venuesEverFunded(db: Kdb, memberId: number): Promise<ReadonlySet<string>> {
  if (db.isTransaction) return (await readFunded(db, [memberId])).get(memberId) ?? NONE;
  return (await fundedOf(db)(memberId)) ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();

const fundedOf = perDatabase((db: Kdb) => batchReader((memberIds: number[]) => readFunded(db, memberIds)));

async function readFunded(db: Kdb, memberIds: number[]): Promise<Map<number, Set<string>>> {
  const rows = await db
    .selectFrom('transfers')
    .select(['member_id', 'venue'])
    .distinct()
    .where('member_id', '=', sql<number>`ANY(${memberIds}::bigint[])`)
    .where('direction', '=', TRANS_TYPE.transferIn)
    .execute();
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const id = Number(r.member_id);
    const set = out.get(id) ?? new Set<string>();
    set.add(r.venue);
    out.set(id, set);
  }
  return out;
}
