import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Switch, Typography, type ButtonProps } from 'antd';
import { hostMessageOf, LOTTERY_ROOM_LIMITS, LOTTERY_STAKE_MAX_YUAN, LOTTERY_STAKE_MIN_YUAN, newRoomFailure, roomSettingsFailure, type AdminRoomRow } from '@app/contract';
import type { NewRoom, RoomSettings } from './api';
import { submitForm } from '../../shared/submitForm';

/** The fields of a room, shared by 编辑房间 and 新增房间. */
function RoomFields({ isNew = false }: { isNew?: boolean }) {
  return (
    <>
      <Form.Item name="title" label="房间名称">
        <Input maxLength={LOTTERY_ROOM_LIMITS.titleMax} showCount data-testid="room-title" />
      </Form.Item>
      <div className="room-form-row">
        <Form.Item name="enabled" label="开放" valuePropName="checked">
          <Switch checkedChildren="开放" unCheckedChildren="停用" data-testid="room-enabled" />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={0} max={LOTTERY_ROOM_LIMITS.sortMax} precision={0} style={{ width: 140 }} data-testid="room-sort" />
        </Form.Item>
      </div>
      <div className="room-form-row">
        <Form.Item name="min_stake" label="每注最低（元）">
          <InputNumber min={0} precision={2} style={{ width: 180 }} data-testid="room-min" />
        </Form.Item>
        <Form.Item name="max_stake" label="每注最高（元）">
          <InputNumber min={0} precision={2} style={{ width: 180 }} data-testid="room-max" />
        </Form.Item>
      </div>
      <Typography.Text type="secondary">
        平台限额：每注 {LOTTERY_STAKE_MIN_YUAN} 至 {LOTTERY_STAKE_MAX_YUAN.toLocaleString('en-US')} 元，房间限额须在其中。
        {isNew ? '开放的房间添加后即出现在会员端该彩种的房间列表中。' : '保存后只影响之后的新注单。'}
      </Typography.Text>
    </>
  );
}

/** 编辑房间: title, open or not, order and the room's stake limits; the contract's rule checks the whole form before it goes. */
export function RoomModal({ room, busy, onCancel, onSubmit }: { room: AdminRoomRow | null; busy: boolean; onCancel(): void; onSubmit(v: RoomSettings): void }) {
  const [form] = Form.useForm<RoomSettings>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = submitForm(form, (v) => {
    const settings = { ...v, title: v.title ?? '' };
    const message = roomSettingsFailure(settings);
    setFailure(message);
    if (!message) onSubmit(settings);
  });
  return (
    <Modal
      title={room ? `编辑房间 · ${room.lottery_title} · ${room.title}` : '编辑房间'}
      open={!!room}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy, 'data-testid': 'room-save' } as ButtonProps}
      onCancel={onCancel}
      onOk={submit}
      afterClose={() => setFailure(null)}
      destroyOnHidden
    >
      {room && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ title: room.title, enabled: room.enabled, sort: room.sort, min_stake: room.min_stake, max_stake: room.max_stake }}
          onValuesChange={() => setFailure(null)}
        >
          <RoomFields />
          {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} data-testid="room-failure" />}
        </Form>
      )}
    </Modal>
  );
}

/**
 * 新增房间: a room of the chosen lottery with its settings (open by default, the platform's usual limits
 * filled in); once open, members see it in that lottery's room list.
 */
export function NewRoomModal({ open, lotteries, busy, onCancel, onSubmit }: { open: boolean; lotteries: { code: string; title: string }[]; busy: boolean; onCancel(): void; onSubmit(v: NewRoom): void }) {
  const [form] = Form.useForm<NewRoom>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = submitForm(form, (v) => {
    const room = { ...v, lottery: v.lottery ?? '', title: v.title ?? '' };
    const message = newRoomFailure(room);
    setFailure(message);
    if (!message) onSubmit(room);
  });
  return (
    <Modal
      title="新增房间"
      open={open}
      okText="添加"
      cancelText="取消"
      okButtonProps={{ loading: busy, 'data-testid': 'room-create' } as ButtonProps}
      onCancel={onCancel}
      onOk={submit}
      afterClose={() => setFailure(null)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ lottery: lotteries.length === 1 ? lotteries[0]!.code : undefined, title: '', enabled: true, sort: 0, min_stake: LOTTERY_STAKE_MIN_YUAN, max_stake: LOTTERY_STAKE_MAX_YUAN }}
        onValuesChange={() => setFailure(null)}
      >
        <Form.Item name="lottery" label="彩种">
          <Select placeholder="请选择彩种" options={lotteries.map((l) => ({ value: l.code, label: l.title }))} style={{ width: 240 }} data-testid="room-lottery" />
        </Form.Item>
        <RoomFields isNew />
        {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} data-testid="room-failure" />}
      </Form>
    </Modal>
  );
}

/** 主持人发言: what staff say in the room as 主持人, sent to everyone in it at once. */
export function HostModal({ room, busy, onCancel, onSubmit }: { room: { title: string; lottery_title: string } | null; busy: boolean; onCancel(): void; onSubmit(content: string): void }) {
  const [form] = Form.useForm<{ content: string }>();
  return (
    <Modal
      title={room ? `主持人发言 · ${room.lottery_title} · ${room.title}` : '主持人发言'}
      open={!!room}
      okText="发送"
      cancelText="取消"
      okButtonProps={{ loading: busy, 'data-testid': 'host-send' } as ButtonProps}
      onCancel={onCancel}
      onOk={submitForm(form, (v) => onSubmit(v.content))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">以「主持人」的名义即时发送给房间内的所有人（换行将显示为空格），并记入聊天记录与审计日志。</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="content"
          label="发言内容"
          rules={[
            {
              validator: (_, v) => {
                const kept = hostMessageOf(v ?? '');
                return 'error' in kept ? Promise.reject(new Error(kept.error)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={LOTTERY_ROOM_LIMITS.hostMaxChars} showCount placeholder="例如：本期即将封盘，请抓紧下注" data-testid="host-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
