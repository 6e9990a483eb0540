import autocannon from 'autocannon';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { checkLedger } from '../../server/src/modules/ledger/service.js';
import { signLaunch } from '../../server/src/lib/launch-token.js';
import { launchSecret } from '../../server/src/modules/site/launch-secret.js';
import { checkDemoVenueBets } from '../../server/src/venue-demo/play.js';
import { checkDemoVenue } from '../../server/src/venue-demo/store.js';
import { fundedMembers, httpLoad, postJson, settled } from './ledger.js';
import { startPgPlatform } from './platform.js';
import { answeredOk } from './envelope.js';

/**
 * Benchmark (d): demo-venue slot spins per second end to end — POST /venue/api/play over HTTP (session
 * lookup, engine with cryptoRng, the venue's wallet store and the bet row in one statement) at 64
 * connections on PostgreSQL — beside the ledger transfer rate measured in the same run against the same
 * server: POST /api/transfer at 32 connections, the HTTP path of benchmark (c) (its own code: members,
 * load and count from ledger.ts). A spin counts when its bet row was committed.
 *
 * The 32 members of (c) each move 100,000 元 into their venue and open two game frames (two sessions),
 * so 64 connections spin 1 元 a time on 64 frames without ever running dry.
 */
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const BYPASS = 'BENCH';
const GAME = 'pp_egypt';

export interface SlotBench {
  /** slot spins committed per second, POST /venue/api/play, 64 connections */
  spinsPerS: number;
  spinsP99Ms: number;
  /** transfers settled per second, POST /api/transfer, 32 connections (as in benchmark (c)) */
  transfersPerS: number;
  transfersP99Ms: number;
  /** spinsPerS ÷ transfersPerS */
  ratio: number;
}

export async function benchSlots(): Promise<SlotBench> {
  const platform = await startPgPlatform({ CAPTCHA_BYPASS_CODE: BYPASS, RATE_LIMIT_REGISTER: '0' });
  const db = await connectPostgres(platform.dbUrl, 4);
  try {
    const members = await fundedMembers(platform.url, db.kysely);
    const secret = await launchSecret(db.kysely);
    const sessions: string[] = [];
    for (const m of members) {
      const moved = await postJson(platform.url, '/api/transfer', { amount: 100_000, sourcetype: 'userbalance', targettype: m.venue }, m.token);
      if (moved.code !== 200) throw new Error(`transfer failed: ${moved.message}`);
      for (let frame = 0; frame < CONNECTIONS / members.length; frame++) {
        const launch = signLaunch(secret, { player: String(m.id), venue: m.venue, game: GAME, exp: Math.floor(Date.now() / 1000) + 60 });
        const r = await postJson(platform.url, '/venue/api/session', { launch });
        if (r.code !== 200) throw new Error(`venue session failed: ${r.message}`);
        sessions.push(r.data.session as string);
      }
    }

    // The ledger's transfer rate first, then the spins, against the same server in the same run.
    let before = await settled(db.kysely);
    const transfers = await httpLoad(platform.url, members);
    await new Promise((r) => setTimeout(r, 500));
    const transfersPerS = Math.round(((await settled(db.kysely)) - before) / DURATION_S);

    before = await betCount(db.kysely);
    const spins = await spinLoad(platform.url, sessions);
    await new Promise((r) => setTimeout(r, 500));
    const spinsPerS = Math.round(((await betCount(db.kysely)) - before) / DURATION_S);

    const [ledger, venueBooks, venueBets] = await Promise.all([checkLedger(db.kysely), checkDemoVenue(db.kysely), checkDemoVenueBets(db.kysely)]);
    if (!ledger.ok || !venueBooks.ok || !venueBets.ok) throw new Error('the books do not check after the benchmark');
    return { spinsPerS, spinsP99Ms: spins.p99Ms, transfersPerS, transfersP99Ms: transfers.p99Ms, ratio: spinsPerS / transfersPerS };
  } finally {
    await db.close();
    await platform.stop();
  }
}

/** autocannon at 64 connections, one game frame (session) each, spinning 1 元. */
async function spinLoad(url: string, sessions: string[]): Promise<{ p99Ms: number }> {
  let next = 0;
  let refused = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    setupClient: (client) => {
      const session = sessions[next++ % sessions.length]!;
      client.setRequests([
        {
          method: 'POST',
          path: '/venue/api/play',
          headers: { 'content-type': 'application/json', 'x-venue-session': session },
          body: JSON.stringify({ game: GAME, bet: { stake: 1 } }),
          onResponse: (status, body) => {
            if (!answeredOk(status, body)) refused += 1;
          },
        },
      ]);
    },
  });
  if (r.errors || r.non2xx || refused) throw new Error(`spins over HTTP: ${r.errors} errors, ${r.non2xx} non-2xx, ${refused} refused`);
  return { p99Ms: r.latency.p99 };
}

async function betCount(db: Kdb): Promise<number> {
  const r = await db.selectFrom('demo_venue_bets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

// Alone: npx tsx packages/bench/src/slots.ts
if (import.meta.url === `file://${process.argv[1]}`) console.table([await benchSlots()]);
