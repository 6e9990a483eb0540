import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Spin, Statistic, Table, Tabs, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { BET_STATUS, MEMBER_STATE_LABELS, TRANSFER_STATE, type Member360Overview } from '@app/contract';
import { ApiError } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { StateTag } from '../../shared/components/StateTag';
import { VipTag } from '../../shared/components/VipTag';
import { yuan } from '../../shared/format';
import { tablePaging } from '../../shared/pagination';
import { member360Api, member360Keys, type Member360Section, type Member360Sections } from './api';
import './member360.css';

const BET_COLORS: Record<number, string> = { [BET_STATUS.settled]: 'green', [BET_STATUS.unsettled]: 'gold', [BET_STATUS.invalid]: 'default' };
const TRANSFER_COLORS: Record<number, string> = { [TRANSFER_STATE.success]: 'green', [TRANSFER_STATE.pending]: 'gold', [TRANSFER_STATE.failed]: 'red' };
const time = (v: string) => <span className="m360-muted m360-nowrap">{v || '—'}</span>;
const no = (v: string) => <span className="m360-no">{v}</span>;
const signed = (v: number) => <span className={v > 0 ? 'm360-up' : v < 0 ? 'm360-down' : ''}>{v > 0 ? '+' : ''}{yuan(v)}</span>;
const right = 'right' as const;

/** The columns of each section (Beijing times, yuan). */
const COLUMNS: { [S in Member360Section]: ColumnsType<Member360Sections[S]> } = {
  deposits: [
    { title: '订单号', dataIndex: 'deposit_no', render: no },
    { title: '方式', dataIndex: 'method_label' },
    { title: '金额', dataIndex: 'amount', align: right, render: (v: number) => yuan(v) },
    { title: '付款人', dataIndex: 'payer_name', render: (v: string, d) => (v ? `${v} ${d.payer_bank_no}` : '—') },
    { title: '状态', dataIndex: 'state', render: (v: number, d) => <StateTag state={v} text={d.state_text} /> },
    { title: '审核人', dataIndex: 'reviewer', render: (v: string) => v || '—' },
    { title: '提交时间', dataIndex: 'created_at', render: time },
  ],
  withdrawals: [
    { title: '订单号', dataIndex: 'withdraw_no', render: no },
    { title: '方式', dataIndex: 'pay_way' },
    { title: '金额', dataIndex: 'amount', align: right, render: (v: number) => yuan(v) },
    { title: '收款', dataIndex: 'bank_no', render: (v: string, w) => `${w.bank_owner} ${v}` },
    { title: '状态', dataIndex: 'state', render: (v: number, w) => <StateTag state={v} text={w.state_text} /> },
    { title: '审核人', dataIndex: 'reviewer', render: (v: string) => v || '—' },
    { title: '提交时间', dataIndex: 'created_at', render: time },
  ],
  transfers: [
    { title: '订单号', dataIndex: 'order_no', render: no },
    { title: '场馆', dataIndex: 'venue_name' },
    { title: '方向', dataIndex: 'direction_label' },
    { title: '金额', dataIndex: 'amount', align: right, render: (v: number) => yuan(v) },
    { title: '状态', dataIndex: 'state', render: (v: number, t) => <Tag color={TRANSFER_COLORS[v]}>{t.state_label}</Tag> },
    { title: '时间', dataIndex: 'created_at', render: time },
  ],
  bets: [
    { title: '注单号', dataIndex: 'bet_id', render: no },
    { title: '场馆', dataIndex: 'venue_name' },
    { title: '游戏', dataIndex: 'game_name' },
    { title: '投注额', dataIndex: 'bet', align: right, render: (v: number) => yuan(v) },
    { title: '有效投注', dataIndex: 'valid', align: right, render: (v: number) => yuan(v) },
    { title: '会员输赢', dataIndex: 'win_loss', align: right, render: signed },
    { title: '状态', dataIndex: 'status', render: (v: number, b) => <Tag color={BET_COLORS[v]}>{b.status_label}</Tag> },
    { title: '下注时间', dataIndex: 'bet_at', render: time },
  ],
  'lottery-orders': [
    { title: '订单号', dataIndex: 'order_no', render: (v: string, o) => no(`${v}-${o.line}`) },
    { title: '彩种', dataIndex: 'lottery_title' },
    { title: '期号', dataIndex: 'expect' },
    { title: '玩法', dataIndex: 'play_title' },
    { title: '赔率', dataIndex: 'odds', align: right },
    { title: '投注额', dataIndex: 'stake', align: right, render: (v: number) => yuan(v) },
    { title: '派奖', dataIndex: 'payout', align: right, render: (v: number) => yuan(v) },
    { title: '状态', dataIndex: 'status', render: (v: number, o) => <Tag color={BET_COLORS[v]}>{o.status_label}</Tag> },
    { title: '下单时间', dataIndex: 'created_at', render: time },
  ],
  bonuses: [
    { title: '类型', dataIndex: 'kind_label', render: (v: string) => <Tag>{v}</Tag> },
    { title: '说明', dataIndex: 'memo', render: (v: string) => v || '—' },
    { title: '金额', dataIndex: 'amount', align: right, render: signed },
    { title: '流水号', dataIndex: 'journal_id', render: (v: number) => <span className="m360-muted">#{v}</span> },
    { title: '时间', dataIndex: 'created_at', render: time },
  ],
  invitees: [
    { title: '会员', dataIndex: 'username', render: (v: string, i) => <Link to={`/members/${i.id}`}>{v}</Link> },
    { title: 'ID', dataIndex: 'id' },
    { title: 'VIP', dataIndex: 'vip', render: (v: number) => <VipTag level={v} /> },
    { title: '状态', dataIndex: 'state', render: (v: number) => <Tag color={v === 1 ? 'green' : 'red'}>{MEMBER_STATE_LABELS[v]}</Tag> },
    { title: '累计存款', dataIndex: 'deposits', align: right, render: (v: number) => yuan(v) },
    { title: '注册时间', dataIndex: 'created_at', render: time },
    { title: '最近登录', dataIndex: 'last_login_at', render: time },
  ],
  logins: [
    { title: '登录时间', dataIndex: 'created_at', render: time },
    { title: 'IP', dataIndex: 'ip', render: (v: string) => v || '—' },
    {
      title: '设备',
      dataIndex: 'user_agent',
      render: (v: string) => (
        <Tooltip title={v}>
          <span className="m360-ua">{v || '—'}</span>
        </Tooltip>
      ),
    },
    { title: '最近活动', dataIndex: 'last_seen_at', render: time },
    { title: '会话', dataIndex: 'ended', render: (v: boolean) => (v ? <Tag>已结束</Tag> : <Tag color="green">在线</Tag>) },
  ],
  audit: [
    { title: '时间', dataIndex: 'created_at', render: time },
    { title: '操作', dataIndex: 'action_label', render: (v: string) => <Tag color="blue">{v}</Tag> },
    { title: '员工', dataIndex: 'staff_name' },
    { title: '对象', dataIndex: 'target', render: (v: string) => <span className="m360-muted">{v}</span> },
    { title: '内容', dataIndex: 'after', render: (v: unknown) => <AuditDetail value={v} /> },
    { title: 'IP', dataIndex: 'ip', render: (v: string) => <span className="m360-muted">{v}</span> },
  ],
};

/** An audit row's details in one short line (key: value …), the whole of it in the tooltip. */
function AuditDetail({ value }: { value: unknown }) {
  if (value === null || typeof value !== 'object') return <span className="m360-muted">—</span>;
  const text = Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('  ');
  return (
    <Tooltip title={text}>
      <span className="m360-audit">{text}</span>
    </Tooltip>
  );
}

const SECTIONS: { key: Member360Section; label: string; unit: string }[] = [
  { key: 'deposits', label: '存款', unit: '笔' },
  { key: 'withdrawals', label: '取款', unit: '笔' },
  { key: 'transfers', label: '转账', unit: '笔' },
  { key: 'bets', label: '场馆注单', unit: '条' },
  { key: 'lottery-orders', label: '彩票注单', unit: '注' },
  { key: 'bonuses', label: '返水与彩金', unit: '笔' },
  { key: 'invitees', label: '邀请会员', unit: '人' },
  { key: 'logins', label: '登录记录', unit: '次' },
  { key: 'audit', label: '审计记录', unit: '条' },
];

function SectionTable<S extends Member360Section>({ id, section, unit }: { id: number; section: S; unit: string }) {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: member360Keys.section(id, section, page), queryFn: () => member360Api.section(id, section, page), placeholderData: keepPreviousData });
  return (
    <Table<Member360Sections[S]>
      rowKey={(r, i) => String((r as { id?: number }).id ?? (r as { journal_id?: number }).journal_id ?? `${(r as { created_at?: string }).created_at}-${i}`)}
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.data}
      columns={COLUMNS[section] as ColumnsType<Member360Sections[S]>}
      scroll={{ x: 'max-content' }}
      pagination={tablePaging(list.data, page, setPage, unit)}
      data-testid={`m360-table-${section}`}
    />
  );
}

/**
 * 会员360°视图 at /members/:id: who the member is, the money at the platform and at every venue, the
 * totals, and every kind of activity (newest first) in its own tab. Other pages (the member list, the
 * bet lists, the service desk) link here.
 */
export default function Member360Page() {
  const id = Number(useParams().id);
  const { can } = useAuth();
  const overview = useQuery({ queryKey: member360Keys.overview(id), queryFn: () => member360Api.overview(id), enabled: Number.isSafeInteger(id) && id > 0, retry: false });
  if (!Number.isSafeInteger(id) || id <= 0) return <Result status="404" title="404" subTitle="页面不存在" />;
  if (overview.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (overview.error || !overview.data)
    return <Result status={overview.error instanceof ApiError && overview.error.code === 404 ? '404' : 'error'} title={overview.error?.message ?? '加载失败'} extra={<Link to="/members">返回会员管理</Link>} />;
  const o = overview.data;
  const sections = SECTIONS.filter((s) => s.key !== 'audit' || can('audit.read'));
  return (
    <div className="m360" data-testid="member360">
      <Card
        className="m360-head"
        title={
          <Space wrap>
            <Link to="/members" className="m360-back" aria-label="返回会员管理">
              <ArrowLeftOutlined />
            </Link>
            <span data-testid="m360-username">{o.member.username}</span>
            <span className="m360-muted">ID {o.member.id}</span>
            <VipTag level={o.member.vip} />
            <Tag color={o.member.state === 1 ? 'green' : 'red'}>{MEMBER_STATE_LABELS[o.member.state]}</Tag>
            {o.member.is_trial && <Tag>试玩</Tag>}
            {o.member.isagent === 1 && <Tag color="purple">代理</Tag>}
          </Space>
        }
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => overview.refetch()} loading={overview.isFetching}>
            刷新
          </Button>
        }
      >
        <Balances o={o} />
        <Totals o={o} />
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} className="m360-profile">
          <Descriptions.Item label="真实姓名">{o.member.realname || '—'}</Descriptions.Item>
          <Descriptions.Item label="手机">{o.member.mobile || '—'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{o.member.email || '—'}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{o.member.created_at}</Descriptions.Item>
          <Descriptions.Item label="注册IP">{o.member.register_ip || '—'}</Descriptions.Item>
          <Descriptions.Item label="邀请人">{o.member.inviter_id ? <Link to={`/members/${o.member.inviter_id}`}>{o.member.inviter_name || o.member.inviter_id}</Link> : '—'}</Descriptions.Item>
          <Descriptions.Item label="最近登录">{o.member.last_login_at || '—'}</Descriptions.Item>
          <Descriptions.Item label="最近登录IP">{o.member.last_login_ip || '—'}</Descriptions.Item>
          <Descriptions.Item label="剩余打码量">{yuan(o.member.turnover_req)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="m360-body">
        <Tabs
          items={sections.map((s) => ({
            key: s.key,
            label: <span data-testid={`m360-tab-${s.key}`}>{s.label}</span>,
            children: <SectionTable id={id} section={s.key} unit={s.unit} />,
          }))}
        />
      </Card>
    </div>
  );
}

/** The central wallet, then every venue holding money or not answering; the empty ones summed up in one line. */
function Balances({ o }: { o: Member360Overview }) {
  const shown = o.venues.filter((v) => v.balance === null || v.balance !== 0);
  const empty = o.venues.filter((v) => v.balance === 0);
  return (
    <div className="m360-balances" data-testid="m360-balances">
      <Statistic title="中心钱包" value={yuan(o.wallet)} valueStyle={{ color: '#1e2a78', fontWeight: 600 }} />
      {shown.map((v) => (
        <Statistic key={v.code} title={v.name} value={v.balance === null ? '暂无应答' : yuan(v.balance)} valueStyle={{ fontSize: 18, color: v.balance === null ? '#8c8c8c' : '#262626' }} />
      ))}
      {empty.length > 0 && (
        <Tooltip title={empty.map((v) => v.name).join('、')}>
          <span className="m360-muted m360-empty-venues">其余 {empty.length} 个场馆余额为 ¥0.00</span>
        </Tooltip>
      )}
    </div>
  );
}

function Totals({ o }: { o: Member360Overview }) {
  const t = o.totals;
  const item = (label: string, value: ReactNode, sub?: string) => (
    <div className="m360-total">
      <div className="m360-muted">{label}</div>
      <div className="m360-total-value">{value}</div>
      {sub && <div className="m360-muted m360-sub">{sub}</div>}
    </div>
  );
  return (
    <div className="m360-totals" data-testid="m360-totals">
      {item('累计存款', yuan(t.deposits), `${t.deposit_count} 笔`)}
      {item('累计取款', yuan(t.withdrawals), `${t.withdrawal_count} 笔`)}
      {item('场馆有效投注', yuan(t.valid_bets), `${t.bet_count} 条注单`)}
      {item('场馆会员输赢', signed(t.bet_win_loss))}
      {item('彩票投注', yuan(t.lottery_stake), `${t.lottery_count} 注`)}
      {item('彩票会员输赢', signed(t.lottery_win_loss))}
      {item('返水与彩金', yuan(t.bonuses))}
      {item('邀请会员', `${t.invitees} 人`)}
      {item('待结算转账', t.pending_transfers > 0 ? <Link to={`/bets?tab=transfers&keyword=${o.member.id}`}>{t.pending_transfers} 笔</Link> : '0 笔')}
    </div>
  );
}
