import { sql } from 'kysely';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Db } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { ensureAccount, post } from '../src/modules/ledger/service.js';

const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run ledger:check`'s command in a child process against `databaseUrl`. */
function runLedgerCheck(databaseUrl: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['src/cli/ledger-check.ts'],
      // DATA_DIR points nowhere useful: with DATABASE_URL set the embedded database must not be touched.
      { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: '/nonexistent-ledger-check' }, timeout: 25_000 },
      (err, stdout, stderr) => {
        const exitCode = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}

let scratch: { url: string; drop: () => Promise<void> };
let db: Db;
let walletId: number;

beforeAll(async () => {
  scratch = await createScratchDatabase(PG_ADMIN_URL, 'lc');
  db = await connectPostgres(scratch.url, 2);
  await migrate(db);
  await db.kysely.transaction().execute(async (tx) => {
    const house = await ensureAccount(tx, 'house:check_test', 'house', { allowNegative: true });
    walletId = await ensureAccount(tx, 'test:check_wallet', 'test_wallet');
    const other = await ensureAccount(tx, 'test:check_other', 'test_wallet');
    await post(tx, { idemKey: 'check:1', kind: 'adjustment', entries: [{ accountId: house, amountFen: -10_000 }, { accountId: walletId, amountFen: 10_000 }] });
    await post(tx, { idemKey: 'check:2', kind: 'transfer', entries: [{ accountId: walletId, amountFen: -2_500 }, { accountId: other, amountFen: 2_500 }] });
  });
});

afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

describe('npm run ledger:check', () => {
  it('exits 0 and summarises accounts and journals when the ledger is consistent', async () => {
    const run = await runLedgerCheck(scratch.url);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('PostgreSQL');
    expect(run.stdout).toContain('3 accounts, 2 journals');
    expect(run.stdout).toMatch(/^ok:/m);
  });

  it('exits 1 and names the account whose balance no longer equals its entries', async () => {
    // A direct write that bypasses the ledger: exactly what the check exists to catch.
    await db.kysely.updateTable('ledger_accounts').set({ balance_fen: 7_501 }).where('id', '=', walletId).execute();
    const run = await runLedgerCheck(scratch.url);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('FAILED: 1 mismatch(es)');
    expect(run.stdout).toContain(`account_balance  account ${walletId} test:check_wallet: balance 7501 fen, entries sum 7500 fen`);
  });

  it("also checks the demo venue's own books and exits 1 when a venue balance drifts from its entries", async () => {
    await db.kysely.updateTable('ledger_accounts').set({ balance_fen: 7_500 }).where('id', '=', walletId).execute();
    await sql`SELECT demo_venue_move('DEMOLIVEA', '42', 500::bigint, 'check-ref-1', 'transfer_in')`.execute(db.kysely);
    const fine = await runLedgerCheck(scratch.url);
    expect(fine.exitCode).toBe(0);
    expect(fine.stdout).toContain('demo venue books: 2 accounts, 1 transactions');
    await db.kysely.updateTable('demo_venue_accounts').set({ balance_fen: 499 }).where('player', '=', '42').execute();
    const run = await runLedgerCheck(scratch.url);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^ok: every balance equals its entries/m);
    expect(run.stdout).toContain("FAILED: 1 mismatch(es) in the demo venue's books");
  });

  it('exits 1 with the reason when the database cannot be opened', async () => {
    const bad = new URL(scratch.url);
    bad.pathname = '/no_such_database_for_ledger_check';
    const run = await runLedgerCheck(bad.toString());
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('ledger check could not run');
  });
});
