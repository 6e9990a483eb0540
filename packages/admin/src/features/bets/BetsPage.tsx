import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import {
  BET_STATUS,
  BET_STATUS_LABELS,
  TRANSFER_STATE,
  TRANSFER_STATE_LABELS,
  type AdminBetRow,
  type AdminLotteryOrderRow,
  type AdminTransferRow,
  type BetListFilter,
  type LotteryOrderFilter,
  type TransferListFilter,
} from '@app/contract';
import { useAuth } from '../../shared/auth';
import { fromRange, rangeOf } from '../../shared/dayRange';
import { yuan } from '../../shared/format';
import { tablePaging } from '../../shared/pagination';
import { betApi, betKeys } from './api';
import './bets.css';

const TABS = ['bets', 'lottery', 'transfers'] as const;
type TabKey = (typeof TABS)[number];

const BET_STATUS_COLORS: Record<number, string> = { [BET_STATUS.settled]: 'green', [BET_STATUS.unsettled]: 'gold', [BET_STATUS.invalid]: 'default' };
const TRANSFER_STATE_COLORS: Record<number, string> = { [TRANSFER_STATE.success]: 'green', [TRANSFER_STATE.pending]: 'gold', [TRANSFER_STATE.failed]: 'red' };
const statusOptions = [BET_STATUS.settled, BET_STATUS.unsettled, BET_STATUS.invalid].map((s) => ({ value: s, label: BET_STATUS_LABELS[s] }));

/** Win/loss as the member sees it: green when the member won, red when lost. */
const winLoss = (v: number) => <span className={v > 0 ? 'bets-win' : v < 0 ? 'bets-loss' : ''}>{yuan(v)}</span>;
const memberLink = (id: number, name: string) => (
  <Link to={`/members/${id}`} data-testid={`bets-member-${id}`}>
    {name}
  </Link>
);
const time = (v: string) => <span className="bets-time">{v || '—'}</span>;

/**
 * 注单与转账: every venue bet (注单查询), every lottery order line (彩票注单) and every transfer between
 * the central wallet and a venue (转账订单), filtered by member, date, state and venue or lottery;
 * a pending transfer is resolved by asking the venue (super and finance). The tab and a member
 * keyword come from the address (?tab=transfers&keyword=…), so other pages can link here.
 */
export default function BetsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'bets';
  const keyword = params.get('keyword') ?? '';
  return (
    <Card title="注单与转账" className="bets-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key, ...(keyword ? { keyword } : {}) })}
        items={[
          { key: 'bets', label: <span data-testid="bets-tab-bets">注单查询</span>, children: <VenueBets keyword={keyword} /> },
          { key: 'lottery', label: <span data-testid="bets-tab-lottery">彩票注单</span>, children: <LotteryOrders keyword={keyword} /> },
          { key: 'transfers', label: <span data-testid="bets-tab-transfers">转账订单</span>, children: <Transfers keyword={keyword} /> },
        ]}
      />
    </Card>
  );
}

/** The filter bar every tab shares: date range and member; the tab adds its own selects. */
function Filters<F extends { from: string; to: string; keyword: string }>({ filter, set, name, children }: { filter: F; set(p: Partial<F>): void; name: string; children?: React.ReactNode }) {
  return (
    <Space wrap className="bets-filters">
      <DatePicker.RangePicker allowEmpty={[true, true]} value={rangeOf(filter.from, filter.to)} onChange={(r) => set(fromRange(r) as Partial<F>)} data-testid={`${name}-range`} />
      <Input.Search allowClear placeholder="会员账号或ID" defaultValue={filter.keyword} style={{ width: 180 }} onSearch={(v) => set({ keyword: v.trim() } as Partial<F>)} data-testid={`${name}-keyword`} />
      {children}
    </Space>
  );
}

function useOptions() {
  return useQuery({ queryKey: betKeys.options, queryFn: betApi.options, staleTime: 5 * 60_000 });
}

function VenueBets({ keyword }: { keyword: string }) {
  const [filter, setFilter] = useState<BetListFilter>({ keyword, from: '', to: '', status: '', venue: '', page: 1 });
  const set = (p: Partial<BetListFilter>) => setFilter({ ...filter, ...p, page: p.page ?? 1 });
  const list = useQuery({ queryKey: betKeys.bets(filter), queryFn: () => betApi.bets(filter), placeholderData: keepPreviousData });
  const options = useOptions();
  return (
    <>
      <Filters filter={filter} set={set} name="bets">
        <Select allowClear placeholder="全部场馆" style={{ width: 140 }} value={filter.venue || undefined} onChange={(v) => set({ venue: v ?? '' })} options={options.data?.venues.map((v) => ({ value: v.code, label: v.name }))} data-testid="bets-venue" />
        <Select allowClear placeholder="全部状态" style={{ width: 110 }} value={filter.status === '' ? undefined : filter.status} onChange={(v) => set({ status: v ?? '' })} options={statusOptions} data-testid="bets-status" />
      </Filters>
      <Table<AdminBetRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => set({ page }), '条注单')}
        data-testid="bets-table"
        columns={[
          { title: '注单号', dataIndex: 'bet_id', render: (v: string) => <span className="bets-no">{v}</span> },
          { title: '会员', dataIndex: 'username', render: (v: string, b) => memberLink(b.member_id, v) },
          { title: '场馆', dataIndex: 'venue_name' },
          { title: '游戏', dataIndex: 'game_name', ellipsis: true, width: 140 },
          { title: '投注额', dataIndex: 'bet', align: 'right', render: (v: number) => yuan(v) },
          { title: '有效投注', dataIndex: 'valid', align: 'right', render: (v: number) => yuan(v) },
          { title: '会员输赢', dataIndex: 'win_loss', align: 'right', render: winLoss },
          { title: '状态', dataIndex: 'status', render: (v: number, b) => <Tag color={BET_STATUS_COLORS[v]}>{b.status_label}</Tag> },
          { title: '下注时间', dataIndex: 'bet_at', render: time },
        ]}
      />
    </>
  );
}

function LotteryOrders({ keyword }: { keyword: string }) {
  const [filter, setFilter] = useState<LotteryOrderFilter>({ keyword, from: '', to: '', status: '', lottery: '', page: 1 });
  const set = (p: Partial<LotteryOrderFilter>) => setFilter({ ...filter, ...p, page: p.page ?? 1 });
  const list = useQuery({ queryKey: betKeys.lotteryOrders(filter), queryFn: () => betApi.lotteryOrders(filter), placeholderData: keepPreviousData });
  const options = useOptions();
  return (
    <>
      <Filters filter={filter} set={set} name="lottery">
        <Select allowClear placeholder="全部彩种" style={{ width: 140 }} value={filter.lottery || undefined} onChange={(v) => set({ lottery: v ?? '' })} options={options.data?.lotteries.map((l) => ({ value: l.code, label: l.title }))} data-testid="lottery-lottery" />
        <Select allowClear placeholder="全部状态" style={{ width: 110 }} value={filter.status === '' ? undefined : filter.status} onChange={(v) => set({ status: v ?? '' })} options={statusOptions} data-testid="lottery-status" />
      </Filters>
      <Table<AdminLotteryOrderRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => set({ page }), '注')}
        data-testid="lottery-table"
        columns={[
          { title: '订单号', dataIndex: 'order_no', render: (v: string, o) => <span className="bets-no">{`${v}-${o.line}`}</span> },
          { title: '会员', dataIndex: 'username', render: (v: string, o) => memberLink(o.member_id, v) },
          { title: '彩种', dataIndex: 'lottery_title' },
          { title: '期号', dataIndex: 'expect' },
          { title: '玩法', dataIndex: 'play_title' },
          { title: '赔率', dataIndex: 'odds', align: 'right' },
          { title: '投注额', dataIndex: 'stake', align: 'right', render: (v: number) => yuan(v) },
          { title: '派奖', dataIndex: 'payout', align: 'right', render: (v: number) => yuan(v) },
          { title: '状态', dataIndex: 'status', render: (v: number, o) => <Tag color={BET_STATUS_COLORS[v]}>{o.status_label}</Tag> },
          { title: '下单时间', dataIndex: 'created_at', render: time },
        ]}
      />
    </>
  );
}

/** 处理: asks the venue; the answer's message says what came of it (done, refunded, no answer yet). */
function useResolve() {
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: betApi.resolveTransfer,
    onSuccess: ({ data, message: text }) => {
      if (data.outcome === 'no_answer') message.warning(text);
      else if (data.outcome === 'already') message.info(text);
      else message.success(text);
    },
    onError: (err: Error) => {
      message.error(err.message);
    },
    onSettled: () => client.invalidateQueries({ queryKey: betKeys.transfers }),
  });
}

function Transfers({ keyword }: { keyword: string }) {
  const { can } = useAuth();
  const [filter, setFilter] = useState<TransferListFilter>({ keyword, from: '', to: '', state: TRANSFER_STATE.pending, venue: '', page: 1 });
  const set = (p: Partial<TransferListFilter>) => setFilter({ ...filter, ...p, page: p.page ?? 1 });
  const list = useQuery({ queryKey: betKeys.transferList(filter), queryFn: () => betApi.transfers(filter), placeholderData: keepPreviousData });
  const options = useOptions();
  const resolve = useResolve();
  const resolvable = can('transfers.resolve');
  return (
    <>
      <Filters filter={filter} set={set} name="transfers">
        <Select allowClear placeholder="全部场馆" style={{ width: 140 }} value={filter.venue || undefined} onChange={(v) => set({ venue: v ?? '' })} options={options.data?.venues.map((v) => ({ value: v.code, label: v.name }))} data-testid="transfers-venue" />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 110 }}
          value={filter.state === '' ? undefined : filter.state}
          onChange={(v) => set({ state: v ?? '' })}
          options={[TRANSFER_STATE.pending, TRANSFER_STATE.success, TRANSFER_STATE.failed].map((s) => ({ value: s, label: TRANSFER_STATE_LABELS[s] }))}
          data-testid="transfers-state"
        />
      </Filters>
      <Table<AdminTransferRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => set({ page }), '笔转账')}
        data-testid="transfers-table"
        columns={[
          { title: '订单号', dataIndex: 'order_no', render: (v: string) => <span className="bets-no">{v}</span> },
          { title: '会员', dataIndex: 'username', render: (v: string, t) => memberLink(t.member_id, v) },
          { title: '场馆', dataIndex: 'venue_name' },
          { title: '方向', dataIndex: 'direction_label' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
          {
            title: '状态',
            dataIndex: 'state',
            render: (v: number, t) => (
              <Tag color={TRANSFER_STATE_COLORS[v]} title={t.error || undefined}>
                {t.state_label}
              </Tag>
            ),
          },
          { title: '查询次数', dataIndex: 'attempts', align: 'right' },
          { title: '创建时间', dataIndex: 'created_at', render: time },
          { title: '结算时间', dataIndex: 'settled_at', render: time },
          ...(resolvable
            ? [
                {
                  title: '操作',
                  fixed: 'right' as const,
                  render: (_: unknown, t: AdminTransferRow) =>
                    t.state === TRANSFER_STATE.pending ? (
                      <Popconfirm title="向场馆查询该转账的结果并据此处理？" okText="查询并处理" onConfirm={() => resolve.mutateAsync(t.id).catch(() => {})}>
                        <Button size="small" type="primary" ghost loading={resolve.isPending && resolve.variables === t.id} data-testid={`transfer-resolve-${t.id}`}>
                          处理
                        </Button>
                      </Popconfirm>
                    ) : (
                      <span className="bets-time">—</span>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
