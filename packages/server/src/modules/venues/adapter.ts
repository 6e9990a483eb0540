import type { GameCategory } from '@app/contract';

/**
 * A game venue (场馆) as the platform sees it: a provider holding a wallet per member, reached only
 * through this interface (DESIGN §6). One adapter serves every venue code configured with its name
 * (venues.adapter), so each call names the venue. Amounts are integer fen; `ref` is the platform's
 * order number, which the venue applies at most once.
 *
 * New needs add methods; the existing ones keep their meaning.
 */
export interface VenueAdapter {
  /** The member's balance at one venue, in fen (0 when the venue has never seen the member). */
  balance(venue: string, memberId: number): Promise<number>;
  /** The member's balances at several venues of this adapter in one call; missing venues are 0. */
  balances(venues: readonly string[], memberId: number): Promise<Map<string, number>>;
  /** Credits the member's venue wallet (money leaving the platform's central wallet). */
  transferIn(venue: string, memberId: number, amountFen: number, ref: string): Promise<VenueAnswer>;
  /** Debits the member's venue wallet (money coming back to the central wallet). */
  transferOut(venue: string, memberId: number, amountFen: number, ref: string): Promise<VenueAnswer>;
  /** Whether a ref was applied. A ref refused, voided or never received is 'not_found'. */
  status(venue: string, ref: string): Promise<RefStatus>;
  /**
   * Makes sure a ref can never apply (a late request is then refused). Answers 'voided', or
   * 'applied' when the ref applied first, in which case it stands.
   */
  voidRef(venue: string, ref: string): Promise<'voided' | 'applied'>;
  /**
   * A URL that opens `game` at the venue for this member, good for one launch and a short time
   * (GAME_LAUNCH_TTL_S). `game` is the venue's own game code. `headroom` (null: the member has no
   * loss or wager limit) travels signed with the launch; the venue refuses, for the play it opens, any
   * bet that would take the stakes or the loss past it (StakeHeadroom).
   */
  launchUrl(venue: string, memberId: number, game: string, headroom: StakeHeadroom | null): Promise<string>;
  /**
   * The games of every venue this adapter serves, in the provider's catalogue order (a provider's
   * game-list API): what a hall tile opens and what gamelistBycode lists come from here.
   */
  games(): Promise<VenueGame[]>;
  /**
   * The adapter's bet feed (every venue it serves), like an aggregator's: bets placed or changed
   * (settled, voided) after `afterSeq`, oldest change first, at most `limit`. A changed bet comes
   * again with a higher seq and its new state. `next` is the cursor to read after next time: every
   * change at or below it has been returned now or before, or will never appear (so a bet still being
   * written when the feed was read is never skipped).
   */
  fetchBets(afterSeq: number, limit: number): Promise<{ bets: VenueBet[]; next: number }>;
  /**
   * Ends every play session the member has at the venues of this adapter (a provider's "kick
   * player"), so an open game frame stops taking bets once the member's platform sessions end
   * (password change, account disabled). A later launch opens a new one as usual.
   */
  endSessions(memberId: number): Promise<void>;
}

/**
 * Player protection's answer at launch (DESIGN §12), integer fen: what the member's wager limits and
 * loss limits leave now (the lowest of each kind; null: no limit of that kind). The venue holds the
 * member's play from this launch to it: stakes may total at most `wagerFen`, and stakes − payouts,
 * each new stake counted as lost until paid, at most `lossFen`, so stakes recycled from wins cannot
 * pass the limit. The platform counted the member's bets up to `afterSeq` of this adapter's bet feed;
 * the venue counts the member's bets after that position against the headroom as well (placed before
 * the launch, not yet read by the platform). A later launch replaces the headroom.
 */
export interface StakeHeadroom {
  wagerFen: number | null;
  lossFen: number | null;
  afterSeq: number;
}

/** One game as a venue's game list reports it. */
export interface VenueGame {
  /** the venue's own game code (what launchUrl takes) */
  code: string;
  name: string;
  /** the hall category the game is listed and counted under */
  category: GameCategory;
  /** the electronic-game provider (slots, fishing) whose grid lists it; null for the other categories */
  provider: string | null;
  /** a fishing game (the hall's 捕鱼 tab lists its provider) */
  fishing?: boolean;
}

/** One bet as a venue reports it, amounts in fen. */
export interface VenueBet {
  seq: number;
  venue: string;
  betId: string;
  memberId: number;
  /** the venue's game code and name, and the hall category it counts in (rebate category) */
  game: string;
  gameName: string;
  category: string;
  stakeFen: number;
  /**
   * The stake at risk (contract netRoundLines), already netted by the venue across every bet of the
   * member's round: 0 for a push, only the net exposure of opposite sides. The platform counts it as
   * given, once per bet; a venue whose rounds span several bets settles them together, so a bet
   * reported later carries its final share and nothing is netted twice.
   */
  validFen: number;
  /** The stake offset by opposite sides of the same round (absent: 0), for the console's 对冲占比. */
  hedgedFen?: number;
  /** payout − stake (0 while unsettled) */
  winLossFen: number;
  /** BET_STATUS: 0 invalid, 1 settled, 2 unsettled */
  status: number;
  /** the venue's description of the bet and its outcome (JSON text) */
  detail: string;
  betAt: Date;
  settledAt: Date | null;
}

export type RefStatus = 'applied' | 'not_found';

/** Why a venue refused a transfer for certain (nothing moved there). */
export type VenueRefusal = 'insufficient_balance' | 'voided' | 'rejected';

/** What an adapter answers when it answers at all; a throw is an unknown outcome. */
export type VenueAnswer = { status: 'ok' } | { status: 'failed'; reason: VenueRefusal };

/**
 * A call's outcome as the platform treats it: ok, refused for certain, or unknown (timeout,
 * exception, lost connection): money may or may not have moved, so the transfer stays pending
 * until reconciliation asks the venue.
 */
export type VenueOutcome = VenueAnswer | { status: 'unknown'; error: string };
