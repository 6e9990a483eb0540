import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { BET_STATUS, netRoundLines, type VenueMatch, type VenueMatches } from '@app/contract';
import type { Db, Kdb } from '../db/connect.js';
import { notFound } from '../http/errors.js';
import { MSG } from '@app/contract';
import { cryptoRng, VIRTUAL_SPORTS, virtualSport, type Rng, type ScheduledMatch, type VirtualSport } from './games/index.js';
import { BET_ROUNDS_AHEAD, opposedSelection } from './games/virtual/markets.js';
import type { MatchBetDetail } from './play.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../lib/jobs.js';

/**
 * The demo venue's virtual matches at run time. The schedule is a pure function of time (the engines),
 * so nothing is stored until a match's result is due: then the scheduler draws it once with cryptoRng
 * (INSERT … ON CONFLICT DO NOTHING: the first instance's draw stands) and settles the match's open bets
 * (demo_venue_settle: payout, row settled, feed sequence bumped; a bet settles once whatever runs
 * concurrently). Matches whose time passed while no instance ran are settled by the next pass, since
 * the open bets themselves say which matches still need a result.
 */
const LOCK_KEY = JOB_LOCK.venueMatches;
/** Finished rounds shown by GET /venue/api/matches (and drawn by the scheduler for it). */
const PAST_ROUNDS = 2;
/** The coming rounds listed are exactly those the venue takes bets on (markets.ts BET_ROUNDS_AHEAD). */
const NEXT_ROUNDS = BET_ROUNDS_AHEAD;

interface NamedMatch extends ScheduledMatch {
  home: { name: string };
  away: { name: string };
}

function intervalOf(sport: VirtualSport): { intervalMs: number; durationMs: number } {
  const first = sport.schedule(0, 1)[0] ?? sport.schedule(1, 10 * 3600_000)[0]!;
  const next = sport.schedule(first.kickoffMs + 1, first.kickoffMs + 10 * 3600_000)[0]!;
  return { intervalMs: next.kickoffMs - first.kickoffMs, durationMs: first.resultAtMs - first.kickoffMs };
}
const timing = new Map([...VIRTUAL_SPORTS].map(([code, s]) => [code, intervalOf(s)]));

/** The matches of the last finished rounds, the one playing and the next rounds. */
function window(sport: VirtualSport, nowMs: number): NamedMatch[] {
  const t = timing.get(sport.definition.code)!;
  return sport.schedule(nowMs - t.durationMs - PAST_ROUNDS * t.intervalMs, nowMs + NEXT_ROUNDS * t.intervalMs) as NamedMatch[];
}

/** GET /venue/api/matches?sport= */
export async function listMatches(db: Kdb, sportCode: unknown, nowMs = Date.now()): Promise<VenueMatches> {
  const sport = typeof sportCode === 'string' ? virtualSport(sportCode) : null;
  if (!sport) throw notFound(MSG.venueGameMissing);
  const matches = window(sport, nowMs);
  const results = new Map<string, unknown>();
  if (matches.length > 0) {
    const rows = await db
      .selectFrom('demo_venue_match_results')
      .select(['match_id', 'result'])
      .where('sport', '=', sport.definition.code)
      .where(
        'match_id',
        'in',
        matches.map((m) => m.id),
      )
      .execute();
    for (const r of rows) results.set(r.match_id, parseJson(r.result));
  }
  return {
    now: nowMs,
    matches: matches.map((m): VenueMatch => {
      // a result is shown only once due (a pass run with a later clock must not reveal it early)
      const result = nowMs >= m.resultAtMs ? results.get(m.id) : undefined;
      return {
        id: m.id,
        home: m.home.name,
        away: m.away.name,
        starts_at: m.kickoffMs,
        closes_at: m.kickoffMs,
        result_at: m.resultAtMs,
        state: nowMs < m.kickoffMs ? 'open' : result !== undefined ? 'finished' : 'closed',
        markets: m.markets.map((k) => ({ id: k.code, name: k.name, selections: k.selections.map((s) => ({ id: s.code, name: s.name, odds: s.oddsE2 / 100, open: s.open })) })),
        ...(result !== undefined ? { result: result as VenueMatch['result'] } : {}),
      };
    }),
  };
}

export interface SettleReport {
  /** false when another instance held the lock */
  ran: boolean;
  /** results this pass drew and stored */
  drawn: number;
  /** bets this pass settled */
  settled: number;
}

export interface SettleOptions {
  nowMs?: number;
  rng?: Rng;
  /** false skips the advisory lock (tests proving that concurrent passes settle once) */
  lock?: boolean;
  log?: FastifyBaseLogger;
}

/** One scheduler pass: draws every due result once and settles the open bets of every decided match. */
export async function settleMatches(db: Db, opts: SettleOptions = {}): Promise<SettleReport> {
  const report = await withTryLock(db, LOCK_KEY, () => pass(db.kysely, opts.nowMs ?? Date.now(), opts.rng ?? cryptoRng), opts);
  return report ?? { ran: false, drawn: 0, settled: 0 };
}

async function pass(db: Kdb, nowMs: number, rng: Rng): Promise<SettleReport> {
  const report: SettleReport = { ran: true, drawn: 0, settled: 0 };
  // Matches with open bets (however old: a restart settles what was due while down) …
  const open = await db.selectFrom('demo_venue_bets').select(['game', 'match_id']).distinct().where('status', '=', BET_STATUS.unsettled).where('match_id', 'is not', null).execute();
  const due = new Map<string, { sport: VirtualSport; match: ScheduledMatch; hasBets: boolean }>();
  for (const o of open) {
    const sport = virtualSport(o.game);
    const match = sport?.matchById(o.match_id!);
    if (sport && match && match.resultAtMs <= nowMs) due.set(`${o.game}:${match.id}`, { sport, match, hasBets: true });
  }
  // … and the recent ones, whose results the match list shows.
  for (const sport of VIRTUAL_SPORTS.values()) {
    for (const match of window(sport, nowMs)) {
      const key = `${sport.definition.code}:${match.id}`;
      if (match.resultAtMs <= nowMs && !due.has(key)) due.set(key, { sport, match, hasBets: false });
    }
  }
  if (due.size === 0) return report;
  const stored = new Map<string, { result: unknown; settled: boolean }>();
  for (const sport of VIRTUAL_SPORTS.values()) {
    const ids = [...due.values()].filter((d) => d.sport === sport).map((d) => d.match.id);
    if (ids.length === 0) continue;
    const rows = await db.selectFrom('demo_venue_match_results').select(['match_id', 'result', 'settled_at']).where('sport', '=', sport.definition.code).where('match_id', 'in', ids).execute();
    for (const r of rows) stored.set(`${sport.definition.code}:${r.match_id}`, { result: parseJson(r.result), settled: r.settled_at !== null });
  }
  for (const [key, d] of due) {
    let known = stored.get(key);
    if (known?.settled && !d.hasBets) continue;
    if (!known) {
      const drawn = d.sport.simulate(rng, d.match);
      const inserted = await db
        .insertInto('demo_venue_match_results')
        .values({ sport: d.sport.definition.code, match_id: d.match.id, result: JSON.stringify(drawn) })
        .onConflict((oc) => oc.columns(['sport', 'match_id']).doNothing())
        .returning('match_id')
        .executeTakeFirst();
      if (inserted) {
        report.drawn += 1;
        known = { result: drawn, settled: false };
      } else {
        // another pass drew it a moment ago: its draw stands
        const row = await db.selectFrom('demo_venue_match_results').select('result').where('sport', '=', d.sport.definition.code).where('match_id', '=', d.match.id).executeTakeFirstOrThrow();
        known = { result: parseJson(row.result), settled: false };
      }
    }
    if (d.hasBets) report.settled += await settleBets(db, d.sport, d.match.id, known.result);
    await db
      .updateTable('demo_venue_match_results')
      .set({ settled_at: sql`now()` })
      .where('sport', '=', d.sport.definition.code)
      .where('match_id', '=', d.match.id)
      .where('settled_at', 'is', null)
      .execute();
  }
  return report;
}

/**
 * Settles the match's open bets. A member's bets on one match are one round for the valid-bet rule
 * (contract netRoundLines): 大2.5球 in one bet and 小2.5球 in another count only their difference.
 * Bets close at kickoff, so when the result is due the round's set of bets is complete; the netting
 * runs over ALL of a member's bets of the match (those a crashed or concurrent pass settled already
 * included, in bet order), so every pass gives every bet the same share and a bet settled later
 * (or read later by the platform's feed) carries its final valid amount: nothing is netted twice.
 */
async function settleBets(db: Kdb, sport: VirtualSport, matchId: string, result: unknown): Promise<number> {
  const match = sport.matchById(matchId);
  const bets = await db
    .selectFrom('demo_venue_bets')
    .select(['bet_id', 'player', 'stake_fen', 'status', 'detail'])
    .where('match_id', '=', matchId)
    .where('game', '=', sport.definition.code)
    .where('status', 'in', [BET_STATUS.unsettled, BET_STATUS.settled])
    .orderBy('id')
    .execute();
  const byPlayer = new Map<string, typeof bets>();
  for (const b of bets) byPlayer.set(b.player, [...(byPlayer.get(b.player) ?? []), b]);
  let settled = 0;
  for (const round of byPlayer.values()) {
    const outs = round.map((b) => {
      const detail = parseJson(b.detail) as MatchBetDetail;
      const out = sport.settle({ matchId, market: detail.market, selection: detail.selection, stakeFen: b.stake_fen, oddsE2: detail.oddsE2 }, result);
      return { b, detail, out, opposed: match ? opposedSelection(match, detail.market, detail.selection) : null };
    });
    const netted = netRoundLines(outs.map((o) => ({ stakeFen: o.b.stake_fen, validFen: o.out.validFen, opposed: o.opposed })));
    for (const [i, { b, detail, out }] of outs.entries()) {
      if (b.status !== BET_STATUS.unsettled) continue;
      const { validFen, hedgedFen } = netted[i]!;
      const r = await sql<{ ok: boolean }>`SELECT demo_venue_settle(${b.bet_id}, ${out.payoutFen}::bigint, ${validFen}::bigint, ${hedgedFen}::bigint,
        ${JSON.stringify({ ...detail, result, won: out.won })}::jsonb) AS ok`.execute(db);
      if (r.rows[0]?.ok) settled += 1;
    }
  }
  return settled;
}

function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

/**
 * Runs settleMatches every `intervalMs` (0: never; tests drive passes themselves), first when the app
 * is ready (settling what fell due while no instance ran); never two at once in one process; stopped,
 * and its running pass awaited, when the app closes.
 */
export function startMatchScheduler(app: { db: Db; log: FastifyBaseLogger; addHook: (name: 'onReady' | 'onClose', fn: () => Promise<void>) => unknown }, intervalMs: number): void {
  scheduleJob(app, 'virtual match settlement', intervalMs, async () => {
    const report = await settleMatches(app.db, { log: app.log });
    if (report.drawn > 0 || report.settled > 0) app.log.debug({ report }, 'virtual matches settled');
  });
}
