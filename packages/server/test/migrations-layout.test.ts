import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPglite, connectPostgres, type Db, type RawSession } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { migrations, migrationsByOwner, type Migration } from '../src/db/migrations.js';
import { createScratchDatabase } from '../src/db/scratch.js';

/**
 * Each module declares its tables (schema.ts) and the migrations that make them (migrations.ts);
 * db/migrations.ts runs them in one numbered order. A database migrated before the split, which
 * recorded the old ids, runs none of them again.
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SRC = path.resolve(import.meta.dirname, '../src');

/** A fresh, empty database: embedded, or on PostgreSQL when TEST_DATABASE=postgres. */
async function emptyDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') return { db: await connectPglite(null), drop: async () => {} };
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 'layout');
  return { db: await connectPostgres(scratch.url, 2), drop: scratch.drop };
}

/** `db` with every multi-statement script its sessions run written down (migrations run as scripts). */
function recording(db: Db, scripts: string[]): Db {
  return {
    ...db,
    exclusive: (fn) => db.exclusive((s) => fn({ exec: (script) => (scripts.push(script), s.exec(script)), query: s.query } satisfies RawSession)),
  };
}

/** What the schema is: columns, indexes, constraints, functions and triggers, one line each. */
async function catalog(db: Db): Promise<string[]> {
  return db.exclusive(async (s) => {
    const lines = async (text: string) => (await s.query<{ line: string }>(text)).map((r) => r.line);
    return [
      ...(await lines(`SELECT concat_ws(' ', c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid)) AS line
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1`)),
      ...(await lines(`SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`)),
      ...(await lines(`SELECT concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) AS line FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`)),
      ...(await lines(`SELECT pg_get_functiondef(oid) AS line FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`)),
      ...(await lines(`SELECT pg_get_triggerdef(oid) AS line FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`)),
    ];
  });
}

const recordedIds = async (db: Db) => (await db.kysely.selectFrom('schema_migrations').select('id').execute()).map((r) => r.id).sort();

/** The old ids, each once, in the order they ran. */
const oldIds = [...new Set(migrations.flatMap((m) => (m.was === undefined ? [] : [m.was])))];
/** The migrations as they were before the split: each old id with the SQL of all its pieces. */
const beforeTheSplit: Migration[] = oldIds.map((id) => ({ id, sql: migrations.filter((m) => m.was === id).map((m) => m.sql).join('\n') }));
const addedSince = migrations.filter((m) => m.was === undefined).map((m) => m.id);

/** The tables a schema.ts declares: the properties of its exported `…Tables` interfaces. */
function declaredTables(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isInterfaceDeclaration(st) || !st.name.text.endsWith('Tables')) continue;
    if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const m of st.members) if (ts.isPropertySignature(m) && ts.isIdentifier(m.name)) out.push(m.name.text);
  }
  return out;
}

/** Owner folders whose schema.ts db/schema.ts puts into Database (`modules/user`, `venue-demo`). */
function databaseOwners(): string[] {
  const text = fs.readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
  return [...text.matchAll(/from '\.\.\/((?:modules\/[a-z-]+)|venue-demo)\/schema\.js'/g)].map((m) => m[1]!);
}

const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '');
const createdTables = (sql: string) => [...withoutComments(sql).matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!.toLowerCase());
/** Tables a migration creates, alters, indexes, triggers on or writes rows of. */
const touchedTables = (sql: string) =>
  [
    /\bcreate\s+table\s+([a-z_][a-z0-9_]*)/gi,
    /\balter\s+table\s+([a-z_][a-z0-9_]*)/gi,
    /\bcreate\s+(?:unique\s+)?index\s+[a-z_][a-z0-9_]*\s+on\s+([a-z_][a-z0-9_]*)/gi,
    /\bcreate\s+trigger\s+[a-z_][a-z0-9_]*\s+(?:before|after)\s+[a-z\s]+?\s+on\s+([a-z_][a-z0-9_]*)/gi,
    /\binsert\s+into\s+([a-z_][a-z0-9_]*)/gi,
    /\bupdate\s+([a-z_][a-z0-9_]*)\s+set\b/gi,
    /\bdelete\s+from\s+([a-z_][a-z0-9_]*)/gi,
  ].flatMap((re) => [...withoutComments(sql).matchAll(re)].map((m) => m[1]!.toLowerCase()));

describe('migrations, each declared by the module that owns its tables', () => {
  let fresh: { db: Db; drop: () => Promise<void> };
  const scripts: string[] = [];
  let applied: string[];

  beforeAll(async () => {
    fresh = await emptyDb();
    applied = await migrate(recording(fresh.db, scripts));
  }, 120_000);
  afterAll(async () => {
    await fresh?.db.close();
    await fresh?.drop();
  });

  it('numbers every migration 001, 002, … in the order they run, with no gaps, and a fresh database runs each once in that order', () => {
    migrations.forEach((m, i) => expect(m.id).toMatch(new RegExp(`^${String(i + 1).padStart(3, '0')}_[a-z0-9_]+$`)));
    expect(applied).toEqual(migrations.map((m) => m.id));
    expect(scripts.filter((s) => s.startsWith('BEGIN;'))).toHaveLength(migrations.length);
    // an old id never comes back as a new one: a database that recorded it would skip the new migration
    const was = new Set(migrations.map((m) => m.was));
    expect(migrations.filter((m) => was.has(m.id))).toEqual([]);
  });

  it('lists every migration its owners declare, each once', () => {
    const declared = Object.values(migrationsByOwner).flatMap((owned) => Object.values(owned));
    expect(new Set(migrations).size).toBe(migrations.length);
    expect(declared).toHaveLength(migrations.length);
    for (const m of declared) expect(migrations, m.id).toContain(m);
  });

  it('runs no split migration again where the old ids are recorded, and records the new ids', async () => {
    const before = await catalog(fresh.db);
    await fresh.db.exclusive(async (s) => {
      for (const m of migrations) if (m.was !== undefined) await s.query('DELETE FROM schema_migrations WHERE id = $1', [m.id]);
      for (const id of oldIds) await s.query('INSERT INTO schema_migrations (id) VALUES ($1)', [id]);
    });

    const ran: string[] = [];
    expect(await migrate(recording(fresh.db, ran))).toEqual([]);
    expect(ran.filter((s) => s.startsWith('BEGIN;'))).toEqual([]);
    expect(await catalog(fresh.db)).toEqual(before);
    expect(await recordedIds(fresh.db)).toEqual([...oldIds, ...migrations.map((m) => m.id)].sort());

    expect(await migrate(fresh.db)).toEqual([]);
    expect(await recordedIds(fresh.db)).toEqual([...oldIds, ...migrations.map((m) => m.id)].sort());
  });

  it('brings a database migrated before the split to the same schema, running only the migrations added since', async () => {
    const old = await emptyDb();
    try {
      expect(await migrate(old.db, beforeTheSplit)).toEqual(oldIds);
      expect(await migrate(old.db)).toEqual(addedSince);
      expect(await catalog(old.db)).toEqual(await catalog(fresh.db));
      expect(await recordedIds(old.db)).toEqual([...oldIds, ...migrations.map((m) => m.id)].sort());
    } finally {
      await old.db.close();
      await old.drop();
    }
  }, 120_000);

  it('rolls a failed migration back whole and leaves the database usable, with the migration’s own error', async () => {
    const broken: Migration = { id: '999_broken', sql: 'CREATE TABLE layout_broken (id int);\nSELECT 1 / 0;' };
    await expect(migrate(fresh.db, [...migrations, broken])).rejects.toThrow(/division by zero/);
    const left = await fresh.db.exclusive((s) => s.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'layout_broken'`));
    expect(left).toEqual([{ n: 0 }]);
    expect(await recordedIds(fresh.db)).not.toContain(broken.id);
    expect(await migrate(fresh.db)).toEqual([]);
  });

  it('creates every table of Database by a migration of the module whose schema.ts declares it, and no other table', async () => {
    const owners = databaseOwners();
    expect([...owners].sort()).toEqual(Object.keys(migrationsByOwner).sort());
    const ownerOf = new Map<string, string>();
    for (const owner of owners) {
      for (const table of declaredTables(path.join(SRC, owner, 'schema.ts'))) {
        expect(ownerOf.get(table), `${table} declared twice`).toBeUndefined();
        ownerOf.set(table, owner);
      }
    }
    for (const owner of owners) {
      const created = Object.values(migrationsByOwner[owner]!).flatMap((m) => createdTables(m.sql));
      const declared = [...ownerOf].filter(([, o]) => o === owner).map(([t]) => t);
      expect(created.sort(), owner).toEqual(declared.sort());
    }
    const inDatabase = await fresh.db.exclusive((s) => s.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`));
    expect(inDatabase.map((r) => r.name).sort()).toEqual([...ownerOf.keys(), 'schema_migrations'].sort());
  });

  it('has each migration change or fill only its own module’s tables', () => {
    const ownerOf = new Map(databaseOwners().flatMap((owner) => declaredTables(path.join(SRC, owner, 'schema.ts')).map((t) => [t, owner] as const)));
    for (const [owner, owned] of Object.entries(migrationsByOwner)) {
      for (const m of Object.values(owned)) {
        for (const table of touchedTables(m.sql)) expect(ownerOf.get(table), `${m.id} touches ${table}`).toBe(owner);
      }
    }
  });
});
