import fs from 'node:fs';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { PreparedStatements, prepareOn } from './prepared.js';

export type Kdb = Kysely<Database>;

export interface RawSession {
  exec(script: string): Promise<void>;
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

/** The data layer: typed SQL through Kysely, plus raw multi-statement execution for migrations. */
export interface Db {
  kysely: Kdb;
  /**
   * Runs `fn` on one dedicated session, which may hold a session-level advisory lock, with `exec`
   * running a script of several statements (migrations) and `query` a single statement.
   */
  exclusive<T>(fn: (session: RawSession) => Promise<T>): Promise<T>;
  kind: 'pglite' | 'postgres';
  /**
   * Hears the errors of connections the pool lost on its own (a restart, a failover,
   * pg_terminate_backend): the pool drops such a connection and opens another when next asked.
   */
  onConnectionError(listener: (err: Error) => void): void;
  /** The embedded database's data directory as a tar file (tests copy a migrated database from it). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

// BIGINT and NUMERIC come back as JS numbers: money is fen, far below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/** Sessions a pool on DATABASE_SESSION_URL keeps at most: migrations and one per job holding its lock. */
const SESSION_POOL_SIZE = 16;

/**
 * A pool on `url`. `sessionUrl`, when given, is where `exclusive` sessions come from (a direct
 * connection beside a PgBouncer in transaction mode, which cannot hold a session-level lock).
 * `prepare`: the pool's frequent statements run as named prepared statements (db/prepared.ts); off by
 * default behind PgBouncer (a `sessionUrl`), whose transaction mode before 1.21 cannot carry them.
 */
export async function connectPostgres(url: string, poolSize = 20, sessionUrl: string | null = null, prepare = sessionUrl === null): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const sessions = sessionUrl ? new pg.Pool({ connectionString: sessionUrl, max: SESSION_POOL_SIZE }) : pool;
  if (prepare) {
    const statements = new PreparedStatements();
    pool.on('connect', (client) => prepareOn(client, statements));
  }
  const listeners = new Set<(err: Error) => void>();
  const lost = (err: Error) => {
    for (const listener of listeners) listener(err);
  };
  // A connection that dies must never crash the process. The pool hears an idle one's error; a
  // checked-out one (inside a transaction, between two queries) emits on the client itself, where an
  // error without a listener is an uncaught exception. Its query in flight fails on its own, the
  // caller answers with an envelope, and the pool replaces the connection (it is not queryable any more).
  for (const p of new Set([pool, sessions])) {
    p.on('connect', (client) => client.on('error', lost));
    p.on('error', () => {}); // the same error again, already heard on the client above
  }
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    kind: 'postgres',
    exclusive: async (fn) => {
      const client = await sessions.connect();
      try {
        return await fn({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <R,>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as R[],
        });
      } finally {
        client.release();
      }
    },
    onConnectionError: (listener) => void listeners.add(listener),
    close: async () => {
      await kysely.destroy();
      if (sessions !== pool) await sessions.end();
    },
  };
}

/** Embedded PostgreSQL. `dataDir` null keeps everything in memory (tests). */
export async function connectPglite(dataDir: string | null, opts: { template?: Blob } = {}): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
    // A data directory dumped before (tests start from a migrated copy instead of initdb and migrations).
    ...(opts.template ? { loadDataDir: opts.template } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    kysely,
    kind: 'pglite',
    // PGlite is one session already; the dialect serialises Kysely's use of it.
    exclusive: (fn) =>
      fn({
        exec: async (script) => {
          await pglite.exec(script);
        },
        query: async <R,>(text: string, params: unknown[] = []) => (await pglite.query<R>(text, params)).rows,
      }),
    // In process: no connection to lose.
    onConnectionError: () => {},
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
