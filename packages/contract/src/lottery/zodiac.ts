import { BALL_MAX, ZODIAC_ANIMALS, type ZodiacAnimal } from './lottery.js';
import { beijingDay } from '../shared/time.js';

/**
 * 六合彩's zodiac (生肖) of a number, which changes at every Chinese New Year: number 1 is the animal
 * of the current lunar year and the numbers count the twelve animals backwards (2 is the year before's,
 * …), so the year's own animal holds five numbers (1, 13, 25, 37, 49) and every other animal four.
 * A round is judged by the lunar year of its draw time in Beijing, so its settlement follows from the
 * round alone. The New Year dates are data (no calendar arithmetic at run time).
 */

/** Stable ids of the animals (they name the 生肖 plays: lhc_sx_rat …), in ZODIAC_ANIMALS's order. */
export const ZODIAC_IDS = ['rat', 'ox', 'tiger', 'rabbit', 'dragon', 'snake', 'horse', 'goat', 'monkey', 'rooster', 'dog', 'pig'] as const;
/** A 鼠 year, the origin of the cycle above. */
const RAT_YEAR = 2020;

/**
 * 春节 (the first day of the lunar year) in Beijing, for the lunar years 2020–2042: lunar year Y runs
 * from its date to the next one's, so the table decides every draw from 2020-01-25 up to 2042-01-21
 * (the 2042 date only ends 2041). Extend it before 2041 ends, from the published calendar (e.g. the Hong
 * Kong Observatory's): not from JavaScript's Intl Chinese calendar (ICU), which puts 2027's and 2030's 春节
 * a day off (02-07, 02-02): both new moons fall close to Beijing midnight.
 */
export const LUNAR_NEW_YEAR: Readonly<Record<number, string>> = {
  2020: '2020-01-25',
  2021: '2021-02-12',
  2022: '2022-02-01',
  2023: '2023-01-22',
  2024: '2024-02-10',
  2025: '2025-01-29',
  2026: '2026-02-17',
  2027: '2027-02-06',
  2028: '2028-01-26',
  2029: '2029-02-13',
  2030: '2030-02-03',
  2031: '2031-01-23',
  2032: '2032-02-11',
  2033: '2033-01-31',
  2034: '2034-02-19',
  2035: '2035-02-08',
  2036: '2036-01-28',
  2037: '2037-02-15',
  2038: '2038-02-04',
  2039: '2039-01-24',
  2040: '2040-02-12',
  2041: '2041-02-01',
  2042: '2042-01-22',
};
const FIRST_YEAR = 2020;
const LAST_YEAR = 2041;

/**
 * The lunar year (by its Gregorian number) that a moment falls in, judged by the Beijing calendar date;
 * null outside the table (before 2020's New Year or from 2042's).
 */
export function lunarYearAt(ms: number): number | null {
  const day = beijingDay(ms);
  const gregorian = Number(day.slice(0, 4));
  const year = day >= (LUNAR_NEW_YEAR[gregorian] ?? '9999') ? gregorian : gregorian - 1;
  return year >= FIRST_YEAR && year <= LAST_YEAR ? year : null;
}

/** Index (in ZODIAC_ANIMALS) of a lunar year's own animal. */
export function yearAnimal(lunarYear: number): number {
  return (((lunarYear - RAT_YEAR) % 12) + 12) % 12;
}

/** Index (in ZODIAC_ANIMALS) of a number's animal in a lunar year: 1 is the year's own, counting backwards. */
export function zodiacOf(n: number, lunarYear: number): number {
  return (((yearAnimal(lunarYear) - (n - 1)) % 12) + 12) % 12;
}

/** The numbers 1–49 of an animal in a lunar year, ascending (five for the year's own, four for the rest). */
export function zodiacNumbers(animal: number, lunarYear: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= BALL_MAX; n++) if (zodiacOf(n, lunarYear) === animal) out.push(n);
  return out;
}

/**
 * Each drawn ball's animal in draw order, for the round drawn at `drawAtMs` (the lunar year of its Beijing
 * date, as its 生肖 plays are settled); null for a draw outside the New Year table.
 */
export function ballAnimals(numbers: readonly number[], drawAtMs: number): ZodiacAnimal[] | null {
  const year = lunarYearAt(drawAtMs);
  return year === null ? null : numbers.map((n) => ZODIAC_ANIMALS[zodiacOf(n, year)]!);
}
