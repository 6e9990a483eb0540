import dayjs, { type Dayjs } from 'dayjs';

/** A RangePicker's value from the filter's YYYY-MM-DD days and back ('' for an open end). */
const DAY = 'YYYY-MM-DD';
export type Range = [Dayjs | null, Dayjs | null] | null;
export const rangeOf = (from: string, to: string): Range => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null);
export const fromRange = (r: Range) => ({ from: r?.[0]?.format(DAY) ?? '', to: r?.[1]?.format(DAY) ?? '' });
