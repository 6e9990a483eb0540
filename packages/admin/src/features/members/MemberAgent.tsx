import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Tag, Tooltip, type ButtonProps } from 'antd';
import { ADMIN_LIMITS, AGENT_MSG, staffReasonFailure } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { agentApi, agentKeys } from '../agents/api';
import { submitForm } from '../../shared/submitForm';

/**
 * A member's agent status in the member drawer: 代理 since when and how many members
 * it invited, or its latest application's state; for agents.manage, 设为代理 / 取消代理 with a reason
 * the audit log keeps.
 */
export function MemberAgent({ id, username }: { id: number; username: string }) {
  const { can } = useAuth();
  const [changing, setChanging] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const status = useQuery({ queryKey: agentKeys.member(id), queryFn: () => agentApi.member(id) });
  const change = useAction(agentApi.setStatus, [agentKeys.member(id), agentKeys.applications, agentKeys.agents], () => setChanging(false));
  const s = status.data;
  if (!s) return <span>—</span>;
  const granting = s.isagent === 0;
  const app = s.application;
  return (
    <Space size={4} wrap data-testid="member-agent">
      {s.isagent === 1 ? (
        <>
          <Tag color="purple" data-testid="member-agent-state">
            代理
          </Tag>
          <span style={{ color: '#8c8c8c', fontSize: 12 }}>
            {s.since ? `${s.since.slice(0, 10)} 起 · ` : ''}邀请 {s.invited} 人
          </span>
        </>
      ) : (
        <>
          <Tag data-testid="member-agent-state">非代理</Tag>
          {app && app.state !== 1 && (
            <Tooltip title={app.reason ? `原因：${app.reason}` : app.apply_info}>
              <Tag color={app.state === 0 ? 'gold' : 'red'}>申请{app.state_text}</Tag>
            </Tooltip>
          )}
        </>
      )}
      {can('agents.manage') && !s.is_trial && (
        <Button size="small" danger={!granting} onClick={() => setChanging(true)} data-testid="member-agent-change">
          {granting ? '设为代理' : '取消代理'}
        </Button>
      )}
      <Modal
        title={granting ? `将 ${username} 设为代理` : `取消 ${username} 的代理资格`}
        open={changing}
        okText={granting ? '设为代理' : '取消代理'}
        okButtonProps={{ danger: !granting, loading: change.isPending, 'data-testid': 'member-agent-confirm' } as ButtonProps}
        cancelText="返回"
        onCancel={() => setChanging(false)}
        onOk={submitForm(form, (v) => change.mutate({ id, isagent: granting ? 1 : 0, reason: v.reason.trim() }))}
        afterOpenChange={(visible) => visible || form.resetFields()}
        destroyOnHidden
      >
        <p style={{ color: '#8c8c8c' }}>{granting ? '该会员将成为代理并收到站内信；其待审核的代理申请一并通过。' : '该会员将不再是代理，“我的”页面恢复为“申请代理”。'}</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="原因"
            rules={[{ validator: (_, v) => (staffReasonFailure(v ?? '', AGENT_MSG.changeReason) ? Promise.reject(new Error(staffReasonFailure(v ?? '', AGENT_MSG.changeReason)!)) : Promise.resolve()) }]}
          >
            <Input.TextArea rows={3} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="记入审计日志" data-testid="member-agent-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
