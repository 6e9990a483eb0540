import type { VenueRegistry } from '../venues/registry.js';
import type { GameNames } from './round-records.js';

/** A name (or the code, when the list could not be read) is kept this long. */
const NAME_TTL_MS = 60_000;

/**
 * The names seamless bet records carry: from the game list of the venue's provider (its adapter
 * keeps the list), remembered per game, so a bet costs no call; a provider whose list cannot be read
 * gives the code, asked again after NAME_TTL_MS.
 */
export function gameNames(venues: VenueRegistry): GameNames {
  // The lookup itself is kept, so bets of one game arriving together share one read of the list.
  const known = new Map<string, { atMs: number; name: Promise<string> }>();
  const lookUp = async (venueCode: string, game: string): Promise<string> => {
    // A closed venue launches nothing: its provider is not asked (a round it started is still recorded, by code).
    const venue = await venues.find(venueCode);
    if (!venue?.enabled) return game;
    return (await venues.games(venue).catch(() => [])).find((g) => g.code === game)?.name ?? game;
  };
  return (venueCode, game) => {
    const key = `${venueCode}\u0000${game}`;
    const now = Date.now();
    const held = known.get(key);
    if (held && now - held.atMs < NAME_TTL_MS) return held.name;
    if (known.size > 10_000) known.clear();
    const name = lookUp(venueCode, game).catch(() => game);
    known.set(key, { atMs: now, name });
    return name;
  };
}
