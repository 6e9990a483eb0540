import { HEADER, SIGNATURE_WINDOW_S } from '../signing.js';
import { MAX_BETS_LIMIT, TRANSFER_ERROR, TRANSFER_PATHS, readBetRecord, readGame, type GameWire } from '../transfer.js';
import type { SendOptions } from './client.js';
import { fail, type ConformanceCase } from './context.js';
import { freshId, type TransferContext, type TransferOutcome } from './transfer-context.js';

/**
 * The transfer-wallet cases (docs/conformance.md lists them): the kit plays the platform. Every case
 * works on players of its own, made for it, so it knows to the fen what each should hold; a refusal
 * must leave the balance as it was.
 */

type TransferCase = ConformanceCase<TransferContext>;

const nowS = () => Math.floor(Date.now() / 1000);

const players: TransferCase[] = [
  {
    name: 'player: create answers OK, and again for the same player',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      await ctx.ok(TRANSFER_PATHS.createPlayer, { player }, 'create of a known player');
      await ctx.expectBalance(player, 0, 'a player created twice');
    },
  },
  {
    name: 'balance: a new player holds 0 at every venue asked for',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      const other = freshId('V');
      const held = await ctx.balances(player, [ctx.venue, other]);
      if (held[ctx.venue] !== 0 || held[other] !== 0) fail(`a new player's balances: ${JSON.stringify(held)}, expected 0 at ${ctx.venue} and ${other}`);
    },
  },
  {
    name: 'balance: money moved in at one venue is not at another',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(300);
      const other = freshId('V');
      const held = await ctx.balances(player, [other, ctx.venue]);
      if (held[ctx.venue] !== 300 || held[other] !== 0) fail(`balances: ${JSON.stringify(held)}, expected 300 at ${ctx.venue} and 0 at ${other}`);
    },
  },
];

/** The same transfer id sent again and again (in turn, then at once, then with another amount): it applied once and answers ok each time. */
async function appliesOnce(ctx: TransferContext, dir: 'in' | 'out', how: 'again' | 'at once' | 'another amount'): Promise<void> {
  const start = dir === 'in' ? 0 : 1_000;
  const player = start > 0 ? await ctx.fundedPlayer(start) : await ctx.newPlayer();
  const id = freshId(dir);
  const amount = 200;
  const after = dir === 'in' ? start + amount : start - amount;
  if (how === 'at once') {
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => ctx.transfer(dir, player, amount, id)));
    const odd = outcomes.filter((o) => o !== 'ok');
    if (odd.length > 0) fail(`the same transfer ${dir} sent 10 times at once: ${odd.length} answered ${odd[0]}, expected ok every time`);
  } else {
    await ctx.expectTransfer(dir, player, amount, id, 'ok');
    await ctx.expectBalance(player, after, `after transfer ${dir} ${id}`);
    const again = how === 'again' ? amount : amount * 3;
    await ctx.expectTransfer(dir, player, again, id, 'ok');
    await ctx.expectTransfer(dir, player, again, id, 'ok');
  }
  await ctx.expectBalance(player, after, `after the same transfer ${dir} id sent ${how === 'another amount' ? 'again with another amount' : how}`);
  await ctx.expectStatus(id, 'applied', `transfer ${dir} ${id}`);
}

const transfers: TransferCase[] = [
  {
    name: 'transfer in: credits the venue wallet by the amount',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      await ctx.expectTransfer('in', player, 150, freshId('in'), 'ok');
      await ctx.expectBalance(player, 150, 'after a transfer in of 150');
      await ctx.expectTransfer('in', player, 1, freshId('in'), 'ok');
      await ctx.expectBalance(player, 151, 'after another transfer in of 1');
    },
  },
  { name: 'transfer in: the same transfer_id sent again answers ok and moves money once', run: (ctx) => appliesOnce(ctx, 'in', 'again') },
  { name: 'transfer in: the same transfer_id sent 10 times at once moves money once, each answered ok', run: (ctx) => appliesOnce(ctx, 'in', 'at once') },
  { name: 'transfer in: the same transfer_id with another amount answers ok and moves nothing more', run: (ctx) => appliesOnce(ctx, 'in', 'another amount') },
  {
    name: 'transfer out: debits the venue wallet by the amount, down to 0',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(500);
      await ctx.expectTransfer('out', player, 200, freshId('out'), 'ok');
      await ctx.expectBalance(player, 300, 'after a transfer out of 200');
      await ctx.expectTransfer('out', player, 300, freshId('out'), 'ok');
      await ctx.expectBalance(player, 0, 'after a transfer out of the rest');
    },
  },
  {
    name: 'transfer out: more than the balance is refused (insufficient_balance) and moves nothing',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(500);
      const id = freshId('out');
      await ctx.expectTransfer('out', player, 501, id, 'insufficient_balance');
      await ctx.expectBalance(player, 500, 'after a transfer out of 501 from 500');
      await ctx.expectStatus(id, 'not_found', 'a refused transfer out');
      const empty = await ctx.newPlayer();
      await ctx.expectTransfer('out', empty, 1, freshId('out'), 'insufficient_balance');
      await ctx.expectBalance(empty, 0, 'after a transfer out of a player with nothing');
    },
  },
  {
    name: 'transfer out: a refused transfer_id sent again answers as the first did and never applies',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(100);
      const id = freshId('out');
      await ctx.expectTransfer('out', player, 300, id, 'insufficient_balance');
      await ctx.expectTransfer('in', player, 400, freshId('in'), 'ok');
      await ctx.expectTransfer('out', player, 300, id, 'insufficient_balance');
      await ctx.expectBalance(player, 500, 'after a refused transfer out sent again once the money was there');
      await ctx.expectStatus(id, 'not_found', 'a refused transfer out sent again');
    },
  },
  { name: 'transfer out: the same transfer_id sent again answers ok and moves money once', run: (ctx) => appliesOnce(ctx, 'out', 'again') },
  { name: 'transfer out: the same transfer_id sent 10 times at once moves money once, each answered ok', run: (ctx) => appliesOnce(ctx, 'out', 'at once') },
  { name: 'transfer out: the same transfer_id with another amount answers ok and moves nothing more', run: (ctx) => appliesOnce(ctx, 'out', 'another amount') },
];

const statusAndVoid: TransferCase[] = [
  {
    name: 'status: an applied transfer id answers applied, an unknown one not_found',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      const tin = freshId('in');
      const tout = freshId('out');
      await ctx.expectTransfer('in', player, 300, tin, 'ok');
      await ctx.expectTransfer('out', player, 100, tout, 'ok');
      await ctx.expectStatus(tin, 'applied', 'an applied transfer in');
      await ctx.expectStatus(tout, 'applied', 'an applied transfer out');
      await ctx.expectStatus(freshId('unknown'), 'not_found', 'an id never sent');
    },
  },
  {
    name: 'void: an unknown id answers voided; a late transfer with it is refused (voided) and moves nothing',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(400);
      const tin = freshId('in');
      const tout = freshId('out');
      for (const id of [tin, tout]) if ((await ctx.voidId(id)) !== 'voided') fail(`void of the unknown id ${id}: applied, expected voided`);
      await ctx.expectTransfer('in', player, 200, tin, 'voided');
      await ctx.expectTransfer('out', player, 200, tout, 'voided');
      await ctx.expectBalance(player, 400, 'after late transfers of voided ids');
      await ctx.expectStatus(tin, 'not_found', 'a voided transfer in');
      await ctx.expectStatus(tout, 'not_found', 'a voided transfer out');
    },
  },
  {
    name: 'void: an applied id answers applied, and the transfer stands',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      const id = freshId('in');
      await ctx.expectTransfer('in', player, 250, id, 'ok');
      if ((await ctx.voidId(id)) !== 'applied') fail(`void of the applied id ${id}: voided, expected applied`);
      await ctx.expectBalance(player, 250, 'after the void of an applied transfer in');
      await ctx.expectStatus(id, 'applied', 'an applied transfer after its void');
      await ctx.expectTransfer('in', player, 250, id, 'ok');
      await ctx.expectBalance(player, 250, 'after an applied, void-asked transfer sent again');
    },
  },
  {
    name: 'void: a second void answers as the first (voided, or applied)',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      const applied = freshId('in');
      await ctx.expectTransfer('in', player, 100, applied, 'ok');
      const unknown = freshId('in');
      for (const [id, expected] of [[unknown, 'voided'], [applied, 'applied']] as const) {
        for (const n of ['first', 'second']) {
          const got = await ctx.voidId(id);
          if (got !== expected) fail(`the ${n} void of ${id}: ${got}, expected ${expected}`);
        }
      }
      await ctx.expectBalance(player, 100, 'after voids asked twice');
    },
  },
];

const concurrency: TransferCase[] = [
  {
    name: 'concurrency: 20 transfers in and out at once on one player leave the exact balance, never below zero',
    run: async (ctx) => {
      const start = 1_000;
      const player = await ctx.fundedPlayer(start);
      // 10 in of 100 and 10 out of 150: the outs alone could take more than there is, so some may be refused
      const sent = Array.from({ length: 20 }, (_, i) => ({ dir: i % 2 === 0 ? ('in' as const) : ('out' as const), amount: i % 2 === 0 ? 100 : 150, id: freshId(i % 2 === 0 ? 'in' : 'out') }));
      const outcomes: TransferOutcome[] = await Promise.all(sent.map((t) => ctx.transfer(t.dir, player, t.amount, t.id)));
      let expected = start;
      sent.forEach((t, i) => {
        const o = outcomes[i];
        if (o === 'ok') expected += t.dir === 'in' ? t.amount : -t.amount;
        else if (t.dir === 'in' || o !== 'insufficient_balance') fail(`transfer ${t.dir} ${t.id} of ${t.amount}: answered ${o}, expected ok${t.dir === 'out' ? ' or insufficient_balance' : ''}`);
      });
      await ctx.expectBalance(player, expected, 'after 20 transfers at once (the sum of those answered ok)');
      for (const [i, t] of sent.entries()) await ctx.expectStatus(t.id, outcomes[i] === 'ok' ? 'applied' : 'not_found', `transfer ${t.dir} answered ${outcomes[i]}`);
      // the same 20 again, at once: each answers as before and nothing moves
      const again = await Promise.all(sent.map((t) => ctx.transfer(t.dir, player, t.amount, t.id)));
      again.forEach((o, i) => {
        if (o !== outcomes[i]) fail(`transfer ${sent[i].dir} ${sent[i].id} sent again: answered ${o}, first ${outcomes[i]}`);
      });
      await ctx.expectBalance(player, expected, 'after the 20 transfers sent again at once');
    },
  },
];

/** A transfer in refused for its signature (`code`), moving nothing; the same transfer signed right is then taken. */
async function signatureRefused(ctx: TransferContext, what: string, code: 'SIGNATURE_INVALID' | 'SIGNATURE_STALE' | 'SIGNATURE_MISSING', s: SendOptions | ((body: string) => SendOptions)): Promise<void> {
  const player = await ctx.fundedPlayer(100);
  const id = freshId('in');
  const payload = ctx.transferBody(player, 500, id);
  ctx.expectRefused(await ctx.send(TRANSFER_PATHS.transferIn, payload, typeof s === 'function' ? s(JSON.stringify(payload)) : s), code, what);
  await ctx.expectBalance(player, 100, `after ${what}`);
  await ctx.expectStatus(id, 'not_found', what);
  await ctx.expectTransfer('in', player, 500, id, 'ok');
  await ctx.expectBalance(player, 600, `the same transfer signed right after ${what} (a refused request is not remembered)`);
}

const signature: TransferCase[] = [
  { name: 'signature: a bad signature is refused (SIGNATURE_INVALID) and moves nothing', run: (ctx) => signatureRefused(ctx, 'a transfer in signed with another key', 'SIGNATURE_INVALID', { key: `${ctx.target.key}-not-the-key` }) },
  {
    name: 'signature: a body changed after signing is refused (SIGNATURE_INVALID)',
    run: (ctx) => signatureRefused(ctx, 'a transfer in whose amount was changed after signing', 'SIGNATURE_INVALID', (body) => ({ signedBody: body.replace('"amount_fen":500', '"amount_fen":5') })),
  },
  { name: 'signature: an unknown merchant is refused (SIGNATURE_INVALID)', run: (ctx) => signatureRefused(ctx, 'a transfer in signed as an unknown merchant', 'SIGNATURE_INVALID', { merchant: freshId('unknown') }) },
  {
    name: 'signature: a stale timestamp (past or future) is refused (SIGNATURE_STALE)',
    run: async (ctx) => {
      await signatureRefused(ctx, `a transfer in signed ${SIGNATURE_WINDOW_S + 60} s ago`, 'SIGNATURE_STALE', { nowS: nowS() - SIGNATURE_WINDOW_S - 60 });
      await signatureRefused(ctx, `a transfer in signed ${SIGNATURE_WINDOW_S + 60} s ahead`, 'SIGNATURE_STALE', { nowS: nowS() + SIGNATURE_WINDOW_S + 60 });
    },
  },
  {
    name: 'signature: a request missing a signing header is refused (SIGNATURE_MISSING)',
    run: async (ctx) => {
      for (const h of Object.values(HEADER)) await signatureRefused(ctx, `a transfer in without ${h}`, 'SIGNATURE_MISSING', { omitHeader: h });
    },
  },
  {
    name: 'signature: a replayed nonce is refused (NONCE_REPLAYED) and moves nothing',
    run: async (ctx) => {
      const player = await ctx.newPlayer();
      const nonce = freshId('n');
      const id = freshId('in');
      await ctx.ok(TRANSFER_PATHS.transferIn, ctx.transferBody(player, 300, id), 'a transfer in with a fresh nonce', { nonce });
      ctx.expectRefused(await ctx.send(TRANSFER_PATHS.transferIn, ctx.transferBody(player, 300, freshId('in')), { nonce }), TRANSFER_ERROR.nonceReplayed, 'another transfer in with the same nonce');
      ctx.expectRefused(await ctx.send(TRANSFER_PATHS.balance, { player, venues: [ctx.venue] }, { nonce }), TRANSFER_ERROR.nonceReplayed, 'a balance call with the same nonce');
      await ctx.expectBalance(player, 300, 'after the replayed nonce');
    },
  },
];

const syntax: TransferCase[] = [
  {
    name: 'syntax: a body that is not a JSON object is refused (BAD_REQUEST)',
    run: async (ctx) => {
      for (const raw of ['{"venue":', 'not json', '[]', '"text"']) ctx.expectRefused(await ctx.send(TRANSFER_PATHS.transferIn, null, { raw }), TRANSFER_ERROR.badRequest, `a transfer in whose body is ${raw}`);
    },
  },
  {
    name: 'syntax: a transfer with a bad amount, a missing field or a bad id is refused (BAD_REQUEST) and moves nothing',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(1_000);
      const good = () => ctx.transferBody(player, 100, freshId('in'));
      const bad: [string, Record<string, unknown>][] = [
        ['an amount of 0', { ...good(), amount_fen: 0 }],
        ['a negative amount', { ...good(), amount_fen: -100 }],
        ['a fractional amount', { ...good(), amount_fen: 1.5 }],
        ['an amount as text', { ...good(), amount_fen: '100' }],
        ['no transfer_id', { ...good(), transfer_id: undefined }],
        ['no player', { ...good(), player: undefined }],
        ['no venue', { ...good(), venue: undefined }],
        ['a transfer_id of 65 characters', { ...good(), transfer_id: 'x'.repeat(65) }],
        ['a transfer_id with a space', { ...good(), transfer_id: 'a b' }],
      ];
      for (const path of [TRANSFER_PATHS.transferIn, TRANSFER_PATHS.transferOut]) {
        for (const [what, body] of bad) ctx.expectRefused(await ctx.send(path, body), TRANSFER_ERROR.badRequest, `${path} with ${what}`);
      }
      await ctx.expectBalance(player, 1_000, 'after the malformed transfers');
    },
  },
];

function checkGame(g: unknown, i: number): GameWire {
  const game = readGame(g);
  if (!game) fail(`games[${i}]: ${JSON.stringify(g)} is not { code, name, category, provider, fishing }`);
  if (game.code === '' || game.name === '' || game.category === '') fail(`games[${i}]: an empty code, name or category in ${JSON.stringify(g)}`);
  return game;
}

async function gameList(ctx: TransferContext): Promise<GameWire[]> {
  const b = await ctx.ok(TRANSFER_PATHS.games, {}, 'games');
  if (!Array.isArray(b.games)) fail(`games: no list in ${JSON.stringify(b).slice(0, 160)}`);
  return b.games.map(checkGame);
}

function launchBody(ctx: TransferContext, player: string, game: string) {
  return { venue: ctx.venue, player, game, device: 'mobile', language: 'zh-CN', return_url: null, headroom: null };
}

const play: TransferCase[] = [
  {
    name: 'games: answers a list of well-formed games with distinct codes',
    run: async (ctx) => {
      const games = await gameList(ctx);
      if (games.length === 0) fail('games: the list is empty');
      const codes = games.map((g) => g.code);
      const dup = codes.find((c, i) => codes.indexOf(c) !== i);
      if (dup) fail(`games: the code ${dup} is listed twice`);
      if (ctx.target.game && !codes.includes(ctx.target.game)) fail(`games: ${ctx.target.game} (--game) is not in the list`);
    },
  },
  {
    name: 'launch: a known game answers a URL, an unknown one GAME_NOT_FOUND',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(100);
      const game = ctx.target.game ?? (await gameList(ctx))[0]?.code;
      if (!game) fail('launch: no game to launch (the list is empty and no --game)');
      const b = await ctx.ok(TRANSFER_PATHS.launch, launchBody(ctx, player, game), `launch of ${game}`);
      const url = b.url;
      if (typeof url !== 'string' || !(/^https?:\/\/[^/]/.test(url) || /^\/(?!\/)/.test(url))) fail(`launch of ${game}: url ${JSON.stringify(url)} is neither an absolute http(s) URL nor a path`);
      const unknown = freshId('nogame');
      ctx.expectRefused(await ctx.send(TRANSFER_PATHS.launch, launchBody(ctx, player, unknown)), TRANSFER_ERROR.gameNotFound, `launch of the unknown game ${unknown}`);
      await ctx.expectBalance(player, 100, 'after the launches');
    },
  },
  {
    name: 'bets: the cursor never goes backwards, and a read after next returns nothing at or below it',
    run: async (ctx) => {
      let after = 0;
      for (let page = 0; page < 3; page++) {
        const b = await ctx.ok(TRANSFER_PATHS.bets, { after, limit: 100 }, `bets after ${after}`);
        if (!Array.isArray(b.bets) || !Number.isSafeInteger(b.next)) fail(`bets after ${after}: no bets list or next in ${JSON.stringify(b).slice(0, 160)}`);
        const next = b.next as number;
        if (next < after) fail(`bets after ${after}: next ${next} goes backwards`);
        if (b.bets.length > 100) fail(`bets after ${after}: ${b.bets.length} records, the limit was 100`);
        let last = after;
        for (const [i, r] of b.bets.entries()) {
          const bet = readBetRecord(r);
          if (!bet) fail(`bets after ${after}: record ${i} is malformed: ${JSON.stringify(r).slice(0, 160)}`);
          if (bet.seq <= after) fail(`bets after ${after}: record ${bet.bet_id} has seq ${bet.seq}, at or below the cursor`);
          if (bet.seq <= last && i > 0) fail(`bets after ${after}: seq ${bet.seq} after ${last}, not oldest change first`);
          if (bet.seq > next) fail(`bets after ${after}: seq ${bet.seq} above next ${next}`);
          last = bet.seq;
        }
        after = next;
      }
      const tail = await ctx.ok(TRANSFER_PATHS.bets, { after, limit: MAX_BETS_LIMIT }, `bets after ${after}`);
      const below = Array.isArray(tail.bets) ? tail.bets.find((r) => readBetRecord(r) === null || (r as { seq: number }).seq <= after) : undefined;
      if (below) fail(`bets after ${after}: a record at or below the cursor, or malformed: ${JSON.stringify(below).slice(0, 160)}`);
      if (!Number.isSafeInteger(tail.next) || (tail.next as number) < after) fail(`bets after ${after}: next ${JSON.stringify(tail.next)} goes backwards`);
    },
  },
  {
    name: 'bets: a bad cursor or limit is refused (BAD_REQUEST)',
    run: async (ctx) => {
      const bad: [string, unknown][] = [
        ['a negative cursor', { after: -1, limit: 10 }],
        ['a limit of 0', { after: 0, limit: 0 }],
        [`a limit of ${MAX_BETS_LIMIT + 1}`, { after: 0, limit: MAX_BETS_LIMIT + 1 }],
        ['no limit', { after: 0 }],
      ];
      for (const [what, body] of bad) ctx.expectRefused(await ctx.send(TRANSFER_PATHS.bets, body), TRANSFER_ERROR.badRequest, `bets with ${what}`);
    },
  },
  {
    name: 'kick: answers OK, again too, and the player’s money stays',
    run: async (ctx) => {
      const player = await ctx.fundedPlayer(100);
      await ctx.ok(TRANSFER_PATHS.kickPlayer, { player }, 'kick');
      await ctx.ok(TRANSFER_PATHS.kickPlayer, { player }, 'a second kick');
      await ctx.expectBalance(player, 100, 'after the kicks');
    },
  },
];

export const TRANSFER_CASES: readonly TransferCase[] = [...players, ...transfers, ...statusAndVoid, ...concurrency, ...signature, ...syntax, ...play];
