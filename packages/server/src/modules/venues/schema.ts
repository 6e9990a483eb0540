import type { Generated } from 'kysely';

/** The tables modules/venues owns: only it writes them (scripts/check-tables.mjs). */
export interface VenuesTables {
  venues: { code: string; name: string; adapter: Generated<string>; enabled: Generated<boolean>; sort: Generated<number> };
}
