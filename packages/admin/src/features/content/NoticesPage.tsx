import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CONTENT_LIMITS, noticeFormFailure, type AdminNotice, type NoticeForm } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { contentApi, contentKeys } from './api';
import { EditDeleteActions, EditorModal, useCheckedSubmit } from './editor';
import './content.css';

/**
 * 公告: the notice records members read (公告列表), newest first; those marked 首页滚动 also scroll in the
 * hall's notice bar. 显示 switch, edit and delete for content.manage.
 */
export default function NoticesPage() {
  const { can } = useAuth();
  const editable = can('content.manage');
  const list = useQuery({ queryKey: contentKeys.notices, queryFn: contentApi.notices });
  const [editing, setEditing] = useState<AdminNotice | null | undefined>(undefined);
  const toggle = useAction(contentApi.setNoticeEnabled, [contentKeys.notices]);
  const remove = useAction(contentApi.deleteNotice, [contentKeys.notices]);

  return (
    <Card
      title="公告"
      className="content-page"
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="notice-new">
            发布公告
          </Button>
        )
      }
    >
      <Table<AdminNotice>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        data-testid="notices"
        rowClassName={(n) => (n.enabled ? '' : 'content-off')}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            width: 250,
            render: (title: string, n) => (
              <Space size={6} wrap data-testid={`notice-${n.id}`}>
                <b>{title}</b>
                {n.on_home && <Tag color="orange">首页滚动</Tag>}
              </Space>
            ),
          },
          { title: '内容', dataIndex: 'content', render: (text: string) => <span className="notice-text">{text.length > 60 ? `${text.slice(0, 60)}…` : text}</span> },
          { title: '发布时间', dataIndex: 'created_at', width: 110, render: (t: string) => <span className="notice-time">{t}</span> },
          {
            title: '显示',
            dataIndex: 'enabled',
            align: 'center',
            width: 70,
            render: (on: boolean, n) => (
              <Switch checked={on} disabled={!editable} loading={toggle.isPending && toggle.variables?.id === n.id} onChange={(enabled) => toggle.mutate({ id: n.id, enabled })} data-testid={`notice-enabled-${n.id}`} />
            ),
          },
          {
            title: '操作',
            fixed: 'right',
            width: 140,
            render: (_, n) => <EditDeleteActions editable={editable} testPrefix="notice" id={n.id} what="条公告" onEdit={() => setEditing(n)} onDelete={() => remove.mutate(n.id)} />,
          },
        ]}
      />
      <NoticeEditor notice={editing} editable={editable} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

/** 发布 / 编辑 a notice. `notice` null: a new one; undefined: closed. */
function NoticeEditor({ notice, editable, onClose }: { notice: AdminNotice | null | undefined; editable: boolean; onClose(): void }) {
  const open = notice !== undefined;
  const [form] = Form.useForm<NoticeForm>();
  const save = useAction((v: NoticeForm) => (notice ? contentApi.updateNotice({ id: notice.id, form: v }) : contentApi.createNotice(v)), [contentKeys.notices], onClose);
  const submit = useCheckedSubmit(form, (v) => ({ title: (v.title ?? '').trim(), content: (v.content ?? '').trim(), on_home: v.on_home, enabled: v.enabled }), noticeFormFailure, save.mutate);

  return (
    <EditorModal title={notice ? (editable ? '编辑公告' : '公告') : '发布公告'} open={open} saving={save.isPending} readOnly={!editable} saveTestId="notice-save" onSave={submit} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        className="content-form"
        preserve={false}
        disabled={!editable}
        initialValues={notice ? { title: notice.title, content: notice.content, on_home: notice.on_home, enabled: notice.enabled } : { title: '', content: '', on_home: true, enabled: true }}
      >
        <Form.Item name="title" label="标题" required>
          <Input maxLength={CONTENT_LIMITS.noticeTitleMax} showCount data-testid="notice-title" />
        </Form.Item>
        <Form.Item name="content" label="内容" required extra="纯文本">
          <Input.TextArea rows={6} maxLength={CONTENT_LIMITS.noticeContentMax} showCount data-testid="notice-content" />
        </Form.Item>
        <Space size={32}>
          <Form.Item name="on_home" label="首页滚动公告" valuePropName="checked" tooltip="打开后标题在会员端首页的滚动公告栏中显示">
            <Switch data-testid="notice-on-home" />
          </Form.Item>
          <Form.Item name="enabled" label="显示" valuePropName="checked">
            <Switch data-testid="notice-visible" />
          </Form.Item>
        </Space>
      </Form>
    </EditorModal>
  );
}
