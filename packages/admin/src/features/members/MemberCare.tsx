import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Input, Modal, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import {
  careReasonFailure,
  MEMBER_CARE_LIMITS as L,
  noteFailure,
  resetPasswordFailure,
  tagsFailure,
  type MemberCare as Care,
  type MemberSessionRow,
} from '@app/contract';
import { useAction } from '../../shared/useAction';
import { careApi, careKeys } from './care-api';
import './member-care.css';

type Pending =
  | { kind: 'password' }
  | { kind: 'paypass' }
  | { kind: 'unlock' }
  | { kind: 'sessions'; session?: MemberSessionRow }
  | null;

const TITLES = {
  password: '重置登录密码',
  paypass: '清除支付密码',
  unlock: '解除登录限制',
  sessions: '结束会话',
} as const;

const PAY_STATES: Record<number, { text: string; color: string }> = { 0: { text: '未设置', color: 'default' }, 1: { text: '已设置', color: 'green' }, 2: { text: '须更换', color: 'orange' } };

/**
 * 会员服务 in the member drawer (members.care): reset the login password (sessions end; a generated
 * one shown once) or clear the payment password, lift the login captcha lock, the member's sessions
 * (end one or all), tags and the notes timeline. Every change asks for a reason.
 */
export function MemberCare({ memberId }: { memberId: number }) {
  const key = careKeys.care(memberId);
  const care = useQuery({ queryKey: key, queryFn: () => careApi.care(memberId) });
  const [pending, setPending] = useState<Pending>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const c = care.data;
  if (!c) return <Card loading size="small" />;
  return (
    <Space direction="vertical" size={12} className="member-care" data-testid="member-care">
      <Space wrap>
        <Button danger onClick={() => setPending({ kind: 'password' })} data-testid="care-reset-password">
          重置登录密码
        </Button>
        <Button onClick={() => setPending({ kind: 'paypass' })} disabled={c.pay_password_state === 0} data-testid="care-reset-paypass">
          清除支付密码
        </Button>
        <Button onClick={() => setPending({ kind: 'unlock' })} disabled={!c.login_locked} data-testid="care-unlock">
          解除登录限制
        </Button>
        <Button onClick={() => setPending({ kind: 'sessions' })} disabled={!c.sessions.some((s) => !s.ended)} data-testid="care-end-all">
          结束全部会话
        </Button>
      </Space>
      <Space wrap size={4}>
        <span>登录：</span>
        {c.login_locked ? <Tag color="red">失败 {c.login_failures} 次，下次登录须验证码</Tag> : <Tag color="green">正常</Tag>}
        <span style={{ marginLeft: 12 }}>支付密码：</span>
        <Tag color={PAY_STATES[c.pay_password_state]?.color}>{PAY_STATES[c.pay_password_state]?.text}</Tag>
      </Space>
      <Sessions care={c} onEnd={(session) => setPending({ kind: 'sessions', session })} />
      <Tags care={c} />
      <Notes care={c} />
      <ReasonModal memberId={memberId} pending={pending} onClose={() => setPending(null)} onIssued={setIssued} />
      <Modal title="新的登录密码" open={issued !== null} onOk={() => setIssued(null)} onCancel={() => setIssued(null)} okText="我已记下" cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
        <Alert type="warning" showIcon message="此密码只显示这一次，请通过安全渠道告知会员，并提醒其登录后修改。" style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: issued ?? '' }} className="care-issued" data-testid="care-issued">
          {issued}
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}

function Sessions({ care, onEnd }: { care: Care; onEnd(s: MemberSessionRow): void }) {
  return (
    <Card size="small" title="登录会话">
      <Table<MemberSessionRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content', y: 240 }}
        dataSource={care.sessions}
        data-testid="care-sessions"
        columns={[
          { title: '登录时间', dataIndex: 'created_at', width: 150 },
          { title: 'IP', dataIndex: 'ip', width: 120 },
          { title: '设备', dataIndex: 'user_agent', width: 220, render: (ua: string) => <Typography.Text ellipsis={{ tooltip: ua }} style={{ maxWidth: 210 }}>{ua || '—'}</Typography.Text> },
          { title: '最后活动', dataIndex: 'last_seen_at', width: 150 },
          {
            title: '状态',
            width: 110,
            render: (_, s) =>
              s.ended ? (
                <Tag>已结束</Tag>
              ) : (
                <Button size="small" danger onClick={() => onEnd(s)} data-testid={`care-end-${s.id}`}>
                  结束
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

function Tags({ care }: { care: Care }) {
  const { message } = App.useApp();
  const [tags, setTags] = useState<string[]>(care.tags);
  const [reason, setReason] = useState('');
  const save = useAction(careApi.setTags, [careKeys.care(care.member_id)], () => setReason(''));
  const changed = JSON.stringify(tags) !== JSON.stringify(care.tags);
  const submit = () => {
    const form = { tags: tags.map((t) => t.trim()), reason: reason.trim() };
    const failure = tagsFailure(form);
    if (failure) return void message.error(failure);
    save.mutate({ id: care.member_id, form });
  };
  return (
    <Card size="small" title="标签">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select mode="tags" value={tags} onChange={setTags} open={false} tokenSeparators={[',', '，']} placeholder={`输入标签后回车（最多${L.tagsMax}个）`} style={{ width: '100%' }} data-testid="care-tags" />
        {changed && (
          <Space.Compact style={{ width: '100%' }}>
            <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={L.reasonMax} placeholder="修改原因" data-testid="care-tags-reason" />
            <Button type="primary" onClick={submit} loading={save.isPending} data-testid="care-tags-save">
              保存标签
            </Button>
          </Space.Compact>
        )}
      </Space>
    </Card>
  );
}

function Notes({ care }: { care: Care }) {
  const { message } = App.useApp();
  const [body, setBody] = useState('');
  const add = useAction(careApi.addNote, [careKeys.care(care.member_id)], () => setBody(''));
  const submit = () => {
    const failure = noteFailure(body);
    if (failure) return void message.error(failure);
    add.mutate({ id: care.member_id, body: body.trim() });
  };
  return (
    <Card size="small" title="备注">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea value={body} onChange={(e) => setBody(e.target.value)} maxLength={L.noteMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} placeholder="记录与会员的沟通、处理情况" data-testid="care-note" />
        <Button onClick={submit} loading={add.isPending} data-testid="care-note-add">
          添加备注
        </Button>
        {care.notes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备注" />
        ) : (
          <Timeline
            className="care-notes"
            items={care.notes.map((n) => ({
              children: (
                <div data-testid="care-note-item">
                  <div className="care-note-meta">
                    {n.created_at} · {n.staff_name}
                  </div>
                  <div className="care-note-body">{n.body}</div>
                </div>
              ),
            }))}
          />
        )}
      </Space>
    </Card>
  );
}

function ReasonModal({ memberId, pending, onClose, onIssued }: { memberId: number; pending: Pending; onClose(): void; onIssued(p: string): void }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const refresh = [careKeys.care(memberId)];
  const done = () => {
    setReason('');
    setPassword('');
    onClose();
  };
  const resetPassword = useAction(careApi.resetPassword, refresh, (a) => {
    done();
    onIssued(a.password);
  });
  const resetPayPassword = useAction(careApi.resetPayPassword, [...refresh, ['member', memberId, 'pay-password']], done);
  const unlock = useAction(careApi.unlockLogin, refresh, done);
  const endSessions = useAction(careApi.endSessions, refresh, done);
  const busy = resetPassword.isPending || resetPayPassword.isPending || unlock.isPending || endSessions.isPending;

  const submit = () => {
    if (!pending) return;
    const r = reason.trim();
    const failure = pending.kind === 'password' ? resetPasswordFailure({ password, reason: r }) : careReasonFailure(r);
    if (failure) return void message.error(failure);
    if (pending.kind === 'password') resetPassword.mutate({ id: memberId, form: { password, reason: r } });
    else if (pending.kind === 'paypass') resetPayPassword.mutate({ id: memberId, reason: r });
    else if (pending.kind === 'unlock') unlock.mutate({ id: memberId, reason: r });
    else endSessions.mutate({ id: memberId, form: { session: pending.session?.id ?? '', reason: r } });
  };

  const hint =
    pending?.kind === 'password'
      ? '会员的全部会话将立即结束，须用新密码重新登录。'
      : pending?.kind === 'paypass'
        ? '支付密码将被清除，会员下次使用时须重新设置。'
        : pending?.kind === 'unlock'
          ? '清零该账号的登录失败次数，下次登录无须验证码。'
          : pending?.kind === 'sessions'
            ? pending.session
              ? `结束 ${pending.session.created_at} 从 ${pending.session.ip || '未知IP'} 登录的会话。`
              : '结束该会员的全部会话，会员须重新登录。'
            : '';

  return (
    <Modal
      title={pending ? TITLES[pending.kind] : ''}
      open={pending !== null}
      onCancel={done}
      onOk={submit}
      okText="确认"
      cancelText="取消"
      okButtonProps={{ danger: true, 'data-testid': 'care-confirm' } as never}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={hint} />
        {pending?.kind === 'password' && (
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            maxLength={L.passwordMax}
            placeholder={`临时密码（${L.passwordMin}~${L.passwordMax}位），留空由系统生成`}
            autoComplete="new-password"
            data-testid="care-password"
          />
        )}
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={L.reasonMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="原因（必填）" data-testid="care-reason" />
      </Space>
    </Modal>
  );
}
