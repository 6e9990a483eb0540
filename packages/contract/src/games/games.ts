/**
 * Launching games and reading bets (spec §3 "Game in an electronic-game list", "Bet record"; §7
 * getGameUrl, gamelistBycode, betrecord; DESIGN §6), shared by the server and the clients.
 */
import type { ELECTRONIC_PROVIDERS } from '../shared/constants.js';
import type { VenueWallet } from './venue.js';

/**
 * Our own demo brand (DESIGN §6): a seeded demo venue is 演示 + what it offers + a letter (演示真人A),
 * never a real provider's name, code or logo. The electronic-game providers keep the spec's codes
 * (obgdy, fgdz, pp, ae) as identifiers; members see these names for them.
 */
export const DEMO_MARK = '演示';
export const DEMO_ELECTRONIC_NAMES: Readonly<Record<(typeof ELECTRONIC_PROVIDERS)[number], string>> = {
  obgdy: `${DEMO_MARK}电子A`,
  fgdz: `${DEMO_MARK}电子B`,
  pp: `${DEMO_MARK}电子C`,
  ae: `${DEMO_MARK}电子D`,
};
/** What the demo venue shows for an electronic provider's code (null for any other). */
export const demoElectronicName = (code: string | null): string | null =>
  code !== null && Object.hasOwn(DEMO_ELECTRONIC_NAMES, code) ? DEMO_ELECTRONIC_NAMES[code as keyof typeof DEMO_ELECTRONIC_NAMES] : null;

/** Bet record states (spec §4). */
export const BET_STATUS = { invalid: 0, settled: 1, unsettled: 2 } as const;
export const BET_STATUS_LABELS: Record<number, string> = { 0: '无效', 1: '已结算', 2: '未结算' };

/** The betrecord date filter's default (spec §9: default date 4 = last 30 days). */
export const BET_RECORD_DEFAULT_DATE = 4;

/** Bet records per betrecord page (DESIGN §3 page shape). */
export const BET_RECORD_PAGE_SIZE = 15;

/** How long a launch URL from getGameUrl stays usable, and it is good for one launch only. */
export const GAME_LAUNCH_TTL_S = 60;

/**
 * The hall's winners ticker (POST /api/recentWins, ours): settled bets that won at least this much net
 * (yuan) in the last `hours`, newest first, at most `max`. Migration 036's partial index holds the same
 * threshold in fen (10000).
 */
export const RECENT_WINS = { minYuan: 100, hours: 24, max: 20 } as const;
/** One line of the ticker: the winner masked (ab***yz), the game, the net win in yuan, Beijing time. */
export interface RecentWin {
  user: string;
  game: string;
  amount: number;
  time: string;
}

/** The hall's 最近在玩 (POST /api/recentGames, ours): the member's last launched games, newest first. */
export const RECENT_GAMES_MAX = 8;
export interface RecentGame {
  /** what launches it again: /gamePage?name=<plat_name>&type=<game_type>&code=<game_code> */
  plat_name: string;
  game_code: string;
  game_type: string;
  name: string;
  image: string;
}

/** POST /api/getGameUrl {plat_name, game_type, game_code, is_mobile_url}. */
export interface GameUrl {
  url: string;
  /** getGameUrl: the wallet the game plays (a transfer venue's own, or the central one of a seamless venue: no 转账 there) */
  wallet?: VenueWallet;
}

/** POST /api/gamelistBycode {gamecode}: one provider's games. */
export interface ProviderGame {
  catecode: string;
  gamecode: string;
  gamename: string;
  gamepic: string;
  /** present on a fishing game: the hall's 捕鱼 tab lists the providers that have one */
  fishing?: true;
}

/** POST /api/betrecord row. Money in yuan; win_loss is the member's net result (payout − stake). */
export interface BetRecord {
  id: number;
  bet_id: string;
  /** venue code and name */
  api_type: string;
  platname: string;
  /** hall category of the game (rebate category) */
  category: string;
  /** the game's name (spec "plays or Code") */
  Code: string;
  plays: string;
  bet_amount: number;
  valid_amount: number;
  win_loss: number;
  status: number;
  status_text: string;
  created_at: string;
}
