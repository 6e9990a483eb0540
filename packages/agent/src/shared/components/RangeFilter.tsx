import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { beijingToday, presetOf, presetRange, PRESET_LABELS, type DayRange, type RangePreset } from '../days';

const DAY = 'YYYY-MM-DD';

/**
 * A date filter for phones and desktops alike: quick chips (今日, 近7天, 本月…) and two single-month
 * pickers (a two-month range panel does not fit a 390-px phone). Days are Beijing days; an end later
 * than today cannot be picked. `allowOpen` lets the chips include 全部 (no range).
 */
export function RangeFilter({
  value,
  onChange,
  presets,
  allowOpen = false,
  testId,
}: {
  value: DayRange;
  onChange: (r: DayRange) => void;
  presets: readonly RangePreset[];
  allowOpen?: boolean;
  testId: string;
}) {
  const today = beijingToday();
  const active = value.start === '' && value.end === '' ? 'all' : presetOf(value, presets);
  const chip = (key: string, label: string, r: DayRange) => (
    <button
      key={key}
      type="button"
      className={`range-chip${active === key ? ' is-active' : ''}`}
      data-testid={`${testId}-${key}`}
      onClick={() => onChange(r)}
    >
      {label}
    </button>
  );
  const disabledDate = (d: dayjs.Dayjs) => d.format(DAY) > today;
  return (
    <div className="range-filter" data-testid={testId}>
      <div className="range-chips">
        {allowOpen && chip('all', '全部', { start: '', end: '' })}
        {presets.map((p) => chip(p, PRESET_LABELS[p], presetRange(p, today)))}
      </div>
      <div className="range-pickers">
        <DatePicker
          inputReadOnly
          allowClear={allowOpen}
          placeholder="开始日期"
          value={value.start ? dayjs(value.start) : null}
          disabledDate={disabledDate}
          onChange={(d) => onChange({ ...value, start: d ? d.format(DAY) : '' })}
          data-testid={`${testId}-start`}
        />
        <span className="range-sep">至</span>
        <DatePicker
          inputReadOnly
          allowClear={allowOpen}
          placeholder="结束日期"
          value={value.end ? dayjs(value.end) : null}
          disabledDate={disabledDate}
          onChange={(d) => onChange({ ...value, end: d ? d.format(DAY) : '' })}
          data-testid={`${testId}-end`}
        />
      </div>
    </div>
  );
}
