import { useState } from 'react';
import { BET_RECORD_DEFAULT_DATE } from '@app/contract';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { Page } from '../../../shared/components/Page';
import { useVenueBalances, venuesOnly } from '../../wallet/api';
import { betRecordsKey, fetchBetRecords, type BetFilter } from '../api';
import { RecordFilters } from '../../../shared/components/RecordFilters';
import { BetRow, BetTotalsBar } from '../components/BetRow';
import '../games.css';

/**
 * /betRecord 投注记录 (spec §2, §4): date and platform filters over an endless list of bets, laid out
 * like /transRecord; a changed filter is a new list from page 1. Above the bets, the filter's
 * 总投注, 有效投注 and 输赢; a lottery line says what it was on (round, play, odds).
 */
export default function BetRecord() {
  const [filter, setFilter] = useState<BetFilter>({ date: BET_RECORD_DEFAULT_DATE as BetFilter['date'], api_type: '' });
  const venues = useVenueBalances();
  return (
    <Page title="投注记录" className="record-page bet-record-page" refreshable>
      <div className="record-filters-bar">
        <RecordFilters testId="bet-filters" value={filter} venues={venuesOnly(venues.data)} onChange={setFilter} />
      </div>
      <InfiniteList
        queryKey={betRecordsKey(filter)}
        fetchPage={(page) => fetchBetRecords(filter, page)}
        header={(first) => <BetTotalsBar totals={first.totals} />}
        itemKey={(b) => b.id}
        renderItem={(b) => <BetRow bet={b} />}
        className="record-list"
      />
    </Page>
  );
}
