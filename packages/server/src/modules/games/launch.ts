import { ELECTRONIC_PROVIDERS, MSG, type GameCategory, type GameUrl, type RecentGame } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../http/errors.js';
import { InsufficientFunds, memberBalanceFen } from '../ledger/service.js';
import { autoTransferOn, intoVenue, outOfVenue, type TransferDeps } from '../transfers/service.js';
import type { StakeHeadroom, VenueGame } from '../venues/adapter.js';
import type { Venue } from '../venues/registry.js';
import { assertMayPlay, playGuard, stakeHeadroomByKind, stakeHeadroomFen } from '../protection/enforce.js';
import { feedCursor } from './feed.js';
import type { Player } from '../protection/service.js';
import { recordLaunch } from './highlights.js';
import { isGameCategory, providerGamePicture } from './service.js';

/**
 * POST /api/getGameUrl (spec §7, DESIGN §6): the member opens a game tile; the answer is a one-time,
 * short-lived launch URL of the venue, loaded by /gamePage in a frame. With auto-transfer on, the
 * money follows the member into the launched venue first.
 */
export interface LaunchDeps extends TransferDeps {
  log?: FastifyBaseLogger;
}

export interface LaunchInput {
  plat_name: string;
  game_code: string;
}

/** Venues recycled at once on launch (as transall does). */
const RECYCLE_CONCURRENCY = 4;

export async function getGameUrl(deps: LaunchDeps, player: Player, input: LaunchInput): Promise<GameUrl> {
  const memberId = player.id;
  const venue = input.plat_name ? await deps.venues.find(input.plat_name) : undefined;
  if (!venue) throw badRequest(MSG.venueMissing);
  if (!venue.enabled) throw badRequest(MSG.venueClosed);
  const game = await gameAt(deps, venue, input.game_code);
  // Player protection: a block, the session limit or a money limit reached refuses the launch.
  await assertMayPlay(deps.db, player, 'launch');
  if (await autoTransferOn(deps.db, memberId)) await autoTransfer(deps, player, venue);
  // A seamless venue spends the central wallet itself, and player protection is asked at every bet.
  if (venue.mode === 'seamless') return launched(deps, player, venue, input, game, null);
  // The venue holds this play to what the member's wager and loss limits leave:
  // the feed's position first, then the usage, so every bet is counted by one side or the other.
  const afterSeq = await feedCursor(deps.db, venue.adapter);
  const left = await stakeHeadroomByKind(deps.db, player);
  return launched(deps, player, venue, input, game, left ? { ...left, afterSeq } : null);
}

/** The venue's launch URL, and 最近在玩 remembers what was opened, as the member opened it (a hall tile, or a provider's game). */
async function launched(deps: LaunchDeps, player: Player, venue: Venue, input: LaunchInput, game: VenueGame, headroom: StakeHeadroom | null): Promise<GameUrl> {
  let url: string;
  try {
    url = await deps.venues.launchUrl(venue, player.id, game.code, headroom);
  } catch (err) {
    deps.log?.warn({ err, venue: venue.code }, 'venue launch failed');
    throw badRequest(MSG.gameLaunchFailed);
  }
  await recordLaunch(deps.db, player.id, await recentGameOf(deps, venue, input.game_code, game), new Date()).catch((err) => deps.log?.warn({ err }, 'recent game not recorded'));
  return { url, wallet: venue.mode === 'seamless' ? 'central' : 'venue' };
}

/** The 最近在玩 entry of a launch: the hall tile's name and picture, or the provider game's. */
async function recentGameOf(deps: LaunchDeps, venue: Venue, asked: string, game: VenueGame): Promise<RecentGame> {
  const tile = asked ? await deps.db.selectFrom('game_entries').select(['name', 'image']).where('platform_name', '=', venue.code).where('game_code', '=', asked).executeTakeFirst() : undefined;
  if (tile && game.provider === null) return { plat_name: venue.code, game_code: asked, game_type: game.category, name: tile.name, image: tile.image };
  return { plat_name: venue.code, game_code: game.code, game_type: game.category, name: game.name, image: providerGamePicture(game.code) };
}

/**
 * The game a (venue, game code) opens, from the game list of the venue's adapter. Electronic
 * providers' codes (obgdy_fruit…) name a game of that provider; the hall's provider tiles
 * (demolivea_realbet…) open the venue's first game of their category; a provider tile of the electronic
 * category (its code is the provider) opens that provider's first game. The catalogue's lottery
 * provider tiles (演示彩票A…C) open the demo venue's 快三骰宝; the member app's lottery tab lists
 * the in-house lottery rooms (lotteryList) instead.
 */
async function gameAt(deps: LaunchDeps, venue: Venue, gameCode: string): Promise<VenueGame> {
  let games: VenueGame[];
  try {
    games = await deps.venues.games(venue);
  } catch (err) {
    deps.log?.warn({ err, venue: venue.code }, 'venue game list failed');
    throw badRequest(MSG.gameLaunchFailed);
  }
  const direct = gameCode ? (games.find((g) => g.code === gameCode) ?? null) : null;
  if (direct && direct.provider !== null && direct.provider === venue.code) return direct;
  const provider = (ELECTRONIC_PROVIDERS as readonly string[]).includes(venue.code) ? venue.code : null;
  const ofProvider = (p: string) => games.filter((g) => g.provider === p);
  if (provider && (gameCode === '' || gameCode === provider)) return firstOf(ofProvider(provider));
  const entries = await deps.db.selectFrom('game_entries').select(['category_id', 'game_code']).where('platform_name', '=', venue.code).execute();
  const categories = new Set(entries.map((e) => e.category_id).filter(isGameCategory));
  // A demo game named directly at a venue of its category (DEMOLIVEA + demo_baccarat).
  if (direct && direct.provider === null && categories.has(direct.category)) return direct;
  const entry = entries.find((e) => e.game_code === gameCode);
  if (!entry || !isGameCategory(entry.category_id)) throw badRequest(MSG.gameMissing);
  return forCategory(games, entry.category_id, provider);
}

/** A category tile: concise opens the provider's first game, any other category the venue's first game of it. */
function forCategory(games: VenueGame[], category: GameCategory, provider: string | null): VenueGame {
  if (category === 'concise') {
    if (!provider) throw badRequest(MSG.gameMissing);
    return firstOf(games.filter((g) => g.provider === provider));
  }
  return firstOf(games.filter((g) => g.category === category));
}

function firstOf(games: VenueGame[]): VenueGame {
  if (!games[0]) throw badRequest(MSG.gameMissing);
  return games[0];
}

/**
 * Auto-transfer (transferstatus 1, DESIGN §6): every other open transfer venue holding money sends it
 * back, then the whole central balance goes into the launched venue, each as an ordinary transfer
 * (a seamless venue plays on the central balance: the money only comes back). A
 * transfer that fails or stays pending does not stop the launch (the member sees it in the records;
 * reconciliation settles a pending one). What goes in is at most what the member's loss and wager
 * limits leave (player protection).
 */
export async function autoTransfer(deps: LaunchDeps, player: Player, venue: Venue): Promise<void> {
  const memberId = player.id;
  try {
    const others = (await deps.venues.transferVenues()).filter((v) => v.enabled && v.code !== venue.code);
    const balances = await deps.venues.balancesFen(others, memberId);
    const holding = others.filter((v) => (balances.get(v.code) ?? 0) > 0);
    for (let i = 0; i < holding.length; i += RECYCLE_CONCURRENCY) {
      await Promise.all(holding.slice(i, i + RECYCLE_CONCURRENCY).map((v) => outOfVenue(deps, memberId, v, balances.get(v.code)!)));
    }
    if (venue.mode === 'seamless') return;
    const centralFen = Math.min(await memberBalanceFen(deps.db, memberId), await stakeHeadroomFen(deps.db, player));
    if (centralFen > 0) await intoVenue(deps, memberId, venue, centralFen, playGuard(player, 'transfer', centralFen));
  } catch (err) {
    // A concurrent launch or transfer took the money first: nothing moved by this one.
    if (err instanceof InsufficientFunds) return;
    deps.log?.warn({ err, memberId, venue: venue.code }, 'auto-transfer on launch failed');
  }
}
