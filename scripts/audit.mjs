#!/usr/bin/env node
/**
 * Dependency audit for CI (`npm run audit:deps`): `npm audit --json` over the lockfile, failing on every
 * high or critical finding that has a fix available (an update within the declared ranges, or a named
 * version), and listing the ones without a fix as warnings. Exit codes:
 *   0  no fixable high/critical finding
 *   1  fixable high/critical findings (each printed with its advisories and its fix)
 *   2  the audit could not run (registry's audit endpoint unreachable, refused, or unreadable answer):
 *      never a silent pass.
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const FAILING = new Set(['high', 'critical']);
const AUDIT_TIMEOUT_MS = 180_000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** The advisories behind one finding: its own, or the packages it inherits them from. */
function advisories(v) {
  return (v.via ?? []).map((via) => (typeof via === 'string' ? `via ${via}` : `${via.title ?? via.name} (${via.url ?? via.source ?? 'no url'})`));
}

function fixText(fix) {
  if (fix === true) return 'npm update (within the declared range)';
  if (fix && typeof fix === 'object') return `${fix.name}@${fix.version}${fix.isSemVerMajor ? ' (semver major)' : ''}`;
  return 'no fix available';
}

/**
 * Reads one `npm audit --json` answer: {ok: false, reason} when it is not an audit report, else the
 * fixable and unfixable high/critical findings.
 */
export function judge(report) {
  if (!report || typeof report !== 'object') return { ok: false, reason: 'no JSON answer from npm audit' };
  if (!report.vulnerabilities || !report.metadata) {
    const reason = report.error?.summary || report.message || report.error?.code || 'the answer is not an audit report';
    return { ok: false, reason };
  }
  const high = Object.entries(report.vulnerabilities)
    .map(([name, v]) => ({ name, ...v }))
    .filter((v) => FAILING.has(v.severity));
  return {
    ok: true,
    fixable: high.filter((v) => v.fixAvailable),
    unfixable: high.filter((v) => !v.fixAvailable),
    counts: report.metadata.vulnerabilities ?? {},
  };
}

export function describe(v) {
  return `${v.severity} ${v.name} ${v.range ?? ''} — ${advisories(v).join('; ') || 'no advisory named'} — fix: ${fixText(v.fixAvailable)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const run = spawnSync('npm', ['audit', '--json', '--audit-level=high'], { cwd: root, encoding: 'utf8', timeout: AUDIT_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES });
  let report = null;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = null;
  }
  const verdict = judge(report);
  if (!verdict.ok) {
    console.error(`\n!!! dependency audit could not run: ${verdict.reason}${run.error ? ` (${run.error.message})` : ''}`);
    console.error('!!! the registry audit endpoint must be reachable (npm audit); failing rather than passing unchecked.\n');
    process.exit(2);
  }
  for (const v of verdict.unfixable) console.warn(`warning (no fix yet): ${describe(v)}`);
  if (verdict.fixable.length > 0) {
    for (const v of verdict.fixable) console.error(`FIXABLE: ${describe(v)}`);
    console.error(`\naudit: ${verdict.fixable.length} high/critical finding(s) with a fix: update the lockfile (npm update <pkg>, or an override in package.json)`);
    process.exit(1);
  }
  const c = verdict.counts;
  console.log(`audit: no fixable high/critical finding (critical ${c.critical ?? 0}, high ${c.high ?? 0}, moderate ${c.moderate ?? 0}, low ${c.low ?? 0})`);
}
