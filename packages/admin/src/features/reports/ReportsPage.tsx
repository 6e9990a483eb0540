import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_COLUMNS, REPORT_KINDS, REPORT_LABELS, type ReportKind } from '@app/contract';
import { ExportButton } from '../../shared/components/ExportButton';
import { yuan } from '../../shared/format';
import { reportKeys, reportsApi, type ReportRange } from './api';
import { RangeFields, useDayRange } from './RangeFields';
import './reports.css';

/** Columns holding yuan (the others are counts or names). */
const MONEY = new Set(['deposits', 'withdrawals', 'net_cash', 'bonuses', 'rebates', 'red_packets', 'commission', 'adjustments', 'bets', 'valid_bets', 'payouts', 'ggr', 'stakes', 'profit', 'promotions', 'vip_bonuses', 'total']);
/** Signed results: green when the platform gained, red when it lost. */
const SIGNED = new Set(['net_cash', 'ggr', 'profit']);

const NOTES: Record<ReportKind, string> = {
  finance: '存款按审核通过日、取款按出款日统计；彩金含活动彩金与VIP晋级礼金；人工调整为加款减扣款。',
  bets: '已结算的场馆注单，按下注日统计；GGR = 投注额 − 派彩。自营彩票见「彩票盈亏」。',
  lottery: '已开奖的彩票注单，按下注日统计；盈亏 = 投注额 − 派彩。',
  costs: '从账本的活动、VIP礼金、返水、红包与佣金账户按发放日统计。',
};

type Row = Record<string, string | number>;

function cell(key: string, v: unknown) {
  if (typeof v !== 'number') return v as string;
  if (!MONEY.has(key)) return v.toLocaleString('zh-CN');
  if (SIGNED.has(key)) return <span className={v < 0 ? 'rep-loss' : v > 0 ? 'rep-gain' : undefined}>{yuan(v)}</span>;
  return yuan(v);
}

function ReportTable({ kind, range }: { kind: ReportKind; range: ReportRange }) {
  const q = useQuery({ queryKey: reportKeys.report(kind, range), queryFn: () => reportsApi.report(kind, range), placeholderData: keepPreviousData });
  const cols = REPORT_COLUMNS[kind] as ReadonlyArray<readonly [string, string]>;
  const columns: ColumnsType<Row> = cols.map(([key, title], i) => ({
    key,
    title,
    dataIndex: key,
    align: i === 0 || !(MONEY.has(key) || /count/.test(key)) ? 'left' : 'right',
    className: MONEY.has(key) ? 'rep-num' : undefined,
    fixed: i === 0 ? 'left' : undefined,
    render: (v: unknown) => cell(key, v),
  }));
  const rows = (q.data?.rows ?? []) as unknown as Row[];
  const total = (q.data?.total ?? {}) as Row;
  return (
    <>
      {q.error && <Alert type="error" showIcon message={(q.error as Error).message} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {NOTES[kind]}
      </Typography.Paragraph>
      <Table<Row>
        className="rep-table"
        size="small"
        loading={q.isFetching}
        rowKey={(r) => cols.slice(0, 3).map(([k]) => String(r[k] ?? '')).join('|')}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content', y: 560 }}
        pagination={false}
        data-testid={`report-table-${kind}`}
        summary={() =>
          rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid={`report-total-${kind}`}>
                {cols.map(([key], i) => (
                  <Table.Summary.Cell key={key} index={i} align={i === 0 || !(MONEY.has(key) || /count/.test(key)) ? 'left' : 'right'}>
                    {i === 0 ? '合计' : total[key] === undefined ? '' : cell(key, total[key])}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </>
  );
}

/**
 * 报表: 每日财务, 场馆与游戏投注, 彩票盈亏 and 活动与返水成本 over a chosen range (presets or any
 * range up to 366 days), each with its totals row and 导出CSV (the same columns as the table).
 */
export default function ReportsPage() {
  const [kind, setKind] = useState<ReportKind>('finance');
  const days = useDayRange();
  const { range } = days;
  return (
    <div className="rep-page" data-testid="reports-page">
      <div className="rep-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          报表
        </Typography.Title>
      </div>
      <Card className="rep-card" style={{ marginTop: 0 }}>
        <div className="rep-toolbar">
          <Space wrap>
            <RangeFields state={days} testId="report" />
          </Space>
          <ExportButton download={() => reportsApi.exportReport(kind, range)} testId="report-export" />
        </div>
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as ReportKind)}
          items={REPORT_KINDS.map((k) => ({ key: k, label: REPORT_LABELS[k], children: kind === k ? <ReportTable kind={k} range={range} /> : null }))}
          data-testid="report-tabs"
        />
      </Card>
    </div>
  );
}
