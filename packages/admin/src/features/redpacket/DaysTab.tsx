import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Progress, Space, Statistic, Table } from 'antd';
import { fenOfYuan, fenToYuan, type AdminRedPacketDay } from '@app/contract';
import { yuan } from '../../shared/format';
import { tablePaging } from '../../shared/pagination';
import { redPacketApi, redPacketKeys, type RedPacketDaysFilter } from './api';
import { fromRange, rangeOf } from '../../shared/dayRange';

/** Used ÷ budget in whole percent (a day with a budget of 0 shows 0). */
const usedPercent = (d: AdminRedPacketDay) => (d.budget > 0 ? Math.min(100, Math.floor((d.used / d.budget) * 100)) : 0);
const BAR = { from: '#ff7875', to: '#cf1322' };
const left = (d: AdminRedPacketDay) => fenToYuan(fenOfYuan(d.budget - d.used));

/**
 * 每日统计: today's budget against what was paid (a bar), draws and members, then every day somebody
 * drew, newest first; 查看记录 opens the day's draws.
 */
export function DaysTab({ onOpenDay }: { onOpenDay(day: string): void }) {
  const [filter, setFilter] = useState<RedPacketDaysFilter>({ from: '', to: '', page: 1 });
  const days = useQuery({ queryKey: redPacketKeys.days(filter), queryFn: () => redPacketApi.days(filter), placeholderData: keepPreviousData });
  const today = days.data?.today;
  return (
    <>
      {today && (
        <Card size="small" className="redpacket-today" title={`今日概况（${today.day}）`} data-testid="rp-today">
          <Statistic title="今日预算" value={yuan(today.budget)} />
          <Statistic title="已派发" value={yuan(today.used)} valueStyle={{ color: '#cf1322' }} />
          <Statistic title="剩余预算" value={yuan(left(today))} />
          <Statistic title="领取次数" value={today.draws} />
          <Statistic title="领取人数" value={today.members} />
          <div className="redpacket-today-bar">
            <div className="label">
              <span>预算使用</span>
              <span data-testid="rp-today-percent">{usedPercent(today)}%</span>
            </div>
            <Progress percent={usedPercent(today)} showInfo={false} status={today.used >= today.budget && today.budget > 0 ? 'exception' : 'active'} strokeColor={BAR} />
            {today.used >= today.budget && today.budget > 0 && <span className="muted">今日红包已派完</span>}
          </div>
        </Card>
      )}
      <Space wrap className="redpacket-filters">
        <DatePicker.RangePicker allowEmpty={[true, true]} value={rangeOf(filter.from, filter.to)} onChange={(r) => setFilter({ ...fromRange(r), page: 1 })} data-testid="rp-days-range" />
      </Space>
      <Table<AdminRedPacketDay>
        rowKey="day"
        size="middle"
        loading={days.isLoading}
        dataSource={days.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(days.data, filter.page, (page) => setFilter({ ...filter, page }), '天')}
        locale={{ emptyText: '暂无领取' }}
        data-testid="rp-days"
        columns={[
          { title: '日期', dataIndex: 'day', render: (v: string) => <b>{v}</b> },
          { title: '预算', dataIndex: 'budget', align: 'right', render: (v: number) => yuan(v) },
          { title: '已派发', dataIndex: 'used', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          { title: '剩余', align: 'right', render: (_, d) => yuan(left(d)) },
          {
            title: '预算使用',
            render: (_, d) => (
              <Space size={8}>
                <Progress className="redpacket-day-bar" percent={usedPercent(d)} size="small" strokeColor={BAR} status={d.used >= d.budget && d.budget > 0 ? 'exception' : 'normal'} />
              </Space>
            ),
          },
          { title: '领取次数', dataIndex: 'draws', align: 'right' },
          { title: '领取人数', dataIndex: 'members', align: 'right' },
          {
            title: '操作',
            fixed: 'right',
            render: (_, d) => (
              <Button type="link" size="small" onClick={() => onOpenDay(d.day)} data-testid={`rp-day-open-${d.day}`}>
                查看记录
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
