import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { RightOutlined, TeamOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { FigureGrid } from '../../shared/components/FigureGrid';
import { LoadError } from '../../shared/components/LoadError';
import { Section } from '../../shared/components/Section';
import { count } from '../../shared/format';
import { useOverview } from './api';
import { EstimateCard } from './components/EstimateCard';

const TrendChart = lazy(() => import('./components/TrendChart'));

/** 概览: the team's size, today and this month, the period's estimated commission, 30 days of trend. */
export default function OverviewPage() {
  const { data, error, refetch, isPending } = useOverview();
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <OverviewSkeleton />;
  const today = data.days.at(-1)?.day ?? '';
  return (
    <div className="page overview" data-testid="page-overview">
      <div className="team-hero">
        <Link to="/members" className="team-hero-item" data-testid="overview-team">
          <TeamOutlined className="team-hero-icon" />
          <div>
            <div className="team-hero-value" data-testid="overview-team-members">
              {count(data.team_members)}
            </div>
            <div className="team-hero-label">团队人数</div>
          </div>
          <RightOutlined className="team-hero-arrow" />
        </Link>
        <Link to="/members?kind=agents" className="team-hero-item" data-testid="overview-agents">
          <UserSwitchOutlined className="team-hero-icon" />
          <div>
            <div className="team-hero-value" data-testid="overview-sub-agents">
              {count(data.sub_agents)}
            </div>
            <div className="team-hero-label">下级代理</div>
          </div>
          <RightOutlined className="team-hero-arrow" />
        </Link>
      </div>
      <div className="overview-grid">
        <Section title="今日数据" className="is-today" extra={<span className="muted">{today}</span>} testId="overview-today-card">
          <FigureGrid figures={data.today} testId="overview-today" />
        </Section>
        <Section title="本月数据" className="is-month" extra={<span className="muted">{today.slice(0, 7)}</span>} testId="overview-month-card">
          <FigureGrid figures={data.month} testId="overview-month" />
        </Section>
        <EstimateCard estimate={data.estimate} computedAt={data.computed_at} />
        <Section title="近30天趋势" className="is-trend">
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 252 }} />}>
            <TrendChart days={data.days} />
          </Suspense>
        </Section>
      </div>
      <p className="page-foot muted">团队为您邀请注册的直属会员；数据按北京时间统计，更新于 {data.computed_at}</p>
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div className="page overview" data-testid="overview-loading">
      <Skeleton.Button active block style={{ height: 88, borderRadius: 14 }} />
      {[0, 1, 2].map((i) => (
        <Section key={i}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Section>
      ))}
    </div>
  );
}
