import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { AGENT_RANGE_MAX_DAYS } from '@app/contract';
import { DayTable } from '../../shared/components/DayTable';
import { FigureGrid } from '../../shared/components/FigureGrid';
import { LoadError } from '../../shared/components/LoadError';
import { RangeFilter } from '../../shared/components/RangeFilter';
import { Section } from '../../shared/components/Section';
import { presetRange, rangeFailure, type DayRange } from '../../shared/days';
import { useDaily } from './api';

/** 报表: the team by day within a range (近7天 by default, at most AGENT_RANGE_MAX_DAYS days), with its totals. */
export default function ReportsPage() {
  const [range, setRange] = useState<DayRange>(() => presetRange('last7'));
  const failure = rangeFailure(range);
  const { data, error, refetch, isPending, isFetching } = useDaily(range, failure === null);
  return (
    <div className="page reports" data-testid="page-reports">
      <div className="filter-bar">
        <RangeFilter value={range} onChange={setRange} presets={['today', 'yesterday', 'last7', 'month', 'lastMonth']} testId="reports-range" />
        {failure && <Alert type="warning" showIcon message={failure} data-testid="reports-range-failure" />}
      </div>
      {failure ? null : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Section>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Section>
      ) : (
        <>
          <Section title="区间合计" extra={<span className="muted">{`${range.start} ~ ${range.end}`}</span>} testId="reports-summary">
            <FigureGrid figures={data.total} testId="reports-total" />
          </Section>
          <Section title="每日明细" extra={<span className="muted">{`最多查询${AGENT_RANGE_MAX_DAYS}天`}</span>} className="table-section">
            <DayTable days={data.days} total={data.total} loading={isFetching} testId="reports-days" />
          </Section>
        </>
      )}
    </div>
  );
}
