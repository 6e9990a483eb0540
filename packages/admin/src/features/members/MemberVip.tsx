import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Progress, Select, Space, Spin, Table, Tag, type ButtonProps } from 'antd';
import { ADMIN_LIMITS, fmt, LOYALTY_ADMIN_MSG, staffReasonFailure, vipProgress, yuanToFen, type AdminMemberVip, type AdminVipHistoryRow } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { VipTag } from '../../shared/components/VipTag';
import { loyaltyApi, loyaltyKeys } from '../loyalty/api';
import './member-vip.css';
import { submitForm } from '../../shared/submitForm';

const REASON_COLORS: Record<string, string> = { promotion: 'green', relegation: 'red', manual: 'blue' };

/** Whole percent of `part` in `whole`, capped at 100 (0 when nothing is asked). */
const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 100);

/**
 * A member's VIP in the member drawer: the level, progress to the next one (both conditions), the
 * current 90-day retention period, the history of level changes, and 调整等级 for loyalty.manage.
 */
export function MemberVip({ memberId, username }: { memberId: number; username: string }) {
  const { can } = useAuth();
  const [changing, setChanging] = useState(false);
  const vip = useQuery({ queryKey: loyaltyKeys.memberVip(memberId), queryFn: () => loyaltyApi.memberVip(memberId) });
  const v = vip.data;
  if (!v) return vip.isLoading ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : <Alert type="error" message={vip.error?.message ?? '加载失败'} />;

  return (
    <div className="member-vip" data-testid="member-vip">
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="当前等级">
          <Space>
            <VipTag level={v.level} />
            {v.is_trial && <Tag>试玩账号不参与</Tag>}
            {can('loyalty.manage') && !v.is_trial && (
              <Button size="small" onClick={() => setChanging(true)} data-testid="vip-change-open">
                调整等级
              </Button>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="最近变动">{v.changed_on || '—'}</Descriptions.Item>
        <Descriptions.Item label="累计存款">{yuan(v.paysum)}</Descriptions.Item>
        <Descriptions.Item label="累计流水">{yuan(v.flow)}</Descriptions.Item>
        <Descriptions.Item label={v.next ? `晋级VIP${v.next.level}` : '晋级'} span={2}>
          {v.next ? <NextTier vip={v} next={v.next} /> : <span className="muted">已是最高等级</span>}
        </Descriptions.Item>
        <Descriptions.Item label="保级周期" span={2}>
          <RetentionPeriod vip={v} />
        </Descriptions.Item>
      </Descriptions>
      <Table<AdminVipHistoryRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={v.history}
        locale={{ emptyText: '暂无等级变动（会员从VIP1开始）' }}
        data-testid="vip-history"
        columns={[
          { title: '时间', dataIndex: 'created_at' },
          { title: '变动', render: (_, h) => <Tag color={REASON_COLORS[h.reason]}>{h.reason_label}</Tag> },
          {
            title: '等级',
            render: (_, h) => (
              <Space size={4}>
                <VipTag level={h.from_level} />→<VipTag level={h.to_level} />
              </Space>
            ),
          },
          { title: '原因', dataIndex: 'note', render: (n: string) => n || <span className="muted">—</span> },
          { title: '操作人', dataIndex: 'staff_name', render: (n: string) => n || <span className="muted">系统</span> },
        ]}
      />
      <VipChangeModal vip={v} memberId={memberId} username={username} open={changing} onClose={() => setChanging(false)} />
    </div>
  );
}

/** Both promotion conditions with their progress; the contract's vipProgress gives the deposit's. */
function NextTier({ vip, next }: { vip: AdminMemberVip; next: NonNullable<AdminMemberVip['next']> }) {
  const deposit = vipProgress(yuanToFen(vip.paysum) ?? 0, yuanToFen(next.recharge) ?? 0);
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <span>
        累计存款 {yuan(vip.paysum)} / {yuan(next.recharge)}
        <Progress percent={next.recharge > 0 ? deposit : 100} size="small" />
      </span>
      <span>
        累计流水 {yuan(vip.flow)} / {yuan(next.flow)}
        <Progress percent={share(vip.flow, next.flow)} size="small" />
      </span>
    </Space>
  );
}

function RetentionPeriod({ vip }: { vip: AdminMemberVip }) {
  if (vip.level <= 1) return <span className="muted">VIP1 不会降级</span>;
  const kept = vip.period_flow >= vip.retention_flow;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <span>
        {vip.period_start} 至 {vip.period_end}
      </span>
      <span>
        周期内有效投注 {yuan(vip.period_flow)} / 保级流水 {yuan(vip.retention_flow)} {kept ? <Tag color="green">已达保级</Tag> : <Tag color="orange">未达保级</Tag>}
        <Progress percent={share(vip.period_flow, vip.retention_flow)} size="small" status={kept ? 'success' : 'normal'} />
      </span>
    </Space>
  );
}

interface ChangeValues {
  level: number;
  reason: string;
}
const check = (failure: string | null) => (failure ? Promise.reject(new Error(failure)) : Promise.resolve());

/** 调整等级: a level other than the current one and a reason (history and audit log); no 晋级礼金 is paid. */
function VipChangeModal({ vip, memberId, username, open, onClose }: { vip: AdminMemberVip; memberId: number; username: string; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<ChangeValues>();
  const change = useAction((v: ChangeValues) => loyaltyApi.changeMemberVip(memberId, v.level, v.reason), [loyaltyKeys.memberVip(memberId), ['member', memberId], ['members']], onClose);
  return (
    <Modal
      title={`调整等级 · ${username}`}
      open={open}
      onCancel={onClose}
      okText="确认调整"
      cancelText="取消"
      confirmLoading={change.isPending}
      okButtonProps={{ 'data-testid': 'vip-change-submit' } as ButtonProps}
      onOk={submitForm(form, (v) => change.mutate(v))}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`当前等级 VIP${vip.level}。人工调整立即生效并开始新的90天保级周期，不发放晋级礼金；当日不再自动晋级。`} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="level" label="新等级" rules={[{ validator: (_, l) => check(!l ? LOYALTY_ADMIN_MSG.vipLevel : l === vip.level ? fmt(LOYALTY_ADMIN_MSG.vipSame, { level: l }) : null) }]}>
          <Select
            placeholder="选择等级"
            options={Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: `VIP${i + 1}`, disabled: i + 1 === vip.level }))}
            data-testid="vip-change-level"
          />
        </Form.Item>
        <Form.Item name="reason" label="调整原因" rules={[{ validator: (_, r) => check(staffReasonFailure(r ?? '', LOYALTY_ADMIN_MSG.vipReason)) }]}>
          <Input.TextArea rows={3} maxLength={ADMIN_LIMITS.reasonMax} showCount placeholder="必填，将记入等级变动记录与审计日志" data-testid="vip-change-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
