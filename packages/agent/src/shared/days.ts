import { AGENT_PORTAL_MSG, AGENT_RANGE_MAX_DAYS } from '@app/contract';

/**
 * Beijing days as the server counts them (UTC+8, whatever the phone's own zone), YYYY-MM-DD. Ranges
 * are inclusive; '' is an open end.
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const beijingToday = (now = Date.now()): string => new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export interface DayRange {
  start: string;
  end: string;
}

/** The quick picks of a date filter, by Beijing days. */
export type RangePreset = 'today' | 'yesterday' | 'last7' | 'last30' | 'month' | 'lastMonth';
export const PRESET_LABELS: Record<RangePreset, string> = {
  today: '今日',
  yesterday: '昨日',
  last7: '近7天',
  last30: '近30天',
  month: '本月',
  lastMonth: '上月',
};

export function presetRange(p: RangePreset, today = beijingToday()): DayRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (p) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'last7':
      return { start: addDays(today, -6), end: today };
    case 'last30':
      return { start: addDays(today, -29), end: today };
    case 'month':
      return { start: monthStart, end: today };
    case 'lastMonth': {
      const end = addDays(monthStart, -1);
      return { start: `${end.slice(0, 8)}01`, end };
    }
  }
}

/** The preset a range is, if any (to highlight its chip). */
export function presetOf(r: DayRange, presets: readonly RangePreset[]): RangePreset | null {
  return presets.find((p) => {
    const q = presetRange(p);
    return q.start === r.start && q.end === r.end;
  }) ?? null;
}

/** Why a closed range cannot be asked for (the server's own messages), or null. */
export function rangeFailure(r: DayRange): string | null {
  if (!r.start || !r.end) return AGENT_PORTAL_MSG.badDay;
  if (r.start > r.end) return AGENT_PORTAL_MSG.rangeOrder;
  if ((Date.parse(`${r.end}T00:00:00Z`) - Date.parse(`${r.start}T00:00:00Z`)) / DAY_MS >= AGENT_RANGE_MAX_DAYS) return AGENT_PORTAL_MSG.rangeTooLong;
  return null;
}
