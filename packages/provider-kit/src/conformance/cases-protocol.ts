import { RS, SEAMLESS_LIMITS, SEAMLESS_PATH } from '../seamless.js';
import { HEADER, SIGNATURE_WINDOW_S } from '../signing.js';
import { uuid, type SendOptions } from './client.js';
import { fail, type CaseContext, type ConformanceCase } from './context.js';

/**
 * The cases of the transport, the token and the message (docs/conformance.md lists them): each
 * refusal must change nothing, and a refused signature must not even be remembered: the same request
 * signed right is then taken.
 */

const STAKE_FEN = 100;
const nowS = () => Math.floor(Date.now() / 1000);

/** A bet refused for its signature: RS_ERROR_INVALID_SIGNATURE, no money moved, and the same request signed right is then taken. */
async function signatureRefused(ctx: CaseContext, what: string, s: SendOptions | ((payload: Record<string, unknown>) => SendOptions)): Promise<void> {
  const p = ctx.funded;
  const before = await ctx.wallet(p);
  const payload = { ...ctx.txBody(p, {}), amount: STAKE_FEN };
  ctx.expectStatus(await ctx.call(SEAMLESS_PATH.bet, payload, typeof s === 'function' ? s(payload) : s), RS.invalidSignature, what);
  await ctx.expectWallet(p, before, `after ${what}`);
  const right = await ctx.call(SEAMLESS_PATH.bet, payload);
  await ctx.expectMoney(p, right, RS.ok, before - STAKE_FEN, `the same bet signed right after ${what} (a refused request is not remembered)`);
}

const signature: ConformanceCase[] = [
  { name: 'signature: a bad signature is refused and changes nothing', run: (ctx) => signatureRefused(ctx, 'a bet signed with another key', { key: `${ctx.target.key}-not-the-key` }) },
  {
    name: 'signature: a body changed after signing is refused',
    run: (ctx) => signatureRefused(ctx, 'a bet whose amount was changed after signing', (payload) => ({ signedBody: JSON.stringify({ ...payload, amount: 1 }) })),
  },
  { name: 'signature: a stale timestamp (in the past) is refused', run: (ctx) => signatureRefused(ctx, `a bet signed ${SIGNATURE_WINDOW_S + 60} s ago`, { nowS: nowS() - SIGNATURE_WINDOW_S - 60 }) },
  { name: 'signature: a stale timestamp (in the future) is refused', run: (ctx) => signatureRefused(ctx, `a bet signed ${SIGNATURE_WINDOW_S + 60} s ahead`, { nowS: nowS() + SIGNATURE_WINDOW_S + 60 }) },
  {
    name: 'signature: a replayed nonce is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const nonce = uuid() + uuid();
      await ctx.expectMoney(p, await ctx.bet(p, STAKE_FEN, {}, { nonce }), RS.ok, before - STAKE_FEN, 'a bet with a fresh nonce');
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, {}, { nonce }), RS.invalidSignature, 'another bet with the same nonce');
      await ctx.expectWallet(p, before - STAKE_FEN, 'after the replayed nonce');
    },
  },
  {
    name: 'signature: a request missing a signing header is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      for (const h of Object.values(HEADER)) ctx.expectStatus(await ctx.bet(p, STAKE_FEN, {}, { omitHeader: h }), RS.invalidSignature, `a bet without ${h}`);
      await ctx.expectWallet(p, before, 'after the bets missing a header');
    },
  },
  { name: 'signature: an unknown merchant is refused', run: (ctx) => signatureRefused(ctx, 'a bet signed as an unknown merchant', { merchant: `unknown-${uuid()}` }) },
];

function expectPlayerShape(ctx: CaseContext, body: Record<string, unknown> | null, what: string): void {
  const p = ctx.funded;
  if (body?.status !== RS.ok) fail(`${what}: ${String(body?.status)}, expected ${RS.ok}`);
  if (body.user !== p.user) fail(`${what}: user ${JSON.stringify(body.user)}, expected ${JSON.stringify(p.user)}`);
  if (body.currency !== ctx.fx.currency) fail(`${what}: currency ${JSON.stringify(body.currency)}, expected ${ctx.fx.currency}`);
  if (!Number.isSafeInteger(body.balance) || (body.balance as number) < 0) fail(`${what}: balance ${JSON.stringify(body.balance)} is not a whole number of fen ≥ 0`);
}

const shapes: ConformanceCase[] = [
  {
    name: 'user info: answers the player, the currency and the balance in fen',
    run: async (ctx) => {
      const r = await ctx.userInfo(ctx.funded);
      expectPlayerShape(ctx, r.body as unknown as Record<string, unknown>, 'user info');
      const b = await ctx.wallet(ctx.funded);
      if (r.body?.balance !== b) fail(`user info: balance ${r.body?.balance}, the balance call ${b}`);
    },
  },
  {
    name: 'balance: answers the player, the currency and the balance in fen, with or without the optional fields',
    run: async (ctx) => {
      const full = await ctx.balanceCall(ctx.funded);
      expectPlayerShape(ctx, full.body as unknown as Record<string, unknown>, 'balance with game_code and currency');
      const bare = await ctx.call(SEAMLESS_PATH.balance, ctx.base(ctx.funded));
      expectPlayerShape(ctx, bare.body as unknown as Record<string, unknown>, 'balance without game_code and currency');
      if (bare.body?.balance !== full.body?.balance) fail(`balance: ${full.body?.balance} then ${bare.body?.balance} with nothing played between`);
    },
  },
];

const token: ConformanceCase[] = [
  {
    name: 'token: a token the wallet did not issue is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const bad = { token: `not-a-token-${uuid()}` };
      ctx.expectStatus(await ctx.userInfo(p, bad), RS.invalidToken, 'user info with a made-up token');
      ctx.expectStatus(await ctx.balanceCall(p, bad), RS.invalidToken, 'balance with a made-up token');
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, bad), RS.invalidToken, 'a bet with a made-up token');
      await ctx.expectWallet(p, before, 'after the made-up token');
    },
  },
  {
    name: 'token: a user other than the token’s (or unknown) is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const [before, beforeSecond] = [await ctx.wallet(p), await ctx.wallet(ctx.second)];
      ctx.expectStatus(await ctx.balanceCall(p, { user: ctx.second.user }), RS.invalidToken, "balance with the funded player's token as the second player");
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, { user: ctx.second.user }), RS.invalidToken, "a bet with the funded player's token as the second player");
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, { user: `nobody-${uuid()}` }), RS.invalidToken, 'a bet as an unknown user');
      await ctx.expectWallet(p, before, 'the funded player after the wrong users');
      await ctx.expectWallet(ctx.second, beforeSecond, 'the second player after the wrong users');
    },
  },
  {
    name: 'token: an expired token is refused on user info, balance and bet',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const expired = { token: ctx.fx.expiredToken };
      ctx.expectStatus(await ctx.userInfo(p, expired), RS.tokenExpired, 'user info with the expired token');
      ctx.expectStatus(await ctx.balanceCall(p, expired), RS.tokenExpired, 'balance with the expired token');
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, expired), RS.tokenExpired, 'a bet with the expired token');
      await ctx.expectWallet(p, before, 'after the expired token');
    },
  },
  {
    name: 'token: an expired token is accepted on win and rollback (a round started in time is finished)',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const won = await ctx.bet(p, STAKE_FEN);
      const back = await ctx.bet(p, STAKE_FEN);
      await ctx.expectMoney(p, back, RS.ok, before - 2 * STAKE_FEN, 'two bets with the live token');
      const expired = { token: ctx.fx.expiredToken };
      await ctx.expectMoney(p, await ctx.win(p, 3 * STAKE_FEN, won.tx, won.round, expired), RS.ok, before + STAKE_FEN, 'a win with the expired token');
      await ctx.expectMoney(p, await ctx.rollback(p, back.tx, back.round, expired), RS.ok, before + 2 * STAKE_FEN, 'a rollback with the expired token');
    },
  },
  {
    name: 'game: a game other than the token’s is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, { game: `no-such-game-${uuid()}` }), RS.invalidGame, 'a bet in a game the token does not name');
      await ctx.expectWallet(p, before, 'after the other game');
    },
  },
];

const syntax: ConformanceCase[] = [
  {
    name: 'syntax: a body that is not a JSON object is refused',
    run: async (ctx) => {
      const before = await ctx.wallet(ctx.funded);
      for (const raw of ['not json', '[]', '"text"', '']) ctx.expectStatus(await ctx.call(SEAMLESS_PATH.bet, null, { raw }), RS.wrongSyntax, `a bet whose body is ${JSON.stringify(raw)}`);
      await ctx.expectWallet(ctx.funded, before, 'after the malformed bodies');
    },
  },
  {
    name: 'syntax: a request missing a field is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      const bet = { ...ctx.txBody(p, {}), amount: STAKE_FEN };
      for (const field of ['request_uuid', 'transaction_uuid', 'round', 'game_code', 'amount', 'token', 'user'] as const) {
        const { [field]: _, ...rest } = bet;
        ctx.expectStatus(await ctx.call(SEAMLESS_PATH.bet, { ...rest, request_uuid: field === 'request_uuid' ? undefined : uuid() }), RS.wrongSyntax, `a bet without ${field}`);
      }
      const win = { ...ctx.txBody(p, {}), amount: STAKE_FEN };
      ctx.expectStatus(await ctx.call(SEAMLESS_PATH.win, win), RS.wrongSyntax, 'a win without reference_transaction_uuid');
      ctx.expectStatus(await ctx.call(SEAMLESS_PATH.bet, { ...bet, request_uuid: 'r'.repeat(SEAMLESS_LIMITS.uuidMaxLength + 1) }), RS.wrongSyntax, 'a bet whose request_uuid is too long');
      await ctx.expectWallet(p, before, 'after the requests missing a field');
    },
  },
  {
    name: 'syntax: an amount out of bounds is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      for (const amount of [0, -STAKE_FEN, 1.5, String(STAKE_FEN), null, SEAMLESS_LIMITS.amountMaxFen + 1]) {
        ctx.expectStatus(await ctx.call(SEAMLESS_PATH.bet, { ...ctx.txBody(p, {}), amount }), RS.wrongSyntax, `a bet of ${JSON.stringify(amount)}`);
      }
      ctx.expectStatus(await ctx.call(SEAMLESS_PATH.win, { ...ctx.txBody(p, {}), reference_transaction_uuid: uuid(), amount: -1 }), RS.wrongSyntax, 'a win of -1');
      await ctx.expectWallet(p, before, 'after the amounts out of bounds');
    },
  },
  {
    name: 'currency: another currency than the wallet’s is refused',
    run: async (ctx) => {
      const p = ctx.funded;
      const before = await ctx.wallet(p);
      ctx.expectStatus(await ctx.bet(p, STAKE_FEN, { currency: 'USD' }), RS.wrongCurrency, 'a bet in USD');
      ctx.expectStatus(await ctx.balanceCall(p, { currency: 'USD' }), RS.wrongCurrency, 'a balance in USD');
      const bet = await ctx.bet(p, STAKE_FEN);
      ctx.expectStatus(await ctx.win(p, STAKE_FEN, bet.tx, bet.round, { currency: 'USD' }), RS.wrongCurrency, 'a win in USD');
      await ctx.expectMoney(p, await ctx.win(p, STAKE_FEN, bet.tx, bet.round), RS.ok, before, 'the same win in the wallet’s currency');
    },
  },
];

export const PROTOCOL_CASES: readonly ConformanceCase[] = [...signature, ...shapes, ...token, ...syntax];
