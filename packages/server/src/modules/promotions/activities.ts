import { sanitizeHtml } from '../content/sanitize.js';
import type { Tx } from '../ledger/service.js';

/**
 * The activities and their types (tables `activities` and `activity_types`, this module's). The member
 * app reads them through modules/content; their rules are written by rules.ts.
 */

/** An activity as the seed (and tests) write it: shown, without rules. */
export interface NewActivity {
  typeId: number;
  banner: string;
  title: string;
  /** HTML, sanitized on write. */
  content: string;
  /** The rules, HTML, sanitized on write. */
  memo: string;
  sort?: number;
  createdAt?: Date;
}

/** Writes an activity as given (no staff's checks, no audit row): the seed's demo promotions. */
export async function insertActivity(db: Tx, input: NewActivity): Promise<number> {
  const row = await db
    .insertInto('activities')
    .values({
      type_id: input.typeId,
      banner: input.banner,
      title: input.title,
      content: sanitizeHtml(input.content),
      memo: sanitizeHtml(input.memo),
      sort: input.sort ?? 0,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an activity type as given: the seed's. */
export async function insertActivityType(db: Tx, type: { name: string; sort: number }): Promise<number> {
  const row = await db.insertInto('activity_types').values({ name: type.name, sort: type.sort }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
