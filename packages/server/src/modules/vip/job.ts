import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../db/connect.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';
import { relegateDue } from './relegate.js';
import { candidates, promoteBatch, PROMOTE_BATCH } from './service.js';

/**
 * Candidates read per statement by the pass. Each read is a scan of the members table (≈ 26 ms at
 * 100,000 members, benchmark (g)), so the pass reads many batches' worth at once and promotes them
 * PROMOTE_BATCH at a time; a member promoted meanwhile by a hook is skipped by the batch's re-check.
 */
const PASS_READ = 10 * PROMOTE_BATCH;

/**
 * The nightly VIP pass (DESIGN §8): relegations of the periods that ended, then the promotions that
 * no deposit or bet triggered (a failed hook, tiers edited by staff). Relegation first, so a member
 * relegated today is not promoted again the same Beijing day. A re-run changes nothing: relegated
 * and kept periods move on, promoted members wait for the next Beijing day.
 */
export async function vipPass(db: Kdb, now: Date = new Date()): Promise<{ relegated: number; promoted: number }> {
  const relegated = await relegateDue(db, now);
  let promoted = 0;
  let afterId = 0;
  for (;;) {
    const ids = await candidates(db, now, null, afterId, PASS_READ);
    if (ids.length === 0) break;
    for (let i = 0; i < ids.length; i += PROMOTE_BATCH) promoted += (await promoteBatch(db, ids.slice(i, i + PROMOTE_BATCH), now)).length;
    if (ids.length < PASS_READ) break; // the scan found every candidate there was
    afterId = ids[ids.length - 1];
  }
  return { relegated, promoted };
}

/** Every VIP_INTERVAL_MS (default 1 h): once across instances (advisory lock); a pass with nothing due is two small reads. */
export function startVipJob(app: FastifyInstance): void {
  scheduleJob(app, 'vip', app.config.vipIntervalMs, () => withTryLock(app.db, JOB_LOCK.vip, () => vipPass(app.kdb, new Date())));
}
