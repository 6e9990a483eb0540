import { useState } from 'react';
import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import type { ReportRange } from './api';
import { PRESETS, disabledDay, presetRange, type Preset } from './range';

/** A page's chosen range of Beijing days: a preset (近30天 at first) or any range picked on the calendar. */
export function useDayRange() {
  const [preset, setPreset] = useState<Preset | ''>('30');
  const [range, setRange] = useState<ReportRange>(presetRange('30'));
  return {
    range,
    preset,
    pickPreset: (p: Preset) => {
      setPreset(p);
      setRange(presetRange(p));
    },
    pickRange: (r: ReportRange) => {
      setPreset('');
      setRange(r);
    },
  };
}

/** The presets and the calendar of a range (数据概览's chart, 报表); parts named <testId>-preset and <testId>-range. */
export function RangeFields({ state, testId, size }: { state: ReturnType<typeof useDayRange>; testId: string; size?: 'small' }) {
  return (
    <>
      <Segmented size={size} value={state.preset} onChange={(v) => state.pickPreset(v as Preset)} options={PRESETS.map((p) => ({ value: p.key, label: p.label }))} data-testid={`${testId}-preset`} />
      <DatePicker.RangePicker
        size={size}
        allowClear={false}
        value={[dayjs(state.range.from), dayjs(state.range.to)]}
        disabledDate={disabledDay}
        onChange={(r) => {
          if (r?.[0] && r[1]) state.pickRange({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
        }}
        data-testid={`${testId}-range`}
      />
    </>
  );
}
