import { randomBytes } from 'node:crypto';
import { RS, SEAMLESS_PATH, SEAMLESS_PREFIX, signedPost } from '@app/provider-kit';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { checkLedger } from '../../server/src/modules/ledger/service.js';
import { providerKeys } from '../../server/src/modules/providers/service.js';
import { issueSeamlessToken } from '../../server/src/modules/providers/token.js';
import { DEMO_SEAMLESS } from '../../server/src/seed/providers.js';
import autocannon from 'autocannon';
import { answeredOk } from './envelope.js';
import { fundedMembers, httpLoad, postJson, settled } from './ledger.js';
import { startPgPlatform } from './platform.js';

/**
 * Benchmark (k): the seamless wallet as a provider meets it — a bet then its round's win, each a
 * signed POST to /provider-api and one ledger posting (with its bet record), at 64 connections on
 * PostgreSQL — beside the ledger transfer rate measured in the same run against the same server:
 * POST /api/transfer at 32 connections, the HTTP path of benchmark (c). A pair counts when both
 * answered RS_OK. A bet is one posting as a transfer is, so the target is pairs/s ÷ transfers/s ≥ 1,
 * and a bet's p99 under 150 ms.
 *
 * The 32 funded members of (c) each play from two connections (two tokens), 1 元 a bet, half the
 * rounds won back.
 *
 * Then a launch in transfer mode with auto-transfer (免转) on, over HTTP: POST /api/getGameUrl at 32
 * connections, each member alternating between two transfer venues' slots, so that every launch
 * recycles the other venue and carries the whole central balance in (each a transfer over the
 * transfer-wallet protocol) before the launch URL is asked for. Its p99 is printed (no target).
 */
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const BYPASS = 'BENCH';
const GAME = 'ae_ocean';
const STAKE_FEN = 100;

export interface SeamlessBench {
  /** bet + win pairs answered RS_OK per second, 64 connections */
  pairsPerS: number;
  betP50Ms: number;
  betP99Ms: number;
  /** transfers settled per second, POST /api/transfer, 32 connections (as in benchmark (c)) */
  transfersPerS: number;
  transfersP99Ms: number;
  /** pairsPerS ÷ transfersPerS */
  ratio: number;
  /** launches with auto-transfer per second, POST /api/getGameUrl, 32 connections, and their p99 */
  launchesPerS: number;
  launchP99Ms: number;
}

/** Two transfer venues' slots a launch alternates between. */
const LAUNCHES = [
  { plat_name: 'pp', game_code: 'pp_egypt' },
  { plat_name: 'obgdy', game_code: 'obgdy_fruit' },
] as const;

export async function benchSeamless(): Promise<SeamlessBench> {
  const platform = await startPgPlatform({ CAPTCHA_BYPASS_CODE: BYPASS, RATE_LIMIT_REGISTER: '0' });
  const db = await connectPostgres(platform.dbUrl, 4);
  try {
    const members = await fundedMembers(platform.url, db.kysely);
    const [key] = await providerKeys(db.kysely, DEMO_SEAMLESS.merchantId);
    if (!key) throw new Error('the demo seamless provider is not seeded');
    const players: { user: string; token: string }[] = [];
    for (const m of members) {
      for (let c = 0; c < CONNECTIONS / members.length; c++) {
        players.push({ user: String(m.id), token: await issueSeamlessToken(db.kysely, { memberId: m.id, provider: DEMO_SEAMLESS.code, venue: DEMO_SEAMLESS.venue, game: GAME }) });
      }
    }

    // The ledger's transfer rate first, then the seamless pairs, against the same server in the same run.
    const before = await settled(db.kysely);
    const transfers = await httpLoad(platform.url, members);
    await new Promise((r) => setTimeout(r, 500));
    const transfersPerS = Math.round(((await settled(db.kysely)) - before) / DURATION_S);

    const caller = { baseUrl: `${platform.url}${SEAMLESS_PREFIX}`, merchant: DEMO_SEAMLESS.merchantId, key, timeoutMs: 10_000 };
    const pairs = await pairLoad(caller, players);
    const ledger = await checkLedger(db.kysely);
    if (!ledger.ok) throw new Error('the ledger does not check after the benchmark');
    if ((await seamlessBets(db.kysely)) < pairs.count) throw new Error('fewer bet records than bets taken');
    const pairsPerS = Math.round(pairs.count / DURATION_S);

    for (const m of members) {
      const on = await postJson(platform.url, '/api/uptransferstatus', { transferstatus: 1 }, m.token);
      if (on.code !== 200) throw new Error(`auto-transfer not switched on: ${on.message}`);
    }
    const launches = await launchLoad(platform.url, members);
    if (!(await checkLedger(db.kysely)).ok) throw new Error('the ledger does not check after the launches');
    return {
      pairsPerS,
      betP50Ms: pairs.p50Ms,
      betP99Ms: pairs.p99Ms,
      transfersPerS,
      transfersP99Ms: transfers.p99Ms,
      ratio: pairsPerS / transfersPerS,
      launchesPerS: launches.perS,
      launchP99Ms: launches.p99Ms,
    };
  } finally {
    await db.close();
    await platform.stop();
  }
}

type Caller = Parameters<typeof signedPost>[0];

/** One loop per connection for DURATION_S: bet, then the round's win (every other round won back). */
async function pairLoad(caller: Caller, players: { user: string; token: string }[]): Promise<{ count: number; p50Ms: number; p99Ms: number }> {
  const betMs: number[] = [];
  let count = 0;
  const end = Date.now() + DURATION_S * 1000;
  await Promise.all(
    players.map(async (p, conn) => {
      for (let i = 0; Date.now() < end; i++) {
        const round = `${conn}-${i}-${randomBytes(4).toString('hex')}`;
        const common = { token: p.token, user: p.user, round, game_code: GAME, currency: 'CNY' };
        const started = performance.now();
        const bet = await signedPost<{ status: string }>(caller, SEAMLESS_PATH.bet, { ...common, request_uuid: `${round}:b`, transaction_uuid: `${round}:b`, amount: STAKE_FEN });
        betMs.push(performance.now() - started);
        if (bet.body?.status !== RS.ok) throw new Error(`bet: ${bet.status} ${bet.text}`);
        const win = await signedPost<{ status: string }>(caller, SEAMLESS_PATH.win, {
          ...common,
          request_uuid: `${round}:w`,
          transaction_uuid: `${round}:w`,
          reference_transaction_uuid: `${round}:b`,
          amount: i % 2 === 0 ? STAKE_FEN : 0,
          round_closed: true,
        });
        if (win.body?.status !== RS.ok) throw new Error(`win: ${win.status} ${win.text}`);
        count += 1;
      }
    }),
  );
  betMs.sort((a, b) => a - b);
  const at = (q: number) => Math.round(betMs[Math.min(betMs.length - 1, Math.floor(q * betMs.length))] ?? 0);
  return { count, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** autocannon at 32 connections, one member each, launching the two venues' slots in turn. */
async function launchLoad(url: string, members: { token: string }[]): Promise<{ perS: number; p99Ms: number }> {
  let next = 0;
  let refused = 0;
  const onResponse = (status: number, body: string) => {
    if (!answeredOk(status, body)) refused += 1;
  };
  const r = await autocannon({
    url,
    connections: members.length,
    duration: DURATION_S,
    setupClient: (client) => {
      const m = members[next++ % members.length]!;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${m.token}` };
      client.setRequests(LAUNCHES.map((l) => ({ method: 'POST' as const, path: '/api/getGameUrl', headers, body: JSON.stringify({ ...l, game_type: 'concise', is_mobile_url: 1 }), onResponse })));
    },
  });
  if (r.errors || r.non2xx || refused) throw new Error(`launches over HTTP: ${r.errors} errors, ${r.non2xx} non-2xx, ${refused} refused`);
  return { perS: Math.round(r.requests.average), p99Ms: r.latency.p99 };
}

async function seamlessBets(db: Kdb): Promise<number> {
  const r = await db.selectFrom('seamless_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'bet').executeTakeFirstOrThrow();
  return Number(r.n);
}

// Alone: npx tsx packages/bench/src/seamless.ts
if (import.meta.url === `file://${process.argv[1]}`) console.table([await benchSeamless()]);
