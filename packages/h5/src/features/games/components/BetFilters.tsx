import { useRef } from 'react';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import { DATE_FILTER_DAYS, type VenueBalance } from '@app/contract';
import { DATE_LABELS } from '../../wallet/components/RecordFilters';
import type { BetFilter } from '../api';

const DATES = Object.keys(DATE_FILTER_DAYS).map(Number) as BetFilter['date'][];

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

/**
 * The two filters of /betRecord: platform ('' = all) and date range, drawn like /transRecord's.
 * (RecordFilters there always has the transaction-type filter, so it cannot be reused as it is.)
 */
export function BetFilters({ value, venues, onChange }: { value: BetFilter; venues: VenueBalance[]; onChange: (f: BetFilter) => void }) {
  const ref = useRef<DropdownRef>(null);
  const set = (patch: Partial<BetFilter>) => {
    ref.current?.close();
    onChange({ ...value, ...patch });
  };
  const platformName = value.api_type ? (venues.find((v) => v.platname === value.api_type)?.name ?? value.api_type) : '全部平台';
  return (
    <Dropdown ref={ref} className="record-filters" data-testid="bet-filters">
      <Dropdown.Item key="platform" title={<span data-testid="filter-platform-title">{platformName}</span>}>
        <Chips testId="filter-platform" value={value.api_type} onPick={(api_type) => set({ api_type })} options={[{ key: '', label: '全部平台' }, ...venues.map((v) => ({ key: v.platname, label: v.name }))]} />
      </Dropdown.Item>
      <Dropdown.Item key="date" title={<span data-testid="filter-date-title">{DATE_LABELS[value.date]}</span>}>
        <Chips testId="filter-date" value={value.date} onPick={(date) => set({ date })} options={DATES.map((d) => ({ key: d, label: DATE_LABELS[d] }))} />
      </Dropdown.Item>
    </Dropdown>
  );
}
