import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Modal, Radio, type ButtonProps } from 'antd';
import {
  ADJUST_CATEGORIES,
  ADJUST_CATEGORY_LABELS,
  adjustAmountFailure,
  adjustCategoryFailure,
  adjustNeedsApproval,
  ADMIN_LIMITS,
  staffReasonFailure,
  turnoverForAdjustment,
  turnoverMultipleFailure,
  yuanToFen,
  type AdjustCategory,
  type AdjustResult,
  type AdminMemberRow,
  type ApprovalPending,
} from '@app/contract';
import { approvalKeys, approvalsApi } from '../approvals/api';
import { api, requestId } from '../../shared/api';
import { yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { submitForm } from '../../shared/submitForm';

interface Values {
  amount: number | null;
  category: AdjustCategory | undefined;
  reason: string;
  turnover_multiple: number | null;
}

const check = (failure: string | null) => (failure ? Promise.reject(new Error(failure)) : Promise.resolve());

/**
 * 调整余额: yuan (negative debits), a category (奖金, 补偿, 更正) and a reason the member reads in a mail,
 * an optional turnover multiple for credits. Above the review threshold it becomes a 待复核 request.
 */
export function AdjustModal({ member, open, onClose }: { member: AdminMemberRow; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  // One id per opening: a double submit of the same dialog is refused by the server (已处理).
  const id = useMemo(() => (open ? requestId() : ''), [open]);
  const adjust = useAction(
    (v: Values) =>
      api.post<AdjustResult | ApprovalPending>(`/members/${member.id}/adjust`, { amount: v.amount, category: v.category, reason: v.reason, turnover_multiple: v.turnover_multiple ?? undefined, request_id: id }),
    [['member', member.id], ['members'], approvalKeys.all, ['desk-counts']],
    onClose,
  );
  const amount = Form.useWatch('amount', form);
  const multiple = Form.useWatch('turnover_multiple', form);
  const fen = yuanToFen(amount ?? '') ?? 0;
  const requirement = turnoverForAdjustment(fen, multiple ?? undefined);
  const threshold = useQuery({ queryKey: approvalKeys.settings, queryFn: approvalsApi.settings, enabled: open }).data?.adjust_review_threshold;
  const needsReview = threshold !== undefined && fen !== 0 && adjustNeedsApproval(fen, yuanToFen(threshold) ?? 0);

  return (
    <Modal
      title={`调整余额 · ${member.username}`}
      open={open}
      onCancel={onClose}
      okText={needsReview ? "提交复核" : "确认调整"}
      cancelText="取消"
      confirmLoading={adjust.isPending}
      okButtonProps={{ 'data-testid': 'adjust-submit' } as ButtonProps}
      onOk={submitForm(form, (v) => adjust.mutate(v))}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`当前余额 ${yuan(member.balance)}；正数为加款，负数为扣款，扣款不能使余额低于零。会员将收到站内信（金额、类别与原因）。`} />
      {needsReview && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="adjust-review-hint" message={`金额超过复核门槛 ${yuan(threshold!)}：提交后进入待复核，另一位员工通过后才生效。`} />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="amount" label="调整金额（元）" rules={[{ validator: (_, v) => check(adjustAmountFailure(v ?? '')) }]}>
          <InputNumber style={{ width: '100%' }} precision={2} placeholder="例如 100 或 -50" data-testid="adjust-amount" />
        </Form.Item>
        <Form.Item name="category" label="调整类别" rules={[{ validator: (_, v) => check(adjustCategoryFailure(v)) }]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={ADJUST_CATEGORIES.map((c) => ({ value: c, label: ADJUST_CATEGORY_LABELS[c] }))} data-testid="adjust-category" />
        </Form.Item>
        <Form.Item name="reason" label="调整原因" rules={[{ validator: (_, v) => check(staffReasonFailure(v ?? '')) }]}>
          <Input.TextArea rows={3} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="必填，会员将在站内信中看到，并记入审计日志" data-testid="adjust-reason" />
        </Form.Item>
        <Form.Item
          name="turnover_multiple"
          label="打码量倍数（可选，仅加款）"
          dependencies={['amount']}
          extra={requirement > 0 ? `将增加打码量 ${yuan(requirement / 100)}` : '不填则不增加打码量'}
          rules={[({ getFieldValue }) => ({ validator: (_, v) => check(turnoverMultipleFailure(v, getFieldValue('amount'))) })]}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={ADMIN_LIMITS.turnoverMultipleMax} precision={2} placeholder="例如 1" data-testid="adjust-multiple" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
