#!/usr/bin/env node
/**
 * The import directions of STYLE.md, checked by machine (`npm run lint:imports`, first step of `npm test`
 * and CI). Fast and dependency-free apart from TypeScript's own import scanner (already in the lockfile),
 * which reads `import`, `export … from`, `import()` and `require()` without being fooled by comments.
 *
 * Rules (each violation is printed as `file:line  [rule] what was imported — why`):
 *   client-to-server       the clients (h5, admin, agent, venue) and contract never import server source:
 *                          a rule both sides need lives in packages/contract.
 *   contract-is-shared     packages/contract imports no other workspace package (everyone imports it).
 *   kit-is-neutral         packages/provider-kit (the provider protocols: signing, messages, the
 *                          conformance kit) imports no workspace package but packages/contract: a real
 *                          provider could take it as it is.
 *   browser-is-shared      packages/browser (the front ends' shared DOM code and API client) imports no
 *                          workspace package but packages/contract, whose envelope and codes the API
 *                          client speaks; never a front end or the server.
 *   layers                 in a front end, shared → features → app: shared/ imports neither features/ nor
 *                          app/, features/ does not import app/.
 *   feature-internals      a feature imports another feature only through its public module
 *                          `features/<name>/api` (api.ts or api/index.ts), never its components,
 *                          routes or hooks.
 *   module-to-admin        server domain modules (src/modules) never import the back office (src/admin):
 *                          the admin layer calls modules and injects what it needs (an audit recorder).
 *   venue-demo-mounted-only nothing in the server imports the built-in demo venue (src/venue-demo) but the
 *                          app wiring that mounts it (src/app.ts): the platform reaches it like an outside
 *                          provider, over the transfer-wallet protocol (modules/venues/http-transfer.ts).
 *                          Besides: src/db assembles its table declarations, the books check
 *                          (src/cli/ledger-check.ts) checks its books beside the platform's, and the
 *                          seed's artwork (src/seed/assets) draws its games' tiles.
 *   venue-demo-to-platform the demo venue imports nothing of the platform's domain modules or back office
 *                          (shared plumbing in src/lib, src/db, src/http is neutral ground).
 *   plumbing-to-domain     that plumbing (src/lib, src/db, src/http) imports no domain module, back office
 *                          or demo venue: shared → features on the server too. One exception: src/db
 *                          assembles the table declarations below (the Database type, the migrations).
 *   table-declarations     a module's table declarations, `modules/<m>/schema.ts` and
 *                          `modules/<m>/migrations.ts` (and the demo venue's), import types only, from
 *                          kysely and src/db: src/db imports them, so they must not pull the domain in.
 *
 * Tests (packages/server/test, packages/e2e, packages/bench) may import server source: they are not
 * scanned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Where the server may import the demo venue from outside it (src/db's table assembly apart): the mounting, the books check, the seed's artwork. */
export const VENUE_DEMO_MOUNTS = ['packages/server/src/app.ts', 'packages/server/src/cli/ledger-check.ts'];
const VENUE_DEMO_ARTWORK = 'packages/server/src/seed/assets/';

const CLIENTS = ['h5', 'admin', 'agent', 'venue'];
const FRONT_ENDS = ['h5', 'admin', 'agent'];
const WORKSPACE_PACKAGES = ['contract', 'provider-kit', 'browser', 'server', 'h5', 'admin', 'agent', 'venue', 'e2e', 'bench'];
const SCANNED = ['contract', 'provider-kit', 'browser', 'server', 'h5', 'admin', 'agent', 'venue'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const LAYERS = { shared: 0, features: 1, app: 2 };
/** Limits the walk: the repository's source tree is a few hundred files. */
const MAX_FILES = 20_000;

export const posix = (p) => p.split(sep).join('/');

/** A module's (or the demo venue's) table declarations: its schema.ts or migrations.ts, which src/db assembles. */
export function isTableDeclaration(path) {
  return /^packages\/server\/src\/(modules\/[^/]+|venue-demo)\/(schema|migrations)(\.[cm]?[jt]sx?)?$/.test(path);
}

/**
 * Every source file under `dir` (no node_modules, dist, dot folders or .d.ts), shared with check-tables.mjs
 * and check-comments.mjs; `pattern` names other files to take instead (check-comments' style sheets).
 */
export function sourceFiles(dir, out = [], pattern = SOURCE) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out, pattern);
    else if (pattern.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    if (out.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} files under ${dir}`);
  }
  return out;
}

/**
 * Where an import points, as a repository-relative path without extension (`packages/server/src/lib/rng`),
 * or `null` for a third-party package. `@app/<pkg>[/sub]` maps to that workspace package.
 */
function target(root, fromFile, spec) {
  if (spec.startsWith('.')) {
    const abs = resolve(dirname(fromFile), spec);
    return posix(relative(root, abs)).replace(/\.(js|jsx|mjs|ts|tsx|mts)$/, '');
  }
  const m = /^@app\/([^/]+)(\/.*)?$/.exec(spec);
  if (m && WORKSPACE_PACKAGES.includes(m[1])) return `packages/${m[1]}${m[2] ? `/src${m[2]}` : ''}`;
  return null;
}

/** `packages/<pkg>/src/<area>/...` → {pkg, area, rest} */
function place(path) {
  const m = /^packages\/([^/]+)(?:\/src(?:\/([^/]+))?(\/.*)?)?/.exec(path);
  return m ? { pkg: m[1], area: m[2] ?? '', rest: m[3] ?? '' } : null;
}

function featureOf(p) {
  if (p.area !== 'features') return null;
  const m = /^\/([^/]+)(\/.*)?$/.exec(p.rest);
  return m ? { name: m[1], inner: (m[2] ?? '').replace(/^\//, '') } : null;
}

/**
 * The rule one import breaks, with why, or null. `to` is null for a third-party package, named by
 * `spec`; `typeOnly` says whether the import brings types alone (`import type`).
 */
export function brokenRule(from, to, { spec = '', typeOnly = false } = {}) {
  if (isTableDeclaration(from)) {
    const allowed = to === null ? spec === 'kysely' : to.startsWith('packages/server/src/db/');
    if (!allowed || !typeOnly) return ['table-declarations', 'table declarations import types only, from kysely and src/db: src/db assembles them'];
    return null;
  }
  if (to === null) return null;
  const f = place(from);
  const t = place(to);
  if (!f || !t) return null;
  if ((CLIENTS.includes(f.pkg) || f.pkg === 'contract') && t.pkg === 'server') {
    return ['client-to-server', 'clients and contract never import server source; move the shared rule to packages/contract'];
  }
  if (f.pkg === 'contract' && t.pkg !== 'contract') return ['contract-is-shared', 'packages/contract imports no other workspace package'];
  if (f.pkg === 'provider-kit' && t.pkg !== 'provider-kit' && t.pkg !== 'contract') return ['kit-is-neutral', 'packages/provider-kit imports no workspace package but packages/contract'];
  if (f.pkg === 'browser' && t.pkg !== 'browser' && t.pkg !== 'contract') return ['browser-is-shared', 'packages/browser imports no workspace package but packages/contract'];
  if (FRONT_ENDS.includes(f.pkg) && t.pkg === f.pkg) {
    const fl = LAYERS[f.area];
    const tl = LAYERS[t.area];
    if (fl !== undefined && tl !== undefined && tl > fl) return ['layers', `${f.area}/ must not import ${t.area}/ (shared → features → app)`];
    const ff = featureOf(f);
    const tf = featureOf(t);
    if (ff && tf && ff.name !== tf.name && tf.inner !== 'api' && tf.inner !== 'api/index') {
      return ['feature-internals', `features/${ff.name} reaches into features/${tf.name}/${tf.inner}; import its public module features/${tf.name}/api`];
    }
  }
  if (f.pkg === 'server' && t.pkg === 'server') {
    if (f.area === 'modules' && t.area === 'admin') return ['module-to-admin', 'domain modules never import the back office; let the admin route inject what it needs'];
    if (f.area === 'db' && isTableDeclaration(to)) return null;
    if (t.area === 'venue-demo' && f.area !== 'venue-demo' && !VENUE_DEMO_MOUNTS.includes(from) && !from.startsWith(VENUE_DEMO_ARTWORK)) {
      return ['venue-demo-mounted-only', 'the demo venue is a provider reached over the transfer-wallet protocol (modules/venues/http-transfer.ts); only src/app.ts mounts it'];
    }
    if (['lib', 'db', 'http'].includes(f.area) && ['modules', 'admin', 'venue-demo'].includes(t.area)) {
      return ['plumbing-to-domain', `src/${f.area} is shared plumbing: it imports no domain module, back office or demo venue`];
    }
    if (f.area === 'venue-demo' && (t.area === 'modules' || t.area === 'admin')) {
      return ['venue-demo-to-platform', 'the demo venue is an outside provider: it imports only neutral plumbing (lib, db, http)'];
    }
  }
  return null;
}

/** Where the module names of `import type …` and `export type … from` statements start in `text`. */
function typeOnlyImports(text, file) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out = new Set();
  for (const st of sf.statements) {
    const typeOnly = ts.isImportDeclaration(st) ? st.importClause?.isTypeOnly : ts.isExportDeclaration(st) ? st.isTypeOnly : false;
    if (typeOnly && st.moduleSpecifier) out.add(st.moduleSpecifier.getStart(sf));
  }
  return out;
}

const lineOf = (text, pos) => {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

/** Every violation under `root` (a checkout), sorted by file and line. */
export function checkImports(root) {
  const violations = [];
  for (const pkg of SCANNED) {
    for (const file of sourceFiles(join(root, 'packages', pkg, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const from = posix(relative(root, file));
      const { importedFiles } = ts.preProcessFile(text, true, true);
      const typeOnly = isTableDeclaration(from) ? typeOnlyImports(text, file) : new Set();
      for (const imp of importedFiles) {
        const to = target(root, file, imp.fileName);
        const broken = brokenRule(from, to, { spec: imp.fileName, typeOnly: typeOnly.has(imp.pos) });
        if (broken) violations.push({ file: from, line: lineOf(text, imp.pos), rule: broken[0], spec: imp.fileName, why: broken[1] });
      }
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function format(v) {
  return `${v.file}:${v.line}  [${v.rule}] '${v.spec}' — ${v.why}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (!statSync(join(root, 'packages')).isDirectory()) throw new Error('check-imports: run from the repository');
  const started = Date.now();
  const violations = checkImports(root);
  for (const v of violations) console.error(format(v));
  if (violations.length > 0) {
    console.error(`\ncheck-imports: ${violations.length} import(s) break the directions of STYLE.md (rules at the top of scripts/check-imports.mjs)`);
    process.exit(1);
  }
  console.log(`check-imports: import directions hold (${Date.now() - started} ms)`);
}
