import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, InputNumber, Popconfirm, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LOYALTY_ADMIN_LIMITS, REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, TIER_MONEY_FIELDS, vipTiersFailure, type AdminVipTier } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { VipTag } from '../../shared/components/VipTag';
import { yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { loyaltyApi, loyaltyKeys } from './api';
import './loyalty.css';

type Field = Exclude<keyof AdminVipTier, 'level'>;

const MONEY_HINTS: Record<string, string> = {
  recharge: '晋级所需累计存款',
  flow: '晋级所需累计有效投注',
  retention_flow: '每90天周期内保级所需有效投注',
  levelup_bonus: '首次达到该等级时发放，需1倍流水',
};

/**
 * VIP等级: the ten tiers as one editable table (thresholds, retention turnover, level-up bonus, the
 * six rebate rates). The contract's vipTiersFailure checks the table as typed, the server checks it
 * again; 保存 sends all ten and the member app's /vip shows them at once.
 */
export default function VipTiersPage() {
  const { can } = useAuth();
  const editable = can('loyalty.manage');
  const client = useQueryClient();
  const tiers = useQuery({ queryKey: loyaltyKeys.tiers, queryFn: loyaltyApi.tiers });
  const [draft, setDraft] = useState<AdminVipTier[] | null>(null);
  const rows = draft ?? tiers.data ?? [];
  const save = useAction(loyaltyApi.saveTiers, [loyaltyKeys.tiers], (saved) => {
    client.setQueryData(loyaltyKeys.tiers, saved);
    setDraft(null);
  });

  if (tiers.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const original = tiers.data ?? [];
  const changedLevels = rows.filter((t, i) => JSON.stringify(t) !== JSON.stringify(original[i])).map((t) => t.level);
  const failure = draft ? vipTiersFailure(rows) : null;
  const edit = (level: number, field: Field, value: string | number | null) =>
    setDraft(rows.map((t) => (t.level === level ? { ...t, [field]: value ?? '' } : t)));

  const moneyCell = (field: Field) => (v: number, t: AdminVipTier) =>
    editable ? (
      <InputNumber size="small" min={0} precision={2} value={v} onChange={(x) => edit(t.level, field, x)} style={{ width: 104 }} data-testid={`tier-${t.level}-${field}`} />
    ) : (
      yuan(v)
    );
  const rateCell = (field: Field) => (v: number, t: AdminVipTier) =>
    editable ? (
      <InputNumber size="small" min={0} max={LOYALTY_ADMIN_LIMITS.rateMaxPercent} step={0.05} precision={2} value={v} onChange={(x) => edit(t.level, field, x)} style={{ width: 64 }} data-testid={`tier-${t.level}-${field}`} />
    ) : (
      `${v.toFixed(2)}%`
    );

  const columns: ColumnsType<AdminVipTier> = [
    { title: '等级', dataIndex: 'level', fixed: 'left', width: 72, render: (v: number) => <VipTag level={v} /> },
    {
      title: '名称',
      dataIndex: 'name',
      render: (v: string, t) =>
        editable ? <Input size="small" value={v} maxLength={LOYALTY_ADMIN_LIMITS.tierNameMax} onChange={(e) => edit(t.level, 'name', e.target.value)} style={{ width: 80 }} data-testid={`tier-${t.level}-name`} /> : v,
    },
    ...TIER_MONEY_FIELDS.map(([field, label]) => ({
      title: <span title={MONEY_HINTS[field]}>{label}（元）</span>,
      dataIndex: field,
      align: 'right' as const,
      render: moneyCell(field),
    })),
    {
      title: '返水比例（%）',
      children: REBATE_CATEGORIES.map((cat) => ({ title: REBATE_CATEGORY_LABELS[cat], dataIndex: cat, align: 'right' as const, render: rateCell(cat) })),
    },
  ];

  return (
    <Card title="VIP等级设置" className="loyalty-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="会员从VIP1开始，累计存款与累计流水同时达到下一级要求时晋级一级（每个北京时间自然日最多变动一次）；每90天周期内有效投注未达到保级流水则降一级。晋级礼金在会员首次达到该等级时发放，需完成1倍流水。返水比例按会员当日等级计算。保存后立即生效。"
      />
      <Table<AdminVipTier>
        rowKey="level"
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={columns}
        rowClassName={(t) => (changedLevels.includes(t.level) ? 'tier-row-changed' : '')}
        data-testid="vip-tiers"
      />
      {editable && (
        <div className="sticky-actions">
          <Space direction="vertical" size={4} style={{ minWidth: 0 }}>
            {failure ? (
              <Typography.Text type="danger" data-testid="tiers-failure">
                {failure}
              </Typography.Text>
            ) : (
              <Typography.Text type={changedLevels.length ? 'warning' : 'secondary'} data-testid="tiers-changed">
                {changedLevels.length ? `已修改 ${changedLevels.map((l) => `VIP${l}`).join('、')}，尚未保存` : '没有未保存的修改'}
              </Typography.Text>
            )}
          </Space>
          <Space>
            <Button disabled={!changedLevels.length} onClick={() => setDraft(null)}>
              撤销修改
            </Button>
            <Popconfirm title="保存后立即对全部会员生效，确认保存？" okText="保存" cancelText="取消" disabled={!changedLevels.length || failure !== null} onConfirm={() => save.mutate(rows)}>
              <Button type="primary" disabled={!changedLevels.length || failure !== null} loading={save.isPending} data-testid="tiers-save">
                保存修改
              </Button>
            </Popconfirm>
          </Space>
        </div>
      )}
    </Card>
  );
}
