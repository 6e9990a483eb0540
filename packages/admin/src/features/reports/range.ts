import dayjs from 'dayjs';
import { REPORTS_LIMITS, addDays, beijingToday } from '@app/contract';
import type { ReportRange } from './api';

/** The range presets of 数据概览 and 报表 (Beijing days, today included). */
export const PRESETS = [
  { key: '7', label: '近7天' },
  { key: '30', label: '近30天' },
  { key: '90', label: '近90天' },
  { key: 'month', label: '本月' },
  { key: 'lastMonth', label: '上月' },
] as const;
export type Preset = (typeof PRESETS)[number]['key'];

export function presetRange(p: Preset, today: string = beijingToday()): ReportRange {
  if (p === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  if (p === 'lastMonth') {
    const lastDay = addDays(`${today.slice(0, 7)}-01`, -1);
    return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
  }
  return { from: addDays(today, -(Number(p) - 1)), to: today };
}

/** Days after today and ranges longer than the server takes cannot be picked. */
export function disabledDay(d: dayjs.Dayjs): boolean {
  const today = beijingToday();
  return d.format('YYYY-MM-DD') > today || d.format('YYYY-MM-DD') < addDays(today, -(REPORTS_LIMITS.maxRangeDays * 3));
}
