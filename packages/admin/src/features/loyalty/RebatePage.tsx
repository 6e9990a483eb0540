import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Progress, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, REBATE_STATE, REBATE_STATE_LABELS, type AdminRebateDay, type AdminRebateRecord } from '@app/contract';
import { ExportButton } from '../../shared/components/ExportButton';
import { fromRange, rangeOf } from '../../shared/dayRange';
import { yuan } from '../../shared/format';
import { tablePaging } from '../../shared/pagination';
import { loyaltyApi, loyaltyKeys, type RebateDaysFilter, type RebateRecordsFilter } from './api';
import './loyalty.css';


const EMPTY_RECORDS: RebateRecordsFilter = { from: '', to: '', keyword: '', category: '', platform: '', state: '', page: 1 };

/**
 * 返水管理: 每日汇总 (each computed Beijing day: members, valid bets and rebate per category, claimed
 * vs pending) and 返水记录 (every record, filtered, paged, exported as CSV). A day's 查看记录 opens
 * the records of that day.
 */
export default function RebatePage() {
  const [tab, setTab] = useState('days');
  const [records, setRecords] = useState<RebateRecordsFilter>(EMPTY_RECORDS);
  // A day opened from the summary starts the records tab afresh (its search box too).
  const [opened, setOpened] = useState(0);
  const openDay = (day: string) => {
    setRecords({ ...EMPTY_RECORDS, from: day, to: day });
    setOpened((n) => n + 1);
    setTab('records');
  };
  return (
    <Card title="返水管理" className="loyalty-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'days', label: <span data-testid="rebate-tab-days">每日汇总</span>, children: <RebateDays onOpenDay={openDay} /> },
          { key: 'records', label: <span data-testid="rebate-tab-records">返水记录</span>, children: <RebateRecords key={opened} filter={records} onChange={setRecords} /> },
        ]}
      />
    </Card>
  );
}

function RebateDays({ onOpenDay }: { onOpenDay(day: string): void }) {
  const [filter, setFilter] = useState<RebateDaysFilter>({ from: '', to: '', page: 1 });
  const days = useQuery({ queryKey: loyaltyKeys.rebateDays(filter), queryFn: () => loyaltyApi.rebateDays(filter), placeholderData: keepPreviousData });
  return (
    <>
      <Space wrap className="loyalty-filters">
        <DatePicker.RangePicker allowEmpty={[true, true]} value={rangeOf(filter.from, filter.to)} onChange={(r) => setFilter({ ...fromRange(r), page: 1 })} data-testid="rebate-days-range" />
      </Space>
      <Table<AdminRebateDay>
        rowKey="day"
        size="middle"
        loading={days.isLoading}
        dataSource={days.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(days.data, filter.page, (page) => setFilter({ ...filter, page }), '天')}
        data-testid="rebate-days"
        columns={[
          { title: '日期', dataIndex: 'day', render: (v: string) => <b>{v}</b> },
          { title: '会员数', dataIndex: 'members', align: 'right' },
          { title: '有效投注', dataIndex: 'valid', align: 'right', render: (v: number) => yuan(v) },
          { title: '返水总额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          { title: '已领取', dataIndex: 'claimed', align: 'right', render: (v: number, d) => <span title={`${d.members_claimed} 人已领取`}>{yuan(v)}</span> },
          { title: '未领取', dataIndex: 'pending', align: 'right', render: (v: number) => (v > 0 ? <span style={{ color: '#d48806' }}>{yuan(v)}</span> : yuan(0)) },
          {
            title: '领取进度',
            render: (_, d) => (
              <Space size={6}>
                <Progress type="circle" size={28} percent={d.amount > 0 ? Math.floor((d.claimed / d.amount) * 100) : 0} showInfo={false} />
                <span className="muted">
                  {d.members_claimed}/{d.members} 人
                </span>
              </Space>
            ),
          },
          { title: '各类别返水', render: (_, d) => <CategorySplit day={d} /> },
          { title: '计算时间', dataIndex: 'computed_at', render: (v: string) => <span className="muted">{v}</span> },
          {
            title: '操作',
            fixed: 'right',
            render: (_, d) => (
              <Button type="link" size="small" onClick={() => onOpenDay(d.day)} data-testid={`rebate-day-open-${d.day}`}>
                查看记录
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** The categories of a day with rebate, 真人 ¥12.30 · 电子 ¥4.00 …; the valid bets in the title. */
function CategorySplit({ day }: { day: AdminRebateDay }) {
  const used = day.categories.filter((c) => c.amount > 0 || c.valid > 0);
  if (!used.length) return <span className="muted">—</span>;
  return (
    <span className="rebate-cats">
      {used.map((c) => (
        <span key={c.category} title={`有效投注 ${yuan(c.valid)}`}>
          {c.label} <b>{yuan(c.amount)}</b>
        </span>
      ))}
    </span>
  );
}

function RebateRecords({ filter, onChange }: { filter: RebateRecordsFilter; onChange(f: RebateRecordsFilter): void }) {
  const list = useQuery({ queryKey: loyaltyKeys.rebateRecords(filter), queryFn: () => loyaltyApi.rebateRecords(filter), placeholderData: keepPreviousData });
  const platforms = useQuery({ queryKey: ['rebate-platforms'], queryFn: loyaltyApi.platforms, staleTime: 5 * 60_000 });
  const set = (patch: Partial<RebateRecordsFilter>) => onChange({ ...filter, ...patch, page: patch.page ?? 1 });
  const sum = list.data?.sum;


  return (
    <>
      <Space wrap className="loyalty-filters">
        <DatePicker.RangePicker allowEmpty={[true, true]} value={rangeOf(filter.from, filter.to)} onChange={(r) => set(fromRange(r))} data-testid="rebate-records-range" />
        <Input.Search allowClear placeholder="会员账号或ID" defaultValue={filter.keyword} style={{ width: 180 }} onSearch={(v) => set({ keyword: v.trim() })} data-testid="rebate-records-keyword" />
        <Select
          allowClear
          placeholder="全部类别"
          style={{ width: 120 }}
          value={filter.category || undefined}
          onChange={(v) => set({ category: v ?? '' })}
          options={REBATE_CATEGORIES.map((c) => ({ value: c, label: REBATE_CATEGORY_LABELS[c] }))}
          data-testid="rebate-records-category"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="全部平台"
          style={{ width: 150 }}
          value={filter.platform || undefined}
          onChange={(v) => set({ platform: v ?? '' })}
          options={platforms.data?.map((p) => ({ value: p.code, label: p.name }))}
          data-testid="rebate-records-platform"
        />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={filter.state === '' ? undefined : filter.state}
          onChange={(v) => set({ state: v ?? '' })}
          options={[REBATE_STATE.pending, REBATE_STATE.claimed].map((s) => ({ value: s, label: REBATE_STATE_LABELS[s] }))}
          data-testid="rebate-records-state"
        />
        <ExportButton download={() => loyaltyApi.exportRebateRecords(filter)} disabled={!list.data?.total} testId="rebate-export" />
      </Space>
      {sum && (
        <Space size="large" wrap className="loyalty-sum" data-testid="rebate-records-sum">
          <Statistic title="有效投注" value={yuan(sum.valid)} />
          <Statistic title="返水金额" value={yuan(sum.amount)} valueStyle={{ color: '#cf1322' }} />
          <Statistic title="已领取" value={yuan(sum.claimed)} />
          <Statistic title="未领取" value={yuan(sum.pending)} valueStyle={{ color: '#d48806' }} />
        </Space>
      )}
      <Table<AdminRebateRecord>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => set({ page }), '条')}
        data-testid="rebate-records"
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '会员', dataIndex: 'username', render: (v: string, r) => <span title={`会员ID ${r.member_id}`}>{v}</span> },
          { title: '类别', dataIndex: 'category_label' },
          { title: '平台', dataIndex: 'platform_name' },
          { title: '有效投注', dataIndex: 'valid', align: 'right', render: (v: number) => yuan(v) },
          { title: '比例', dataIndex: 'rate', align: 'right', render: (v: number) => `${v.toFixed(2)}%` },
          { title: '返水金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          { title: '状态', dataIndex: 'state', render: (v: number, r) => <Tag color={v === REBATE_STATE.claimed ? 'green' : 'gold'}>{r.state_label}</Tag> },
          { title: '领取时间', dataIndex: 'claimed_at', render: (v: string) => v || <span className="muted">—</span> },
          { title: '计算时间', dataIndex: 'created_at', render: (v: string) => <span className="muted">{v}</span> },
        ]}
      />
    </>
  );
}
