import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Drawer, Empty, Space, Spin, Statistic, Table, Tag } from 'antd';
import { HEDGED_SHARE_FLAG, type AdminWithdrawal, type SharedMember } from '@app/contract';
import { yuan } from '../../shared/format';
import { withdrawalKeys, withdrawalsApi } from './api';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * 审核参考 beside a withdrawal: the member's deposits and withdrawals (totals and recent), 打码量 per
 * day (what deposits required against the valid bets), the hedged share of its bets, and the members
 * sharing a card, a USDT address or a login IP with it.
 */
export function ReviewContextDrawer({ order, onClose }: { order: AdminWithdrawal | null; onClose(): void }) {
  const ctx = useQuery({ queryKey: withdrawalKeys.context(order?.id ?? 0), queryFn: () => withdrawalsApi.context(order!.id), enabled: !!order });
  const c = ctx.data;
  return (
    <Drawer title={order ? `审核参考 · ${order.withdraw_no}` : ''} open={!!order} onClose={onClose} width={720} destroyOnHidden>
      {!c ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="review-context">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="会员">{c.member.username}</Descriptions.Item>
            <Descriptions.Item label="VIP">{c.member.vip}</Descriptions.Item>
            <Descriptions.Item label="注册">{c.member.created_at}</Descriptions.Item>
            <Descriptions.Item label="余额">{yuan(c.member.balance)}</Descriptions.Item>
            <Descriptions.Item label="剩余打码量">{yuan(c.member.turnover_req)}</Descriptions.Item>
            <Descriptions.Item label="净入金">{yuan(c.net_in)}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="存取款">
            <Space size="large" wrap>
              <Statistic title={`存款（${c.deposits.approved_count}笔）`} value={yuan(c.deposits.approved_total)} />
              <Statistic title={`取款（${c.withdrawals.approved_count}笔）`} value={yuan(c.withdrawals.approved_total)} />
              <Statistic title={`待审核取款（${c.withdrawals.pending_count}笔）`} value={yuan(c.withdrawals.pending_total)} />
              <Statistic title="待审核存款" value={`${c.deposits.pending_count}笔`} />
            </Space>
            <Table
              size="small"
              rowKey="withdraw_no"
              pagination={false}
              style={{ marginTop: 12 }}
              dataSource={c.withdrawals.recent}
              columns={[
                { title: '最近取款', dataIndex: 'withdraw_no' },
                { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
                { title: '方式', dataIndex: 'pay_way' },
                { title: '状态', dataIndex: 'state_text' },
                { title: '时间', dataIndex: 'created_at' },
              ]}
            />
            <Table
              size="small"
              rowKey="deposit_no"
              pagination={false}
              style={{ marginTop: 12 }}
              dataSource={c.deposits.recent}
              columns={[
                { title: '最近存款', dataIndex: 'deposit_no' },
                { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
                { title: '状态', dataIndex: 'state_text' },
                { title: '时间', dataIndex: 'created_at' },
              ]}
            />
          </Card>
          <Card size="small" title="打码量（近14天：存款所加要求 / 有效投注）">
            {c.turnover.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近14天无存款与投注" />
            ) : (
              <Table
                size="small"
                rowKey="day"
                pagination={false}
                dataSource={c.turnover}
                data-testid="context-turnover"
                columns={[
                  { title: '日期', dataIndex: 'day' },
                  { title: '要求（存款×1）', dataIndex: 'required', align: 'right', render: (v: number) => yuan(v) },
                  { title: '已完成（有效投注）', dataIndex: 'valid_bets', align: 'right', render: (v: number) => yuan(v) },
                ]}
              />
            )}
            <div className="muted" style={{ marginTop: 8 }}>
              红利、返水与带倍数的人工调整所加的要求计入剩余打码量，不按日列出。
            </div>
          </Card>
          <Card size="small" title={`对冲占比（近${c.hedge.days}天）`}>
            <Space size="large" wrap data-testid="context-hedge">
              <Statistic title="对冲投注 / 总投注" value={pct(c.hedge.share)} valueStyle={c.hedge.flagged ? { color: '#cf1322' } : undefined} />
              <Statistic title="总投注" value={yuan(c.hedge.stake)} />
              <Statistic title="对冲投注" value={yuan(c.hedge.hedged)} />
            </Space>
            {c.hedge.flagged && <Alert style={{ marginTop: 8 }} type="warning" showIcon message={`超过 ${pct(HEDGED_SHARE_FLAG)}：同一局同时押注相反两边，请留意是否刷打码量`} />}
          </Card>
          <Card size="small" title="关联会员（共用银行卡、USDT地址或登录IP）">
            <Table<SharedMember>
              size="small"
              rowKey={(r) => `${r.kind}-${r.member_id}-${r.bank_no ?? r.ip}`}
              pagination={false}
              dataSource={c.shared}
              data-testid="context-shared"
              locale={{ emptyText: '无' }}
              columns={[
                { title: '会员', dataIndex: 'username' },
                { title: '关联', dataIndex: 'kind_label', render: (v: string, r) => <Tag color={r.kind === 'ip' ? 'blue' : 'volcano'}>{v}</Tag> },
                { title: '卡号 / 地址 / IP', render: (_, r) => <span style={{ wordBreak: 'break-all' }}>{r.bank_no ?? r.ip}</span> },
              ]}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
