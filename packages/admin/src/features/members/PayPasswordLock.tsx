import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { PAY_PASSWORD_LOCK, type AdminPayPassword } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';

const STATE_TAGS: Record<AdminPayPassword['state'], { text: string; color: string }> = {
  0: { text: '未设置', color: 'default' },
  1: { text: '已设置', color: 'green' },
  2: { text: '须更换（与登录密码相同）', color: 'orange' },
};

/**
 * A member's payment password in the drawer (DESIGN §4): set or not, wrong attempts in the current
 * window, the lock (PAY_PASSWORD_LOCK) and, for staff with members.state, the button that lifts it.
 */
export function PayPasswordLock({ id }: { id: number }) {
  const { can } = useAuth();
  const status = useQuery({
    queryKey: ['member', id, 'pay-password'],
    queryFn: async () => (await api.get<AdminPayPassword>(`/members/${id}/pay-password`)).data,
  });
  const unlock = useAction(() => api.post(`/members/${id}/pay-password/unlock`), [['member', id, 'pay-password']]);
  const s = status.data;
  if (!s) return <span>—</span>;
  const tag = STATE_TAGS[s.state];
  return (
    <Space size={4} wrap data-testid="paypass-status">
      <Tag color={tag.color}>{tag.text}</Tag>
      {s.locked_until ? (
        <Tag color="red" data-testid="paypass-locked">
          已锁定至 {s.locked_until.slice(5, 16)}
        </Tag>
      ) : (
        s.failures > 0 && (
          <Tooltip title={`${PAY_PASSWORD_LOCK.windowMinutes}分钟内错误${PAY_PASSWORD_LOCK.maxFailures}次将锁定${PAY_PASSWORD_LOCK.lockMinutes}分钟`}>
            <Tag color="gold">
              错误 {s.failures}/{PAY_PASSWORD_LOCK.maxFailures}
            </Tag>
          </Tooltip>
        )
      )}
      {s.locked_until && can('members.state') && (
        <Popconfirm title="解除后该会员可立即再次使用支付密码，确认解除锁定？" onConfirm={() => unlock.mutateAsync(undefined).catch(() => {})}>
          <Button size="small" danger loading={unlock.isPending} data-testid="paypass-unlock">
            解除锁定
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
