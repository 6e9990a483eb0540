import { runOnDatabase } from './command.js';
import { checkLedger } from '../modules/ledger/service.js';
import { checkDemoVenue } from '../venue-demo/store.js';
import { checkDemoVenueBets } from '../venue-demo/play.js';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database (DATABASE_URL, else the
 * embedded PGlite under DATA_DIR), the same one the server opens, and then the built-in demo venue's
 * own books in it. Exit 0 when, in both, every balance equals its entries, every journal sums to zero
 * and no guarded balance is negative; 1 otherwise.
 *
 * The embedded PGlite is single-process: stop the server before checking its data directory.
 */
const MAX_LISTED = 50; // a badly broken ledger should not flood the terminal

type Mismatch = Awaited<ReturnType<typeof checkLedger>>['mismatches'][number];

function describe(m: Mismatch): string {
  switch (m.type) {
    case 'account_balance': {
      const r = m as Mismatch & { code: string; balance_fen: number; entries_fen: number };
      return `account ${r.id} ${r.code}: balance ${r.balance_fen} fen, entries sum ${r.entries_fen} fen`;
    }
    case 'journal_sum': {
      const r = m as Mismatch & { sum_fen: number };
      return `journal ${r.id}: entries sum ${r.sum_fen} fen, not 0`;
    }
    case 'negative_balance': {
      const r = m as Mismatch & { code: string; balance_fen: number };
      return `account ${r.id} ${r.code}: balance ${r.balance_fen} fen below zero`;
    }
    default:
      return JSON.stringify(m);
  }
}

runOnDatabase('ledger check could not run', async (db, config) => {
  const where = db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  const result = await checkLedger(db.kysely);
  console.log(`ledger check on ${where}: ${result.accounts} accounts, ${result.journals} journals`);
  if (result.ok) console.log('ok: every balance equals its entries and every journal sums to zero');
  else {
    console.log(`FAILED: ${result.mismatches.length} mismatch(es)`);
    for (const m of result.mismatches.slice(0, MAX_LISTED)) console.log(`  ${m.type}  ${describe(m)}`);
    if (result.mismatches.length > MAX_LISTED) console.log(`  … and ${result.mismatches.length - MAX_LISTED} more`);
  }
  const venue = await checkDemoVenue(db.kysely);
  console.log(`demo venue books: ${venue.accounts} accounts, ${venue.transactions} transactions`);
  if (venue.ok) console.log('ok: the demo venue balances equal their entries, no player below zero');
  else {
    console.log(`FAILED: ${venue.mismatches.length} mismatch(es) in the demo venue's books`);
    for (const m of venue.mismatches.slice(0, MAX_LISTED)) console.log(`  ${m.type}  ${JSON.stringify(m)}`);
  }
  const bets = await checkDemoVenueBets(db.kysely);
  if (bets.ok) console.log(`ok: each of the demo venue's ${bets.bets} bets moved exactly its stake and payout`);
  else {
    console.log(`FAILED: ${bets.mismatches.length} bet(s) whose money does not match at the demo venue`);
    for (const m of bets.mismatches.slice(0, MAX_LISTED)) console.log(`  ${String(m.type)}  ${JSON.stringify(m)}`);
  }
  return result.ok && venue.ok && bets.ok ? 0 : 1;
});
