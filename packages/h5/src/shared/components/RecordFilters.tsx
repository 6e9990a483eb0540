import { useRef } from 'react';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import { DATE_FILTER_DAYS, TRANS_TYPE_LABELS, TRANS_TYPE_ORDER, type TransType, type VenueBalance } from '@app/contract';
import './records.css';

/** The filters shared by /transRecord and /betRecord: platform ('' = all), date range, and type when given. */
export interface RecordFilterValue {
  /** DATE_FILTER_DAYS key: 1 today, 2 last 7 days, 3 last 15, 4 last 30 */
  date: 1 | 2 | 3 | 4;
  /** a venue code, '' for every platform */
  api_type: string;
  /** /transRecord's transaction type; absent where a list has no type filter */
  type?: TransType;
}

export const DATE_LABELS: Record<RecordFilterValue['date'], string> = { 1: '今天', 2: '近7天', 3: '近15天', 4: '近30天' };
const DATES = Object.keys(DATE_FILTER_DAYS).map(Number) as RecordFilterValue['date'][];

function Chips<K extends string | number>({ options, value, onPick, testId }: { options: { key: K; label: string }[]; value: K; onPick: (k: K) => void; testId: string }) {
  return (
    <div className="filter-chips" data-testid={testId}>
      {options.map((o) => (
        <button type="button" key={String(o.key)} className={`filter-chip${o.key === value ? ' active' : ''}`} data-testid={`${testId}-${o.key === '' ? 'all' : o.key}`} onClick={() => onPick(o.key)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** Dropdown filters above a record list (spec §2 /transRecord, /betRecord); picking one closes it. */
export function RecordFilters<F extends RecordFilterValue>({ value, venues, onChange, testId = 'record-filters' }: { value: F; venues: VenueBalance[]; onChange: (f: F) => void; testId?: string }) {
  const ref = useRef<DropdownRef>(null);
  const set = (patch: Partial<RecordFilterValue>) => {
    ref.current?.close();
    onChange({ ...value, ...patch });
  };
  const platformName = value.api_type ? (venues.find((v) => v.platname === value.api_type)?.name ?? value.api_type) : '全部平台';
  const type = value.type;
  return (
    <Dropdown ref={ref} className="record-filters" data-testid={testId}>
      <Dropdown.Item key="platform" title={<span data-testid="filter-platform-title">{platformName}</span>}>
        <Chips testId="filter-platform" value={value.api_type} onPick={(api_type) => set({ api_type })} options={[{ key: '', label: '全部平台' }, ...venues.map((v) => ({ key: v.platname, label: v.name }))]} />
      </Dropdown.Item>
      <Dropdown.Item key="date" title={<span data-testid="filter-date-title">{DATE_LABELS[value.date]}</span>}>
        <Chips testId="filter-date" value={value.date} onPick={(date) => set({ date })} options={DATES.map((d) => ({ key: d, label: DATE_LABELS[d] }))} />
      </Dropdown.Item>
      {type !== undefined && (
        <Dropdown.Item key="type" title={<span data-testid="filter-type-title">{TRANS_TYPE_LABELS[type]}</span>}>
          <Chips testId="filter-type" value={type} onPick={(t) => set({ type: t })} options={TRANS_TYPE_ORDER.map((t) => ({ key: t, label: TRANS_TYPE_LABELS[t] }))} />
        </Dropdown.Item>
      )}
    </Dropdown>
  );
}
