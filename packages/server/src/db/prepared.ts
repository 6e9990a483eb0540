import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Which statements run as named prepared statements on PostgreSQL. An unnamed statement is
 * parsed and planned anew every time, and for the platform's short indexed statements that is most
 * of PostgreSQL's work: a lottery order's statements spent about 2.5 times as long in parse and bind
 * as in execution. A statement text that has run PREPARE_AFTER times in this process gets a name (a
 * hash of its text), so each connection parses it once and PostgreSQL may keep its plan.
 *
 * Bounded, since a connection keeps every statement it prepared until it closes: texts seen fewer
 * times are only counted (the count forgotten past COUNTED_MAX distinct texts), and at most
 * PREPARED_MAX texts are ever named; later ones stay unnamed. Statements without parameters
 * (begin, commit, scripts) keep the simple protocol.
 *
 * A statement whose best plan depends on its values (a team of 5 or of 50,000 members, a span of one
 * day or of ninety) carries PLAN_PER_CALL and is never named: after five runs of a named statement
 * PostgreSQL may settle on a generic plan for every value, and for a 500-member team's commission
 * estimate that plan read the whole bets table: 15 ms became 1.5 s, and the agent portal's overview
 * fell from 85 to 15 requests/s. Such statements run seldom and long, so planning each is cheap.
 */
const PLAN_PER_CALL_TEXT = '/* plan per call */';
export const PLAN_PER_CALL = sql.raw(`${PLAN_PER_CALL_TEXT} `);

export const PREPARE_AFTER = 20;
const COUNTED_MAX = 10_000;
export const PREPARED_MAX = 500;

export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  /** The statement name for `text` once it has earned one, else undefined (run unnamed). */
  nameOf(text: string): string | undefined {
    if (text.includes(PLAN_PER_CALL_TEXT)) return undefined;
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= PREPARED_MAX) return known;
    const seen = (this.counts.get(text) ?? 0) + 1;
    if (seen < PREPARE_AFTER) {
      if (this.counts.size >= COUNTED_MAX) this.counts.clear();
      this.counts.set(text, seen);
      return undefined;
    }
    this.counts.delete(text);
    const name = `p${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * Makes a pool connection's `query(text, values)` (how Kysely calls it) run as a named statement when
 * `statements` names its text; every other form of call is left as it is.
 */
export function prepareOn(client: pg.PoolClient, statements: PreparedStatements): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statements.nameOf(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  }) as typeof client.query;
}
