/**
 * Launching games and reading bets (spec §3 "Game in an electronic-game list", "Bet record"; §7
 * getGameUrl, gamelistBycode, betrecord; DESIGN §6), shared by the server and the clients.
 */

/** Bet record states (spec §4). */
export const BET_STATUS = { invalid: 0, settled: 1, unsettled: 2 } as const;
export const BET_STATUS_LABELS: Record<number, string> = { 0: '无效', 1: '已结算', 2: '未结算' };

/** The betrecord date filter's default (spec §9: default date 4 = last 30 days). */
export const BET_RECORD_DEFAULT_DATE = 4;

/** Bet records per betrecord page (DESIGN §3 page shape). */
export const BET_RECORD_PAGE_SIZE = 15;

/** How long a launch URL from getGameUrl stays usable, and it is good for one launch only. */
export const GAME_LAUNCH_TTL_S = 60;

/** POST /api/getGameUrl {plat_name, game_type, game_code, is_mobile_url}. */
export interface GameUrl {
  url: string;
}

/** POST /api/gamelistBycode {gamecode}: one provider's games. */
export interface ProviderGame {
  catecode: string;
  gamecode: string;
  gamename: string;
  gamepic: string;
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
