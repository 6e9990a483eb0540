import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Popconfirm, Space, Spin, Table, Tag, TimePicker, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { REDPACKET_LIMITS as L, redPacketRulesFailure, type RedPacketRules, type RedPacketTier } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { redPacketApi, redPacketKeys } from './api';

const TIME = 'HH:mm';
const timeOf = (hhmm: string): Dayjs | null => (/^\d{2}:\d{2}$/.test(hhmm) ? dayjs().hour(Number(hhmm.slice(0, 2))).minute(Number(hhmm.slice(3))).second(0) : null);
/** An emptied number field stays empty (null), so the rule check names it instead of taking 0. */
type Num = number | null;
const NEW_TIER: RedPacketTier = { recharge: 100, day_flow: 0, draws: 1, min_money: 1, max_money: 8 };

/**
 * 规则设置: the window, the daily figures and the tiers as one editable form. The contract's
 * redPacketRulesFailure checks it as typed (the server runs the same); 保存 asks first, since the
 * member app and today's budget take the rules at once.
 */
export function RulesTab() {
  const { can } = useAuth();
  const editable = can('redpacket.manage');
  const client = useQueryClient();
  const loaded = useQuery({ queryKey: redPacketKeys.rules, queryFn: redPacketApi.rules });
  const [draft, setDraft] = useState<RedPacketRules | null>(null);
  const save = useAction(redPacketApi.saveRules, [redPacketKeys.rules, redPacketKeys.allDays], (saved) => {
    client.setQueryData(redPacketKeys.rules, saved);
    setDraft(null);
  });

  if (loaded.isLoading || !loaded.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const info = loaded.data;
  const rules = draft ?? info.rules;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(info.rules);
  const failure = draft ? redPacketRulesFailure(rules) : null;
  const set = (patch: Partial<Record<keyof RedPacketRules, unknown>>) => setDraft({ ...rules, ...patch } as RedPacketRules);
  const setTier = (i: number, field: keyof RedPacketTier, value: Num) => set({ tiers: rules.tiers.map((t, j) => (j === i ? { ...t, [field]: value } : t)) });
  const changedTier = (i: number) => JSON.stringify(rules.tiers[i]) !== JSON.stringify(info.rules.tiers[i]);

  const num = (value: number, onChange: (v: Num) => void, opts: { min?: number; max?: number; precision: number; width?: number; testid: string; suffix?: string }) =>
    editable ? (
      <InputNumber
        size="small"
        min={opts.min ?? 0}
        max={opts.max}
        precision={opts.precision}
        value={value}
        onChange={(v) => onChange(v as Num)}
        style={{ width: opts.width ?? 120 }}
        data-testid={opts.testid}
        addonAfter={opts.suffix}
      />
    ) : (
      <span data-testid={opts.testid}>{opts.precision ? yuan(value) : value}</span>
    );

  return (
    <>
      <Space wrap size={[8, 8]} style={{ marginBottom: 12 }}>
        {info.redpacket_switch === 1 ? (
          <Tag color="green" data-testid="redpacket-switch">
            站点红包开关：已开启
          </Tag>
        ) : (
          <Tag color="red" data-testid="redpacket-switch">
            站点红包开关：已关闭（会员领取时提示“红包已关闭”）
          </Tag>
        )}
        {info.saved ? (
          <span className="muted" data-testid="redpacket-rules-saved">
            最后保存：{info.updated_at}
            {info.updated_by ? `（${info.updated_by}）` : ''}
          </span>
        ) : (
          <Tag data-testid="redpacket-rules-saved">尚未保存，使用默认规则</Tag>
        )}
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`会员在每日领取时段内（北京时间，含开始不含结束）领取红包。计入的存款为前一日结束时间至当日开始时间之间审核通过的存款，流水为前一自然日的有效投注；会员满足某档的存款与流水要求即可获得该档次数（取满足的档位中次数最多的一档，不超过每日最多次数），每次金额在该档范围内随机。每日派发总额不超过每日预算，最后一个红包按剩余预算发放。红包即时到账，需完成“金额×流水倍数”的流水。`}
      />
      <Form layout="vertical" className="redpacket-rules-grid" disabled={!editable}>
        <Form.Item label="领取开始时间">
          <TimePicker format={TIME} minuteStep={1} allowClear={false} value={timeOf(rules.start_time)} onChange={(t) => set({ start_time: t ? t.format(TIME) : '' })} data-testid="rp-start" />
        </Form.Item>
        <Form.Item label="领取结束时间">
          <TimePicker format={TIME} minuteStep={1} allowClear={false} value={timeOf(rules.end_time)} onChange={(t) => set({ end_time: t ? t.format(TIME) : '' })} data-testid="rp-end" />
        </Form.Item>
        <Form.Item label="每日最多领取次数">{num(rules.max_times, (v) => set({ max_times: v }), { min: 1, max: L.maxTimes, precision: 0, testid: 'rp-max-times', suffix: '次' })}</Form.Item>
        <Form.Item label="流水倍数">{num(rules.turnover_multiple, (v) => set({ turnover_multiple: v }), { max: L.turnoverMultiple, precision: 0, testid: 'rp-turnover', suffix: '倍' })}</Form.Item>
        <Form.Item label="每日预算">{num(rules.daily_budget, (v) => set({ daily_budget: v }), { max: L.budgetYuan, precision: 2, width: 180, testid: 'rp-budget', suffix: '元' })}</Form.Item>
      </Form>
      <div className="redpacket-tiers-title">领取条件（同时满足存款与昨日流水要求；取满足的档位中次数最多的一档）</div>
      <Table<RedPacketTier & { i: number }>
        rowKey="i"
        size="small"
        bordered
        pagination={false}
        style={{ maxWidth: 980 }}
        dataSource={rules.tiers.map((t, i) => ({ ...t, i }))}
        rowClassName={(t) => (draft && changedTier(t.i) ? 'redpacket-tier-changed' : '')}
        data-testid="rp-tiers"
        columns={[
          { title: '档位', dataIndex: 'i', width: 64, render: (i: number) => `第${i + 1}档` },
          { title: '存款不低于（元）', dataIndex: 'recharge', render: (v: number, t) => num(v, (x) => setTier(t.i, 'recharge', x), { precision: 2, testid: `rp-tier-${t.i + 1}-recharge` }) },
          { title: '昨日流水不低于（元）', dataIndex: 'day_flow', render: (v: number, t) => num(v, (x) => setTier(t.i, 'day_flow', x), { precision: 2, testid: `rp-tier-${t.i + 1}-day_flow` }) },
          { title: '每日次数', dataIndex: 'draws', render: (v: number, t) => num(v, (x) => setTier(t.i, 'draws', x), { min: 1, max: L.maxTimes, precision: 0, width: 80, testid: `rp-tier-${t.i + 1}-draws` }) },
          { title: '最小金额（元）', dataIndex: 'min_money', render: (v: number, t) => num(v, (x) => setTier(t.i, 'min_money', x), { min: 0.01, max: L.moneyYuan, precision: 2, width: 104, testid: `rp-tier-${t.i + 1}-min_money` }) },
          { title: '最大金额（元）', dataIndex: 'max_money', render: (v: number, t) => num(v, (x) => setTier(t.i, 'max_money', x), { min: 0.01, max: L.moneyYuan, precision: 2, width: 104, testid: `rp-tier-${t.i + 1}-max_money` }) },
          ...(editable
            ? [
                {
                  title: '操作',
                  width: 64,
                  render: (_: unknown, t: { i: number }) => (
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={rules.tiers.length <= 1} onClick={() => set({ tiers: rules.tiers.filter((_x, j) => j !== t.i) })} aria-label={`删除第${t.i + 1}档`} />
                  ),
                },
              ]
            : []),
        ]}
        footer={
          editable
            ? () => (
                <Button size="small" icon={<PlusOutlined />} disabled={rules.tiers.length >= L.tiers} onClick={() => set({ tiers: [...rules.tiers, { ...(rules.tiers.at(-1) ?? NEW_TIER) }] })} data-testid="rp-tier-add">
                  添加一档
                </Button>
              )
            : undefined
        }
      />
      {editable && (
        <div className="sticky-actions">
          {failure ? (
            <Typography.Text type="danger" data-testid="rp-failure">
              {failure}
            </Typography.Text>
          ) : (
            <Typography.Text type={changed ? 'warning' : 'secondary'} data-testid="rp-changed">
              {changed ? '规则已修改，尚未保存' : '没有未保存的修改'}
            </Typography.Text>
          )}
          <Space>
            <Button disabled={!draft} onClick={() => setDraft(null)}>
              撤销修改
            </Button>
            <Popconfirm
              title="保存后会员端立即按新规则领取，今日预算同时改为新预算（不低于今日已派发），确认保存？"
              okText="保存"
              cancelText="取消"
              disabled={!changed || failure !== null}
              onConfirm={() => save.mutate(rules)}
            >
              <Button type="primary" disabled={!changed || failure !== null} loading={save.isPending} data-testid="rp-save">
                保存规则
              </Button>
            </Popconfirm>
          </Space>
        </div>
      )}
    </>
  );
}
