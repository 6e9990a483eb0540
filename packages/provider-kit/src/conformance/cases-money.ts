import { RS, SEAMLESS_LIMITS } from '../seamless.js';
import { uuid } from './client.js';
import { CaseSkipped, fail, type CaseContext, type ConformanceCase } from './context.js';

/**
 * The money cases: idempotency by request_uuid and transaction_uuid, rounds, wins and rollbacks,
 * refusals. Each reads the balance first and checks it after every call, so a case that leaves money
 * moved where it should not says how much.
 */

const STAKE_FEN = 100;

const replays: ConformanceCase[] = [
  {
    name: 'replay: a bet’s request_uuid sent again answers the first answer byte for byte and moves nothing',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const req = uuid();
      const tx = uuid();
      const round = uuid();
      const first = await ctx.bet(p, 250, { req, tx, round });
      await ctx.expectMoney(p, first, RS.ok, before - 250, 'the first bet');
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN), RS.ok, before - 250 - STAKE_FEN, 'another bet between');
      const again = await ctx.bet(p, 250, { req, tx, round });
      if (again.text !== first.text) fail(`the repeat answered ${again.text}, the first answer was ${first.text}`);
      await ctx.expectWallet(p, before - 250 - STAKE_FEN, 'after the repeat');
    },
  },
  {
    name: 'replay: a request_uuid sent again with another body answers the first answer and moves nothing',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const req = uuid();
      const first = await ctx.bet(p, STAKE_FEN, { req });
      await ctx.expectMoney(p, first, RS.ok, before - STAKE_FEN, 'the first bet');
      const other = await ctx.bet(p, 2 * STAKE_FEN, { req });
      if (other.text !== first.text) fail(`the same request_uuid with another bet answered ${other.text}, the first answer was ${first.text}`);
      await ctx.expectWallet(p, before - STAKE_FEN, 'after the other bet under the same request_uuid');
    },
  },
  {
    name: 'replay: a balance call’s request_uuid sent again answers its first answer byte for byte',
    run: async (ctx) => {
      const p = ctx.funded;
      const req = uuid();
      const first = await ctx.balanceCall(p, { req });
      ctx.expectStatus(first, RS.ok, 'the balance');
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN), RS.ok, (first.body?.balance as number) - STAKE_FEN, 'a bet between');
      const again = await ctx.balanceCall(p, { req });
      if (again.text !== first.text) fail(`the repeated balance call answered ${again.text}, the first answer was ${first.text}`);
    },
  },
  {
    name: 'replay: a refusal’s request_uuid sent again answers the same refusal byte for byte',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const req = uuid();
      const tx = uuid();
      const round = uuid();
      const first = await ctx.bet(p, before + 1, { req, tx, round });
      await ctx.expectMoney(p, first, RS.notEnoughMoney, before, 'a bet of more than the balance');
      await ctx.bet(p, STAKE_FEN);
      const again = await ctx.bet(p, before + 1, { req, tx, round });
      if (again.text !== first.text) fail(`the repeated refusal answered ${again.text}, the first answer was ${first.text}`);
      await ctx.expectWallet(p, before - STAKE_FEN, 'after the repeated refusal');
    },
  },
];

/** A bet of STAKE_FEN × 3 to resend in other shapes. */
async function firstBet(ctx: CaseContext) {
  const p = ctx.funded;
  const before = await ctx.wallet(p);
  const b = await ctx.bet(p, 3 * STAKE_FEN);
  await ctx.expectMoney(p, b, RS.ok, before - 3 * STAKE_FEN, 'the first bet');
  return { b, after: before - 3 * STAKE_FEN };
}

const transactions: ConformanceCase[] = [
  {
    name: 'transaction: the same bet resent (new request_uuid) answers its original result and moves money once',
    run: async (ctx) => {
      const p = ctx.funded;
      const { b, after } = await firstBet(ctx);
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN), RS.ok, after - STAKE_FEN, 'another bet between');
      const again = await ctx.bet(p, 3 * STAKE_FEN, { tx: b.tx, round: b.round });
      ctx.expectStatus(again, RS.ok, 'the same bet resent');
      if (again.body?.balance !== after) fail(`the same bet resent answered balance ${again.body?.balance}, its original result was ${after}`);
      await ctx.expectWallet(p, after - STAKE_FEN, 'after the same bet resent');
    },
  },
  {
    name: 'duplicate: a transaction_uuid resent with another amount is refused',
    run: async (ctx) => {
      const { b, after } = await firstBet(ctx);
      await ctx.expectMoney(ctx.funded, await ctx.bet(ctx.funded, 3 * STAKE_FEN + 1, { tx: b.tx, round: b.round }), RS.duplicateTransaction, after, 'the bet resent with another amount');
    },
  },
  {
    name: 'duplicate: a transaction_uuid resent in another round is refused',
    run: async (ctx) => {
      const { b, after } = await firstBet(ctx);
      await ctx.expectMoney(ctx.funded, await ctx.bet(ctx.funded, 3 * STAKE_FEN, { tx: b.tx, round: uuid() }), RS.duplicateTransaction, after, 'the bet resent in another round');
    },
  },
  {
    name: 'duplicate: a transaction_uuid resent in another game is refused',
    run: async (ctx) => {
      const other = ctx.fx.otherGame;
      if (!other) throw new CaseSkipped('no otherGame fixture (a token of the funded player for another game)');
      const { b, after } = await firstBet(ctx);
      await ctx.expectMoney(ctx.funded, await ctx.bet(ctx.funded, 3 * STAKE_FEN, { tx: b.tx, round: b.round, game: other.game, token: other.token }), RS.duplicateTransaction, after, 'the bet resent in another game');
    },
  },
  {
    name: 'duplicate: a transaction_uuid resent by another player is refused',
    run: async (ctx) => {
      const { b, after } = await firstBet(ctx);
      const q = ctx.second;
      const beforeSecond = await ctx.wallet(q);
      await ctx.expectMoney(q, await ctx.bet(q, 3 * STAKE_FEN, { tx: b.tx, round: b.round }), RS.duplicateTransaction, beforeSecond, 'the bet resent by the second player');
      await ctx.expectWallet(ctx.funded, after, 'the funded player after the second player’s duplicate');
    },
  },
  {
    name: 'duplicate: a win reusing a bet’s transaction_uuid is refused',
    run: async (ctx) => {
      const { b, after } = await firstBet(ctx);
      await ctx.expectMoney(ctx.funded, await ctx.win(ctx.funded, STAKE_FEN, b.tx, b.round, { tx: b.tx }), RS.duplicateTransaction, after, "a win under its bet's transaction_uuid");
    },
  },
];

const rollbacks: ConformanceCase[] = [
  {
    name: 'rollback: a rollback before its bet answers RS_OK and leaves a tombstone; the late bet is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const tx = uuid();
      const round = uuid();
      await ctx.expectMoney(p, await ctx.rollback(p, tx, round), RS.ok, before, 'the rollback of a bet never sent');
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN, { tx, round }), RS.transactionRolledBack, before, 'the late bet');
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN, { tx, round }), RS.transactionRolledBack, before, 'the late bet sent once more');
    },
  },
  {
    name: 'rollback: a rollback sent twice, and a second rollback of the bet, give the stake back once',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, 4 * STAKE_FEN);
      await ctx.expectMoney(p, b, RS.ok, before - 4 * STAKE_FEN, 'the bet');
      const rb = uuid();
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round, { tx: rb }), RS.ok, before, 'the rollback');
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round, { tx: rb }), RS.ok, before, 'the rollback resent');
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round), RS.ok, before, 'a second rollback of the bet');
      await ctx.expectMoney(p, await ctx.bet(p, 4 * STAKE_FEN, { tx: b.tx, round: b.round }), RS.transactionRolledBack, before, 'the rolled-back bet resent');
    },
  },
  {
    name: 'rollback: a rollback after the round’s win is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, 2 * STAKE_FEN);
      await ctx.expectMoney(p, await ctx.win(p, 5 * STAKE_FEN, b.tx, b.round), RS.ok, before + 3 * STAKE_FEN, 'the win');
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round), RS.wrongSyntax, before + 3 * STAKE_FEN, 'the rollback after the win');
    },
  },
  {
    name: 'rollback: a rollback naming a win is refused (only bets roll back)',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, STAKE_FEN);
      const w = await ctx.win(p, 2 * STAKE_FEN, b.tx, b.round);
      await ctx.expectMoney(p, w, RS.ok, before + STAKE_FEN, 'the win');
      await ctx.expectMoney(p, await ctx.rollback(p, w.tx, b.round), RS.wrongSyntax, before + STAKE_FEN, 'a rollback naming the win');
    },
  },
  {
    name: 'rollback: a rollback of another player’s bet is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const q = ctx.second;
      const before = await ctx.wallet(p);
      const beforeSecond = await ctx.wallet(q);
      const b = await ctx.bet(p, STAKE_FEN);
      await ctx.expectMoney(q, await ctx.rollback(q, b.tx, b.round), RS.transactionDoesNotExist, beforeSecond, "the second player's rollback of the funded player's bet");
      await ctx.expectWallet(p, before - STAKE_FEN, "the funded player after another's rollback");
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round), RS.ok, before, 'its own rollback');
    },
  },
];

const wins: ConformanceCase[] = [
  {
    name: 'win: a win pays and settles the round; another win or bet in the round is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, STAKE_FEN);
      await ctx.expectMoney(p, await ctx.win(p, 250, b.tx, b.round), RS.ok, before + 150, 'the win');
      await ctx.expectMoney(p, await ctx.win(p, 250, b.tx, b.round), RS.wrongSyntax, before + 150, 'a second win of the round');
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN, { round: b.round }), RS.wrongSyntax, before + 150, 'a bet into the settled round');
    },
  },
  {
    name: 'win: a win of 0 settles a lost round',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, STAKE_FEN);
      await ctx.expectMoney(p, await ctx.win(p, 0, b.tx, b.round), RS.ok, before - STAKE_FEN, 'the win of 0');
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN, { round: b.round }), RS.wrongSyntax, before - STAKE_FEN, 'a bet into the lost round');
    },
  },
  {
    name: 'win: a win without its bet is refused (never sent, or of another round)',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      await ctx.expectMoney(p, await ctx.win(p, 500, uuid(), uuid()), RS.transactionDoesNotExist, before, 'a win of a bet never sent');
      const b = await ctx.bet(p, STAKE_FEN);
      await ctx.expectMoney(p, await ctx.win(p, 500, b.tx, uuid()), RS.transactionDoesNotExist, before - STAKE_FEN, 'a win naming a bet of another round');
      await ctx.expectMoney(p, await ctx.win(p, 0, b.tx, b.round), RS.ok, before - STAKE_FEN, 'the bet’s own win of 0');
    },
  },
  {
    name: 'win: a win after its bet’s rollback is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, STAKE_FEN);
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round), RS.ok, before, 'the rollback');
      await ctx.expectMoney(p, await ctx.win(p, 500, b.tx, b.round), RS.transactionRolledBack, before, 'the win of the rolled-back bet');
    },
  },
  {
    name: 'win: the same win resent answers its original result and pays once',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const b = await ctx.bet(p, STAKE_FEN);
      const w = await ctx.win(p, 3 * STAKE_FEN, b.tx, b.round);
      await ctx.expectMoney(p, w, RS.ok, before + 2 * STAKE_FEN, 'the win');
      await ctx.expectMoney(p, await ctx.win(p, 3 * STAKE_FEN, b.tx, b.round, { tx: w.tx }), RS.ok, before + 2 * STAKE_FEN, 'the win resent');
    },
  },
  {
    name: 'balance: consistent after every call of a session of bets, wins and rollbacks',
    run: async (ctx) => {
      const p = ctx.funded;
      let expected = await ctx.wallet(p);
      const a = await ctx.bet(p, 120);
      await ctx.expectMoney(p, a, RS.ok, (expected -= 120), 'bet 1.20');
      const b = await ctx.bet(p, 80, { round: a.round });
      await ctx.expectMoney(p, b, RS.ok, (expected -= 80), 'bet 0.80 in the same round');
      const c = await ctx.bet(p, 55);
      await ctx.expectMoney(p, c, RS.ok, (expected -= 55), 'bet 0.55 in another round');
      await ctx.expectMoney(p, await ctx.rollback(p, b.tx, b.round), RS.ok, (expected += 80), 'rollback of bet 0.80');
      await ctx.expectMoney(p, await ctx.win(p, 333, a.tx, a.round), RS.ok, (expected += 333), 'win 3.33');
      await ctx.expectMoney(p, await ctx.win(p, 0, c.tx, c.round), RS.ok, expected, 'win 0');
      const u = await ctx.userInfo(p);
      if (u.body?.balance !== expected) fail(`user info: balance ${u.body?.balance}, expected ${expected}`);
    },
  },
];

/** The balance of a player the wallet may refuse to read (excluded): null when it does not answer RS_OK. */
async function readable(ctx: CaseContext, p: { user: string; token: string }): Promise<number | null> {
  const r = await ctx.balanceCall(p);
  return r.body?.status === RS.ok && typeof r.body.balance === 'number' ? r.body.balance : null;
}

const refusals: ConformanceCase[] = [
  {
    name: 'money: a bet of more than the balance is refused with the balance, which stays unchanged',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      await ctx.expectMoney(p, await ctx.bet(p, before + 1), RS.notEnoughMoney, before, 'a bet of the balance + 1 fen');
      await ctx.expectMoney(p, await ctx.bet(p, before + 1), RS.notEnoughMoney, before, 'the same stake once more');
    },
  },
  {
    name: 'protection: a self-excluded player’s bet is refused',
    run: async (ctx) => {
      const p = ctx.fx.excluded;
      const before = await readable(ctx, p);
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN), RS.userDisabled, "the excluded player's bet");
      const after = await readable(ctx, p);
      if (before !== after) fail(`the excluded player's balance went from ${before} to ${after}`);
    },
  },
  {
    name: 'protection: an over-limit player’s bet is refused',
    run: async (ctx) => {
      const p = ctx.fx.limited;
      if (!p) throw new CaseSkipped('no limited fixture');
      const before = await readable(ctx, p);
      ctx.expectStatus(await ctx.bet(p, p.stakeFen), RS.limitReached, `the limited player's bet of ${p.stakeFen} fen`);
      const after = await readable(ctx, p);
      if (before !== after) fail(`the limited player's balance went from ${before} to ${after}`);
    },
  },
];

const CONCURRENT_BETS = 50;
const SAME_BET_TIMES = 10;

const concurrency: ConformanceCase[] = [
  {
    name: `concurrency: one bet sent ${SAME_BET_TIMES} times at once is taken once`,
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const tx = uuid();
      const round = uuid();
      const answers = await Promise.all(Array.from({ length: SAME_BET_TIMES }, () => ctx.bet(p, STAKE_FEN, { tx, round })));
      for (const [i, a] of answers.entries()) {
        ctx.expectStatus(a, RS.ok, `copy ${i + 1} of the bet`);
        if (a.body?.balance !== before - STAKE_FEN) fail(`copy ${i + 1} of the bet answered balance ${a.body?.balance}, expected ${before - STAKE_FEN}`);
      }
      await ctx.expectWallet(p, before - STAKE_FEN, `after the ${SAME_BET_TIMES} copies`);
      await ctx.expectMoney(p, await ctx.rollback(p, tx, round), RS.ok, before, 'its rollback');
    },
  },
  {
    name: `concurrency: ${CONCURRENT_BETS} bets at once on one player leave the exact balance, never below zero, each accepted bet debited once`,
    run: async (ctx) => {
      // The second player, so the funded player's money is not spent; the stake makes about 30 fit.
      const p = ctx.second;
      const before = await ctx.wallet(p);
      const stake = Math.min(Math.floor(before / 30) + 1, SEAMLESS_LIMITS.amountMaxFen);
      const fit = Math.min(CONCURRENT_BETS, Math.floor(before / stake));
      const answers = await Promise.all(Array.from({ length: CONCURRENT_BETS }, () => ctx.bet(p, stake)));
      const taken = answers.filter((a) => a.body?.status === RS.ok);
      const other = answers.find((a) => a.body?.status !== RS.ok && a.body?.status !== RS.notEnoughMoney);
      if (other) fail(`a concurrent bet answered ${other.body?.status}: only ${RS.ok} or ${RS.notEnoughMoney} are right`);
      if (taken.length !== fit) fail(`${taken.length} of ${CONCURRENT_BETS} bets of ${stake} fen taken from ${before} fen, expected ${fit}`);
      const balances = taken.map((a) => a.body!.balance as number).sort((x, y) => y - x);
      const want = Array.from({ length: fit }, (_, i) => before - (i + 1) * stake);
      if (balances.join() !== want.join()) fail(`the taken bets answered balances ${balances.join(', ')}; each one debited once gives ${want.join(', ')}`);
      for (const a of answers) if (a.body?.status === RS.notEnoughMoney && (typeof a.body.balance !== 'number' || a.body.balance < 0 || a.body.balance >= stake)) fail(`a refused bet answered balance ${a.body.balance}, expected 0 to ${stake - 1}`);
      await ctx.expectWallet(p, before - fit * stake, `after ${CONCURRENT_BETS} bets at once`);
      // Given back, so the fixtures serve another run.
      for (const a of taken) ctx.expectStatus(await ctx.rollback(p, a.tx, a.round), RS.ok, 'the rollback of a taken bet');
      await ctx.expectWallet(p, before, 'after the rollbacks');
    },
  },
];

export const MONEY_CASES: readonly ConformanceCase[] = [...replays, ...transactions, ...rollbacks, ...wins, ...refusals, ...concurrency];
