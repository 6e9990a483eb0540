import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Space, Statistic, Table } from 'antd';
import type { AdminRedPacketDraw } from '@app/contract';
import { yuan } from '../../shared/format';
import { tablePaging } from '../../shared/pagination';
import { redPacketApi, redPacketKeys, type RedPacketDrawsFilter } from './api';
import { ExportButton } from '../../shared/components/ExportButton';
import { fromRange, rangeOf } from '../../shared/dayRange';

/** 领取记录: every draw, filtered by days and member, paged, with the filter's count and sum, as CSV. */
export function DrawsTab({ filter, onChange }: { filter: RedPacketDrawsFilter; onChange(f: RedPacketDrawsFilter): void }) {
  const list = useQuery({ queryKey: redPacketKeys.draws(filter), queryFn: () => redPacketApi.draws(filter), placeholderData: keepPreviousData });
  const set = (patch: Partial<RedPacketDrawsFilter>) => onChange({ ...filter, ...patch, page: patch.page ?? 1 });


  return (
    <>
      <Space wrap className="redpacket-filters">
        <DatePicker.RangePicker allowEmpty={[true, true]} value={rangeOf(filter.from, filter.to)} onChange={(r) => set(fromRange(r))} data-testid="rp-draws-range" />
        <Input.Search allowClear placeholder="会员账号或ID" defaultValue={filter.keyword} style={{ width: 200 }} onSearch={(v) => set({ keyword: v.trim() })} data-testid="rp-draws-keyword" />
        <ExportButton download={() => redPacketApi.exportDraws(filter)} disabled={!list.data?.total} testId="rp-export" />
      </Space>
      {list.data && (
        <Space size="large" wrap className="redpacket-sum" data-testid="rp-draws-sum">
          <Statistic title="领取次数" value={list.data.total} />
          <Statistic title="红包金额合计" value={yuan(list.data.sum.amount)} valueStyle={{ color: '#cf1322' }} />
        </Space>
      )}
      <Table<AdminRedPacketDraw>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => set({ page }), '条')}
        locale={{ emptyText: '暂无领取记录' }}
        data-testid="rp-draws"
        columns={[
          { title: '领取时间', dataIndex: 'created_at' },
          { title: '会员', dataIndex: 'username', render: (v: string, r) => <span title={`会员ID ${r.member_id}`}>{v}</span> },
          { title: '会员ID', dataIndex: 'member_id', render: (v: number) => <span className="muted">{v}</span> },
          { title: '当日第几次', dataIndex: 'seq', align: 'right', render: (v: number) => `第${v}次` },
          { title: '红包金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          { title: '计入存款', dataIndex: 'recharge', align: 'right', render: (v: number) => yuan(v) },
          { title: '账本凭证', dataIndex: 'journal_id', render: (v: number) => <span className="muted">#{v}</span> },
        ]}
      />
    </>
  );
}
