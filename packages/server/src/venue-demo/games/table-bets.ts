import { MSG } from '@app/contract';
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
  validFen: number;
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

export function sumLines<Option extends string>(lines: readonly TableLine<Option>[]): { stakeFen: number; payoutFen: number; validFen: number } {
  let stakeFen = 0;
  let payoutFen = 0;
  let validFen = 0;
  for (const l of lines) {
    stakeFen += l.stakeFen;
    payoutFen += l.payoutFen;
    validFen += l.validFen;
  }
  return { stakeFen, payoutFen, validFen };
}
