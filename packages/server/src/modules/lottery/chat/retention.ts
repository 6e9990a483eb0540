import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../../db/connect.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../../lib/jobs.js';

/**
 * Room chat is kept CHAT_RETENTION_DAYS days (staff moderate what is recent; the audit log keeps what
 * staff did), then deleted in bounded batches, so the table cannot grow without end.
 */

/** Advisory lock key of the pass across instances. */
const LOCK_KEY = JOB_LOCK.chatRetention;
/** Rows one statement deletes, and statements one pass runs at most (a backlog clears over passes). */
const BATCH_ROWS = 5000;
const BATCHES_PER_PASS = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Deletes chat older than `days` before `nowMs`; answers how many rows went. */
export async function pruneChat(db: Kdb, nowMs: number, days: number): Promise<number> {
  const before = new Date(nowMs - days * DAY_MS);
  let deleted = 0;
  for (let i = 0; i < BATCHES_PER_PASS; i++) {
    const r = await sql`
      DELETE FROM lottery_chat WHERE id IN (
        SELECT id FROM lottery_chat WHERE created_at < ${before} ORDER BY id LIMIT ${BATCH_ROWS}
      )`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    deleted += n;
    if (n < BATCH_ROWS) break;
  }
  return deleted;
}

/** Prunes every hour, once at a time across instances; CHAT_RETENTION_DAYS 0 keeps chat for ever. */
export function startChatRetention(app: FastifyInstance): void {
  const days = app.config.chatRetentionDays;
  if (!(days > 0)) return;
  scheduleJob(app, 'chat-retention', HOUR_MS, () => withTryLock(app.db, LOCK_KEY, () => pruneChat(app.kdb, Date.now(), days)));
}
