import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, InputNumber, Popconfirm, Radio, Row, Space, Spin, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COMMISSION_LIMITS,
  COMMISSION_MODEL_LABELS,
  COMMISSION_PERIOD_LABELS,
  commissionPlanFailure,
  commissionTierRows,
  describeCommissionPlan,
  type CommissionModel,
  type CommissionPeriod,
  type CommissionPlan,
  type CommissionTier,
} from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { commissionApi, commissionKeys } from './api';
import './commission.css';

/** A plan as typed: a cleared number box is null until filled again (the contract's check names it). */
type Draft = CommissionPlan;

/**
 * 佣金方案: the plan the commission engine pays by (contract invites.ts). The model, the period, the
 * multi-level switch, the tiers (threshold, valid active members, rate; rows added and removed), the
 * auto-pay limit, the valid-active standard and the turnover multiple. The contract's
 * commissionPlanFailure checks it as typed (the server runs the same); beside it, the member's
 * 奖金介绍 as it will read. Saved, it applies to the periods computed afterwards.
 */
export default function PlanPage() {
  const { can } = useAuth();
  const editable = can('commission.manage');
  const client = useQueryClient();
  const current = useQuery({ queryKey: commissionKeys.plan, queryFn: commissionApi.plan });
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useAction(commissionApi.savePlan, [commissionKeys.plan], (saved) => {
    client.setQueryData(commissionKeys.plan, saved);
    setDraft(null);
  });

  if (current.isLoading || !current.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const plan = draft ?? current.data.plan;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(current.data.plan);
  const failure = commissionPlanFailure(plan);
  const edit = (patch: Partial<Draft>) => setDraft({ ...plan, ...patch });
  const editTier = (i: number, patch: Partial<CommissionTier>) => edit({ tiers: plan.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  const netLoss = plan.model === 'net_loss';
  const addTier = () => {
    const last = plan.tiers.at(-1);
    edit({ tiers: [...plan.tiers, last ? { min: (Number(last.min) || 0) * 2 || 1, active: Number(last.active) || 0, rate: Number(last.rate) || 1 } : { min: 1, active: 0, rate: 1 }] });
  };
  const num = (v: number | null) => v as number;

  return (
    <Card
      title="佣金方案"
      className="commission-page"
      extra={
        <span className="muted" data-testid="plan-updated">
          {current.data.updated_at ? `最后保存：${current.data.updated_by || '—'} ${current.data.updated_at}` : '尚未保存过，当前为默认方案'}
        </span>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="代理的佣金在每个结算周期结束后按此方案统一计算：达到多档条件时按最高一档，全部团队业绩按该档比例计算。金额不超过自动发放上限的直接发放，其余进入“佣金审核”。保存后对之后结算的周期生效，会员端“奖金介绍”立即显示新方案。"
      />
      <Row gutter={24}>
        <Col span={14}>
          <Form layout="horizontal" labelCol={{ flex: '120px' }} disabled={!editable} className="commission-plan-form">
            <Form.Item label="佣金模式">
              <Radio.Group value={plan.model} onChange={(e) => edit({ model: e.target.value as CommissionModel })} data-testid="plan-model">
                {(Object.keys(COMMISSION_MODEL_LABELS) as CommissionModel[]).map((m) => (
                  <Radio.Button key={m} value={m}>
                    {COMMISSION_MODEL_LABELS[m]}
                  </Radio.Button>
                ))}
              </Radio.Group>
              <div className="muted field-hint">{netLoss ? '按团队负盈利（会员输赢扣除优惠彩金、返水与红包）的百分比计算' : '按团队有效投注计算，比例为每万元有效投注的佣金（元）'}</div>
            </Form.Item>
            <Form.Item label="结算周期">
              <Radio.Group value={plan.period} onChange={(e) => edit({ period: e.target.value as CommissionPeriod })} data-testid="plan-period">
                {(Object.keys(COMMISSION_PERIOD_LABELS) as CommissionPeriod[]).map((p) => (
                  <Radio.Button key={p} value={p}>
                    {COMMISSION_PERIOD_LABELS[p]}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item label="多级级差">
              <Space>
                <Switch checked={plan.multi_level} onChange={(multi_level) => edit({ multi_level })} data-testid="plan-multi-level" />
                <span className="muted">{plan.multi_level ? '代理另得下级代理团队的级差（本级比例减下级比例）' : '只计直属下级会员'}</span>
              </Space>
            </Form.Item>
            <Form.Item label="佣金档位">
              <Table<CommissionTier>
                size="small"
                bordered
                pagination={false}
                rowKey={(_, i) => String(i)}
                dataSource={plan.tiers.map((t) => ({ ...t }))}
                data-testid="plan-tiers"
                columns={[
                  { title: '档位', width: 72, render: (_, __, i) => <span className="nowrap">第{i + 1}档</span> },
                  {
                    title: netLoss ? '团队负盈利≥（元）' : '团队有效投注≥（元）',
                    render: (_, t, i) => (
                      <InputNumber size="small" min={0} precision={2} value={t.min} onChange={(v) => editTier(i, { min: num(v) })} style={{ width: 130 }} data-testid={`plan-tier-${i + 1}-min`} />
                    ),
                  },
                  {
                    title: '有效活跃≥（人）',
                    render: (_, t, i) => (
                      <InputNumber size="small" min={0} precision={0} value={t.active} onChange={(v) => editTier(i, { active: num(v) })} style={{ width: 90 }} data-testid={`plan-tier-${i + 1}-active`} />
                    ),
                  },
                  {
                    title: netLoss ? '佣金比例（%）' : '每万元佣金（元）',
                    render: (_, t, i) => (
                      <InputNumber size="small" min={0} precision={2} value={t.rate} onChange={(v) => editTier(i, { rate: num(v) })} style={{ width: 90 }} data-testid={`plan-tier-${i + 1}-rate`} />
                    ),
                  },
                  ...(editable
                    ? [
                        {
                          title: '',
                          width: 44,
                          render: (_: unknown, __: CommissionTier, i: number) => (
                            <Button
                              type="text"
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              disabled={plan.tiers.length <= 1}
                              onClick={() => edit({ tiers: plan.tiers.filter((_t, j) => j !== i) })}
                              aria-label={`删除第${i + 1}档`}
                              data-testid={`plan-tier-${i + 1}-remove`}
                            />
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              {editable && (
                <Button type="dashed" block icon={<PlusOutlined />} disabled={plan.tiers.length >= COMMISSION_LIMITS.tiers} onClick={addTier} style={{ marginTop: 8 }} data-testid="plan-tier-add">
                  添加档位
                </Button>
              )}
            </Form.Item>
            <Form.Item label="自动发放上限">
              <Space>
                <InputNumber min={0} precision={2} value={plan.auto_pay_max} onChange={(v) => edit({ auto_pay_max: num(v) })} addonAfter="元" style={{ width: 180 }} data-testid="plan-auto-pay-max" />
                <span className="muted">不超过此金额的佣金直接发放；0 为全部人工审核</span>
              </Space>
            </Form.Item>
            <Form.Item label="有效活跃标准">
              <Space>
                <InputNumber min={0} precision={2} value={plan.valid_active_min} onChange={(v) => edit({ valid_active_min: num(v) })} addonAfter="元" style={{ width: 180 }} data-testid="plan-valid-active-min" />
                <span className="muted">团队会员周期内有效投注达到此金额计为有效活跃</span>
              </Space>
            </Form.Item>
            <Form.Item label="流水倍数">
              <Space>
                <InputNumber min={0} precision={0} value={plan.turnover_multiple} onChange={(v) => edit({ turnover_multiple: num(v) })} addonAfter="倍" style={{ width: 180 }} data-testid="plan-turnover-multiple" />
                <span className="muted">佣金到账后需完成的流水（佣金 × 倍数）</span>
              </Space>
            </Form.Item>
          </Form>
        </Col>
        <Col span={10}>
          <PlanPreview plan={plan} valid={failure === null} />
        </Col>
      </Row>
      {editable && (
        <div className="sticky-actions">
          <Space direction="vertical" size={4} style={{ minWidth: 0 }}>
            {failure ? (
              <Typography.Text type="danger" data-testid="plan-failure">
                {failure}
              </Typography.Text>
            ) : (
              <Typography.Text type={changed ? 'warning' : 'secondary'} data-testid="plan-changed">
                {changed ? '佣金方案已修改，尚未保存' : '没有未保存的修改'}
              </Typography.Text>
            )}
          </Space>
          <Space>
            <Button disabled={!changed} onClick={() => setDraft(null)} data-testid="plan-undo">
              撤销修改
            </Button>
            <Popconfirm title="保存后之后结算的周期按新方案计算，会员端立即显示，确认保存？" okText="保存" cancelText="取消" disabled={!changed || failure !== null} onConfirm={() => save.mutate(plan)}>
              <Button type="primary" disabled={!changed || failure !== null} loading={save.isPending} data-testid="plan-save">
                保存方案
              </Button>
            </Popconfirm>
          </Space>
        </div>
      )}
    </Card>
  );
}

/** The member's 奖金介绍 as it will read: the tiers as its table, then the rules (describeCommissionPlan). */
function PlanPreview({ plan, valid }: { plan: CommissionPlan; valid: boolean }) {
  return (
    <Card size="small" type="inner" title="会员端“奖金介绍”预览" className="commission-preview" data-testid="plan-preview">
      {valid ? (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="level"
            dataSource={commissionTierRows(plan)}
            columns={[
              { title: '档位', dataIndex: 'level' },
              { title: plan.model === 'net_loss' ? '团队负盈利' : '团队有效投注', dataIndex: 'condition' },
              { title: '有效活跃', dataIndex: 'active' },
              { title: plan.model === 'net_loss' ? '佣金比例' : '每万元佣金', dataIndex: 'reward' },
            ]}
          />
          <ol className="commission-lines" data-testid="plan-preview-lines">
            {describeCommissionPlan(plan, { tiers: false }).map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ol>
        </>
      ) : (
        <Typography.Text type="secondary">方案有误，修正后显示预览</Typography.Text>
      )}
    </Card>
  );
}
