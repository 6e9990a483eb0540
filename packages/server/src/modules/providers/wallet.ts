import { BET_STATUS, CODE } from '@app/contract';
import { RS, SEAMLESS_CURRENCY, SEAMLESS_LIMITS, SEAMLESS_PATH, type SeamlessPath, type SeamlessStatus } from '@app/provider-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { storeOpenBets, VenueCategories } from '../games/ingest.js';
import { InsufficientFunds, memberBalanceFen, memberWalletId, post, providerSettlementCode, systemAccountId } from '../ledger/service.js';
import { playGuard } from '../protection/enforce.js';
import { currentBlock } from '../protection/service.js';
import { betOf, settleRoundRecords, type GameNames } from './round-records.js';
import type { Provider } from './service.js';
import { seamlessUser, verifySeamlessToken, type SeamlessClaims } from './token.js';

/**
 * The seamless wallet's five calls (docs/seamless-wallet.md in packages/provider-kit), after the
 * signature passed (routes.ts). Each answer is remembered by (provider, request_uuid), so a repeated
 * request answers the first answer's text again; bets, wins and rollbacks are also kept by
 * (provider, transaction_uuid), unique forever. A bet, a paying win and a first rollback are each one
 * ledger journal between the member's central wallet and the provider's settlement account, keyed by
 * the transaction, in the same database transaction as the transaction's row and the answer's.
 *
 * The round's rules: a bet is taken while its round has no win; a win names the bet it pays
 * (reference_transaction_uuid: a bet of the same member and round, taken and not rolled back) and
 * settles the round (one win per round, 0 for a lost round); a rollback undoes a bet of a round with
 * no win yet. A rollback of a bet never seen leaves a tombstone that refuses the bet when it comes late.
 */
export interface WalletDeps {
  db: Kdb;
  log?: FastifyBaseLogger;
  /** the game's name for its bet records (default: the code) */
  gameName?: GameNames;
}

interface Answer {
  status: SeamlessStatus;
  user?: string;
  currency?: typeof SEAMLESS_CURRENCY;
  balance?: number;
}

/** A movement's memo: the provider's round, which the member's 账户明细 shows as its number (the provider's code stays in the key). */
const roundMemo = (round: string) => round.slice(0, 200);

/** A refusal decided inside a transaction: it rolls back, and the answer is given (and remembered) outside. */
class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super(answer.status);
  }
}

/** Another instance answered the same request_uuid first: its answer is the one. */
const ANSWERED_ELSEWHERE = Symbol('answered elsewhere');
const UNIQUE_VIOLATION = '23505';

type Body = Record<string, unknown>;
type Kind = 'bet' | 'win' | 'rollback';

/** The text of an answer: always these keys in this order, so a stored text is what was sent. */
export function answerText(requestUuid: string, a: Answer): string {
  return JSON.stringify({ status: a.status, request_uuid: requestUuid, user: a.user, currency: a.currency, balance: a.balance });
}

const isText = (v: unknown, max: number = SEAMLESS_LIMITS.textMaxLength): v is string => typeof v === 'string' && v.length > 0 && v.length <= max && !/[\u0000-\u001f]/.test(v);

export function requestUuidOf(body: unknown): string | null {
  const v = (body as Body | null)?.request_uuid;
  return isText(v, SEAMLESS_LIMITS.uuidMaxLength) ? v : null;
}

/** The answer remembered for this request, if any. */
export async function storedAnswer(db: Kdb, provider: Provider, requestUuid: string): Promise<string | null> {
  const row = await db.selectFrom('seamless_requests').select('response').where('provider_id', '=', provider.id).where('request_uuid', '=', requestUuid).executeTakeFirst();
  return row?.response ?? null;
}

/** Remembers an answer given outside a money transaction; answers the text that is remembered (another instance's when it came first). */
async function remember(db: Kdb | Transaction<Database>, provider: Provider, requestUuid: string, text: string): Promise<string> {
  const ins = await db.insertInto('seamless_requests').values({ provider_id: provider.id, request_uuid: requestUuid, response: text }).onConflict((oc) => oc.doNothing()).returning('request_uuid').executeTakeFirst();
  if (ins) return text;
  return (await storedAnswer(db as Kdb, provider, requestUuid)) ?? text;
}

/** Answers one seamless call (body already parsed, request_uuid valid): the response text. */
export async function handleSeamless(deps: WalletDeps, provider: Provider, path: SeamlessPath, body: Body, requestUuid: string): Promise<string> {
  const kind: Kind | null = path === SEAMLESS_PATH.bet ? 'bet' : path === SEAMLESS_PATH.win ? 'win' : path === SEAMLESS_PATH.rollback ? 'rollback' : null;
  for (let attempt = 0; ; attempt++) {
    try {
      if (kind === null) return await remember(deps.db, provider, requestUuid, answerText(requestUuid, await readCall(deps, provider, path, body)));
      const pre = await prepare(deps, provider, body);
      const { text, settleRound } = await deps.db.transaction().execute(async (tx) => {
        const r = await moneyCall(tx, provider, kind, body, pre);
        const text = answerText(requestUuid, r.answer);
        const ins = await tx.insertInto('seamless_requests').values({ provider_id: provider.id, request_uuid: requestUuid, response: text }).onConflict((oc) => oc.doNothing()).returning('request_uuid').executeTakeFirst();
        if (!ins) throw ANSWERED_ELSEWHERE;
        return { text, settleRound: r.settleRound };
      });
      if (settleRound) await settleRoundRecords(deps, provider, settleRound);
      return text;
    } catch (err) {
      if (err === ANSWERED_ELSEWHERE) return (await storedAnswer(deps.db, provider, requestUuid))!;
      if (err instanceof Refusal) {
        // A refusal's balance is read after the rollback: what the member has now.
        const answer = err.answer.status === RS.notEnoughMoney && err.answer.user ? { ...err.answer, balance: await memberBalanceFen(deps.db, Number(err.answer.user)) } : err.answer;
        return remember(deps.db, provider, requestUuid, answerText(requestUuid, answer));
      }
      // The same transaction_uuid (its row, its journal, or the same bet's tombstone) written at once by
      // another request: read again, once, and answer as a repeat.
      if (attempt === 0 && ((err as { code?: string }).code === UNIQUE_VIOLATION || (err instanceof AppError && err.code === CODE.conflict))) continue;
      deps.log?.error({ err, provider: provider.code, path }, 'seamless wallet call failed');
      // Not remembered: nothing changed, and the same request may be sent again.
      return answerText(requestUuid, { status: RS.unknown });
    }
  }
}

// ---- the token and the member --------------------------------------------------------------

interface Player {
  claims: SeamlessClaims;
  memberId: number;
  user: string;
}

/**
 * The token's player (`claims`: the token verified, null when it is not the platform's), checked
 * against the request (user, game) and the provider; `expiry`: refuse an expired token.
 */
function playerOf(claims: SeamlessClaims | null, provider: Provider, body: Body, expiry: boolean, game = true): Player {
  if (!claims || claims.p !== provider.code || seamlessUser(claims.m) !== body.user) throw new Refusal({ status: RS.invalidToken });
  const user = seamlessUser(claims.m);
  if (expiry && claims.exp < Math.floor(Date.now() / 1000)) throw new Refusal({ status: RS.tokenExpired, user });
  if (game && (body.game_code !== claims.g || !provider.venues.includes(claims.v))) throw new Refusal({ status: RS.invalidGame, user });
  return { claims, memberId: claims.m, user };
}

/** What a money call reads outside its transaction: the token, the two accounts and the records' category. */
interface Prepared {
  claims: SeamlessClaims | null;
  wallet: number;
  settlement: number;
  category: string;
  gameName: string;
}

async function prepare(deps: WalletDeps, provider: Provider, body: Body): Promise<Prepared> {
  const claims = await verifySeamlessToken(deps.db, body.token);
  const none = { wallet: 0, settlement: 0, category: '', gameName: '' };
  if (!claims) return { claims, ...none };
  const member = await deps.db.selectFrom('members').select('id').where('id', '=', claims.m).executeTakeFirst();
  if (!member) return { claims: null, ...none };
  const game = typeof body.game_code === 'string' ? body.game_code : claims.g;
  const [wallet, settlement, category, gameName] = await Promise.all([
    memberWalletId(deps.db, claims.m),
    systemAccountId(deps.db, providerSettlementCode(provider.code)),
    provider.categories[0] ?? new VenueCategories(deps.db).of(claims.v),
    deps.gameName ? deps.gameName(claims.v, game) : game,
  ]);
  return { claims, wallet, settlement, category, gameName };
}

async function ok(db: Kdb | Transaction<Database>, p: Player): Promise<Answer> {
  return { status: RS.ok, user: p.user, currency: SEAMLESS_CURRENCY, balance: await memberBalanceFen(db, p.memberId) };
}

/** User info and balance: the member's central wallet. */
async function readCall(deps: WalletDeps, provider: Provider, path: SeamlessPath, body: Body): Promise<Answer> {
  if (!isText(body.token, SEAMLESS_LIMITS.tokenMaxLength) || !isText(body.user)) return { status: RS.wrongSyntax };
  if (path === SEAMLESS_PATH.balance && body.currency !== undefined && body.currency !== SEAMLESS_CURRENCY) return { status: RS.wrongCurrency };
  try {
    const p = playerOf(await verifySeamlessToken(deps.db, body.token), provider, body, true, false);
    const member = await deps.db.selectFrom('members').select('state').where('id', '=', p.memberId).executeTakeFirst();
    if (!member) return { status: RS.invalidToken };
    if (member.state !== 1) return { status: RS.userDisabled, user: p.user };
    return await ok(deps.db, p);
  } catch (err) {
    if (err instanceof Refusal) return err.answer;
    throw err;
  }
}

// ---- bet, win, rollback ----------------------------------------------------------------------

interface Fields {
  transactionUuid: string;
  round: string;
  game: string;
  amountFen: number;
  reference: string | null;
}

function fieldsOf(kind: Kind, body: Body): Fields {
  const { transaction_uuid: uuid, round, game_code: game, currency, amount, reference_transaction_uuid: ref } = body;
  if (!isText(uuid, SEAMLESS_LIMITS.uuidMaxLength) || !isText(round) || !isText(game) || !isText(body.token, SEAMLESS_LIMITS.tokenMaxLength) || !isText(body.user)) throw new Refusal({ status: RS.wrongSyntax });
  if (kind !== 'bet' && !isText(ref, SEAMLESS_LIMITS.uuidMaxLength)) throw new Refusal({ status: RS.wrongSyntax });
  if (kind === 'rollback' && currency === undefined) {
    // a rollback names no amount, and its currency may be left out
  } else if (currency !== SEAMLESS_CURRENCY) throw new Refusal({ status: RS.wrongCurrency });
  let amountFen = 0;
  if (kind !== 'rollback') {
    const min = kind === 'bet' ? 1 : 0;
    if (!Number.isSafeInteger(amount) || (amount as number) < min || (amount as number) > SEAMLESS_LIMITS.amountMaxFen) throw new Refusal({ status: RS.wrongSyntax });
    amountFen = amount as number;
  }
  return { transactionUuid: uuid, round, game, amountFen, reference: kind === 'bet' ? null : (ref as string) };
}

type TxRow = Selectable<Database['seamless_transactions']>;

async function transactionRow(tx: Transaction<Database>, provider: Provider, uuid: string, lock = false) {
  let q = tx.selectFrom('seamless_transactions').selectAll().where('provider_id', '=', provider.id).where('transaction_uuid', '=', uuid);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Whether the member's round has had its win (it is settled). */
async function roundSettled(tx: Transaction<Database>, provider: Provider, memberId: number, round: string): Promise<boolean> {
  const row = await tx.selectFrom('seamless_transactions').select('id').where('provider_id', '=', provider.id).where('round', '=', round).where('member_id', '=', memberId).where('kind', '=', 'win').executeTakeFirst();
  return row !== undefined;
}

/** A transaction_uuid seen before: its first answer when the content is the same, else a duplicate. */
function repeated(kind: Kind, f: Fields, p: Player, row: Pick<TxRow, 'kind' | 'member_id' | 'round' | 'game_code' | 'amount_fen' | 'reference_uuid' | 'rolled_back' | 'tombstone' | 'result'>): Answer {
  if (kind === 'bet' && row.kind === 'bet' && (row.tombstone || row.rolled_back)) throw new Refusal({ status: RS.transactionRolledBack, user: p.user });
  const same = row.kind === kind && Number(row.member_id) === p.memberId && row.round === f.round && row.game_code === f.game && Number(row.amount_fen) === f.amountFen && row.reference_uuid === f.reference;
  if (!same) throw new Refusal({ status: RS.duplicateTransaction, user: p.user });
  return JSON.parse(row.result) as Answer;
}

interface MoneyResult {
  answer: Answer;
  /** the round whose bet records a win settles (after the commit) */
  settleRound?: { memberId: number; round: string };
}

async function moneyCall(tx: Transaction<Database>, provider: Provider, kind: Kind, body: Body, pre: Prepared): Promise<MoneyResult> {
  const f = fieldsOf(kind, body);
  // A bet needs a live token; a win or rollback finishes what a token opened, whenever it comes.
  const p = playerOf(pre.claims, provider, body, kind === 'bet');
  const seen = await transactionRow(tx, provider, f.transactionUuid, true);
  if (seen) {
    const answer = repeated(kind, f, p, seen);
    return { answer, settleRound: kind === 'win' ? { memberId: p.memberId, round: f.round } : undefined };
  }
  if (kind === 'bet') return { answer: await bet(tx, provider, f, p, pre) };
  if (kind === 'win') return { answer: await win(tx, provider, f, p, pre), settleRound: { memberId: p.memberId, round: f.round } };
  return { answer: await rollback(tx, provider, f, p, pre) };
}

async function record(tx: Transaction<Database>, provider: Provider, kind: Kind, f: Fields, p: Player, answer: Answer, extra: { uuid?: string; amountFen?: number; tombstone?: boolean; rolledBack?: boolean } = {}): Promise<Date> {
  const row = await tx
    .insertInto('seamless_transactions')
    .values({
      provider_id: provider.id,
      transaction_uuid: extra.uuid ?? f.transactionUuid,
      kind,
      member_id: p.memberId,
      venue: p.claims.v,
      game_code: f.game,
      round: f.round,
      amount_fen: extra.amountFen ?? f.amountFen,
      reference_uuid: extra.uuid ? null : f.reference,
      tombstone: extra.tombstone ?? false,
      rolled_back: extra.rolledBack ?? false,
      result: extra.tombstone ? '' : JSON.stringify(answer),
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}

async function bet(tx: Transaction<Database>, provider: Provider, f: Fields, p: Player, pre: Prepared): Promise<Answer> {
  if (provider.state !== 'on') throw new Refusal({ status: RS.invalidGame, user: p.user });
  const member = await tx.selectFrom('members').select(['state', 'is_trial']).where('id', '=', p.memberId).executeTakeFirst();
  if (!member) throw new Refusal({ status: RS.invalidToken });
  if (member.state !== 1) throw new Refusal({ status: RS.userDisabled, user: p.user });
  if (await roundSettled(tx, provider, p.memberId, f.round)) throw new Refusal({ status: RS.wrongSyntax, user: p.user });
  try {
    // Serialises the member's stakes, then time-out, self-exclusion and the wager and loss limits.
    await playGuard({ id: p.memberId, isTrial: member.is_trial }, 'transfer', f.amountFen)(tx);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const blocked = await currentBlock(tx, p.memberId, new Date());
    throw new Refusal({ status: blocked ? RS.userDisabled : RS.limitReached, user: p.user });
  }
  const { wallet, settlement } = pre;
  try {
    await post(tx, {
      idemKey: `seamless:${provider.code}:${f.transactionUuid}`,
      kind: 'seamless_bet',
      memo: roundMemo(f.round),
      entries: [
        { accountId: wallet, amountFen: -f.amountFen },
        { accountId: settlement, amountFen: f.amountFen },
      ],
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) throw new Refusal({ status: RS.notEnoughMoney, user: p.user, currency: SEAMLESS_CURRENCY });
    throw err;
  }
  const answer = await ok(tx, p);
  const betAt = await record(tx, provider, 'bet', f, p, answer);
  await storeOpenBets(tx, [betOf(provider, { uuid: f.transactionUuid, memberId: p.memberId, venue: p.claims.v, game: f.game, round: f.round, stakeFen: f.amountFen, betAt }, pre, { status: BET_STATUS.unsettled, winLossFen: 0, settledAt: null })]);
  return answer;
}

async function win(tx: Transaction<Database>, provider: Provider, f: Fields, p: Player, pre: Prepared): Promise<Answer> {
  const paid = await transactionRow(tx, provider, f.reference!, true);
  if (paid?.kind === 'bet' && (paid.tombstone || paid.rolled_back) && Number(paid.member_id) === p.memberId) throw new Refusal({ status: RS.transactionRolledBack, user: p.user });
  if (!paid || paid.kind !== 'bet' || Number(paid.member_id) !== p.memberId || paid.round !== f.round) throw new Refusal({ status: RS.transactionDoesNotExist, user: p.user });
  if (await roundSettled(tx, provider, p.memberId, f.round)) throw new Refusal({ status: RS.wrongSyntax, user: p.user });
  if (f.amountFen > 0) {
    const { wallet, settlement } = pre;
    await post(tx, {
      idemKey: `seamless:${provider.code}:${f.transactionUuid}`,
      kind: 'seamless_win',
      memo: roundMemo(f.round),
      entries: [
        { accountId: settlement, amountFen: -f.amountFen },
        { accountId: wallet, amountFen: f.amountFen },
      ],
    });
  }
  const answer = await ok(tx, p);
  await record(tx, provider, 'win', f, p, answer);
  return answer;
}

async function rollback(tx: Transaction<Database>, provider: Provider, f: Fields, p: Player, pre: Prepared): Promise<Answer> {
  const target = await transactionRow(tx, provider, f.reference!, true);
  if (!target) {
    // The bet was never seen (lost, or still on its way): a tombstone refuses it when it comes.
    await record(tx, provider, 'bet', f, p, { status: RS.ok }, { uuid: f.reference!, amountFen: 0, tombstone: true, rolledBack: true });
  } else {
    if (Number(target.member_id) !== p.memberId) throw new Refusal({ status: RS.transactionDoesNotExist, user: p.user });
    // Only bets roll back: a rollback naming the player's win (or another rollback) breaks the round's rules.
    if (target.kind !== 'bet') throw new Refusal({ status: RS.wrongSyntax, user: p.user });
    if (!target.rolled_back) {
      if (await roundSettled(tx, provider, p.memberId, target.round)) throw new Refusal({ status: RS.wrongSyntax, user: p.user });
      const { wallet, settlement } = pre;
      // Keyed by the bet, not by this rollback: however many rollbacks name it, the stake comes back once.
      await post(tx, {
        idemKey: `seamless:${provider.code}:rollback:${target.transaction_uuid}`,
        kind: 'seamless_rollback',
        memo: roundMemo(target.round),
        entries: [
          { accountId: settlement, amountFen: -Number(target.amount_fen) },
          { accountId: wallet, amountFen: Number(target.amount_fen) },
        ],
      });
      await tx.updateTable('seamless_transactions').set({ rolled_back: true }).where('id', '=', target.id).execute();
      await storeOpenBets(tx, [
        betOf(provider, { uuid: target.transaction_uuid, memberId: p.memberId, venue: target.venue, game: target.game_code, round: target.round, stakeFen: Number(target.amount_fen), betAt: target.created_at }, pre, {
          status: BET_STATUS.invalid,
          winLossFen: 0,
          settledAt: new Date(),
        }),
      ]);
    }
    // Already rolled back: this rollback is answered and recorded, and nothing moves again.
  }
  const answer = await ok(tx, p);
  await record(tx, provider, 'rollback', f, p, answer);
  return answer;
}
