import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, MSG } from '@app/contract';
import {
  GAME_DEFINITIONS,
  SLOT_GAMES,
  demoGameForCategory,
  fishingGames,
  gameDefinition,
  gamesByCategory,
  gamesByProvider,
  instantGame,
  virtualSport,
} from '../src/venue-demo/games/index.js';
import { scriptedRng, seededRng } from '../src/venue-demo/games/rng.js';
import { cardLabel, shoeScript, type Card } from '../src/venue-demo/games/cards.js';
import { evaluate, lineWin, scatterPaysFor, type SlotMachine } from '../src/venue-demo/games/slots/engine.js';
import { baccarat, bankerDraws, dealHand, playerDraws } from '../src/venue-demo/games/baccarat.js';
import { dragonTiger } from '../src/venue-demo/games/dragon-tiger.js';
import { FISH, FISHING_MISS_WEIGHT, fishing } from '../src/venue-demo/games/fishing.js';
import { settleMatchBet, validateMatchBet, type ScheduledMatch } from '../src/venue-demo/games/virtual/markets.js';
import { FOOTBALL_SCHEDULE, footballMatchById, scheduleFootball, settleFootball } from '../src/venue-demo/games/virtual/football.js';
import { esportsMatchById, scheduleEsports, settleEsports } from '../src/venue-demo/games/virtual/esports.js';

const card = (rank: number, suit = 0): Card => ({ rank, suit });
/** Deals a baccarat hand from the given cards in deal order (P, B, P, B, then thirds). */
const hand = (...ranks: number[]) => {
  const cards = ranks.map((r) => card(r));
  return dealHand(() => cards.shift()!);
};
const machine = (code: string): SlotMachine => SLOT_GAMES.find((g) => g.machine.code === code)!.machine;

describe('baccarat drawing rules', () => {
  it('a natural 8 or 9 stands: no third card on either side', () => {
    const h = hand(3, 10, 5, 7); // player 8, banker 7
    expect([h.player.length, h.banker.length, h.playerTotal, h.bankerTotal, h.winner]).toEqual([2, 2, 8, 7, 'player']);
    const h9 = hand(2, 4, 3, 5); // player 5, banker 9 → the player does not draw
    expect([h9.player.length, h9.banker.length, h9.winner]).toEqual([2, 2, 'banker']);
  });

  it('the player stands on 6 and 7 and draws on 0–5', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
    const h = hand(6, 13, 13, 12, 4); // player 6 stands; banker 0 draws (player stood: banker 0–5 draws)
    expect([h.player.length, h.banker.length, h.bankerTotal, h.winner]).toEqual([2, 3, 4, 'player']);
    const h7 = hand(7, 6, 10, 11); // player 7, banker 6: both stand
    expect([h7.player.length, h7.banker.length, h7.winner]).toEqual([2, 2, 'player']);
  });

  it("the banker's table, every total against every player third card (D draw, S stand)", () => {
    const table = ['DDDDDDDDDD', 'DDDDDDDDDD', 'DDDDDDDDDD', 'DDDDDDDDSD', 'SSDDDDDDSS', 'SSSSDDDDSS', 'SSSSSSDDSS', 'SSSSSSSSSS'];
    table.forEach((row, bankerTotal) =>
      [...row].forEach((cell, third) => expect(bankerDraws(bankerTotal, third), `banker ${bankerTotal}, third ${third}`).toBe(cell === 'D')),
    );
    // Player stood: the banker draws on 0–5, stands on 6–7.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((t) => bankerDraws(t, null))).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('known hands: banker 3 stands on a player third 8, draws on 9; banker 6 draws on a player third 7', () => {
    const a = hand(2, 1, 2, 2, 8); // player 4 draws 8 → 2; banker 3 stands
    expect([a.player.length, a.banker.length, a.playerTotal, a.bankerTotal, a.winner]).toEqual([3, 2, 2, 3, 'banker']);
    const b = hand(2, 1, 2, 2, 9, 5); // player 4 draws 9 → 3; banker 3 draws 5 → 8
    expect([b.banker.length, b.bankerTotal, b.winner]).toEqual([3, 8, 'banker']);
    const c = hand(1, 3, 1, 3, 7, 1); // player 2 draws 7 → 9; banker 6 draws 1 → 7
    expect([c.banker.length, c.playerTotal, c.bankerTotal, c.winner]).toEqual([3, 9, 7, 'player']);
    const d = hand(1, 3, 1, 3, 5); // player 2 draws 5 → 7; banker 6 stands on a third 5
    expect([d.banker.length, d.winner]).toEqual([2, 'player']);
  });

  it('play(): a forced tie pays 和 9:1, pushes 庄 (stake back, valid 0), and the shoe deals the scripted cards', () => {
    const cards = [card(9, 1), card(4, 2), card(10, 3), card(5, 0)]; // player 9, banker 9: natural tie
    const r = baccarat.play(scriptedRng(shoeScript(cards)), { stakes: { banker: 1000, tie: 100 } });
    expect(r.outcome.player.map(cardLabel)).toEqual(['红桃9', '方块10']);
    expect(r.outcome.banker.map(cardLabel)).toEqual(['梅花4', '黑桃5']);
    expect(r.outcome.winner).toBe('tie');
    expect(r.outcome.lines).toEqual([
      { option: 'banker', stakeFen: 1000, payoutFen: 1000, validFen: 0, hedgedFen: 0 },
      { option: 'tie', stakeFen: 100, payoutFen: 1000, validFen: 100, hedgedFen: 0 },
    ]);
    expect([r.stakeFen, r.payoutFen, r.validFen]).toEqual([1100, 2000, 100]);
  });

  it('play(): 庄 wins 1:0.95 rounded down to the fen, 闲 loses; staked together only their difference is valid', () => {
    const cards = [card(2), card(9), card(3), card(13)]; // player 5, banker 9
    const r = baccarat.play(scriptedRng(shoeScript(cards)), { stakes: { banker: 101, player: 100 } });
    expect(r.outcome.winner).toBe('banker');
    expect(r.outcome.lines).toEqual([
      { option: 'banker', stakeFen: 101, payoutFen: 196, validFen: 1, hedgedFen: 100 }, // 101 × 1.95 = 196.95
      { option: 'player', stakeFen: 100, payoutFen: 0, validFen: 0, hedgedFen: 100 },
    ]);
    expect([r.stakeFen, r.payoutFen, r.validFen, r.hedgedFen]).toEqual([201, 196, 1, 200]);
  });

  it('validates a round with Chinese messages', () => {
    expect(baccarat.validate({})).toEqual({ ok: false, message: MSG.gameBetEmpty });
    expect(baccarat.validate({ stakes: {} })).toEqual({ ok: false, message: MSG.gameBetEmpty });
    expect(baccarat.validate({ stakes: { dragon: 100 } })).toEqual({ ok: false, message: MSG.gameBetOption });
    expect(baccarat.validate({ stakes: { banker: 0 } })).toEqual({ ok: false, message: MSG.amountInvalid });
    expect(baccarat.validate({ stakes: { banker: 10.5 } })).toEqual({ ok: false, message: MSG.amountInvalid });
    expect(baccarat.validate({ stakes: { banker: '100' } })).toEqual({ ok: false, message: MSG.amountInvalid });
    expect(baccarat.validate({ stakes: { tie: 1_000_001 } })).toEqual({ ok: false, message: '单注金额不能超过10000元' });
    expect(baccarat.validate({ stakes: { banker: 500, tie: 1_000_000 } })).toEqual({ ok: true, bet: { stakes: { banker: 500, tie: 1_000_000 } } });
  });
});

describe('dragon-tiger', () => {
  it('K beats A (A low, K high, suits ignored); 龙 pays 1:1; 龙 and 虎 together count only their difference', () => {
    const r = dragonTiger.play(scriptedRng(shoeScript([card(13, 3), card(1, 0)])), { stakes: { dragon: 200, tiger: 100 } });
    expect([cardLabel(r.outcome.dragon), cardLabel(r.outcome.tiger), r.outcome.winner]).toEqual(['方块K', '黑桃A', 'dragon']);
    expect([r.stakeFen, r.payoutFen, r.validFen, r.hedgedFen]).toEqual([300, 400, 100, 200]);
  });

  it('a tie returns half of 龙/虎 (rounded down; the returned half is not valid) and pays 和 12:1', () => {
    const r = dragonTiger.play(scriptedRng(shoeScript([card(7, 0), card(7, 1)])), { stakes: { dragon: 101, tie: 100 } });
    expect(r.outcome.winner).toBe('tie');
    expect(r.outcome.lines).toEqual([
      { option: 'dragon', stakeFen: 101, payoutFen: 50, validFen: 51, hedgedFen: 0 },
      { option: 'tie', stakeFen: 100, payoutFen: 1300, validFen: 100, hedgedFen: 0 },
    ]);
  });

  it('validates options', () => {
    expect(dragonTiger.validate({ stakes: { banker: 100 } })).toEqual({ ok: false, message: MSG.gameBetOption });
    expect(dragonTiger.validate({ stakes: { tiger: 100 } })).toEqual({ ok: true, bet: { stakes: { tiger: 100 } } });
  });
});

describe('fishing', () => {
  it('the one draw picks a miss or exactly one fish, paying stake × multiplier', () => {
    expect(fishing.play(scriptedRng([0]), { stakeFen: 500 })).toEqual({ stakeFen: 500, payoutFen: 0, validFen: 500, outcome: { fish: null } });
    expect(fishing.play(scriptedRng([FISHING_MISS_WEIGHT]), { stakeFen: 500 }).outcome.fish).toEqual({ key: 'clownfish', name: '小丑鱼', multiplier: 2 });
    const last = fishing.play(scriptedRng([9_999]), { stakeFen: 10_000 });
    expect(last.outcome.fish?.name).toBe('金龙');
    expect(last.payoutFen).toBe(1_000_000);
    expect(FISH.every((f) => /\p{Script=Han}/u.test(f.name))).toBe(true);
  });

  it('accepts only the cannon levels', () => {
    expect(fishing.validate({ stakeFen: 100 })).toEqual({ ok: true, bet: { stakeFen: 100 } });
    expect(fishing.validate({ stakeFen: 300 })).toEqual({ ok: false, message: MSG.gameCannonLevel });
    expect(fishing.validate({ stakeFen: 20_000 })).toEqual({ ok: false, message: '单注金额不能超过100元' });
    expect(fishing.validate({ stakeFen: -100 })).toEqual({ ok: false, message: MSG.amountInvalid });
  });
});

describe('slots', () => {
  it('every machine is well formed: strips and paytable use defined symbols, line counts divide 100, Chinese labels', () => {
    for (const { machine: m } of SLOT_GAMES) {
      const keys = new Set(m.symbols.map((s) => s.key));
      expect(keys.size, m.code).toBe(m.symbols.length);
      for (const strip of m.reels) for (const ch of strip) expect(keys.has(ch), `${m.code} ${ch}`).toBe(true);
      for (const k of Object.keys(m.pays)) expect(keys.has(k), `${m.code} ${k}`).toBe(true);
      for (const line of m.lines) expect(line.length === m.reels.length && line.every((r) => r >= 0 && r < m.rows)).toBe(true);
      expect(100 % m.lines.length, m.code).toBe(0);
      expect(m.symbols.every((s) => /^\p{Script=Han}+$/u.test(s.label) && /^#[0-9a-f]{6}$/i.test(s.color))).toBe(true);
      expect(m.symbols.filter((s) => s.kind === 'wild').length).toBeLessThanOrEqual(1);
      expect(Boolean(m.scatterPays)).toBe(m.symbols.some((s) => s.kind === 'scatter'));
      expect(m.rules).toContain(`${m.lines.length}条`);
    }
  });

  it('lines pay from the leftmost reel; the wild substitutes; the better of wild run and substituted run is paid', () => {
    const m = machine('obgdy_caishen'); // W wild: 3/4/5 → 50/200/1000; Y 40/150/500; H 3/10/30
    expect(lineWin(m, ['Y', 'W', 'Y', 'Y', 'H'])).toEqual({ symbol: 'Y', count: 4, pays: 150 });
    expect(lineWin(m, ['W', 'W', 'W', 'W', 'W'])).toEqual({ symbol: 'W', count: 5, pays: 1000 });
    expect(lineWin(m, ['W', 'W', 'W', 'H', 'H'])).toEqual({ symbol: 'W', count: 3, pays: 50 }); // H×5 would pay 30
    expect(lineWin(m, ['W', 'W', 'Y', 'Q', 'Q'])).toEqual({ symbol: 'Y', count: 3, pays: 40 }); // two wilds alone pay nothing
    expect(lineWin(m, ['H', 'Y', 'H', 'H', 'H'])).toBeNull(); // not from the leftmost reel
    const s = machine('fgdz_sanguo'); // S scatter interrupts lines; the wild does not replace it
    expect(lineWin(s, ['W', 'S', 'S', 'S', 'J'])).toBeNull();
    expect(lineWin(s, ['L', 'L', 'S', 'L', 'L'])).toBeNull();
  });

  it('a forced spin: three 红七 on the middle line pay 1000 line bets; payout = ⌊stake × W / lines⌋', () => {
    const m = machine('obgdy_fruit');
    const stops = m.reels.map((strip) => (strip.indexOf('S') - 1 + strip.length) % strip.length); // S on row 1
    const game = SLOT_GAMES.find((g) => g.machine === m)!;
    const r = game.play(scriptedRng(stops), { stakeFen: 500 });
    expect(r.outcome.window.map((col) => col[1])).toEqual(['S', 'S', 'S']);
    expect(r.outcome.lineWins).toContainEqual({ line: 0, symbol: 'S', count: 3, pays: 1000 });
    expect(r.payoutFen).toBe((500 * r.outcome.winUnits) / 5);
    const odd = game.play(scriptedRng(stops), { stakeFen: 101 });
    expect(odd.payoutFen).toBe(Math.floor((101 * r.outcome.winUnits) / 5));
  });

  it('scatters pay anywhere, times the total stake', () => {
    const m = machine('fgdz_sanguo');
    // Find stops showing a scatter on reels 1–3 and none on reels 4–5.
    const rng = seededRng('scatter-hunt');
    for (let i = 0; i < 200_000; i++) {
      const stops = m.reels.map((strip) => rng.int(strip.length));
      const o = evaluate(m, stops);
      if (o.scatter?.count === 3) {
        expect(o.scatter).toEqual({ count: 3, pays: 1 });
        expect(o.winUnits).toBe(o.lineWins.reduce((a, w) => a + w.pays, 0) + 25);
        return;
      }
    }
    throw new Error('no three-scatter window found');
  });

  it('a scatter pay is that of the largest listed count not above the count (more never pays less)', () => {
    const m = machine('fgdz_sanguo'); // 3: 1, 4: 3, 5: 10
    expect([0, 2, 3, 4, 5, 6, 9].map((n) => scatterPaysFor(m, n))).toEqual([0, 0, 1, 3, 10, 10, 10]);
    expect(scatterPaysFor(machine('obgdy_fruit'), 3)).toBe(0);
  });

  it('validates the stake', () => {
    const g = SLOT_GAMES[0]!;
    expect(g.validate({ stakeFen: 100 })).toEqual({ ok: true, bet: { stakeFen: 100 } });
    for (const bad of [undefined, null, '100', 0, -5, 1.5, Number.NaN, 2 ** 60]) expect(g.validate({ stakeFen: bad }), String(bad)).toEqual({ ok: false, message: MSG.amountInvalid });
    expect(g.validate(null)).toEqual({ ok: false, message: MSG.amountInvalid });
    expect(g.validate({ stakeFen: 500_001 })).toEqual({ ok: false, message: '单注金额不能超过5000元' });
  });
});

describe('virtual matches', () => {
  const NOW = Date.UTC(2030, 0, 1, 4, 0, 0); // a round boundary (multiple of 180 s and 300 s)

  it('schedules deterministic rounds in a window and finds a match again by id', () => {
    const matches = scheduleFootball(NOW, NOW + 30 * 60_000);
    expect(matches.length).toBe(10 * FOOTBALL_SCHEDULE.matchesPerRound);
    expect(matches.every((m) => m.kickoffMs >= NOW && m.kickoffMs < NOW + 30 * 60_000 && m.resultAtMs === m.kickoffMs + FOOTBALL_SCHEDULE.durationMs)).toBe(true);
    expect(scheduleFootball(NOW, NOW + 30 * 60_000)).toEqual(matches);
    for (const m of matches) {
      expect(footballMatchById(m.id)).toEqual(m);
      expect(m.home.name).not.toBe(m.away.name);
      expect(/\p{Script=Han}/u.test(m.home.name)).toBe(true);
    }
    const round = matches.filter((m) => m.kickoffMs === NOW);
    expect(new Set(round.flatMap((m) => [m.home.name, m.away.name])).size).toBe(2 * round.length); // no team twice in a round
    expect(scheduleFootball(0, 1e15).length).toBe(FOOTBALL_SCHEDULE.maxRoundsPerQuery * FOOTBALL_SCHEDULE.matchesPerRound); // bounded
    for (const bad of ['', 'fb-1', 'fb-1-4', 'es-1-0', 'fb--1-0', 'fb-1-0x']) expect(footballMatchById(bad), bad).toBeNull();
    const es = scheduleEsports(NOW, NOW + 600_000);
    expect(es.length).toBe(6);
    expect(es.every((m) => esportsMatchById(m.id)?.mapWinE4 === m.mapWinE4 && m.mapWinE4 >= 2000 && m.mapWinE4 <= 8000)).toBe(true);
  });

  it('validates bets: missing match, closed at kickoff, unknown or closed selection, stake; locks the odds', () => {
    const sport = virtualSport('demo_football')!;
    const m = sport.schedule(NOW, NOW + 1)[0]!;
    const sel = m.markets[0]!.selections[0]!;
    const input = { matchId: m.id, market: '1x2', selection: 'home', stakeFen: 1000 };
    expect(sport.validate(input, NOW - 1)).toEqual({ ok: true, bet: { ...input, oddsE2: sel.oddsE2 } });
    expect(sport.validate(input, NOW)).toEqual({ ok: false, message: MSG.gameMatchClosed });
    expect(sport.validate({ ...input, matchId: 'fb-1-9' }, 0)).toEqual({ ok: false, message: MSG.gameMatchMissing });
    expect(sport.validate({ ...input, selection: 'banker' }, NOW - 1)).toEqual({ ok: false, message: MSG.gameBetOption });
    expect(sport.validate({ ...input, market: 'ou2.5' }, NOW - 1)).toEqual({ ok: false, message: MSG.gameBetOption });
    expect(sport.validate({ ...input, stakeFen: 0 }, NOW - 1)).toEqual({ ok: false, message: MSG.amountInvalid });
    expect(sport.validate({ ...input, stakeFen: 1_000_001 }, NOW - 1)).toEqual({ ok: false, message: '单注金额不能超过10000元' });
    expect(sport.validate('x', NOW - 1)).toEqual({ ok: false, message: MSG.gameMatchMissing });
    const closed: ScheduledMatch = { ...m, markets: [{ ...m.markets[0]!, selections: [{ ...sel, open: false }] }] };
    expect(validateMatchBet(closed, input, NOW - 1, 1_000_000, FOOTBALL_SCHEDULE.intervalMs)).toEqual({ ok: false, message: MSG.gameSelectionClosed });
  });

  it('settles football bets on hand-made scores', () => {
    const bet = (market: string, selection: string) => ({ matchId: 'fb-1-0', market, selection, stakeFen: 1001, oddsE2: 215 });
    const won = (market: string, selection: string, homeGoals: number, awayGoals: number) => settleFootball(bet(market, selection), { homeGoals, awayGoals }).won;
    expect([won('1x2', 'home', 2, 1), won('1x2', 'draw', 2, 1), won('1x2', 'away', 2, 1)]).toEqual([true, false, false]);
    expect([won('1x2', 'home', 1, 1), won('1x2', 'draw', 1, 1), won('1x2', 'away', 1, 1)]).toEqual([false, true, false]);
    expect([won('1x2', 'home', 0, 3), won('1x2', 'away', 0, 3)]).toEqual([false, true]);
    expect([won('ou2.5', 'over', 2, 1), won('ou2.5', 'under', 2, 1), won('ou2.5', 'over', 1, 1), won('ou2.5', 'under', 1, 1)]).toEqual([true, false, false, true]);
    expect([won('ou2.5', 'under', 0, 0), won('nope', 'home', 2, 0)]).toEqual([true, false]);
    expect(settleFootball(bet('1x2', 'home'), { homeGoals: 3, awayGoals: 0 })).toEqual({ payoutFen: 2152, validFen: 1001, won: true }); // ⌊1001 × 2.15⌋
    expect(settleFootball(bet('1x2', 'away'), { homeGoals: 3, awayGoals: 0 })).toEqual({ payoutFen: 0, validFen: 1001, won: false });
    expect(settleMatchBet(bet('1x2', 'home'), true).payoutFen).toBe(2152);
  });

  it('settles e-sports bets on hand-made series', () => {
    const bet = (market: string, selection: string) => ({ matchId: 'es-1-0', market, selection, stakeFen: 1000, oddsE2: 180 });
    const r21 = { maps: ['home', 'away', 'home'] as ('home' | 'away')[], homeMaps: 2, awayMaps: 1 };
    const r02 = { maps: ['away', 'away'] as ('home' | 'away')[], homeMaps: 0, awayMaps: 2 };
    const r20 = { maps: ['home', 'home'] as ('home' | 'away')[], homeMaps: 2, awayMaps: 0 };
    const won = (market: string, selection: string, r: typeof r21) => settleEsports(bet(market, selection), r).won;
    expect([won('winner', 'home', r21), won('winner', 'away', r21), won('handicap', 'home', r21), won('handicap', 'away', r21), won('maps', 'over', r21), won('maps', 'under', r21)]).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect([won('winner', 'away', r02), won('handicap', 'away', r02), won('handicap', 'home', r02), won('maps', 'under', r02)]).toEqual([true, true, false, true]);
    expect([won('handicap', 'home', r20), won('handicap', 'away', r20)]).toEqual([true, false]);
    expect(settleEsports(bet('winner', 'home'), r21)).toEqual({ payoutFen: 1800, validFen: 1000, won: true });
  });
});

describe('catalogue', () => {
  it('lists every game once, grouped by category and provider', () => {
    const codes = GAME_DEFINITIONS.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    const byCategory = gamesByCategory();
    expect(Object.keys(byCategory)).toEqual([...GAME_CATEGORIES]);
    expect(byCategory.realbet.map((d) => d.kind)).toEqual(['baccarat']);
    expect(byCategory.joker.map((d) => d.kind)).toEqual(['dragontiger']);
    expect(byCategory.sport.map((d) => d.kind)).toEqual(['football']);
    expect(byCategory.gaming.map((d) => d.kind)).toEqual(['esports']);
    expect(byCategory.lottery.map((d) => d.kind)).toEqual(['dice']);
    expect(byCategory.concise.length).toBe(SLOT_GAMES.length + 2); // the slots and two fishing tanks
    for (const p of ['obgdy', 'fgdz', 'pp', 'ae'] as const) {
      const list = gamesByProvider(p);
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.every((d) => d.provider === p && d.category === 'concise')).toBe(true);
    }
    expect(gamesByProvider('fgdz').at(-1)?.kind).toBe('fishing');
    expect(gamesByProvider('ae').at(-1)?.kind).toBe('fishing');
    expect(fishingGames().map((d) => d.code)).toEqual(['ae_fishing', 'fgdz_fishing']);
    expect(demoGameForCategory('realbet')?.code).toBe('demo_baccarat');
    expect(demoGameForCategory('lottery')?.code).toBe('demo_k3');
    expect(gameDefinition('pp_egypt')?.name).toBe('埃及艳后');
    expect(instantGame('nope')).toBeNull();
    expect(instantGame('demo_football')).toBeNull();
    expect(virtualSport('demo_esports')?.definition.kind).toBe('esports');
    for (const d of GAME_DEFINITIONS) {
      expect(/\p{Script=Han}/u.test(d.name) && /\p{Script=Han}/u.test(d.rules), d.code).toBe(true);
      expect(/\p{Extended_Pictographic}/u.test(d.name + d.rules), d.code).toBe(false);
      expect(Number.isSafeInteger(d.maxStakeFen) && d.maxStakeFen > 0).toBe(true);
      expect(d.provider === null).toBe(d.category !== 'concise');
    }
  });

  it('an instant game goes from raw input to a settled result through the registry', () => {
    const g = instantGame('ae_gems')!;
    const checked = g.validate({ stakeFen: 500 });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const r = g.play(seededRng('registry'), checked.bet);
    expect(r.stakeFen).toBe(500);
    expect(r.validFen).toBe(500);
    expect(Number.isSafeInteger(r.payoutFen) && r.payoutFen >= 0).toBe(true);
  });
});
