import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { TRANS_TYPE, TRANS_TYPE_LABELS, type TransType } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { fetchRecords, recordsKey, useVenueBalances, venuesOnly, type RecordFilter } from '../api';
import { RecordFilters } from '../../../shared/components/RecordFilters';
import { RecordRow } from '../components/RecordRow';
import '../wallet.css';

const isType = (v: unknown): v is TransType => typeof v === 'number' && v in TRANS_TYPE_LABELS;

/** The type a screen sent the member here for (a withdrawal shows withdrawals), else 全部: every movement of the wallet. */
function initialType(state: unknown, query: string | null): TransType {
  const fromState = (state as { type?: unknown } | null)?.type;
  if (isType(fromState)) return fromState;
  const fromQuery = Number(query);
  return query !== null && isType(fromQuery) ? fromQuery : TRANS_TYPE.all;
}

/**
 * /transRecord 账户明细 (spec §2, §4): platform, date-range and type filters over an endless list;
 * a changed filter is a new list from page 1. 全部 and the types beyond the spec's (彩票, 优惠礼金, 红包,
 * 佣金, 人工调整) list the central wallet's movements, each with the balance after it.
 */
export default function TransRecord() {
  const location = useLocation();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<RecordFilter>(() => ({ type: initialType(location.state, params.get('type')), date: 4, api_type: '' }));
  const venues = useVenueBalances();

  return (
    <Page title="账户明细" className="wallet-page record-page" refreshable>
      <div className="record-filters-bar">
        <RecordFilters value={filter} venues={venuesOnly(venues.data)} onChange={setFilter} />
      </div>
      <InfiniteList queryKey={recordsKey(filter)} fetchPage={(page) => fetchRecords(filter, page)} itemKey={(r) => `${r.type}-${r.id}`} renderItem={(r) => <RecordRow record={r} />} className="record-list" />
    </Page>
  );
}
