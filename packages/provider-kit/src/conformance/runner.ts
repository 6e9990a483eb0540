import { RS } from '../seamless.js';
import type { ConformanceTarget } from './client.js';
import { MONEY_CASES } from './cases-money.js';
import { PROTOCOL_CASES } from './cases-protocol.js';
import { CaseContext, CaseFailed, CaseSkipped, type ConformanceCase } from './context.js';
import { MIN_FUNDED_FEN, MIN_SECOND_FEN, type SeamlessFixtures } from './fixtures.js';
import { TRANSFER_CASES } from './transfer-cases.js';
import { TransferContext, type TransferTarget } from './transfer-context.js';

/**
 * Runs the seamless-wallet conformance cases against a wallet, one after the other (each reads the
 * balance it starts from, so they must not overlap), and prints each case's name and outcome, then
 * `N passed, M failed`. Any wallet: ours, or a provider's test of its own integration.
 */
export const SEAMLESS_CASES: readonly ConformanceCase[] = [...PROTOCOL_CASES, ...MONEY_CASES];

export interface CaseResult {
  name: string;
  outcome: 'passed' | 'failed' | 'skipped';
  /** one line: why it failed or was skipped */
  reason?: string;
  ms: number;
}

export interface ConformanceReport {
  results: CaseResult[];
  passed: number;
  failed: number;
  skipped: number;
}

export interface RunOptions {
  /** run only the cases whose name contains one of these texts */
  only?: readonly string[];
  /** where the lines go (default: console.log) */
  log?: (line: string) => void;
  /** one case's limit (default 120 s) */
  caseTimeoutMs?: number;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CaseFailed(`no outcome within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The fixtures' players hold what the cases need (read from the wallet itself). */
async function preflight(ctx: CaseContext): Promise<string | null> {
  for (const [p, min, name] of [[ctx.funded, MIN_FUNDED_FEN, 'funded'], [ctx.second, MIN_SECOND_FEN, 'second']] as const) {
    const r = await ctx.balanceCall(p);
    if (r.body?.status !== RS.ok) return `the ${name} player's balance call answered ${r.body?.status}`;
    if (typeof r.body.balance !== 'number' || r.body.balance < min) return `the ${name} player holds ${r.body.balance} fen; the cases need at least ${min}`;
  }
  return null;
}

export async function runSeamlessConformance(target: ConformanceTarget, fixtures: SeamlessFixtures, opts: RunOptions = {}): Promise<ConformanceReport> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const ctx = new CaseContext(target, fixtures);
  let refused: string | null = null;
  try {
    refused = await preflight(ctx);
  } catch (err) {
    refused = err instanceof Error ? err.message : String(err);
  }
  if (refused) log(`fixtures: ${oneLine(refused)} (later cases may fail for it)`);
  return runCases(SEAMLESS_CASES, ctx, opts);
}

/** Runs the cases (those `only` names) one after the other on one context, printing each outcome, then the counts. */
export async function runCases<C>(all: readonly ConformanceCase<C>[], ctx: C, opts: RunOptions = {}): Promise<ConformanceReport> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const cases = opts.only ? all.filter((c) => opts.only!.some((o) => c.name.includes(o))) : all;
  const results: CaseResult[] = [];
  for (const c of cases) {
    const start = Date.now();
    let result: CaseResult;
    try {
      await within(c.run(ctx), opts.caseTimeoutMs ?? 120_000);
      result = { name: c.name, outcome: 'passed', ms: Date.now() - start };
    } catch (err) {
      const reason = oneLine(err instanceof Error ? err.message : String(err));
      result = { name: c.name, outcome: err instanceof CaseSkipped ? 'skipped' : 'failed', reason: err instanceof CaseFailed || err instanceof CaseSkipped ? reason : `error: ${reason}`, ms: Date.now() - start };
    }
    results.push(result);
    const mark = result.outcome === 'passed' ? 'PASS' : result.outcome === 'failed' ? 'FAIL' : 'SKIP';
    log(`${mark}  ${c.name}${result.reason ? ` — ${result.reason}` : ''}`);
  }
  const count = (o: CaseResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const report = { results, passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  log(`${report.passed} passed, ${report.failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''}`);
  return report;
}

/**
 * Runs the transfer-wallet cases against a provider, the kit signing as the platform. Each case makes
 * its own players (new ids every run) and moves the provider's test money between its house and them:
 * a demo or staging provider, never a production one.
 */
export function runTransferConformance(target: TransferTarget, opts: RunOptions = {}): Promise<ConformanceReport> {
  return runCases(TRANSFER_CASES, new TransferContext(target), opts);
}
