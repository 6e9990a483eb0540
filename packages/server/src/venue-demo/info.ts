import { fenOfYuan, fenToYuan, type VenueGameInfo, type VenueOutcome, type VenueSlotPay } from '@app/contract';
import { CANNON_LEVELS_FEN, ESPORTS_SCHEDULE, FOOTBALL_SCHEDULE, fishingTank, gameDefinition, slotMachine, type GameDefinition, type TableLine } from './games/index.js';
import { FISH_WEIGHT_TOTAL } from './games/fishing.js';

/**
 * What a venue page needs to draw a game (GET /venue/api/games/:code), read from the engine
 * definitions so the page never restates a rule: reels, symbols and paytable of a slot, options and
 * payouts of a table, cannons and fish, the match schedule.
 */
const SLOT_STAKES_YUAN = [1, 2, 5, 10, 20, 50, 100, 200, 500];
const TABLE_CHIPS_YUAN = [10, 50, 100, 500, 1000, 5000];

const infos = new Map<string, VenueGameInfo>();

export function gameInfo(code: string): VenueGameInfo | null {
  const hit = infos.get(code);
  if (hit) return hit;
  const def = gameDefinition(code);
  if (!def) return null;
  const info = build(def);
  infos.set(code, info);
  return info;
}

function build(def: GameDefinition): VenueGameInfo {
  const base = { code: def.code, name: def.name, category: def.category, provider: def.provider, rtp: def.rtp, rules: def.rules, max_stake: fenToYuan(def.maxStakeFen) };
  switch (def.kind) {
    case 'slot': {
      const m = slotMachine(def.code)!;
      const paytable: VenueSlotPay[] = [];
      for (const [symbol, byCount] of Object.entries(m.pays)) {
        for (const [count, multiplier] of Object.entries(byCount)) paytable.push({ symbol, count: Number(count), multiplier, type: 'line' });
      }
      const scatter = m.symbols.find((s) => s.kind === 'scatter');
      if (scatter && m.scatterPays) {
        for (const [count, multiplier] of Object.entries(m.scatterPays)) paytable.push({ symbol: scatter.key, count: Number(count), multiplier, type: 'scatter' });
      }
      return {
        ...base,
        kind: 'slot',
        reels: m.reels.length,
        rows: m.rows,
        strips: [...m.reels],
        lines: m.lines.map((l) => [...l]),
        symbols: m.symbols.map((s) => (s.kind ? { id: s.key, name: s.label, color: s.color, kind: s.kind } : { id: s.key, name: s.label, color: s.color })),
        paytable,
        // whole yuan are multiples of every machine's line count in fen (the counts divide 100)
        stakes: SLOT_STAKES_YUAN.filter((y) => fenOfYuan(y) <= m.maxStakeFen),
        theme: { name: m.theme.name, background: [...m.theme.background], accent: m.theme.accent },
      };
    }
    case 'baccarat':
    case 'dragontiger':
    case 'dice':
      return {
        ...base,
        kind: def.kind,
        options: (def.options ?? []).map((o) => ({ id: o.code, name: o.name, payout: o.returns, rtp: o.rtp })),
        chips: TABLE_CHIPS_YUAN.filter((y) => fenOfYuan(y) <= def.maxStakeFen),
      };
    case 'fishing':
      return {
        ...base,
        kind: 'fishing',
        cannons: CANNON_LEVELS_FEN.map(fenToYuan),
        fish: fishingTank(def.code)!.fish.map((f) => ({ id: f.key, name: f.name, multiplier: f.multiplier, color: f.color, chance: f.weight / FISH_WEIGHT_TOTAL })),
      };
    case 'football':
    case 'esports': {
      const s = def.kind === 'football' ? FOOTBALL_SCHEDULE : ESPORTS_SCHEDULE;
      return { ...base, kind: def.kind, schedule: { interval_ms: s.intervalMs, matches_per_round: s.matchesPerRound, duration_ms: s.durationMs } };
    }
  }
}

/** An engine outcome as the wire carries it: table lines in yuan, everything else as the engine has it. */
export function wireOutcome(outcome: unknown): VenueOutcome {
  const o = outcome as { lines?: TableLine<string>[] };
  if (!Array.isArray(o.lines)) return outcome as VenueOutcome;
  return {
    ...(outcome as object),
    lines: o.lines.map((l) => ({ option: l.option, stake: fenToYuan(l.stakeFen), payout: fenToYuan(l.payoutFen), valid: fenToYuan(l.validFen) })),
  } as VenueOutcome;
}
