import { useState } from 'react';
import { Alert, Button, Descriptions, Form, InputNumber, Modal, Switch, Tag, Typography, type ButtonProps } from 'antd';
import { LOTTERY_TIMING_LIMITS, LOTTERY_TIMING_MSG, LOTTERY_TYPE, lotterySettingsFailure, type AdminLotteryRow } from '@app/contract';
import { useAction } from '../../shared/useAction';
import { lotteryApi, roomKeys, type LotterySettings } from './api';

const TYPE_LABELS: Record<number, string> = { [LOTTERY_TYPE.dice]: '快三（三颗骰子）', [LOTTERY_TYPE.sixBall]: '六合彩（七个号码）' };
const DAY_S = 86_400;

/** "60 秒" or "3 分钟" (an interval that is whole minutes), with the rounds a day it makes. */
function intervalText(s: number): string {
  const unit = s % 60 === 0 ? `${s / 60} 分钟` : `${s} 秒`;
  return `${unit}（每天 ${DAY_S / s} 期）`;
}

/**
 * A lottery's timing and switch (开奖设置) on 彩票赔率: what is in force, a change that has not taken
 * over yet (the new timing and the draw after which it does), and 修改 for staff with lottery.odds.
 */
export function LotteryTimingBar({ lottery, editable }: { lottery: AdminLotteryRow; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  // While a change is pending, the rounds under way still run on the timing it replaced.
  const now = lottery.pending?.earlier ?? { interval_s: lottery.interval_s, ftime_s: lottery.ftime_s };
  return (
    <>
      <Descriptions
        size="small"
        title="开奖设置"
        column={{ xs: 1, sm: 2, md: 4, lg: 4, xl: 4, xxl: 4 }}
        style={{ marginBottom: 12 }}
        data-testid="lottery-timing"
        extra={
          editable && (
            <Button size="small" onClick={() => setEditing(true)} data-testid="lottery-settings-edit">
              修改开奖设置
            </Button>
          )
        }
      >
        <Descriptions.Item label="类型">{TYPE_LABELS[lottery.type] ?? lottery.type}</Descriptions.Item>
        <Descriptions.Item label="开奖周期">
          <span data-testid="lottery-interval">{intervalText(now.interval_s)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="封盘">
          <span data-testid="lottery-ftime">开奖前 {now.ftime_s} 秒</span>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <span data-testid="lottery-state">{lottery.enabled ? <Tag color="green">开放</Tag> : <Tag>停用（不开新期）</Tag>}</span>
        </Descriptions.Item>
      </Descriptions>
      {lottery.pending && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="lottery-pending"
          message={`待生效：开奖周期 ${intervalText(lottery.pending.interval_s)}，封盘 开奖前 ${lottery.pending.ftime_s} 秒`}
          description={`进行中的期数按原设置开奖；${lottery.pending.from} 开奖后的下一期起按新设置，期号连续。`}
        />
      )}
      <LotterySettingsModal lottery={editing ? lottery : null} onClose={() => setEditing(false)} />
    </>
  );
}

/** Which field a failure of lotterySettingsFailure is about. */
const fieldOf = (message: string | null): 'interval_s' | 'ftime_s' | null =>
  message === LOTTERY_TIMING_MSG.interval ? 'interval_s' : message === LOTTERY_TIMING_MSG.ftime ? 'ftime_s' : null;

/** 修改开奖设置: interval, 封盘 seconds and the switch, checked as typed by the contract's rule (the server runs the same). */
function LotterySettingsModal({ lottery, onClose }: { lottery: AdminLotteryRow | null; onClose(): void }) {
  const [form] = Form.useForm<LotterySettings>();
  const values = Form.useWatch([], form) as LotterySettings | undefined;
  const [tried, setTried] = useState(false);
  const save = useAction(lotteryApi.saveSettings, [roomKeys.lotteries], onClose);
  const failure = values ? lotterySettingsFailure(values) : null;
  const field = tried ? fieldOf(failure) : null;
  const submit = () => {
    setTried(true);
    if (!lottery || !values || failure) return;
    save.mutate({ code: lottery.code, ...values });
  };
  const help = (name: 'interval_s' | 'ftime_s', normal: string) => ({ validateStatus: field === name ? ('error' as const) : undefined, help: field === name ? failure : normal });
  return (
    <Modal
      title={lottery ? `修改开奖设置 · ${lottery.title}` : '修改开奖设置'}
      open={!!lottery}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: save.isPending, 'data-testid': 'lottery-settings-save' } as ButtonProps}
      onCancel={onClose}
      onOk={submit}
      afterClose={() => setTried(false)}
      destroyOnHidden
    >
      {lottery && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ interval_s: lottery.interval_s, ftime_s: lottery.ftime_s, enabled: lottery.enabled }}>
          <div className="room-form-row">
            <Form.Item name="interval_s" label="开奖周期（秒）" {...help('interval_s', `${LOTTERY_TIMING_LIMITS.intervalMinS}–${LOTTERY_TIMING_LIMITS.intervalMaxS} 秒，须整除一天`)}>
              <InputNumber precision={0} style={{ width: 180 }} addonAfter="秒" data-testid="lottery-interval-input" />
            </Form.Item>
            <Form.Item name="ftime_s" label="封盘（开奖前秒数）" {...help('ftime_s', `1 至 周期−${LOTTERY_TIMING_LIMITS.openMinS} 秒`)}>
              <InputNumber precision={0} style={{ width: 180 }} addonAfter="秒" data-testid="lottery-ftime-input" />
            </Form.Item>
          </div>
          <Form.Item name="enabled" label="开放" valuePropName="checked" extra="停用后不再开新期；已开的期照常开奖结算。">
            <Switch checkedChildren="开放" unCheckedChildren="停用" data-testid="lottery-enabled" />
          </Form.Item>
          {values && !failure && (values.interval_s !== lottery.interval_s || values.ftime_s !== lottery.ftime_s) && (
            <Typography.Paragraph type="secondary" data-testid="lottery-settings-preview">
              保存后：每天 {DAY_S / values.interval_s!} 期，每期可投注 {values.interval_s! - values.ftime_s!} 秒。
            </Typography.Paragraph>
          )}
          <Alert
            type="info"
            showIcon
            message="新的开奖周期与封盘时间不改动进行中的一期：从两种周期共有的下一个开奖时刻（最迟次日零点）开奖后起生效，期号连续，不丢期、不重复。"
          />
        </Form>
      )}
    </Modal>
  );
}
