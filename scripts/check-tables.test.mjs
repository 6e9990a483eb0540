// Self-test of the table-owner check: a small checkout where two modules declare their tables, with the
// writes the rule allows and one planted violation of each kind. Run by `npm run test:scripts`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { checkTables, declaredTables, format, writesIn } from './check-tables.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-tables-'));
after(() => rmSync(root, { recursive: true, force: true }));

function plant(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const S = 'packages/server/src';
plant(`${S}/modules/user/schema.ts`, 'export interface UserTables {\n  members: { id: number };\n  member_tags: { tag: string };\n}\n');
plant(`${S}/modules/vip/schema.ts`, "import type { Generated } from 'kysely';\nexport interface VipTables {\n  vip_levels: { member_id: number; level: Generated<number> };\n}\ninterface NotDeclared { members: 1 }\n");
plant(`${S}/venue-demo/schema.ts`, 'export interface DemoVenueTables {\n  demo_venue_bets: { id: number };\n}\n');

// Allowed: the owner writes in any syntax, migrations of its own tables, reads anywhere, SQL in comments.
plant(`${S}/modules/user/service.ts`, [
  "await db.insertInto('members').values({ id: 1 }).execute();",
  "await db.updateTable('members as m').set({ id: 2 }).execute();",
  'await sql`DELETE FROM member_tags WHERE tag = ${t}`.execute(db);',
].join('\n'));
plant(`${S}/modules/user/migrations.ts`, 'export const m = [{ id: "001", sql: `CREATE TABLE members (id bigint);\nCREATE INDEX members_idx ON members (id);\nALTER TABLE member_tags ADD COLUMN x int;` }];\n');
plant(`${S}/modules/vip/service.ts`, [
  "const rows = await db.selectFrom('members').selectAll().execute();",
  '// UPDATE members SET vip = 2 — only a comment',
  'await sql`INSERT INTO vip_levels (member_id) SELECT id FROM members ON CONFLICT (member_id) DO UPDATE SET level = 1 FOR UPDATE OF x`.execute(db);',
].join('\n'));
plant(`${S}/venue-demo/play.ts`, "await db.insertInto('demo_venue_bets').values({ id: 1 }).execute();\n");
plant('packages/server/test/setup.test.ts', "await db.insertInto('members').values({ id: 1 }).execute();\n");

// Planted violations (line numbers matter: the report names them).
plant(`${S}/admin/members/care.ts`, "// staff\nawait db.updateTable('members').set({ id: 3 }).execute();\n");
plant(`${S}/modules/vip/relegate.ts`, 'await sql`\n  UPDATE members m\n  SET vip = 1`.execute(db);\n');
plant(`${S}/seed/index.ts`, "await db.insertInto('vip_levels').values({ member_id: 1 }).execute();\nawait db.deleteFrom('nowhere').execute();\n");
plant(`${S}/modules/promotions/order.ts`, 'await sql`UPDATE ${sql.table(t)} SET sort = 1`.execute(db);\n');
plant(`${S}/modules/vip/migrations.ts`, 'export const m = [{ id: "002", sql: `ALTER TABLE members DROP COLUMN vip;` }];\n');
plant(`${S}/modules/wallet/schema.ts`, 'export interface WalletTables {\n  member_tags: { tag: string };\n}\n');

test('names file, line, table and owner of every planted violation, and nothing else', () => {
  const { violations } = checkTables(root);
  assert.deepEqual(
    violations.map((v) => `${v.file}:${v.line} ${v.table} ${v.owner}`),
    [
      `${S}/admin/members/care.ts:2 members modules/user`,
      `${S}/modules/promotions/order.ts:1 ? ?`,
      `${S}/modules/vip/migrations.ts:1 members modules/user`,
      `${S}/modules/vip/relegate.ts:2 members modules/user`,
      `${S}/modules/wallet/schema.ts:2 member_tags modules/user`,
      `${S}/seed/index.ts:1 vip_levels modules/vip`,
      `${S}/seed/index.ts:2 nowhere —`,
    ],
  );
  assert.match(format(violations[0]), /^packages\/server\/src\/admin\/members\/care\.ts:2 {2}members {2}modules\/user {2}— updateTable outside its owner: call a function of modules\/user$/);
});

test('lists every table with its owner and the files that write it', () => {
  const { tables } = checkTables(root);
  assert.deepEqual(
    tables.map((t) => [t.table, t.owner]),
    [
      ['schema_migrations', 'db'],
      ['member_tags', 'modules/user'],
      ['members', 'modules/user'],
      ['vip_levels', 'modules/vip'],
      ['demo_venue_bets', 'venue-demo'],
    ],
  );
  assert.deepEqual(tables.find((t) => t.table === 'members').writers, ['admin/members/care.ts', 'modules/user/migrations.ts', 'modules/user/service.ts', 'modules/vip/migrations.ts', 'modules/vip/relegate.ts']);
});

test('reads only exported …Tables interfaces as declarations', () => {
  assert.deepEqual(declaredTables("export interface FooTables { a: {}; 'b': {} }\nexport interface Row { c: 1 }\ninterface BarTables { d: {} }").map((d) => d.table), ['a', 'b']);
});

test('finds writes in Kysely calls and SQL text, not reads or ON CONFLICT updates', () => {
  const w = (text) => writesIn(text).map((x) => `${x.line}:${x.how}:${x.table}`);
  assert.deepEqual(w("db.selectFrom('a').where('x', '=', sql`UPDATE`)"), []);
  assert.deepEqual(w('sql`SELECT 1 FROM t FOR UPDATE OF t SKIP LOCKED`'), []);
  assert.deepEqual(w('sql`INSERT INTO a (x) VALUES (1) ON CONFLICT (x) DO UPDATE SET x = 2`'), ['1:INSERT INTO:a']);
  assert.deepEqual(w("s.query('TRUNCATE team_stats')"), ['1:TRUNCATE:team_stats']);
  assert.deepEqual(w('`CREATE TRIGGER t_frozen BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION f()`'), ['1:CREATE TRIGGER:audit_log']);
  assert.deepEqual(w('sql`WITH d AS (\n  DELETE FROM b RETURNING id\n) UPDATE c AS x SET n = 1`'), ['2:DELETE FROM:b', '3:UPDATE:c']);
  assert.deepEqual(w('db.insertInto(name)'), ['1:dynamic:null']);
});
