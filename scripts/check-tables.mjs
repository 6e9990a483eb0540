#!/usr/bin/env node
/**
 * One owner for every table, checked by machine (`npm run lint:tables`, run first by `npm test` and CI,
 * beside the import check).
 *
 * A table's owner is the module that declares it: the `…Tables` interfaces of
 * `packages/server/src/modules/<module>/schema.ts` (and of `src/venue-demo/schema.ts`, the demo venue,
 * an outside provider that shares the database). `db/schema.ts` only assembles them. The migrator's own
 * bookkeeping table is declared below.
 *
 * Only the owner's folder inserts, updates or deletes its rows — with Kysely (`insertInto`,
 * `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`) or in SQL text (`INSERT INTO`, `UPDATE … SET`,
 * `DELETE FROM`, `TRUNCATE`, and in migrations `CREATE`/`ALTER`/`DROP TABLE`, `CREATE INDEX … ON`,
 * `CREATE TRIGGER … ON`). Every other module, the back office, the seed and the plumbing call the owner's
 * functions. There is no allow-list.
 *
 * Each violation is printed as `file:line  table  owner  — what`: a write outside the owner, a write to
 * a table nobody declares, a table declared twice, or a write whose table is named only at run time
 * (`sql.table(x)`), which the check cannot follow.
 *
 * `--list` prints every table with its owner and the files that write it.
 * Tests (packages/server/test, packages/e2e, packages/bench) set up data directly and are not scanned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { posix, sourceFiles } from './check-imports.mjs';

const SERVER_SRC = 'packages/server/src';
/** Folders whose `schema.ts` declares the tables they own. */
const OWNER_ROOTS = ['modules/*', 'venue-demo'];
/** Tables that no module declares because plumbing makes them: the migrator's record of what ran. */
export const PLUMBING_TABLES = { schema_migrations: `${SERVER_SRC}/db/migrate.ts` };
const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** Product source only: tests set up data directly. */
const productFiles = (dir) => sourceFiles(dir).filter((f) => !/\.test\.[mc]?[jt]sx?$/.test(f));

/** The owner folders under the server's source: `packages/server/src/modules/user`, …/venue-demo. */
function ownerFolders(root) {
  const out = [];
  for (const pattern of OWNER_ROOTS) {
    if (pattern.endsWith('/*')) {
      const base = join(root, SERVER_SRC, pattern.slice(0, -2));
      let names = [];
      try {
        names = readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
      } catch {
        /* no modules folder: nothing owned */
      }
      for (const n of names.sort()) out.push(`${SERVER_SRC}/${pattern.slice(0, -2)}/${n}`);
    } else out.push(`${SERVER_SRC}/${pattern}`);
  }
  return out;
}

const lineAt = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;

/**
 * The tables a `schema.ts` declares: the property names of its exported interfaces named `…Tables`.
 * Returns [{table, line}].
 */
export function declaredTables(text, fileName = 'schema.ts') {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out = [];
  for (const st of sf.statements) {
    if (!ts.isInterfaceDeclaration(st) || !/Tables$/.test(st.name.text)) continue;
    if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const m of st.members) {
      if (ts.isPropertySignature(m) && m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) {
        out.push({ table: m.name.text, line: lineAt(sf, m.getStart(sf)) });
      }
    }
  }
  return out;
}

/** SQL statements that change a table's rows (anywhere) or its definition (migrations). */
const SQL_WRITES = [
  [/\binsert\s+into\s+("?)([a-z_][a-z0-9_]*)\1/gi, 'INSERT INTO'],
  [/\bupdate\s+(?:only\s+)?("?)([a-z_][a-z0-9_]*)\1(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s+set\b/gi, 'UPDATE'],
  [/\bdelete\s+from\s+(?:only\s+)?("?)([a-z_][a-z0-9_]*)\1/gi, 'DELETE FROM'],
  [/\btruncate\s+(?:table\s+)?(?:only\s+)?("?)([a-z_][a-z0-9_]*)\1/gi, 'TRUNCATE'],
  [/\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?("?)([a-z_][a-z0-9_]*)\1/gi, 'CREATE TABLE'],
  [/\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?("?)([a-z_][a-z0-9_]*)\1/gi, 'ALTER TABLE'],
  [/\bdrop\s+table\s+(?:if\s+exists\s+)?("?)([a-z_][a-z0-9_]*)\1/gi, 'DROP TABLE'],
  [/\bcreate\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:[a-z_][a-z0-9_]*\s+)?on\s+(?:only\s+)?("?)([a-z_][a-z0-9_]*)\1/gi, 'CREATE INDEX'],
  [/\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+[a-z_][a-z0-9_]*\s+(?:before|after|instead\s+of)\s+[a-z\s,]+?\s+on\s+("?)([a-z_][a-z0-9_]*)\1/gi, 'CREATE TRIGGER'],
];
/** A write whose table is a run-time value: `UPDATE ${sql.table(t)}`, `INSERT INTO ${…}`. */
const DYNAMIC_TARGET = /\b(insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?|truncate(?:\s+table)?)\s*$/i;
/** Words a naive match could take for a table name (`ON CONFLICT DO UPDATE SET`, `FOR UPDATE OF`, a trigger's `… OR TRUNCATE ON t`). */
const NOT_TABLES = new Set(['set', 'of', 'on', 'nowait', 'skip', 'only', 'table', 'if', 'select', 'values']);

/** SQL comments would otherwise count: `-- the UPDATE below…`. Kept the same length so offsets hold. */
const withoutSqlComments = (s) => s.replace(/--[^\n]*/g, (c) => ' '.repeat(c.length)).replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));

/**
 * Every write in one source file: [{line, table, how}] plus [{line, how: 'dynamic'}] for writes whose
 * table the check cannot name.
 */
export function writesIn(text, fileName = 'file.ts') {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out = [];
  // pieces: the literal parts of a string or template, each with the node it comes from (for its line);
  // a substitution sits between two pieces
  const scanSql = (pieces) => {
    pieces.forEach(({ text: raw, node }, i) => {
      const piece = withoutSqlComments(raw);
      const at = (offset) => lineAt(sf, node.getStart(sf)) + lineCount(piece.slice(0, offset));
      for (const [re, how] of SQL_WRITES) {
        for (const m of piece.matchAll(re)) {
          if (NOT_TABLES.has(m[2].toLowerCase())) continue;
          out.push({ line: at(m.index), table: m[2].toLowerCase(), how });
        }
      }
      if (i < pieces.length - 1 && DYNAMIC_TARGET.test(piece)) out.push({ line: at(piece.length), table: null, how: 'dynamic' });
    });
  };
  const visit = (n) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
      if (name && KYSELY_WRITES.has(name) && n.arguments.length > 0) {
        const arg = n.arguments[0];
        if (ts.isStringLiteralLike(arg)) out.push({ line: lineAt(sf, n.getStart(sf)), table: arg.text.trim().split(/\s+/)[0].toLowerCase(), how: name });
        else out.push({ line: lineAt(sf, n.getStart(sf)), table: null, how: 'dynamic' });
      }
    }
    if (ts.isTaggedTemplateExpression(n)) {
      const t = n.template;
      scanSql(templatePieces(t));
      // the substitutions may hold SQL of their own
      if (!ts.isNoSubstitutionTemplateLiteral(t)) for (const span of t.templateSpans) visit(span.expression);
      visit(n.tag);
      return;
    }
    if (ts.isTemplateExpression(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isStringLiteral(n)) {
      scanSql(templatePieces(n));
      if (ts.isTemplateExpression(n)) for (const span of n.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.sort((a, b) => a.line - b.line);
}

const lineCount = (s) => (s.match(/\n/g) ?? []).length;
const templatePieces = (t) =>
  ts.isTemplateExpression(t) ? [{ text: t.head.text, node: t.head }, ...t.templateSpans.map((s) => ({ text: s.literal.text, node: s.literal }))] : [{ text: t.text, node: t }];

/** Each table's owner folder and the line that declares it, plus declarations found twice. */
export function owners(root) {
  const byTable = new Map();
  const problems = [];
  for (const [table, file] of Object.entries(PLUMBING_TABLES)) byTable.set(table, { owner: dirname(file), file, line: 1 });
  for (const folder of ownerFolders(root)) {
    const file = `${folder}/schema.ts`;
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    for (const { table, line } of declaredTables(text, file)) {
      const had = byTable.get(table);
      if (had) problems.push({ file, line, table, owner: shortOwner(had.owner), what: `declared again (first in ${had.file}:${had.line}): a table has one owner` });
      else byTable.set(table, { owner: folder, file, line });
    }
  }
  return { byTable, problems };
}

const shortOwner = (folder) => folder.replace(`${SERVER_SRC}/`, '');

/** Every table with its owner and writers, and every violation, for the checkout at `root`. */
export function checkTables(root) {
  const { byTable, problems } = owners(root);
  const violations = [...problems];
  const writers = new Map([...byTable.keys()].map((t) => [t, new Set()]));
  for (const abs of productFiles(join(root, SERVER_SRC))) {
    const file = posix(relative(root, abs));
    for (const w of writesIn(readFileSync(abs, 'utf8'), file)) {
      if (w.table === null) {
        violations.push({ file, line: w.line, table: '?', owner: '?', what: 'names its table at run time; write each table by its literal name so the owner can be checked' });
        continue;
      }
      const own = byTable.get(w.table);
      if (!own) {
        violations.push({ file, line: w.line, table: w.table, owner: '—', what: `${w.how} of a table no module declares in its schema.ts` });
        continue;
      }
      writers.get(w.table).add(file);
      const inside = own.owner.endsWith('.ts') ? file === own.owner : file === own.file || file.startsWith(`${own.owner}/`);
      if (!inside) violations.push({ file, line: w.line, table: w.table, owner: shortOwner(own.owner), what: `${w.how} outside its owner: call a function of ${shortOwner(own.owner)}` });
    }
  }
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const tables = [...byTable.entries()]
    .map(([table, o]) => ({ table, owner: shortOwner(o.owner), writers: [...writers.get(table)].sort().map((f) => f.replace(`${SERVER_SRC}/`, '')) }))
    .sort((a, b) => a.owner.localeCompare(b.owner) || a.table.localeCompare(b.table));
  return { tables, violations };
}

export function format(v) {
  return `${v.file}:${v.line}  ${v.table}  ${v.owner}  — ${v.what}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (!statSync(join(root, 'packages')).isDirectory()) throw new Error('check-tables: run from the repository');
  const started = Date.now();
  const { tables, violations } = checkTables(root);
  if (process.argv.includes('--list')) {
    for (const t of tables) console.log(`${t.table.padEnd(28)} ${t.owner.padEnd(24)} ${t.writers.join(', ') || '(no writer outside migrations)'}`);
  } else {
    const byOwner = new Map();
    for (const t of tables) byOwner.set(t.owner, [...(byOwner.get(t.owner) ?? []), t.table]);
    for (const [owner, list] of byOwner) console.log(`  ${owner.padEnd(22)} ${list.join(', ')}`);
  }
  for (const v of violations) console.error(format(v));
  if (violations.length > 0) {
    console.error(`\ncheck-tables: ${violations.length} write(s) outside a table's owner (rules at the top of scripts/check-tables.mjs)`);
    process.exit(1);
  }
  console.log(`check-tables: ${tables.length} tables, each written only by its owner (${Date.now() - started} ms)`);
}
