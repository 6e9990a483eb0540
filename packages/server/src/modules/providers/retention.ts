import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../db/connect.js';
import { scheduleJob } from '../../lib/jobs.js';

/**
 * Stored seamless answers (seamless_requests) are kept SEAMLESS_ANSWER_KEEP_DAYS: long past any
 * provider's retries. A request_uuid repeated later is answered afresh, which moves no money twice:
 * its transaction_uuid, kept for ever in seamless_transactions, answers the transaction's original
 * result (provider-kit docs/seamless-wallet.md, Idempotency).
 */
export const SEAMLESS_ANSWER_KEEP_DAYS = 30;
const SWEEP_EVERY_MS = 60 * 60_000;
/** Rows one statement deletes, and statements one pass runs at most (a backlog clears over passes). */
const BATCH_ROWS = 5000;
const BATCHES_PER_PASS = 20;

/** Deletes the answers older than the keep; answers how many went. */
export async function sweepSeamlessAnswers(db: Kdb, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SEAMLESS_ANSWER_KEEP_DAYS * 86_400_000);
  let deleted = 0;
  for (let i = 0; i < BATCHES_PER_PASS; i++) {
    const r = await sql`DELETE FROM seamless_requests WHERE ctid IN (SELECT ctid FROM seamless_requests WHERE created_at < ${before} LIMIT ${BATCH_ROWS})`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    deleted += n;
    if (n < BATCH_ROWS) break;
  }
  return deleted;
}

export function startSeamlessAnswerSweep(app: FastifyInstance): void {
  scheduleJob(app, 'seamless answer sweep', SWEEP_EVERY_MS, () => sweepSeamlessAnswers(app.kdb));
}
