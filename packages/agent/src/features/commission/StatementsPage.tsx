import { Button, Collapse, Empty, Skeleton } from 'antd';
import { LoadError } from '../../shared/components/LoadError';
import { LoadMore } from '../../shared/components/LoadMore';
import { Section } from '../../shared/components/Section';
import { useStatements } from './api';
import { PlanRules } from './components/PlanRules';
import { StatementCard } from './components/StatementCard';

/** 佣金: the agent's statements, newest period first, and the plan's rules at hand. */
export default function StatementsPage() {
  const list = useStatements();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="page commission" data-testid="page-commission">
      <Section title="佣金记录" className="flat-section">
        {list.error ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <div className="card-list">
            {[0, 1].map((i) => (
              <div key={i} className="statement-card">
                <Skeleton active paragraph={{ rows: 2 }} />
              </div>
            ))}
          </div>
        ) : rows.length === 0 ? (
          <Empty className="portal-empty" description="暂无佣金记录，结算周期结束后将在这里显示" data-testid="statements-empty" />
        ) : (
          <div className="card-list" data-testid="statement-list">
            {rows.map((s) => (
              <StatementCard key={s.id} statement={s} />
            ))}
            <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
          </div>
        )}
      </Section>
      <Collapse className="rules-collapse" items={[{ key: 'rules', label: '佣金规则', children: <PlanRules /> }]} data-testid="rules-collapse" />
    </div>
  );
}
