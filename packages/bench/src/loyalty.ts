import { performance } from 'node:perf_hooks';
import { sql, type RawBuilder } from 'kysely';
import { loadConfig } from '../../server/src/config.js';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { migrate } from '../../server/src/db/migrate.js';
import { createScratchDatabase } from '../../server/src/db/scratch.js';
import { checkLedger } from '../../server/src/modules/ledger/service.js';
import { beijingDayBefore, beijingDayRange, computeRebateDay } from '../../server/src/modules/rebate/compute.js';
import { vipPass } from '../../server/src/modules/vip/job.js';
import { seedIfEmpty } from '../../server/src/seed/index.js';
import { PG_ADMIN_URL } from './platform.js';

/**
 * Benchmark (g): the nightly loyalty passes on PostgreSQL for one Beijing day of 100,000 members —
 * the rebate (返水) of the day (computeRebateDay) and the VIP pass (vipPass: relegations, then the
 * promotions no deposit or bet triggered) — each beside the time PostgreSQL needs to copy the same
 * number of rows with a plain `INSERT … SELECT` in the same run (target: each pass ≤ 10× its copy).
 *
 * Everything is seeded set-based, straight into the tables of a migrated and seeded scratch
 * database: the members spread over VIP1–10 with cumulative deposit and turnover between their tier
 * and the next; their wallet accounts; one settled and counted bet record per member in each of the
 * six hall categories (over the venues of that category) on the day, with the day's
 * member_daily_bets; and the work of the VIP pass:
 * - promote: ~3 % of the members meet the next tier's deposit and turnover (the pass promotes them in
 *   batches of 500, a transaction each, with the level-up bonuses through the ledger and the mails);
 * - regain: ~1 % above VIP1 lost the next level once; half of them have the retention turnover in the
 *   current period that lets them regain it, half have not;
 * - due: ~4 % above VIP1 have a 90-day period that ended; half of them bet the tier's retention
 *   turnover in it (kept: a new period), half did not (relegated one level).
 *
 * The baselines are `INSERT … SELECT` copies in the same run, logged as the real tables are, each the
 * median of three:
 * - rebate (a), no indexes: the bet records the pass reads into a table of their columns without
 *   indexes (`CREATE TABLE … (LIKE bet_records)`); one rebate record is written per bet record (one
 *   bet per member, category and day), so the same number of rows.
 * - rebate (b), like the destination: the rebate records the pass wrote into a table defined like
 *   rebate_records (`LIKE rebate_records INCLUDING ALL`: its primary key, unique key and indexes, plus
 *   its three foreign keys). The pass must write those rows into rebate_records with its keys, so the
 *   target is checked against (b); (a) is printed beside it.
 * - VIP: the members rows (the pass reads each member's standing beside its row) into a table of their
 *   columns without indexes; the target is checked against it.
 * A re-run of both passes for the same day and `now` must change nothing, and the ledger must check.
 * BENCH_LOYALTY_MEMBERS changes the number of members (100,000 by default).
 */
const MEMBERS = Number(process.env.BENCH_LOYALTY_MEMBERS || 100_000);
const TARGET_RATIO = 10;
const HALLS = 6;
const COPIES = 3;

export interface LoyaltyPass {
  /** seconds of the pass */
  passS: number;
  /** rows the baseline copies (the same number the pass reads) */
  copyRows: number;
  /** median seconds of `INSERT … SELECT` of those rows into a table of the same columns, no indexes */
  copyS: number;
  /** passS ÷ the baseline the target is checked against (rebate: copyLikeTargetS; VIP: copyS) */
  ratio: number;
}

export interface LoyaltyBench {
  members: number;
  betRecords: number;
  seedS: number;
  /**
   * copyLikeTargetS: median seconds of copying the records the pass wrote into a table defined like
   * rebate_records (its keys, indexes and foreign keys), the baseline (b) of the target;
   * ratioNoIndexes: passS ÷ copyS, the baseline (a), printed beside it.
   */
  rebate: LoyaltyPass & { written: number; amountFen: number; copyLikeTargetS: number; ratioNoIndexes: number };
  /** msPerPromotion: the pass's time per member promoted (batches of 500, a transaction each) */
  vip: LoyaltyPass & { promoted: number; relegated: number; kept: number; notRegained: number; msPerPromotion: number };
  /** the second run of both passes for the same day and now wrote nothing and changed nothing */
  rerunUnchanged: boolean;
  ledgerOk: boolean;
  ledgerJournals: number;
  targetRatio: number;
}

export async function benchLoyalty(): Promise<LoyaltyBench> {
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 'bench');
  const db = await connectPostgres(scratch.url);
  const k = db.kysely;
  try {
    await migrate(db);
    await seedIfEmpty(db, loadConfig({}));

    // The pass of yesterday's Beijing day, as the nightly job runs it; `now` is fixed for the re-run.
    const now = new Date();
    const day = beijingDayBefore(now, 1);
    const t0 = performance.now();
    const betRecords = await seed(k, now, day);
    const seedS = (performance.now() - t0) / 1000;
    await sql`VACUUM ANALYZE`.execute(k);
    await sql`CHECKPOINT`.execute(k);

    const { start, end } = beijingDayRange(day);
    const rebateCopy = await medianCopy(k, 'bet_records', sql`SELECT * FROM bet_records WHERE status = 1 AND counted AND valid_fen > 0 AND bet_at >= ${start} AND bet_at < ${end}`);
    if (rebateCopy.rows !== betRecords) throw new Error(`(g) the rebate copy moved ${rebateCopy.rows} rows, the day has ${betRecords}`);
    let t = performance.now();
    const rebate = await computeRebateDay(k, day, now);
    const rebateS = (performance.now() - t) / 1000;
    const copyLikeTargetS = await copyLikeRebateRecords(k);

    const vipCopy = await medianCopy(k, 'members', sql`SELECT * FROM members`);
    const before = await vipState(k, now);
    t = performance.now();
    const vip = await vipPass(k, now);
    const vipS = (performance.now() - t) / 1000;
    const after = await vipState(k, now);
    const kept = after.periodsMoved - before.periodsMoved;
    const notRegained = after.regainWaiting;

    // The work seeded was done: every qualifying member promoted, half the due members relegated.
    if (vip.promoted !== before.expectPromoted) throw new Error(`(g) ${vip.promoted} promoted, ${before.expectPromoted} seeded to qualify`);
    if (vip.relegated !== before.expectRelegated || kept !== before.expectKept)
      throw new Error(`(g) ${vip.relegated} relegated and ${kept} kept, seeded ${before.expectRelegated} and ${before.expectKept}`);
    if (rebate.written !== betRecords) throw new Error(`(g) ${rebate.written} rebate records written for ${betRecords} bet records`);

    const once = await books(k);
    const again = { rebate: await computeRebateDay(k, day, now), vip: await vipPass(k, now) };
    const twice = await books(k);
    const rerunUnchanged =
      again.rebate.written === 0 && again.vip.promoted === 0 && again.vip.relegated === 0 && JSON.stringify(once) === JSON.stringify(twice);
    if (!rerunUnchanged) throw new Error(`(g) the re-run changed something: ${JSON.stringify({ again, once, twice })}`);

    const ledger = await checkLedger(k);
    if (!ledger.ok) throw new Error(`(g) the ledger does not check: ${JSON.stringify(ledger.mismatches.slice(0, 5))}`);

    return {
      members: MEMBERS,
      betRecords,
      seedS: round2(seedS),
      rebate: {
        passS: round2(rebateS),
        copyRows: rebateCopy.rows,
        copyS: round2(rebateCopy.s),
        ratio: round2(rebateS / copyLikeTargetS),
        ratioNoIndexes: round2(rebateS / rebateCopy.s),
        written: rebate.written,
        amountFen: once.rebateFen,
        copyLikeTargetS: round2(copyLikeTargetS),
      },
      vip: {
        passS: round2(vipS),
        copyRows: vipCopy.rows,
        copyS: round2(vipCopy.s),
        ratio: round2(vipS / vipCopy.s),
        promoted: vip.promoted,
        relegated: vip.relegated,
        kept,
        notRegained,
        msPerPromotion: round2((vipS * 1000) / Math.max(1, vip.promoted)),
      },
      rerunUnchanged,
      ledgerOk: ledger.ok,
      ledgerJournals: Number(ledger.journals),
      targetRatio: TARGET_RATIO,
    };
  } finally {
    await db.close();
    await scratch.drop();
  }
}

/**
 * The seed, set-based (one statement per table, no per-row round trip). Each member's level, group
 * and amounts come from its id through multiplicative hashes, so a run is reproducible. Answers the
 * number of bet records of the day.
 */
export async function seed(k: Kdb, now: Date, day: string): Promise<number> {
  const { start } = beijingDayRange(day);
  // The group of each member (kept for the checks below): see the header.
  await sql`CREATE TABLE bench_loyalty_groups (id bigint PRIMARY KEY, vip int NOT NULL, grp text NOT NULL, enough boolean NOT NULL)`.execute(k);
  await sql`
    INSERT INTO bench_loyalty_groups (id, vip, grp, enough)
    SELECT id, vip, CASE
        WHEN vip < 10 AND h < 3 THEN 'promote'
        WHEN vip BETWEEN 2 AND 9 AND h = 3 THEN 'regain'
        WHEN vip > 1 AND h BETWEEN 4 AND 7 THEN 'due'
        ELSE 'steady' END, enough
    FROM (
      SELECT g AS id, mod(mod(hashint8extended(g, 2), 100) + 100, 100) AS h, mod(hashint8extended(g, 3), 2) = 0 AS enough,
        -- per mille of members per level: 500, 200, 120, 80, 45, 25, 15, 8, 4, 3
        CASE WHEN v < 500 THEN 1 WHEN v < 700 THEN 2 WHEN v < 820 THEN 3 WHEN v < 900 THEN 4 WHEN v < 945 THEN 5
             WHEN v < 970 THEN 6 WHEN v < 985 THEN 7 WHEN v < 993 THEN 8 WHEN v < 997 THEN 9 ELSE 10 END AS vip
      FROM (SELECT g, mod(mod(hashint8extended(g, 1), 1000) + 1000, 1000) AS v FROM generate_series(1, ${MEMBERS}::bigint) g) s
    ) l`.execute(k);

  // Members and their VIP standings: figures between their tier and the next (the next one's reached
  // for promote and regain); the period started at the last level change, 1–87 days ago (due: 92–112
  // days ago).
  await sql`
    WITH s AS (
      SELECT g.id, g.vip,
        CASE WHEN g.grp IN ('promote', 'regain') THEN n.recharge_fen + (g.id % 1000) * 100
             WHEN n.level IS NULL THEN t.recharge_fen + (g.id % 1000) * 100
             ELSE t.recharge_fen + (n.recharge_fen - t.recharge_fen) * (g.id % 97) / 100 END AS paysum_fen,
        CASE WHEN g.grp IN ('promote', 'regain') THEN n.flow_fen + (g.id % 1000) * 100
             WHEN n.level IS NULL THEN t.flow_fen + (g.id % 1000) * 100
             ELSE t.flow_fen + (n.flow_fen - t.flow_fen) * (g.id % 89) / 100 END AS flow_fen,
        CASE WHEN g.vip > 1 THEN ((p.ps AT TIME ZONE 'UTC') + interval '8 hours')::date END AS changed_on,
        p.ps
      FROM bench_loyalty_groups g
      JOIN vip_tiers t ON t.level = g.vip
      LEFT JOIN vip_tiers n ON n.level = g.vip + 1
      CROSS JOIN LATERAL (
        SELECT ${now}::timestamptz - interval '1 second' * (g.id % 86400) - interval '1 day' * CASE g.grp
          WHEN 'due' THEN 92 + g.id % 20 WHEN 'regain' THEN 5 + g.id % 60 ELSE 1 + g.id % 86 END AS ps
      ) p
    ), m AS (
      INSERT INTO members (id, username, password_hash, pay_password_hash, created_at)
      SELECT id, 'loyal' || id, 'x', 'x', ps - interval '200 days' FROM s
      RETURNING id
    )
    INSERT INTO vip_standings (member_id, level, paysum_fen, flow_fen, changed_on, period_start)
    SELECT s.id, s.vip, s.paysum_fen, s.flow_fen, s.changed_on, s.ps FROM s JOIN m USING (id)`.execute(k);
  await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`.execute(k);

  // Every member's central wallet, as registration opens it.
  await sql`
    INSERT INTO ledger_accounts (code, kind, member_id)
    SELECT 'member:' || id || ':wallet', 'member_wallet', id FROM members`.execute(k);

  // Level history: the promotion to the current level when the period started; regain members were
  // promoted to the next level 100 days before and relegated from it then.
  await sql`
    INSERT INTO vip_history (member_id, from_level, to_level, reason, created_at)
    SELECT v.member_id, v.level - 1, v.level, 'promotion', v.period_start FROM vip_standings v JOIN bench_loyalty_groups g ON g.id = v.member_id WHERE v.level > 1 AND g.grp <> 'regain'
    UNION ALL
    SELECT v.member_id, v.level, v.level + 1, 'promotion', v.period_start - interval '100 days' FROM vip_standings v JOIN bench_loyalty_groups g ON g.id = v.member_id WHERE g.grp = 'regain'
    UNION ALL
    SELECT v.member_id, v.level + 1, v.level, 'relegation', v.period_start FROM vip_standings v JOIN bench_loyalty_groups g ON g.id = v.member_id WHERE g.grp = 'regain'`.execute(k);

  // The day: one settled and counted bet per member in each hall category, at a venue of that
  // category (members spread over them), 10–500 元 valid, spread over the Beijing day.
  const bets = await sql`
    WITH vg AS (
      SELECT DISTINCT ON (e.category_id, e.platform_name) e.category_id AS hall, e.platform_name AS venue, e.game_code, e.name
      FROM game_entries e JOIN venues v ON v.code = e.platform_name AND v.enabled
      ORDER BY e.category_id, e.platform_name, e.sort, e.id
    ), vi AS (
      SELECT vg.*, (row_number() OVER (PARTITION BY hall ORDER BY venue) - 1)::int AS vi,
        (count(*) OVER (PARTITION BY hall))::int AS vn, (dense_rank() OVER (ORDER BY hall))::int AS ci
      FROM vg
    ), c AS (SELECT DISTINCT hall, ci, vn FROM vi)
    INSERT INTO bet_records (venue, bet_id, member_id, game_code, game_name, category, bet_fen, valid_fen, win_loss_fen, status, detail, bet_at, settled_at, counted)
    SELECT vi.venue, 'LOY' || m.id || '-' || c.ci, m.id, vi.game_code, vi.name, c.hall, x.fen, x.fen, x.fen / 3 - x.fen / 2, 1, '{}', x.at, x.at + interval '1 minute', true
    FROM members m CROSS JOIN c
    CROSS JOIN LATERAL (
      SELECT 1000 + (m.id * 7919 + c.ci * 104729) % 49000 AS fen,
        ${start}::timestamptz + interval '1 second' * ((m.id * 37 + c.ci * 3607) % 86400) AS at
    ) x
    JOIN vi ON vi.hall = c.hall AND vi.vi = (m.id + c.ci) % c.vn`.execute(k);
  const halls = await sql<{ n: number }>`SELECT count(DISTINCT category)::int AS n FROM bet_records`.execute(k);
  if (halls.rows[0]!.n !== HALLS) throw new Error(`(g) bets in ${halls.rows[0]!.n} hall categories, expected ${HALLS}`);

  // The day's sums as the feed's ingest keeps them.
  await sql`
    INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
    SELECT member_id, ${day}::date, category, count(*), sum(bet_fen), sum(valid_fen), sum(win_loss_fen)
    FROM bet_records GROUP BY member_id, category`.execute(k);

  // The turnover of the current period (due: the 90 days that ended, a day every 10 days; regain:
  // since the relegation, its first day): enough for the level's retention turnover (regain: the
  // next level's) for half of them (enough), a quarter of it for the others.
  await sql`
    INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
    SELECT v.member_id, ((v.period_start AT TIME ZONE 'UTC') + interval '8 hours')::date + 10 * s, 'realbet', 9, f.fen, f.fen, 0
    FROM vip_standings v
    JOIN bench_loyalty_groups g ON g.id = v.member_id
    JOIN vip_tiers r ON r.level = CASE g.grp WHEN 'regain' THEN v.level + 1 ELSE v.level END
    CROSS JOIN LATERAL (SELECT CASE g.grp WHEN 'regain' THEN 1 ELSE 9 END AS n) d
    CROSS JOIN LATERAL (SELECT CASE WHEN g.enough THEN r.retention_flow_fen / d.n + 100000 ELSE r.retention_flow_fen / (4 * d.n) END AS fen) f
    CROSS JOIN generate_series(0, d.n - 1) s
    WHERE g.grp IN ('due', 'regain')`.execute(k);
  return Number(bets.numAffectedRows ?? 0);
}

/** The median time of COPIES `INSERT INTO <copy> <select>` into a fresh table of the same columns, no indexes. */
async function medianCopy(k: Kdb, table: 'bet_records' | 'members', select: RawBuilder<unknown>): Promise<{ rows: number; s: number }> {
  const copy = sql.table(`bench_copy_${table}`);
  await sql`CREATE TABLE ${copy} (LIKE ${sql.table(table)})`.execute(k);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < COPIES; i++) {
    await sql`TRUNCATE ${copy}`.execute(k);
    const t = performance.now();
    const r = await sql`INSERT INTO ${copy} ${select}`.execute(k);
    times.push((performance.now() - t) / 1000);
    rows = Number(r.numAffectedRows ?? 0);
  }
  await sql`DROP TABLE ${copy}`.execute(k);
  times.sort((a, b) => a - b);
  return { rows, s: times[Math.floor(COPIES / 2)]! };
}

/**
 * Baseline (b): the median seconds of COPIES copies of the rebate records the pass wrote into a fresh
 * table defined like rebate_records — the same keys and indexes (INCLUDING ALL) and the same foreign
 * keys — created anew for each copy, so every copy builds its indexes from empty as the pass does.
 */
async function copyLikeRebateRecords(k: Kdb): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < COPIES; i++) {
    await sql`CREATE TABLE bench_copy_rebate_records (LIKE rebate_records INCLUDING ALL)`.execute(k);
    await sql`
      ALTER TABLE bench_copy_rebate_records ADD FOREIGN KEY (member_id) REFERENCES members (id),
        ADD FOREIGN KEY (platform) REFERENCES venues (code), ADD FOREIGN KEY (claim_journal_id) REFERENCES ledger_journals (id)`.execute(k);
    const t = performance.now();
    await sql`INSERT INTO bench_copy_rebate_records SELECT * FROM rebate_records`.execute(k);
    times.push((performance.now() - t) / 1000);
    await sql`DROP TABLE bench_copy_rebate_records`.execute(k);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(COPIES / 2)]!;
}

/** What the VIP pass should do, from the seeded groups, and what it left. */
async function vipState(k: Kdb, now: Date) {
  const r = await sql<{ promote: number; relegate: number; keep: number; moved: number; waiting: number }>`
    SELECT
      count(*) FILTER (WHERE g.grp = 'promote' OR (g.grp = 'regain' AND g.enough))::int AS promote,
      count(*) FILTER (WHERE g.grp = 'due' AND NOT g.enough)::int AS relegate,
      count(*) FILTER (WHERE g.grp = 'due' AND g.enough)::int AS keep,
      count(*) FILTER (WHERE g.grp = 'due' AND v.level = g.vip AND v.period_start + interval '90 days' > ${now})::int AS moved,
      count(*) FILTER (WHERE g.grp = 'regain' AND v.level = g.vip)::int AS waiting
    FROM bench_loyalty_groups g JOIN vip_standings v ON v.member_id = g.id`.execute(k);
  const row = r.rows[0]!;
  return { expectPromoted: row.promote, expectRelegated: row.relegate, expectKept: row.keep, periodsMoved: row.moved, regainWaiting: row.waiting };
}

/** Everything either pass writes: rebate records, levels and periods, history, journals, mails. */
async function books(k: Kdb) {
  const r = await sql<{ records: number; fen: number; members: string; history: number; journals: number; mails: number; balances: number }>`
    SELECT
      (SELECT count(*) FROM rebate_records)::int AS records,
      (SELECT COALESCE(sum(amount_fen), 0) FROM rebate_records)::bigint AS fen,
      (SELECT md5(string_agg(member_id || ':' || vip || ':' || vip_period_start || ':' || COALESCE(vip_changed_on::text, '') || ':' || turnover_req_fen, ',' ORDER BY member_id)) FROM member_figures) AS members,
      (SELECT count(*) FROM vip_history)::int AS history,
      (SELECT count(*) FROM ledger_journals)::int AS journals,
      (SELECT count(*) FROM mails)::int AS mails,
      (SELECT COALESCE(sum(balance_fen), 0) FROM ledger_accounts WHERE kind = 'member_wallet')::bigint AS balances`.execute(k);
  const row = r.rows[0]!;
  return { rebateRecords: row.records, rebateFen: Number(row.fen), members: row.members, history: row.history, journals: row.journals, mails: row.mails, walletsFen: Number(row.balances) };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

// Alone: npx tsx packages/bench/src/loyalty.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchLoyalty();
  console.log(JSON.stringify(r, null, 2));
}
