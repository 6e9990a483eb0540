import { BET_STATUS, RECENT_GAMES_MAX, RECENT_WINS, fenOfYuan, fenToYuan, maskUsername, type RecentGame, type RecentWin } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijing } from '../../lib/time.js';

/**
 * What makes the hall feel alive, from real play only: 最近在玩, the member's own
 * last launched games, and the winners ticker, the last big wins of anyone (trial accounts left out,
 * names masked). No win is made up: with none, the ticker is empty and the app hides it.
 */

/** Remembers a launch for 最近在玩 (one row per game: its last launch). */
export async function recordLaunch(db: Kdb, memberId: number, game: RecentGame, at: Date): Promise<void> {
  await db
    .insertInto('member_recent_games')
    .values({ member_id: memberId, ...game, last_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'plat_name', 'game_code']).doUpdateSet({ game_type: game.game_type, name: game.name, image: game.image, last_at: at }))
    .execute();
}

/** POST /api/recentGames: the member's last launched games, newest first. */
export async function recentGames(db: Kdb, memberId: number): Promise<RecentGame[]> {
  return db
    .selectFrom('member_recent_games')
    .select(['plat_name', 'game_code', 'game_type', 'name', 'image'])
    .where('member_id', '=', memberId)
    .orderBy('last_at', 'desc')
    .limit(RECENT_GAMES_MAX)
    .execute();
}

/**
 * POST /api/recentWins, read from the database at most every `cacheMs` per instance (config
 * recentWinsCacheMs: every hall asks for it, and it changes slowly).
 */
export function recentWinsReader(db: Kdb, cacheMs: number, now: () => number = Date.now): () => Promise<RecentWin[]> {
  let cached: { at: number; wins: Promise<RecentWin[]> } | null = null;
  return () => {
    const t = now();
    if (!cached || t - cached.at >= cacheMs) {
      const wins = readRecentWins(db, new Date(t));
      cached = { at: t, wins };
      // A failed read is not kept: the next hall asks again.
      wins.catch(() => {
        if (cached?.wins === wins) cached = null;
      });
    }
    return cached.wins;
  };
}

async function readRecentWins(db: Kdb, now: Date): Promise<RecentWin[]> {
  const rows = await db
    .selectFrom('bet_records as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .select(['m.username', 'b.game_name', 'b.win_loss_fen', 'b.bet_at'])
    .where('b.status', '=', BET_STATUS.settled)
    .where('b.win_loss_fen', '>=', fenOfYuan(RECENT_WINS.minYuan))
    .where('b.bet_at', '>', new Date(now.getTime() - RECENT_WINS.hours * 3_600_000))
    .where('m.is_trial', '=', false)
    .orderBy('b.bet_at', 'desc')
    .limit(RECENT_WINS.max)
    .execute();
  return rows.map((r) => ({ user: maskUsername(r.username), game: r.game_name, amount: fenToYuan(Number(r.win_loss_fen)), time: beijing(r.bet_at) }));
}
