#!/usr/bin/env node
/**
 * Comments explain the code, not the tracker (`npm run lint:comments`, run by `npm test` and CI after the
 * import and table checks).
 *
 * A comment or string that cites a tracker number — "issue N", "issue N item M", "issue #N", "issue-N",
 * "items N and M", "(iN.M)" — says where a change was asked for, which git already records, instead of
 * why the code is as it is. Write the reason in plain words.
 *
 * Scanned: every source file of every workspace package (src, test, tests, configs: the import check's
 * own `sourceFiles`), its style sheets and HTML pages, scripts/ and README.md. Each line is read whole, so
 * comments, strings and test titles alike are checked; a code name cannot match, since every pattern
 * needs a space, `#` or `-` before its number. "item 3" counts even when it means a list's third item:
 * write "the third item" there. Each hit is printed as `file:line  text`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { posix, sourceFiles } from './check-imports.mjs';

/** A tracker citation: "issue 12", "Issues #3", "issue-12", "item 5", "items 4 and 6", "(i13.3)". */
export const TRACKER = /\b[Ii]ssues?(?:\s+#?|\s*#|-)\d+\b|\b[Ii]tems?\s+#?\d+(?:\.\d+)?\b|\(i\d+\.\d+\)/;
/** Files that are neither TypeScript nor JavaScript but hold comments too. */
const OTHER = /\.(css|html)$/;
/** This check and its self-test, which name the patterns they look for. */
const SELF = ['scripts/check-comments.mjs', 'scripts/check-comments.test.mjs'];

/** The lines of `text` that cite a tracker number: [{line, text}], `text` trimmed. */
export function citations(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (TRACKER.test(line)) out.push({ line: i + 1, text: line.trim() });
  });
  return out;
}

/** Every file the check reads under `root` (a checkout), repository-relative, sorted. */
export function scannedFiles(root) {
  const files = [];
  let packages = [];
  try {
    packages = readdirSync(join(root, 'packages'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    /* no packages folder: only scripts and the README */
  }
  for (const pkg of packages) {
    const dir = join(root, 'packages', pkg);
    files.push(...sourceFiles(dir), ...sourceFiles(dir, [], OTHER));
  }
  files.push(...sourceFiles(join(root, 'scripts')));
  try {
    if (statSync(join(root, 'README.md')).isFile()) files.push(join(root, 'README.md'));
  } catch {
    /* no README */
  }
  return files
    .map((f) => posix(relative(root, f)))
    .filter((f) => !SELF.includes(f))
    .sort();
}

/** Every tracker citation under `root`: [{file, line, text}], by file and line. */
export function checkComments(root) {
  const hits = [];
  for (const file of scannedFiles(root)) {
    for (const c of citations(readFileSync(join(root, file), 'utf8'))) hits.push({ file, ...c });
  }
  return hits;
}

export const format = (h) => `${h.file}:${h.line}  ${h.text}`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (!statSync(join(root, 'packages')).isDirectory()) throw new Error('check-comments: run from the repository');
  const started = Date.now();
  const hits = checkComments(root);
  for (const h of hits) console.error(format(h));
  if (hits.length > 0) {
    console.error(`\ncheck-comments: ${hits.length} line(s) cite a tracker number; say the reason in plain words instead (git keeps the history)`);
    process.exit(1);
  }
  console.log(`check-comments: no tracker numbers in comments or strings (${Date.now() - started} ms)`);
}
