import { Alert, App, Form, Input, InputNumber, Modal, Radio, Select, type ButtonProps } from 'antd';
import {
  BLOCK_DURATION_LABEL,
  BLOCK_DURATIONS,
  BLOCK_KIND_LABEL,
  BLOCK_KINDS,
  LIMIT_KIND_LABEL,
  LIMIT_KINDS,
  LIMIT_PERIOD_LABEL,
  limitLabel,
  MONEY_PERIODS,
  PROTECTION,
  PROTECTION_MSG,
  setBlockFailure,
  setLimitFailure,
  staffReasonFailure,
  type AdminProtectionView,
  type BlockDuration,
  type BlockKind,
  type LimitKind,
  type LimitPeriod,
} from '@app/contract';
import { submitForm } from '../../shared/submitForm';
import { useAction } from '../../shared/useAction';
import { limitValue, protectionApi, protectionKeys, type LongerBlock, type StricterLimit } from '../protection/api';

const check = (failure: string | null) => (failure ? Promise.reject(new Error(failure)) : Promise.resolve());
const reasonRule = { validator: (_: unknown, r: string | undefined) => check(staffReasonFailure((r ?? '').trim(), PROTECTION_MSG.staffReason)) };
const refreshOf = (memberId: number) => [protectionKeys.member(memberId), protectionKeys.allBlocks];
const periodsOf = (kind: LimitKind | undefined): readonly LimitPeriod[] => (kind === 'session' ? ['session'] : MONEY_PERIODS);

interface ModalProps {
  view: AdminProtectionView;
  memberId: number;
  username: string;
  open: boolean;
  onClose(): void;
}

/**
 * 设置更严格限额: a limit the member has not set, or lower than the one in force; applies at once.
 * A confirm says what will happen; the server refuses anything looser (只能设置更严格的限额).
 */
export function StricterLimitModal({ view, memberId, username, open, onClose }: ModalProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<StricterLimit>();
  const kind = Form.useWatch('kind', form);
  const period = Form.useWatch('period', form);
  const set = useAction(protectionApi.setLimit, refreshOf(memberId), onClose);
  const current = view.limits.find((l) => l.kind === kind && l.period === period);
  const unit = kind === 'session' ? '分钟' : '元';

  const submit = submitForm(form, (v) => {
    const body: StricterLimit = { ...v, reason: v.reason.trim() };
    modal.confirm({
      title: '确认设置更严格限额',
      content: `${username} 的${limitLabel(body.kind, body.period)}将设为 ${limitValue(body)}，立即生效；会员之后提高或取消须等待${PROTECTION.coolingOffHours}小时冷静期。`,
      okText: '确认设置',
      cancelText: '再想想',
      okButtonProps: { 'data-testid': 'protection-limit-confirm' } as ButtonProps,
      onOk: () => set.mutateAsync({ id: memberId, body }).catch(() => {}),
    });
  });

  return (
    <Modal
      title={`设置更严格限额 · ${username}`}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="设置"
      cancelText="取消"
      confirmLoading={set.isPending}
      okButtonProps={{ 'data-testid': 'protection-limit-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="只能新增限额或降低现有限额，立即生效。提高或取消限额只能由会员本人申请，并须经过冷静期。" />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="kind" label="限额类型" rules={[{ required: true, message: PROTECTION_MSG.kind }]}>
          <Select
            placeholder="选择类型"
            options={LIMIT_KINDS.map((k) => ({ value: k, label: LIMIT_KIND_LABEL[k] }))}
            onChange={(k: LimitKind) => form.setFieldsValue({ period: k === 'session' ? 'session' : undefined })}
            data-testid="protection-limit-kind"
          />
        </Form.Item>
        <Form.Item name="period" label="周期" rules={[{ required: true, message: PROTECTION_MSG.period }]}>
          <Radio.Group optionType="button" disabled={!kind} options={periodsOf(kind).map((p) => ({ value: p, label: LIMIT_PERIOD_LABEL[p] }))} data-testid="protection-limit-period" />
        </Form.Item>
        <Form.Item
          name="limit"
          label={`新限额（${unit}）`}
          extra={kind && period ? (current ? `当前${limitLabel(kind, period)}：${limitValue(current)}` : `会员未设置${limitLabel(kind, period)}`) : undefined}
          rules={[{ validator: (_, l: number | null) => check(!kind || !period ? null : setLimitFailure({ kind, period, limit: l ?? Number.NaN })) }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} addonAfter={unit} placeholder={kind === 'session' ? `${PROTECTION.sessionMinMinutes}~${PROTECTION.sessionMaxMinutes}` : '整数'} data-testid="protection-limit-amount" />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={PROTECTION.reasonMax} showCount placeholder="必填，将记入变更记录与审计日志" data-testid="protection-limit-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 加入冷静期/自我排除: a time-out or self-exclusion longer than the one in force (or the first one),
 * starting now. Nobody can shorten or lift it afterwards, so the confirm says so.
 */
export function LongerBlockModal({ view, memberId, username, open, onClose }: ModalProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<LongerBlock>();
  const kind = Form.useWatch('kind', form) as BlockKind | undefined;
  const set = useAction(protectionApi.setBlock, refreshOf(memberId), onClose);
  const b = view.block;

  const submit = submitForm(form, (v) => {
    const body: LongerBlock = { ...v, reason: v.reason.trim() };
    modal.confirm({
      title: `确认加入${BLOCK_KIND_LABEL[body.kind]}`,
      content: `${username} 将进入${BLOCK_DURATION_LABEL[body.duration]}${BLOCK_KIND_LABEL[body.kind]}，立即生效：期间不能存款、转入场馆、游戏或参加活动（提款不受影响），任何人都不能缩短或解除。`,
      okText: '确认加入',
      okButtonProps: { danger: true, 'data-testid': 'protection-block-confirm' } as ButtonProps,
      cancelText: '再想想',
      onOk: () => set.mutateAsync({ id: memberId, body }).catch(() => {}),
    });
  });

  return (
    <Modal
      title={`加入冷静期/自我排除 · ${username}`}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="加入"
      cancelText="取消"
      confirmLoading={set.isPending}
      okButtonProps={{ danger: true, 'data-testid': 'protection-block-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Alert
        type={b ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={
          b
            ? `当前${BLOCK_KIND_LABEL[b.kind]}${BLOCK_DURATION_LABEL[b.duration]}，${b.until ? `至 ${b.until}` : '永久'}。只能换成结束更晚的时长。`
            : '冷静期与自我排除立即生效，到期前任何人都不能缩短或解除。'
        }
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: PROTECTION_MSG.duration }]}>
          <Radio.Group
            optionType="button"
            options={BLOCK_KINDS.map((k) => ({ value: k, label: BLOCK_KIND_LABEL[k] }))}
            onChange={() => form.setFieldsValue({ duration: undefined })}
            data-testid="protection-block-kind"
          />
        </Form.Item>
        <Form.Item name="duration" label="时长" rules={[{ validator: (_, d: BlockDuration | undefined) => check(setBlockFailure({ kind: kind ?? '', duration: d ?? '' })) }]}>
          <Radio.Group
            optionType="button"
            disabled={!kind}
            options={(kind ? BLOCK_DURATIONS[kind] : BLOCK_DURATIONS.timeout).map((d) => ({ value: d, label: BLOCK_DURATION_LABEL[d] }))}
            data-testid="protection-block-duration"
          />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={PROTECTION.reasonMax} showCount placeholder="必填，将记入变更记录与审计日志" data-testid="protection-block-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
