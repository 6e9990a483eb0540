import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, type ButtonProps, type FormInstance } from 'antd';
import {
  ADMIN_LIMITS,
  careReasonRules,
  firstFieldFailure,
  MEMBER_FIX_LIMITS,
  memberProfileRules,
  moveAgentRules,
  type AdminCard,
  type MemberProfileForm,
  type MoveAgentForm,
  type Rule,
} from '@app/contract';
import { useAction } from '../../shared/useAction';
import { agentKeys } from '../agents/api';
import { careApi } from './care-api';

/**
 * Corrections staff make on a member's behalf, from the member drawer: the name, mobile and email
 * (更正资料), a card (解绑), the member's agent (转移代理). Each asks for the reason the audit log
 * keeps; the contract's rules mark the field at fault before anything is sent.
 */

/** Runs the contract's rules over the form and marks the first failing field; true when all pass. */
function passes<T extends object>(form: FormInstance<T>, value: T, rules: readonly Rule<T>[]): boolean {
  const failure = firstFieldFailure(value, rules);
  form.setFields(Object.keys(value).map((name) => ({ name: name as never, errors: failure?.field === name ? [failure.message] : [] })));
  return failure === null;
}

/** The form's fields as trimmed strings (an untouched input reads undefined). */
function valuesOf<K extends string>(form: FormInstance, keys: readonly K[]): Record<K, string> {
  const raw = form.getFieldsValue() as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, typeof raw[k] === 'string' ? (raw[k] as string).trim() : ''])) as Record<K, string>;
}

export function ProfileFix({ memberId, profile }: { memberId: number; profile: { realname: string; mobile: string; email: string } }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<MemberProfileForm>();
  const save = useAction(careApi.correctProfile, [['member', memberId]], () => setOpen(false));
  const submit = () => {
    const value = valuesOf(form, ['realname', 'mobile', 'email', 'reason'] as const);
    if (passes(form, value, memberProfileRules)) save.mutate({ id: memberId, form: value });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="fix-profile-open">
        更正资料
      </Button>
      <Modal
        title="更正会员资料"
        open={open}
        okText="保存"
        cancelText="取消"
        onOk={submit}
        onCancel={() => setOpen(false)}
        okButtonProps={{ loading: save.isPending, 'data-testid': 'fix-profile-save' } as ButtonProps}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ ...profile, reason: '' }} data-testid="fix-profile-form">
          <Form.Item name="realname" label="姓名">
            <Input maxLength={MEMBER_FIX_LIMITS.realnameMax} data-testid="fix-realname" />
          </Form.Item>
          <Form.Item name="mobile" label="手机" extra="留空即清除">
            <Input maxLength={20} data-testid="fix-mobile" />
          </Form.Item>
          <Form.Item name="email" label="邮箱" extra="留空即清除">
            <Input maxLength={64} data-testid="fix-email" />
          </Form.Item>
          <Form.Item name="reason" label="原因">
            <Input.TextArea rows={2} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="例如：会员来电，核实身份后更正手机号" data-testid="fix-profile-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function CardUnbind({ memberId, card }: { memberId: number; card: AdminCard }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const unbind = useAction(careApi.unbindCard, [['member', memberId]], () => setOpen(false));
  const submit = () => {
    const value = valuesOf(form, ['reason'] as const);
    if (passes(form, value, careReasonRules)) unbind.mutate({ id: memberId, card: card.id, reason: value.reason });
  };
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)} data-testid={`card-unbind-${card.id}`}>
        解绑
      </Button>
      <Modal
        title="解绑银行卡"
        open={open}
        okText="解绑"
        cancelText="取消"
        onOk={submit}
        onCancel={() => setOpen(false)}
        okButtonProps={{ danger: true, loading: unbind.isPending, 'data-testid': 'card-unbind-confirm' } as ButtonProps}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={`解绑 ${card.bank}（${card.bank_no}）后，会员不能再用它取款，可以重新绑定。`} />
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item name="reason" label="原因">
              <Input.TextArea rows={2} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="例如：会员银行卡已注销" data-testid="card-unbind-reason" />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </>
  );
}

export function MoveAgent({ memberId, username }: { memberId: number; username: string }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<MoveAgentForm>();
  const move = useAction(careApi.moveAgent, [['member', memberId], agentKeys.agents], () => setOpen(false));
  const submit = () => {
    const value = valuesOf(form, ['agent', 'reason'] as const);
    if (passes(form, value, moveAgentRules)) move.mutate({ id: memberId, form: value });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="move-agent-open">
        转移代理
      </Button>
      <Modal
        title={`将 ${username} 转到另一代理名下`}
        open={open}
        okText="转移"
        cancelText="取消"
        onOk={submit}
        onCancel={() => setOpen(false)}
        okButtonProps={{ loading: move.isPending, 'data-testid': 'move-agent-confirm' } as ButtonProps}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message="此后的团队数据与佣金按新代理计算，已生成的佣金单不变。" />
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item name="agent" label="新代理">
              <Input maxLength={32} placeholder="代理的用户名或会员ID" data-testid="move-agent-input" />
            </Form.Item>
            <Form.Item name="reason" label="原因">
              <Input.TextArea rows={2} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="记入审计日志" data-testid="move-agent-reason" />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </>
  );
}
