import { useState } from 'react';
import { Button, Form, Input, InputNumber, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { SERVICE_LIMITS, cannedFailure, type ServiceCannedReply } from '@app/contract';
import { useAction } from '../../shared/useAction';
import { serviceApi, serviceKeys } from './api';

interface Values {
  title: string;
  body: string;
  sort: number;
}

/** 快捷回复: the desk's shared canned replies, kept by staff (each change audited). */
export function CannedModal({ open, onClose, replies }: { open: boolean; onClose: () => void; replies: ServiceCannedReply[] }) {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<number | null>(null);
  const reset = () => {
    setEditing(null);
    form.resetFields();
  };
  const save = useAction(serviceApi.saveCanned, [serviceKeys.canned], reset);
  const remove = useAction(serviceApi.deleteCanned, [serviceKeys.canned]);
  return (
    <Modal title="快捷回复" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <List
        size="small"
        className="svc-canned-manage"
        dataSource={replies}
        locale={{ emptyText: '暂无快捷回复' }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button key="e" type="link" size="small" onClick={() => (setEditing(r.id), form.setFieldsValue({ title: r.title, body: r.body, sort: r.sort }))}>
                编辑
              </Button>,
              <Popconfirm key="d" title="删除这条快捷回复？" okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync(r.id)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={r.title} description={<Typography.Text type="secondary" className="svc-canned-body">{r.body}</Typography.Text>} />
          </List.Item>
        )}
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ sort: 0 }}
        onFinish={(v) => save.mutate({ id: editing, ...v })}
        style={{ marginTop: 12 }}
      >
        <Space align="start" style={{ width: '100%' }} className="svc-canned-form">
          <Form.Item name="title" label="标题" rules={[{ validator: (_r, v) => (cannedFailure({ title: v, body: 'x' }) ? Promise.reject(new Error(cannedFailure({ title: v, body: 'x' })!)) : Promise.resolve()) }]}>
            <Input maxLength={SERVICE_LIMITS.cannedTitleMax} placeholder="如：问候" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} style={{ width: 90 }} />
          </Form.Item>
        </Space>
        <Form.Item name="body" label="内容" rules={[{ validator: (_r, v) => (cannedFailure({ title: 'x', body: v }) ? Promise.reject(new Error(cannedFailure({ title: 'x', body: v })!)) : Promise.resolve()) }]}>
          <Input.TextArea maxLength={SERVICE_LIMITS.cannedBodyMax} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder="回复内容" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? '保存修改' : '新增'}
          </Button>
          {editing ? <Button onClick={reset}>取消编辑</Button> : null}
        </Space>
      </Form>
    </Modal>
  );
}
