import { MSG, netRoundLines, type OpposedSide } from '@app/contract';
import { isRecord, stakeError, type Checked } from './types.js';

/**
 * The bet of one round of a table game (baccarat, dragon-tiger): a stake on one or more options of
 * the same deal, e.g. `{ stakes: { banker: 10000, tie: 1000 } }`. Each option's stake is checked on its
 * own against the table maximum.
 */
export interface TableBet<Option extends string> {
  stakes: Partial<Record<Option, number>>;
}

/** One option's settlement within a round. */
export interface TableLine<Option extends string> {
  option: Option;
  stakeFen: number;
  payoutFen: number;
  /** Turnover counted (contract netRoundLines): 0 on a push, only the net exposure of opposite options. */
  validFen: number;
  /** The stake offset by the opposite option of the same round (庄 against 闲, 大 against 小). */
  hedgedFen: number;
}

/**
 * Which options of a table are opposite sides of one market (contract turnover.ts): option → market
 * key. Options without a key (和, 豹子) are never offset.
 */
export type OpposedOptions<Option extends string> = Partial<Record<Option, string>>;

function opposedSide<Option extends string>(markets: OpposedOptions<Option>, option: Option): OpposedSide | null {
  const market = markets[option];
  if (market === undefined) return null;
  return { market, side: option, sides: Object.values(markets).filter((m) => m === market).length };
}

export function validateTableBet<Option extends string>(input: unknown, options: readonly Option[], maxStakeFen: number): Checked<TableBet<Option>> {
  const stakes = isRecord(input) ? input.stakes : undefined;
  if (!isRecord(stakes)) return { ok: false, message: MSG.gameBetEmpty };
  const keys = Object.keys(stakes);
  if (keys.length === 0) return { ok: false, message: MSG.gameBetEmpty };
  const bet: Partial<Record<Option, number>> = {};
  for (const key of keys) {
    if (!(options as readonly string[]).includes(key)) return { ok: false, message: MSG.gameBetOption };
    const err = stakeError(stakes[key], maxStakeFen);
    if (err) return { ok: false, message: err };
    bet[key as Option] = stakes[key] as number;
  }
  return { ok: true, bet: { stakes: bet } };
}

/**
 * A round's settled lines (each with its own push-adjusted valid amount) netted by the valid-bet
 * rule, and the round's totals. One request is one deal: two requests are two independent rounds,
 * so only the options of one request can offset each other.
 */
export function settleTableLines<Option extends string>(
  settled: readonly Omit<TableLine<Option>, 'hedgedFen'>[],
  markets: OpposedOptions<Option>,
): { stakeFen: number; payoutFen: number; validFen: number; hedgedFen: number; lines: TableLine<Option>[] } {
  const netted = netRoundLines(settled.map((l) => ({ stakeFen: l.stakeFen, validFen: l.validFen, opposed: opposedSide(markets, l.option) })));
  const lines = settled.map((l, i) => ({ ...l, validFen: netted[i]!.validFen, hedgedFen: netted[i]!.hedgedFen }));
  const total = { stakeFen: 0, payoutFen: 0, validFen: 0, hedgedFen: 0 };
  for (const l of lines) {
    total.stakeFen += l.stakeFen;
    total.payoutFen += l.payoutFen;
    total.validFen += l.validFen;
    total.hedgedFen += l.hedgedFen;
  }
  return { ...total, lines };
}
