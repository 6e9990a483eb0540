import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AgentDay, AgentFigures } from '@app/contract';
import { figureText, figureTone } from './FigureGrid';

/** The per-day columns of 团队报表 and a member's last days (money, then people). */
const FIELDS: { key: keyof AgentFigures; title: string; width: number }[] = [
  { key: 'deposits', title: '存款', width: 104 },
  { key: 'withdrawals', title: '取款', width: 104 },
  { key: 'valid_bets', title: '有效投注', width: 112 },
  { key: 'win_loss', title: '团队输赢', width: 112 },
  { key: 'new_members', title: '新增', width: 60 },
  { key: 'active_members', title: '活跃', width: 60 },
  { key: 'first_deposits', title: '首存', width: 60 },
];

/**
 * Days as a table, newest first, the date column fixed so a phone scrolls the figures under it; with
 * `total`, a 合计 row pinned under the days. `people: false` leaves out the team columns (a single
 * member's days).
 */
export function DayTable({ days, total, testId, loading, people = true }: { days: AgentDay[]; total?: AgentFigures; testId: string; loading?: boolean; people?: boolean }) {
  const fields = people ? FIELDS : FIELDS.slice(0, 4);
  const columns: ColumnsType<AgentDay> = [
    { title: '日期', dataIndex: 'day', key: 'day', fixed: 'left', width: 100 },
    ...fields.map((f) => ({
      title: f.title,
      dataIndex: f.key,
      key: f.key,
      width: f.width,
      align: 'right' as const,
      render: (v: number) => <span className={v === 0 ? 'muted' : figureTone(f.key, v)}>{figureText(f.key, v)}</span>,
    })),
  ];
  return (
    <Table<AgentDay>
      data-testid={testId}
      className="day-table"
      size="small"
      rowKey="day"
      loading={loading}
      columns={columns}
      dataSource={days}
      pagination={false}
      scroll={{ x: 100 + fields.reduce((s, f) => s + f.width, 0) }}
      summary={
        total
          ? () => (
              <Table.Summary fixed>
                <Table.Summary.Row className="day-table-total" data-testid={`${testId}-total`}>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  {fields.map((f, i) => (
                    <Table.Summary.Cell key={f.key} index={i + 1} align="right">
                      <span className={figureTone(f.key, total[f.key])}>{figureText(f.key, total[f.key])}</span>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )
          : undefined
      }
    />
  );
}
