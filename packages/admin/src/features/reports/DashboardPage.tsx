import { lazy, Suspense, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Segmented, Space, Spin, Table, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { FIGURE_LABELS, type DayFigures, type GgrSlice, type PeriodFigures } from '@app/contract';
import { yuan } from '../../shared/format';
import { reportKeys, reportsApi } from './api';
import { RangeFields, useDayRange } from './RangeFields';
import type { Series } from './TrendChart';
import './reports.css';

const TrendChart = lazy(() => import('./TrendChart'));

type PeriodKey = 'today' | 'yesterday' | 'month';
const PERIODS: { key: PeriodKey; label: string }[] = [
  { key: 'today', label: '今日' },
  { key: 'yesterday', label: '昨日' },
  { key: 'month', label: '本月' },
];

/** The figure tiles: today large, yesterday and this month beneath; `sub` is a second figure shown beside. */
const TILES: { key: keyof DayFigures; money: boolean; sub?: keyof DayFigures; hint?: string; tone?: 'in' | 'out' | 'profit' }[] = [
  { key: 'deposits', money: true, sub: 'deposit_count', tone: 'in' },
  { key: 'withdrawals', money: true, sub: 'withdrawal_count', tone: 'out' },
  { key: 'net_cash', money: true, hint: '存款 − 取款', tone: 'profit' },
  { key: 'valid_bets', money: true, sub: 'bet_count' },
  { key: 'ggr', money: true, hint: '投注 − 派彩（场馆与自营彩票）', tone: 'profit' },
  { key: 'ngr', money: true, hint: 'GGR − 彩金 − 返水 − 红包 − 代理佣金', tone: 'profit' },
  { key: 'new_members', money: false, sub: 'active_members' },
  { key: 'first_deposits', money: true, sub: 'first_deposit_count' },
];

const CHARTS: { key: string; label: string; money: boolean; series: Series[] }[] = [
  {
    key: 'cash',
    label: '存取款',
    money: true,
    series: [
      { key: 'deposits', color: '#3a5bef', area: true },
      { key: 'withdrawals', color: '#f0883e' },
      { key: 'net_cash', color: '#17a673' },
    ],
  },
  {
    key: 'profit',
    label: '投注与盈利',
    money: true,
    series: [
      { key: 'valid_bets', color: '#8f7cf6', area: true },
      { key: 'ggr', color: '#e9a23b' },
      { key: 'ngr', color: '#17a673' },
    ],
  },
  {
    key: 'members',
    label: '会员',
    money: false,
    series: [
      { key: 'active_members', color: '#3a5bef', area: true },
      { key: 'new_members', color: '#17a673' },
      { key: 'first_deposit_count', color: '#e9a23b' },
    ],
  },
];

const text = (v: number, money: boolean) => (money ? yuan(v) : v.toLocaleString('zh-CN'));
const tone = (v: number, t?: string) => (t === 'profit' ? (v < 0 ? 'loss' : 'gain') : t === 'out' ? 'out' : 'in');

function Tile({ tile, periods }: { tile: (typeof TILES)[number]; periods: Record<PeriodKey, PeriodFigures> }) {
  const today = periods.today[tile.key];
  return (
    <Card size="small" className={`rep-tile rep-tone-${tone(today, tile.tone)}`} data-testid={`tile-${tile.key}`}>
      <div className="rep-tile-label">
        {tile.hint ? (
          <Tooltip title={tile.hint}>
            <span className="rep-hint">{FIGURE_LABELS[tile.key]}</span>
          </Tooltip>
        ) : (
          FIGURE_LABELS[tile.key]
        )}
        <span className="rep-tile-when">今日</span>
      </div>
      <div className="rep-tile-value" data-testid={`tile-${tile.key}-today`}>
        {text(today, tile.money)}
      </div>
      {tile.sub && (
        <div className="rep-tile-sub">
          {FIGURE_LABELS[tile.sub]} {text(periods.today[tile.sub], false)}
        </div>
      )}
      <div className="rep-tile-foot">
        <span>
          昨日 <b data-testid={`tile-${tile.key}-yesterday`}>{text(periods.yesterday[tile.key], tile.money)}</b>
        </span>
        <span>
          本月 <b data-testid={`tile-${tile.key}-month`}>{text(periods.month[tile.key], tile.money)}</b>
        </span>
      </div>
    </Card>
  );
}

function SliceTable({ rows, testId, keyTitle }: { rows: GgrSlice[]; testId: string; keyTitle: string }) {
  return (
    <Table<GgrSlice>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无投注" /> }}
      columns={[
        { title: keyTitle, dataIndex: 'label' },
        { title: '有效投注', dataIndex: 'valid_bets', align: 'right', render: (v: number) => yuan(v) },
        { title: 'GGR', dataIndex: 'ggr', align: 'right', render: (v: number) => <span className={v < 0 ? 'rep-loss' : 'rep-gain'}>{yuan(v)}</span> },
      ]}
    />
  );
}

function CostList({ p }: { p: PeriodFigures }) {
  const items: [keyof DayFigures, number][] = [
    ['ggr', p.ggr],
    ['bonuses', -p.bonuses],
    ['rebates', -p.rebates],
    ['red_packets', -p.red_packets],
    ['commission', -p.commission],
  ];
  return (
    <div className="rep-costs" data-testid="dashboard-costs">
      {items.map(([k, v]) => (
        <div key={k} className="rep-cost-row">
          <span>{FIGURE_LABELS[k]}</span>
          <b className={v < 0 ? 'rep-loss' : undefined}>{yuan(v)}</b>
        </div>
      ))}
      <div className="rep-cost-row rep-cost-total">
        <span>{FIGURE_LABELS.ngr}</span>
        <b className={p.ngr < 0 ? 'rep-loss' : 'rep-gain'}>{yuan(p.ngr)}</b>
      </div>
      <div className="rep-cost-row rep-cost-note">
        <span>{FIGURE_LABELS.adjustments}（不计入NGR）</span>
        <b>{yuan(p.adjustments)}</b>
      </div>
    </div>
  );
}

/**
 * 数据概览: today (live), yesterday and this month as figure tiles; a chart per day over a chosen
 * range (presets or any range up to 366 days); GGR by game category and by venue and the way from
 * GGR to NGR for a chosen period.
 */
export default function DashboardPage() {
  const days = useDayRange();
  const { range } = days;
  const [chart, setChart] = useState(CHARTS[0]!.key);
  const [slicePeriod, setSlicePeriod] = useState<PeriodKey>('today');
  // the page's first read and 刷新 ask for today's figures anew; the minute's refetches take the kept ones
  const freshNext = useRef(true);
  const q = useQuery({
    queryKey: reportKeys.dashboard(range),
    queryFn: () => {
      const fresh = freshNext.current;
      freshNext.current = false;
      return reportsApi.dashboard(range, fresh);
    },
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const d = q.data;
  const c = CHARTS.find((x) => x.key === chart)!;

  return (
    <div className="rep-page" data-testid="dashboard-page">
      <div className="rep-head">
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            数据概览
          </Typography.Title>
          <Typography.Text type="secondary" className="rep-updated">
            北京时间 · 今日数据实时计算{d ? ` · 更新于 ${d.generated_at}` : ''}
          </Typography.Text>
        </div>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            freshNext.current = true;
            void q.refetch();
          }}
          loading={q.isFetching}
          data-testid="dashboard-reload"
        >
          刷新
        </Button>
      </div>
      {q.error && <Alert type="error" showIcon message={(q.error as Error).message} style={{ marginBottom: 12 }} />}
      {!d ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {TILES.map((t) => (
              <Col span={6} key={t.key}>
                <Tile tile={t} periods={d} />
              </Col>
            ))}
          </Row>

          <Card
            className="rep-card"
            title="每日趋势"
            extra={
              <Space wrap>
                <Segmented size="small" value={chart} onChange={(v) => setChart(String(v))} options={CHARTS.map((x) => ({ value: x.key, label: x.label }))} data-testid="chart-metric" />
                <RangeFields state={days} testId="dashboard" size="small" />
              </Space>
            }
          >
            <div className="rep-range-note" data-testid="dashboard-range-text">
              {d.from} 至 {d.to}，共 {d.series.length} 天
            </div>
            <Suspense fallback={<Spin style={{ display: 'block', margin: '110px auto' }} />}>
              <TrendChart days={d.series} series={c.series} money={c.money} />
            </Suspense>
          </Card>

          <Card
            className="rep-card"
            title="游戏盈利"
            extra={<Segmented size="small" value={slicePeriod} onChange={(v) => setSlicePeriod(v as PeriodKey)} options={PERIODS.map((p) => ({ value: p.key, label: p.label }))} data-testid="slice-period" />}
          >
            <Row gutter={16}>
              <Col span={8}>
                <div className="rep-sub-title">按游戏分类</div>
                <SliceTable rows={d[slicePeriod].by_category} testId="ggr-by-category" keyTitle="分类" />
              </Col>
              <Col span={9}>
                <div className="rep-sub-title">按场馆</div>
                <SliceTable rows={d[slicePeriod].by_venue} testId="ggr-by-venue" keyTitle="场馆" />
              </Col>
              <Col span={7}>
                <div className="rep-sub-title">从 GGR 到 NGR</div>
                <CostList p={d[slicePeriod]} />
              </Col>
            </Row>
          </Card>
        </>
      )}
    </div>
  );
}
