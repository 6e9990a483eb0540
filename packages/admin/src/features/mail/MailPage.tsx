import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Popconfirm, Progress, Radio, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import {
  MAIL_ADMIN_LIMITS as L,
  MAIL_AUDIENCE_LABELS,
  MAIL_AUDIENCES,
  MAIL_CAMPAIGN_STATUS_LABELS,
  mailAudienceFailure,
  mailCampaignFailure,
  type AdminMailCampaign,
  type MailAudience,
  type MailCampaignForm,
} from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { mailApi, mailKeys } from './api';
import './mail.css';

const VIP_LEVELS = Array.from({ length: L.vipMax - L.vipMin + 1 }, (_, i) => L.vipMin + i);

/** A value settled for `ms` (the preview asks the server once typing stops). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * 站内信: compose (audience, title, content) beside a preview of who gets it and how it reads in the
 * member's mailbox; below, the campaigns with their progress while the server writes them in batches
 * and how many members have read them.
 */
export default function MailPage() {
  const { can } = useAuth();
  return (
    <Space direction="vertical" size={16} className="mail-page">
      {can('mail.send') && <Compose />}
      <Campaigns />
    </Space>
  );
}

function Compose() {
  const [form] = Form.useForm<MailCampaignForm>();
  const { message } = App.useApp();
  const audience = (Form.useWatch('audience', form) ?? 'member') as MailAudience;
  const member = Form.useWatch('member', form) ?? '';
  const vip = Form.useWatch('vip', form);
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const live = { audience, member: member.trim(), vip };
  const liveKey = JSON.stringify(live);
  const settledKey = useSettled(liveKey);
  const who = useMemo(() => JSON.parse(settledKey) as typeof live, [settledKey]);
  // the preview answers for what was typed a moment ago: sending waits until it caught up
  const stale = settledKey !== liveKey;
  const whoValid = !mailAudienceFailure(who);
  const preview = useQuery({ queryKey: mailKeys.audience(who), queryFn: () => mailApi.audience(who), enabled: whoValid, retry: false });
  const send = useAction(mailApi.send, [mailKeys.all], () => form.resetFields(['title', 'content']));

  const body = (): MailCampaignForm => ({ audience, member: member.trim(), vip, title: title.trim(), content: content.trim() });
  const failure = mailCampaignFailure(body());
  const count = preview.data?.count;

  return (
    <Row gutter={16}>
      <Col span={14}>
        <Card title="发送站内信" data-testid="mail-compose">
          <Form form={form} layout="vertical" initialValues={{ audience: 'member', vip: L.vipMin }} requiredMark={false}>
            <Form.Item name="audience" label="收件人">
              <Radio.Group optionType="button" buttonStyle="solid" data-testid="mail-audience">
                {MAIL_AUDIENCES.map((a) => (
                  <Radio.Button key={a} value={a} data-testid={`mail-audience-${a}`}>
                    {MAIL_AUDIENCE_LABELS[a]}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            {audience === 'member' && (
              <Form.Item name="member" label="会员账号或会员ID">
                <Input placeholder="如 alice 或 1024" maxLength={L.memberMax} allowClear data-testid="mail-member" />
              </Form.Item>
            )}
            {audience === 'vip' && (
              <Form.Item name="vip" label="VIP等级">
                <Select style={{ width: 160 }} virtual={false} listHeight={320} options={VIP_LEVELS.map((v) => ({ value: v, label: `VIP${v}` }))} data-testid="mail-vip" />
              </Form.Item>
            )}
            <Form.Item name="title" label="标题">
              <Input maxLength={L.titleMax} showCount placeholder="站内信标题" data-testid="mail-title" />
            </Form.Item>
            <Form.Item name="content" label="内容">
              <Input.TextArea maxLength={L.contentMax} showCount autoSize={{ minRows: 5, maxRows: 12 }} placeholder="站内信内容（纯文本，可换行）" data-testid="mail-content" />
            </Form.Item>
            <Popconfirm
              title={`确认发送给 ${preview.data?.label ?? ''}（${count ?? '?'} 人）？`}
              okText="发送"
              cancelText="取消"
              disabled={!!failure || !count}
              onConfirm={() => send.mutate(body())}
            >
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={send.isPending}
                onClick={() => failure && message.error(failure)}
                disabled={!failure && (!count || stale || preview.isFetching)}
                data-testid="mail-send"
              >
                发送
              </Button>
            </Popconfirm>
          </Form>
        </Card>
      </Col>
      <Col span={10}>
        <Card title="预览" data-testid="mail-preview">
          <div className="mail-recipients" data-testid="mail-recipients">
            {!whoValid ? (
              <Typography.Text type="secondary">{mailAudienceFailure(who)}</Typography.Text>
            ) : preview.isError ? (
              <Typography.Text type="danger">{(preview.error as Error).message}</Typography.Text>
            ) : preview.data ? (
              <span>
                收件人：<b>{preview.data.label}</b>，共 <b data-testid="mail-count">{preview.data.count}</b> 人
              </span>
            ) : (
              <Typography.Text type="secondary">计算中…</Typography.Text>
            )}
          </div>
          <div className="mail-sample">
            <div className="mail-sample-title">{title.trim() || '（标题）'}</div>
            <div className="mail-sample-content">{content.trim() || '（内容）'}</div>
          </div>
        </Card>
      </Col>
    </Row>
  );
}

function Campaigns() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: mailKeys.campaigns(page),
    queryFn: () => mailApi.campaigns(page),
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === 'sending') ? 1500 : 15_000),
  });
  return (
    <Card title="发送记录">
      <Table<AdminMailCampaign>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        pagination={{ current: page, pageSize: list.data?.per_page ?? 20, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        data-testid="mail-campaigns"
        columns={[
          { title: '发送时间', dataIndex: 'created_at', width: 165 },
          { title: '收件人', dataIndex: 'audience_label', width: 200, render: (label: string, c) => <span data-testid={`campaign-to-${c.id}`}>{label}</span> },
          {
            title: '标题',
            dataIndex: 'title',
            render: (t: string, c) => (
              <Typography.Text ellipsis={{ tooltip: c.content }} style={{ maxWidth: 260 }}>
                {t}
              </Typography.Text>
            ),
          },
          { title: '发送人', dataIndex: 'staff_name', width: 110 },
          {
            title: '进度',
            width: 190,
            render: (_, c) => (
              <Space size={6} data-testid={`campaign-progress-${c.id}`}>
                <Progress percent={c.total ? Math.floor((c.sent / c.total) * 100) : 100} size="small" style={{ width: 90, margin: 0 }} status={c.status === 'sending' ? 'active' : 'success'} />
                <span className="mail-num">
                  {c.sent}/{c.total}
                </span>
              </Space>
            ),
          },
          {
            title: '已读',
            width: 110,
            render: (_, c) => (
              <span className="mail-num" data-testid={`campaign-read-${c.id}`}>
                {c.read}
                <Typography.Text type="secondary"> ({c.sent ? Math.round((c.read / c.sent) * 100) : 0}%)</Typography.Text>
              </span>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: AdminMailCampaign['status']) => <Tag color={s === 'done' ? 'green' : 'processing'}>{MAIL_CAMPAIGN_STATUS_LABELS[s]}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
