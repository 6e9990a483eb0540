import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Db } from '../src/db/connect.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { PLAN_PER_CALL, PREPARE_AFTER, PREPARED_MAX, PreparedStatements } from '../src/db/prepared.js';
import { loadConfig } from '../src/config.js';

const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('which statements are prepared', () => {
  it(`names a text from its ${PREPARE_AFTER}th run on, always by the same name, a different text by another`, () => {
    const p = new PreparedStatements();
    for (let i = 1; i < PREPARE_AFTER; i++) expect(p.nameOf('select $1')).toBeUndefined();
    const name = p.nameOf('select $1');
    expect(name).toMatch(/^p[0-9a-f]{30}$/);
    expect(p.nameOf('select $1')).toBe(name);
    for (let i = 1; i < PREPARE_AFTER; i++) p.nameOf('select $1 + 1');
    expect(p.nameOf('select $1 + 1')).not.toBe(name);
  });

  it(`names at most ${PREPARED_MAX} texts; later texts stay unnamed, the named ones keep their names`, () => {
    const p = new PreparedStatements();
    const run = (text: string) => {
      let name: string | undefined;
      for (let i = 0; i < PREPARE_AFTER; i++) name = p.nameOf(text);
      return name;
    };
    const first = run('select 0 + $1');
    for (let i = 1; i < PREPARED_MAX; i++) run(`select ${i} + $1`);
    expect(p.size).toBe(PREPARED_MAX);
    expect(run('select -1 + $1')).toBeUndefined();
    expect(p.nameOf('select 0 + $1')).toBe(first);
  });
});

describe('DATABASE_PREPARED_STATEMENTS', () => {
  const prepares = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'postgres://db/platform', ...env }).databasePreparedStatements;
  it('is on by default, off by default behind PgBouncer (a DATABASE_SESSION_URL), and on or off when told', () => {
    expect(prepares({})).toBe(true);
    expect(prepares({ DATABASE_SESSION_URL: 'postgres://direct/platform' })).toBe(false);
    expect(prepares({ DATABASE_SESSION_URL: 'postgres://direct/platform', DATABASE_PREPARED_STATEMENTS: 'on' })).toBe(true);
    expect(prepares({ DATABASE_PREPARED_STATEMENTS: 'off' })).toBe(false);
  });
});

describe('on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let prepared: Db;
  let unprepared: Db;
  beforeAll(async () => {
    scratch = await createScratchDatabase(PG_ADMIN_URL, 'prep');
    // one connection each, so the statements a test runs are the ones it then looks at
    prepared = await connectPostgres(scratch.url, 1);
    unprepared = await connectPostgres(scratch.url, 1, null, false);
  });
  afterAll(async () => {
    await prepared?.close();
    await unprepared?.close();
    await scratch?.drop();
  });
  const statementsOf = async (db: Db) => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db.kysely)).rows.map((r) => r.statement);
  const square = (db: Db, n: number) => sql<{ v: number }>`SELECT ${n}::int * ${n}::int AS v`.execute(db.kysely).then((r) => r.rows[0]!.v);

  it('a frequent statement runs prepared on its connection and still answers for every parameter', async () => {
    for (let n = 1; n <= PREPARE_AFTER + 5; n++) expect(await square(prepared, n)).toBe(n * n);
    expect(await statementsOf(prepared)).toContain('SELECT $1::int * $2::int AS v');
  });

  it('a statement that plans per call (a team’s figures, a span of days) is never prepared, however often it runs', async () => {
    const cube = (n: number) => sql<{ v: number }>`${PLAN_PER_CALL}SELECT ${n}::int * ${n}::int * ${n}::int AS v`.execute(prepared.kysely).then((r) => r.rows[0]!.v);
    for (let n = 1; n <= PREPARE_AFTER * 2; n++) expect(await cube(n)).toBe(n * n * n);
    expect((await statementsOf(prepared)).filter((s) => s.includes('$3::int AS v'))).toEqual([]);
  });

  it('a pool told not to prepare (behind PgBouncer) prepares nothing', async () => {
    for (let n = 1; n <= PREPARE_AFTER + 5; n++) expect(await square(unprepared, n)).toBe(n * n);
    expect(await statementsOf(unprepared)).toEqual([]);
  });

  it('a transaction of prepared statements rolls back as any other', async () => {
    await sql`CREATE TABLE t (id int PRIMARY KEY)`.execute(prepared.kysely);
    const insert = (db: typeof prepared.kysely, id: number) => db.insertInto('t' as never).values({ id } as never).execute();
    for (let id = 1; id <= PREPARE_AFTER; id++) await insert(prepared.kysely, id);
    await expect(
      prepared.kysely.transaction().execute(async (tx) => {
        await insert(tx, 100);
        await insert(tx, 1); // duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM t`.execute(prepared.kysely);
    expect(rows[0]!.n).toBe(PREPARE_AFTER);
  });
});
