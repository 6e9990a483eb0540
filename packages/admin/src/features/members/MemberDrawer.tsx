import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Grid, Popconfirm, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { CARD_TYPE, JOURNAL_KIND_LABELS, MEMBER_STATE_LABELS, type AdminCard, type AdminMemberDetail } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { StateTag } from '../../shared/components/StateTag';
import { yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { VipTag } from '../../shared/components/VipTag';
import { AdjustModal } from './AdjustModal';
import { HedgeShare } from './HedgeShare';
import { MemberAgent } from './MemberAgent';
import { MemberCare } from './MemberCare';
import { CardUnbind, MoveAgent, ProfileFix } from './MemberCorrections';
import { MemberVip } from './MemberVip';
import { MemberProtection } from './MemberProtection';
import { PROTECTION_PERMISSION } from '../protection/api';
import { PayPasswordLock } from './PayPasswordLock';

const money = (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{v > 0 ? '+' : ''}{yuan(v)}</span>;

/** One member: profile, central balance, cards, orders, transfers, ledger entries; adjust and enable/disable. Opens at `tab` when given. */
export function MemberDrawer({ id, tab, onClose }: { id: number | null; tab?: string; onClose(): void }) {
  const { can } = useAuth();
  const screens = Grid.useBreakpoint();
  const [adjusting, setAdjusting] = useState(false);
  const detail = useQuery({
    queryKey: ['member', id],
    queryFn: async () => (await api.get<AdminMemberDetail>(`/members/${id}`)).data,
    enabled: id !== null,
  });
  const setState = useAction((state: 0 | 1) => api.post(`/members/${id}/state`, { state }), [['member', id], ['members']]);
  const d = detail.data;
  const p = d?.profile;

  return (
    <Drawer
      title={p ? `会员 ${p.username}` : '会员详情'}
      extra={
        id !== null && (
          <Link to={`/members/${id}`} data-testid="member-drawer-360">
            360°视图
          </Link>
        )
      }
      open={id !== null}
      onClose={onClose}
      width={screens.md ? 860 : '100%'}
      destroyOnHidden
      loading={detail.isLoading}
    >
      {d && p && (
        <>
          <Space size="large" wrap style={{ marginBottom: 16 }}>
            <Statistic title="中心钱包余额" value={yuan(p.balance)} valueStyle={{ color: '#1e2a78' }} data-testid="member-balance" />
            <Statistic title="剩余打码量" value={yuan(p.turnover_req)} />
            <Statistic
              title={`近${d.hedge.days}天对冲占比`}
              valueRender={() => <HedgeShare id={p.id} share={d.hedge.share} flagged={d.hedge.flagged} />}
              suffix={<span style={{ fontSize: 12, color: '#8c8c8c' }}>对冲 {yuan(d.hedge.hedged)} / 投注 {yuan(d.hedge.stake)}</span>}
              data-testid="member-hedge"
            />
            <Space>
              {can('members.adjust') && (
                <Button type="primary" onClick={() => setAdjusting(true)} data-testid="adjust-open">
                  调整余额
                </Button>
              )}
              {can('members.state') && (
                <Popconfirm title={p.state === 1 ? '停用后该会员将被强制下线，确认停用？' : '确认启用该会员？'} onConfirm={() => setState.mutateAsync(p.state === 1 ? 0 : 1).catch(() => {})}>
                  <Button danger={p.state === 1}>{p.state === 1 ? '停用账号' : '启用账号'}</Button>
                </Popconfirm>
              )}
            </Space>
          </Space>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="会员ID">{p.id}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={p.state === 1 ? 'green' : 'red'}>{MEMBER_STATE_LABELS[p.state]}</Tag>
              {p.is_trial && <Tag>试玩</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="姓名">
              <Space size={8} data-testid="member-realname">
                {p.realname || '—'}
                {can('members.care') && !p.is_trial && <ProfileFix memberId={p.id} profile={{ realname: p.realname, mobile: p.mobile, email: p.email }} />}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="VIP">
              <VipTag level={p.vip} />
            </Descriptions.Item>
            <Descriptions.Item label="手机">
              <span data-testid="member-mobile">{p.mobile || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="邮箱">
              <span data-testid="member-email">{p.email || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{p.created_at}</Descriptions.Item>
            <Descriptions.Item label="注册IP">{p.register_ip || '—'}</Descriptions.Item>
            <Descriptions.Item label="最近登录">{p.last_login_at || '—'}</Descriptions.Item>
            <Descriptions.Item label="登录IP">{p.last_login_ip || '—'}</Descriptions.Item>
            <Descriptions.Item label="上级代理">
              <Space size={8} data-testid="member-inviter">
                {p.inviter_id === null ? '—' : p.inviter_username ? `${p.inviter_username}（ID ${p.inviter_id}）` : `ID ${p.inviter_id}`}
                {can('agents.manage') && !p.is_trial && <MoveAgent memberId={p.id} username={p.username} />}
              </Space>
            </Descriptions.Item>
            {can('agents.read') && (
              <Descriptions.Item label="代理">
                <MemberAgent id={p.id} username={p.username} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label="支付密码">
              <PayPasswordLock id={p.id} />
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            defaultActiveKey={tab}
            items={[
              {
                key: 'ledger',
                label: '账变记录',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={d.ledger}
                    data-testid="member-ledger"
                    columns={[
                      { title: '时间', dataIndex: 'created_at' },
                      { title: '类型', dataIndex: 'kind', render: (v: string) => JOURNAL_KIND_LABELS[v] ?? v },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: money },
                      { title: '备注', dataIndex: 'memo' },
                      { title: '凭证', dataIndex: 'journal_id' },
                    ]}
                  />
                ),
              },
              ...(can('members.care') ? [{ key: 'care', label: '会员服务', children: <MemberCare memberId={p.id} /> }] : []),
              ...(can('loyalty.read') ? [{ key: 'vip', label: 'VIP等级', children: <MemberVip memberId={p.id} username={p.username} /> }] : []),
              ...(can(PROTECTION_PERMISSION) && !p.is_trial ? [{ key: 'protection', label: '安全与健康', children: <MemberProtection memberId={p.id} username={p.username} /> }] : []),
              {
                key: 'cards',
                label: `银行卡 (${d.cards.length})`,
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={d.cards}
                    columns={[
                      { title: '类型', dataIndex: 'type', render: (v: number) => (v === CARD_TYPE.usdt ? 'USDT' : '银行卡') },
                      { title: '银行/协议', render: (_, c) => (c.type === CARD_TYPE.usdt ? c.bank_owner : c.bank) },
                      { title: '户名', render: (_, c) => (c.type === CARD_TYPE.usdt ? '—' : c.bank_owner) },
                      { title: '卡号/地址', dataIndex: 'bank_no' },
                      { title: '开户行', dataIndex: 'bank_address' },
                      { title: '状态', dataIndex: 'deleted', render: (v: boolean) => (v ? <Tag>已解绑</Tag> : <Tag color="green">使用中</Tag>) },
                      { title: '绑定时间', dataIndex: 'created_at' },
                      ...(can('members.care') ? [{ title: '操作', key: 'unbind', render: (_: unknown, c: AdminCard) => (c.deleted ? null : <CardUnbind memberId={p.id} card={c} />) }] : []),
                    ]}
                  />
                ),
              },
              {
                key: 'deposits',
                label: '存款',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={d.deposits}
                    columns={[
                      { title: '订单号', dataIndex: 'deposit_no' },
                      { title: '方式', dataIndex: 'method_label' },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
                      { title: '状态', render: (_, o) => <StateTag state={o.state} text={o.state_text} /> },
                      { title: '时间', dataIndex: 'created_at' },
                      { title: '审核人', dataIndex: 'reviewer' },
                    ]}
                  />
                ),
              },
              {
                key: 'withdrawals',
                label: '取款',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={d.withdrawals}
                    columns={[
                      { title: '订单号', dataIndex: 'withdraw_no' },
                      { title: '方式', dataIndex: 'pay_way' },
                      { title: '收款账户', dataIndex: 'bank_no' },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
                      { title: '状态', render: (_, o) => <StateTag state={o.state} text={o.state_text} /> },
                      { title: '时间', dataIndex: 'created_at' },
                      { title: '原因', dataIndex: 'reason' },
                    ]}
                  />
                ),
              },
              {
                key: 'transfers',
                label: '转账',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={d.transfers}
                    columns={[
                      { title: '单号', dataIndex: 'order_no' },
                      { title: '场馆', dataIndex: 'venue' },
                      { title: '方向', dataIndex: 'direction', render: (v: number) => (v === 3 ? '转入场馆' : '转出场馆') },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
                      { title: '状态', dataIndex: 'state_label' },
                      { title: '时间', dataIndex: 'created_at' },
                    ]}
                  />
                ),
              },
            ]}
          />
          <AdjustModal member={p} open={adjusting} onClose={() => setAdjusting(false)} />
        </>
      )}
    </Drawer>
  );
}
