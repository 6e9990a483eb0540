import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Kdb } from '../../db/connect.js';
import { AppError } from '../../http/errors.js';
import { perDatabase } from '../../lib/batch.js';
import { balancesMoved } from './display.js';
import { CODE, MSG } from '@app/contract';

/**
 * The ledger is the only code that writes platform money. A journal is a set of entries that sum
 * to zero; its idempotency key makes a retried movement a no-op conflict instead of a second one.
 */
export type Tx = Transaction<Database> | Kdb;

/** The audit hook of a review (its home is lib/review.ts, with the review's skeleton). */
export type { ReviewRecorder } from '../../lib/review.js';

export interface EntryInput {
  accountId: number;
  amountFen: number;
}
export interface JournalInput {
  idemKey: string;
  kind: string;
  memo?: string;
  entries: EntryInput[];
}

/**
 * Sub-accounts of each busy house account: a stake, payout or bonus locks one of them, not
 * one row for the whole platform. Shard 0 is the house account itself.
 */
export const HOUSE_SHARDS = 16;

export class InsufficientFunds extends AppError {
  constructor(readonly accountId: number) {
    super(CODE.badRequest, '余额不足');
  }
}

/**
 * House accounts. Sign convention: a member wallet's balance is what the platform owes the member;
 * money entering the platform from outside (a deposit) or leaving it (a paid withdrawal) is booked
 * against a house account that may go negative; withdrawals in flight hold real money and may not.
 */
export const HOUSE = {
  trialFunding: 'house:trial_funding',
  deposits: 'house:deposits',
  withdrawalsInFlight: 'house:withdrawals_in_flight',
  withdrawalsPaid: 'house:withdrawals_paid',
  adjustments: 'house:adjustments',
  /** The in-house lottery's bank: stakes in, wins and pushes out (may go negative). */
  lottery: 'house:lottery',
  /** Promotion bonuses (活动彩金, modules/promotions) are paid from here (may go negative: a cost of the house). */
  promotions: 'house:promotions',
  /** VIP level-up bonuses (晋级礼金, modules/vip) are paid from here (may go negative: a cost of the house). */
  vipBonus: 'house:vip_bonus',
  /** Claimed rebates (返水, modules/rebate) are paid from here (may go negative: a cost of the house). */
  rebates: 'house:rebates',
  /** Drawn red packets (红包, modules/redpacket) are paid from here (may go negative: a cost of the house). */
  redPackets: 'house:red_packets',
  /** Agent commission (佣金, modules/commission) is paid from here (may go negative: a cost of the house). */
  commission: 'house:commission',
} as const;
export type HouseAccount = (typeof HOUSE)[keyof typeof HOUSE];

/** House accounts that must never go below zero; every other house account may. */
const NON_NEGATIVE_HOUSE = new Set<string>([HOUSE.withdrawalsInFlight]);

/**
 * House accounts split into HOUSE_SHARDS sub-accounts, each journal on one of them picking its shard by
 * a stable hash of the journal's accounts (so one member's journals of a kind land on one shard). Not
 * the withdrawal accounts: their money is held per order (in flight may not go negative, and paying
 * moves in flight → paid with no member account to hash), and staff review them one at a time.
 */
const SHARDED_HOUSE = new Set<string>([
  HOUSE.lottery,
  HOUSE.promotions,
  HOUSE.vipBonus,
  HOUSE.rebates,
  HOUSE.redPackets,
  HOUSE.commission,
  HOUSE.deposits,
  HOUSE.adjustments,
  HOUSE.trialFunding,
]);

/** The platform's account for the money a venue holds for members (negative when members won there). */
export function venueSettlementCode(venue: string): string {
  return `venue:${venue}:settlement`;
}

/**
 * The platform's account for a seamless-wallet provider (modules/providers): stakes the provider took
 * from members' central wallets, less the wins it paid back (negative when members won there).
 */
export function providerSettlementCode(provider: string): `provider:${string}:settlement` {
  return `provider:${provider}:settlement`;
}

type SettlementCode = `venue:${string}:settlement` | `provider:${string}:settlement`;

const systemIds = new WeakMap<object, Map<string, number>>();

/**
 * The id of a house account or a venue's or provider's settlement account. Opened on first use in its own short
 * statement (never inside a money transaction, so account creation cannot interleave with a
 * journal's row locks) and remembered per database.
 */
export async function systemAccountId(db: Kdb, code: HouseAccount | SettlementCode): Promise<number> {
  let ids = systemIds.get(db);
  if (!ids) systemIds.set(db, (ids = new Map()));
  const hit = ids.get(code);
  if (hit !== undefined) return hit;
  const kind = code.startsWith('venue:') ? 'venue_settlement' : code.startsWith('provider:') ? 'provider_settlement' : 'house';
  const allowNegative = !NON_NEGATIVE_HOUSE.has(code);
  const id = await ensureAccount(db, code, kind, { allowNegative });
  if (SHARDED_HOUSE.has(code)) await openShards(db, code, id, allowNegative);
  ids.set(code, id);
  return id;
}

/** Opens a house account's sub-accounts, then turns its sharding on (a posting never finds one missing). */
async function openShards(db: Kdb, code: string, id: number, allowNegative: boolean): Promise<void> {
  const rows = Array.from({ length: HOUSE_SHARDS - 1 }, (_, i) => ({ code: `${code}#${i + 1}`, kind: 'house', house: code, allow_negative: allowNegative }));
  await db.insertInto('ledger_accounts').values(rows).onConflict((oc) => oc.column('code').doNothing()).execute();
  await db.updateTable('ledger_accounts').set({ shards: HOUSE_SHARDS }).where('id', '=', id).where('shards', '<>', HOUSE_SHARDS).execute();
}

/**
 * The journal's shard: a hash of its accounts, so a member's journals with one house account always
 * pick the same sub-account of it (what it staked is in the shard it is paid from) and different
 * members spread over all of them.
 */
function shardKeyOf(entries: EntryInput[]): number {
  let h = 0x811c9dc5;
  for (const id of entries.map((e) => e.accountId).sort((a, b) => a - b)) h = Math.imul(h ^ id, 0x01000193) >>> 0;
  return h % 0x7fffffff;
}

/** A house account's balance: its own and its sub-accounts' together. */
export async function houseBalanceFen(db: Tx, code: HouseAccount): Promise<number> {
  const row = await db.selectFrom('ledger_accounts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance_fen'), eb.lit(0)).as('fen')).where('house', '=', code).executeTakeFirst();
  return Number(row?.fen ?? 0);
}

/**
 * Member wallet account ids, remembered per database (so a stake or transfer need not read it
 * again). An id never changes once its account exists, and only ids read or opened outside a
 * transaction are remembered, so every one remembered is committed; a transaction's own reads do not
 * use it (its handle names no database).
 */
const WALLET_IDS_MAX = 100_000;
const walletIdCache = perDatabase((_db: Kdb) => new Map<number, number>());

function rememberWallet(cache: Map<number, number>, memberId: number, id: number): void {
  if (cache.size >= WALLET_IDS_MAX) cache.clear();
  cache.set(memberId, id);
}

/** The member's central-wallet account id (every member has one from registration). */
export async function memberWalletId(db: Tx, memberId: number): Promise<number> {
  const cache = db.isTransaction ? null : walletIdCache(db);
  const hit = cache?.get(memberId);
  if (hit !== undefined) return hit;
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_wallet')
    .executeTakeFirst();
  const id = row ? row.id : await openMemberWallet(db, memberId);
  if (cache) rememberWallet(cache, memberId, id);
  return id;
}

/** The central-wallet account ids of these members, by member id (a batch's memberWalletId). */
export async function memberWalletIds(db: Tx, memberIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const cache = db.isTransaction ? null : walletIdCache(db);
  const missing: number[] = [];
  for (const id of memberIds) {
    const hit = cache?.get(id);
    if (hit !== undefined) out.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'member_id']).where('member_id', 'in', missing).where('kind', '=', 'member_wallet').execute();
  for (const r of rows) out.set(Number(r.member_id), r.id);
  for (const id of missing) if (!out.has(id)) out.set(id, await openMemberWallet(db, id));
  if (cache) for (const id of missing) rememberWallet(cache, id, out.get(id)!);
  return out;
}

export function memberWalletCode(memberId: number): string {
  return `member:${memberId}:wallet`;
}

/** Opens (or finds) an account by code. */
export async function ensureAccount(
  tx: Tx,
  code: string,
  kind: string,
  opts: { memberId?: number; allowNegative?: boolean } = {},
): Promise<number> {
  const found = await tx.selectFrom('ledger_accounts').select('id').where('code', '=', code).executeTakeFirst();
  if (found) return found.id;
  const row = await tx
    .insertInto('ledger_accounts')
    .values({ code, kind, member_id: opts.memberId ?? null, allow_negative: opts.allowNegative ?? false, house: kind === 'house' ? code : null })
    .onConflict((oc) => oc.column('code').doUpdateSet({ code }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function openMemberWallet(tx: Tx, memberId: number): Promise<number> {
  return ensureAccount(tx, memberWalletCode(memberId), 'member_wallet', { memberId });
}

/**
 * Posts one journal inside the caller's transaction. Throws a 409 when the key was used already
 * and InsufficientFunds when an account would go below zero (the caller's transaction rolls back).
 */
export async function post(tx: Transaction<Database>, journal: JournalInput): Promise<number> {
  assertBalanced(journal);
  const ordered = [...journal.entries].sort((a, b) => a.accountId - b.accountId);
  const ids = ordered.map((e) => e.accountId);
  const amounts = ordered.map((e) => e.amountFen);
  // One statement, one round trip: the journal row (nothing when its key was used), the accounts
  // locked in id order (so concurrent journals over the same accounts cannot deadlock), each balance
  // moved only where it stays allowed, and the entries. A refused account shows as a missing
  // update: the caller's transaction then rolls the whole statement back.
  // An entry on a sharded house account moves the sub-account the journal's shard key picks.
  const r = await sql<{ journal_id: number | null; updated: number; members: (number | string)[] }>`
    WITH given AS (
      SELECT * FROM unnest(${ids}::bigint[], ${amounts}::bigint[]) AS e(account_id, amount_fen)
    ), e AS MATERIALIZED (
      SELECT COALESCE(s.id, g.account_id) AS account_id, g.amount_fen
      FROM given g LEFT JOIN ledger_accounts b ON b.id = g.account_id AND b.shards > 1
        LEFT JOIN ledger_accounts s ON s.code = b.code || '#' || (${shardKeyOf(ordered)}::bigint % b.shards)
    ), j AS (
      INSERT INTO ledger_journals (idem_key, kind, memo) VALUES (${journal.idemKey}, ${journal.kind}, ${journal.memo ?? ''})
      ON CONFLICT (idem_key) DO NOTHING RETURNING id
    ), locked AS MATERIALIZED (
      SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT account_id FROM e) AND EXISTS (SELECT 1 FROM j) ORDER BY a.id FOR UPDATE
    ), u AS (
      UPDATE ledger_accounts a SET balance_fen = a.balance_fen + e.amount_fen, updated_at = now()
      FROM e, locked l
      WHERE a.id = e.account_id AND l.id = a.id AND (a.allow_negative OR a.balance_fen + e.amount_fen >= 0)
      RETURNING a.id, a.member_id
    ), ins AS (
      INSERT INTO ledger_entries (journal_id, account_id, amount_fen)
      SELECT j.id, e.account_id, e.amount_fen FROM j, e WHERE (SELECT count(*) FROM u) = ${ids.length}
    )
    SELECT (SELECT id FROM j) AS journal_id, (SELECT count(*) FROM u)::int AS updated,
      ARRAY(SELECT member_id FROM u WHERE member_id IS NOT NULL) AS members`.execute(tx);
  const row = r.rows[0];
  if (row.journal_id === null) throw new AppError(CODE.conflict, MSG.conflict);
  if (row.updated !== ids.length) {
    const refused = await tx.selectFrom('ledger_accounts').select(['id', 'balance_fen', 'allow_negative']).where('id', 'in', ids).execute();
    const bad = ordered.find((e) => {
      const a = refused.find((x) => x.id === e.accountId);
      return !a || (!a.allow_negative && a.balance_fen + e.amountFen < 0);
    });
    throw new InsufficientFunds(bad?.accountId ?? ids[0]);
  }
  balancesMoved(row.members.map(Number));
  return row.journal_id;
}

/** Journals posted by one postMany: a nightly pass's batch (the VIP pass posts ≤ 500 bonuses at a time). */
export const POST_MANY_MAX = 1000;

function assertBalanced(journal: JournalInput): void {
  const sum = journal.entries.reduce((s, e) => s + e.amountFen, 0);
  if (journal.entries.length < 2 || sum !== 0 || journal.entries.some((e) => !Number.isSafeInteger(e.amountFen) || e.amountFen === 0)) {
    throw new Error(`ledger: journal ${journal.idemKey} is unbalanced or malformed`);
  }
}

/**
 * Posts many journals inside the caller's transaction in one statement: the batch form of post(), with
 * the same invariants, for passes that move money for hundreds of members at once. Each journal must
 * balance (else nothing is written). A journal whose key was used already is skipped, not a conflict:
 * the answer maps the key of each journal created to its id, so the caller credits only those (a
 * level's bonus reached twice pays once). The accounts of the created journals are locked once, in id
 * order, for the whole batch (the lock order of post(), so batches and single postings cannot
 * deadlock); each moves by its net amount over the batch, and an account that may not go negative and
 * would refuses the whole batch (InsufficientFunds: the caller's transaction rolls back).
 */
export async function postMany(tx: Transaction<Database>, journals: JournalInput[]): Promise<Map<string, number>> {
  if (journals.length === 0) return new Map();
  if (journals.length > POST_MANY_MAX) throw new Error(`ledger: ${journals.length} journals in one batch, at most ${POST_MANY_MAX}`);
  journals.forEach(assertBalanced);
  if (new Set(journals.map((j) => j.idemKey)).size !== journals.length) throw new Error('ledger: a batch repeats an idempotency key');
  const entries = journals.flatMap((j) => {
    const shard = shardKeyOf(j.entries);
    return j.entries.map((e) => ({ key: j.idemKey, shard, ...e }));
  });
  const r = await sql<{ created: { k: string; id: number | string }[] | null; accounts: number; updated: (number | string)[]; members: (number | string)[] }>`
    WITH given AS (
      SELECT * FROM unnest(${entries.map((x) => x.key)}::text[], ${entries.map((x) => x.accountId)}::bigint[], ${entries.map((x) => x.amountFen)}::bigint[], ${entries.map((x) => x.shard)}::bigint[])
        AS e(idem_key, account_id, amount_fen, shard)
    ), e AS MATERIALIZED (
      SELECT g.idem_key, COALESCE(s.id, g.account_id) AS account_id, g.amount_fen
      FROM given g LEFT JOIN ledger_accounts b ON b.id = g.account_id AND b.shards > 1
        LEFT JOIN ledger_accounts s ON s.code = b.code || '#' || (g.shard % b.shards)
    ), j AS (
      INSERT INTO ledger_journals (idem_key, kind, memo)
      SELECT * FROM unnest(${journals.map((x) => x.idemKey)}::text[], ${journals.map((x) => x.kind)}::text[], ${journals.map((x) => x.memo ?? '')}::text[])
      ON CONFLICT (idem_key) DO NOTHING RETURNING id, idem_key
    ), ce AS MATERIALIZED (
      SELECT j.id AS journal_id, e.account_id, e.amount_fen FROM e JOIN j USING (idem_key)
    ), delta AS MATERIALIZED (
      SELECT account_id, sum(amount_fen)::bigint AS amount_fen FROM ce GROUP BY account_id
    ), locked AS MATERIALIZED (
      SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT account_id FROM delta) ORDER BY a.id FOR UPDATE
    ), u AS (
      UPDATE ledger_accounts a SET balance_fen = a.balance_fen + d.amount_fen, updated_at = now()
      FROM delta d, locked l
      WHERE a.id = d.account_id AND l.id = a.id AND (a.allow_negative OR a.balance_fen + d.amount_fen >= 0)
      RETURNING a.id, a.member_id
    ), ins AS (
      INSERT INTO ledger_entries (journal_id, account_id, amount_fen)
      SELECT journal_id, account_id, amount_fen FROM ce WHERE (SELECT count(*) FROM u) = (SELECT count(*) FROM delta)
    )
    SELECT (SELECT json_agg(json_build_object('k', idem_key, 'id', id)) FROM j) AS created,
      (SELECT count(*) FROM delta)::int AS accounts, ARRAY(SELECT id FROM u) AS updated,
      ARRAY(SELECT member_id FROM u WHERE member_id IS NOT NULL) AS members`.execute(tx);
  const row = r.rows[0];
  if (row.updated.length !== row.accounts) {
    // The refused account: one the batch moves that the statement did not update (a sharded house
    // account shows as updated through its sub-account; none of them may refuse, being allowed negative).
    const updated = new Set(row.updated.map(Number));
    const sharded = new Set(
      (await tx.selectFrom('ledger_accounts').select('id').where('id', 'in', [...new Set(entries.map((e) => e.accountId))]).where('shards', '>', 1).execute()).map((a) => a.id),
    );
    const refused = [...new Set(entries.map((e) => e.accountId))].sort((a, b) => a - b).find((id) => !updated.has(id) && !sharded.has(id));
    throw new InsufficientFunds(refused ?? entries[0].accountId);
  }
  balancesMoved(row.members.map(Number));
  return new Map((row.created ?? []).map((c) => [c.k, Number(c.id)]));
}

export async function memberBalanceFen(db: Tx, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_fen')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_wallet')
    .executeTakeFirst();
  return row?.balance_fen ?? 0;
}

/** Every balance equals the sum of its entries and every journal sums to zero. */
export async function checkLedger(db: Kdb) {
  const accounts = await sql<{ id: number; code: string; balance_fen: number; entries_fen: number }>`
    SELECT a.id, a.code, a.balance_fen, COALESCE(SUM(e.amount_fen), 0)::bigint AS entries_fen
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.balance_fen <> COALESCE(SUM(e.amount_fen), 0)`.execute(db);
  const journals = await sql<{ id: number; sum_fen: number }>`
    SELECT journal_id AS id, SUM(amount_fen)::bigint AS sum_fen FROM ledger_entries
    GROUP BY journal_id HAVING SUM(amount_fen) <> 0`.execute(db);
  const negatives = await sql<{ id: number; code: string; balance_fen: number }>`
    SELECT id, code, balance_fen FROM ledger_accounts WHERE NOT allow_negative AND balance_fen < 0`.execute(db);
  const counts = await sql<{ accounts: number; journals: number }>`
    SELECT (SELECT count(*) FROM ledger_accounts)::bigint AS accounts, (SELECT count(*) FROM ledger_journals)::bigint AS journals`.execute(db);
  const mismatches = [
    ...accounts.rows.map((r) => ({ type: 'account_balance', ...r })),
    ...journals.rows.map((r) => ({ type: 'journal_sum', ...r })),
    ...negatives.rows.map((r) => ({ type: 'negative_balance', ...r })),
  ];
  return { ok: mismatches.length === 0, accounts: counts.rows[0].accounts, journals: counts.rows[0].journals, mismatches };
}
