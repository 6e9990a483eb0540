import { Form, Input, Modal, Radio, Typography, type ButtonProps } from 'antd';
import { ADMIN_LIMITS, staffReasonFailure, type AdminChatRow, LOTTERY_MSG } from '@app/contract';
import { submitForm } from '../../shared/submitForm';

const check = (failure: string | null) => (failure ? Promise.reject(new Error(failure)) : Promise.resolve());

/** The mute lengths staff pick from (minutes; 0 = until lifted). */
export const MUTE_PRESETS = [
  { minutes: 10, label: '10分钟' },
  { minutes: 60, label: '1小时' },
  { minutes: 60 * 24, label: '1天' },
  { minutes: 60 * 24 * 7, label: '7天' },
  { minutes: 0, label: '永久' },
] as const;

/** The message a dialog acts on, quoted so staff see what they are deleting or muting for. */
function Quote({ row }: { row: AdminChatRow }) {
  return (
    <div className="chat-quote">
      <Typography.Text type="secondary">
        {row.lottery_title} · {row.room_title} · {row.author}（{row.username ?? `员工 ${row.host_staff}`}） · {row.created_at}
      </Typography.Text>
      <div className="chat-content">{row.content}</div>
    </div>
  );
}

/** 删除消息: the reason goes to the audit log; members see the message disappear from the room. */
export function DeleteModal({ row, busy, onCancel, onSubmit }: { row: AdminChatRow | null; busy: boolean; onCancel(): void; onSubmit(reason: string): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title="删除消息"
      open={!!row}
      okText="确认删除"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'chat-delete-confirm' } as ButtonProps}
      onCancel={onCancel}
      onOk={submitForm(form, (v) => onSubmit((v.reason ?? '').trim()))}
      destroyOnHidden
    >
      {row && <Quote row={row} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="删除原因">
          <Input.TextArea rows={3} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="将记入审计日志" data-testid="chat-delete-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 禁言: a preset length and a reason (both required by the server's mute rule). */
export function MuteModal({
  member,
  busy,
  onCancel,
  onSubmit,
}: {
  member: { id: number; name: string; row?: AdminChatRow } | null;
  busy: boolean;
  onCancel(): void;
  onSubmit(v: { minutes: number; reason: string }): void;
}) {
  const [form] = Form.useForm<{ minutes: number; reason: string }>();
  return (
    <Modal
      title={member ? `禁言 · ${member.name}` : '禁言'}
      open={!!member}
      okText="确认禁言"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'mute-confirm' } as ButtonProps}
      onCancel={onCancel}
      onOk={submitForm(form, (v) => onSubmit({ minutes: v.minutes, reason: v.reason.trim() }))}
      destroyOnHidden
    >
      {member?.row && <Quote row={member.row} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ minutes: MUTE_PRESETS[1].minutes }}>
        <Form.Item name="minutes" label="禁言时长">
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="mute-minutes" options={MUTE_PRESETS.map((p) => ({ value: p.minutes, label: p.label }))} />
        </Form.Item>
        <Form.Item name="reason" label="禁言原因" rules={[{ validator: (_, v) => check(staffReasonFailure(v ?? '', LOTTERY_MSG.chatMuteReason)) }]}>
          <Input.TextArea rows={3} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="必填，将记入审计日志" data-testid="mute-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
