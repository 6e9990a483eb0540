import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Dropdown, Space, Table, Tag, Tooltip, Typography, type ButtonProps } from 'antd';
import { DownOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { PROVIDER_MODE_LABELS, PROVIDER_STATE_LABELS, PROVIDER_STATES, type AdminProvider, type ProviderHealthWindow, type ProviderMode, type ProviderState } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { providerApi, providerKeys } from './api';
import { EditProviderModal, KeyOnceModal, NewProviderModal, RotateKeyModal } from './ProviderModals';
import './providers.css';
import { RefreshButton } from '../../shared/components/RefreshButton';

/** The list refreshes on its own this often, so the health columns stay current. */
const REFRESH_MS = 30_000;

const MODE_COLORS: Record<ProviderMode, string> = { transfer: 'blue', seamless: 'purple' };
const STATE_COLORS: Record<ProviderState, string> = { on: 'green', off: 'default', maintenance: 'orange' };
/** What each switch does, said before it is done. */
const STATE_EFFECTS: Record<ProviderState, string> = {
  on: '供应商恢复正常：其场馆可进入，无缝钱包照常处理请求。',
  maintenance: '维护中：无缝钱包拒绝新的下注，其余请求（余额、派彩、回滚）照常处理。',
  off: '关闭：拒绝该供应商的一切请求，其场馆会员不可进入。',
};

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 2 : 1)}%`;

/** A health figure of the last 5 minutes, the last hour's beside it on hover. */
function Figure({ testId, now, hour, show }: { testId: string; now: ProviderHealthWindow; hour: ProviderHealthWindow; show(w: ProviderHealthWindow): string }) {
  return (
    <Tooltip title={`最近1小时：${show(hour)}（${hour.calls} 次调用）`}>
      <span className="provider-figure" data-testid={testId}>
        {now.calls === 0 ? <span className="muted">—</span> : show(now)}
      </span>
    </Tooltip>
  );
}

/** A provider's state; for staff who may change it, a menu of the other states (each confirmed before it is set). */
function StateSwitch({ provider: p, manage, busy, onPick }: { provider: AdminProvider; manage: boolean; busy: boolean; onPick(state: ProviderState): void }) {
  const tag = (
    <Tag color={STATE_COLORS[p.state]} className={manage ? 'provider-state-pick' : ''} data-testid={`provider-state-${p.code}`}>
      {PROVIDER_STATE_LABELS[p.state]}
      {manage && (busy ? <LoadingOutlined /> : <DownOutlined />)}
    </Tag>
  );
  if (!manage) return tag;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: PROVIDER_STATES.filter((s) => s !== p.state).map((s) => ({ key: s, label: <span data-testid={`provider-set-${s}`}>设为{PROVIDER_STATE_LABELS[s]}</span>, danger: s === 'off' })),
        onClick: ({ key }) => onPick(key as ProviderState),
      }}
    >
      <span role="button" tabIndex={0} aria-label="切换状态" data-testid={`provider-state-menu-${p.code}`}>
        {tag}
      </span>
    </Dropdown>
  );
}

/**
 * 游戏供应商: the providers the platform reaches (transfer wallet) or is reached by (seamless wallet),
 * each with its merchant id, key (masked; whole only once, after adding or rotating), venues and how
 * its calls went over the last 5 minutes (the last hour on hover); staff with providers.manage add,
 * edit, switch and rotate.
 */
export default function ProvidersPage() {
  const { can } = useAuth();
  const manage = can('providers.manage');
  const { modal } = App.useApp();
  const list = useQuery({ queryKey: providerKeys.providers, queryFn: providerApi.list, refetchInterval: REFRESH_MS });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminProvider | null>(null);
  const [rotating, setRotating] = useState<AdminProvider | null>(null);
  const [shownKey, setShownKey] = useState<{ title: string; provider: string; key: string } | null>(null);
  const refresh = [providerKeys.providers, providerKeys.venues];
  const create = useAction(providerApi.create, refresh, (made) => {
    setAdding(false);
    setShownKey({ title: '供应商已添加', provider: made.provider.name, key: made.key });
  });
  const edit = useAction(providerApi.edit, refresh, () => setEditing(null));
  const rotate = useAction(providerApi.rotate, refresh, (made) => {
    setRotating(null);
    setShownKey({ title: '密钥已轮换', provider: made.provider.name, key: made.key });
  });
  const switchState = useAction(providerApi.setState, refresh);

  const confirmState = (p: AdminProvider, state: ProviderState) =>
    modal.confirm({
      title: `将 ${p.name} 设为「${PROVIDER_STATE_LABELS[state]}」？`,
      content: STATE_EFFECTS[state],
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: state === 'off', 'data-testid': 'provider-state-confirm' } as ButtonProps,
      onOk: () => switchState.mutateAsync({ code: p.code, state }).catch(() => undefined),
    });

  return (
    <Card
      title="游戏供应商"
      className="providers-page"
      extra={
        <Space>
          {manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="provider-add">
              新增供应商
            </Button>
          )}
          <RefreshButton query={list} />
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="转账钱包：平台调用供应商接口转入转出；无缝钱包：供应商调用平台钱包接口下注派彩。密钥只在添加或轮换时完整显示一次，列表中仅显示掩码。健康数据为最近5分钟（悬停查看最近1小时）。"
      />
      <Table<AdminProvider>
        rowKey="code"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(p) => ({ 'data-testid': `provider-row-${p.code}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: '供应商',
            fixed: 'left',
            render: (_, p) => (
              <div className="provider-name">
                <b>{p.name}</b>
                <span className="mono muted">{p.code}</span>
              </div>
            ),
          },
          {
            title: '方式 / 状态',
            render: (_, p) => (
              <div className="provider-stack">
                <Tag color={MODE_COLORS[p.mode]}>{PROVIDER_MODE_LABELS[p.mode]}</Tag>
                <StateSwitch provider={p} manage={manage} busy={switchState.isPending && switchState.variables?.code === p.code} onPick={(state) => confirmState(p, state)} />
              </div>
            ),
          },
          {
            title: '商户号 / 密钥',
            render: (_, p) => (
              <div className="provider-stack mono">
                <span>{p.merchant_id}</span>
                <span data-testid={`provider-key-${p.code}`}>{p.key}</span>
                {p.previous_key && (
                  <Tooltip title={`轮换前的密钥在 ${p.previous_key_until} 之前仍被接受`}>
                    <span className="muted small" data-testid={`provider-previous-key-${p.code}`}>
                      旧 {p.previous_key} 至 {p.previous_key_until?.slice(5, 16)}
                    </span>
                  </Tooltip>
                )}
              </div>
            ),
          },
          {
            title: '场馆',
            render: (_, p) => (
              <Space size={[0, 4]} wrap className="provider-venue-tags">
                {p.venues.map((v) => (
                  <Tooltip key={v.code} title={`${v.name}${v.enabled ? '' : '（关闭）'}`}>
                    <Tag color={v.enabled ? undefined : 'default'} className={v.enabled ? '' : 'provider-venue-off'}>
                      {v.code}
                    </Tag>
                  </Tooltip>
                ))}
              </Space>
            ),
          },
          { title: '调用/分', align: 'right', render: (_, p) => <Figure testId={`provider-cpm-${p.code}`} now={p.health.last_5m} hour={p.health.last_1h} show={(w) => w.calls_per_min.toFixed(1)} /> },
          {
            title: '错误率',
            align: 'right',
            render: (_, p) => (
              <span className={p.health.last_5m.error_rate >= 0.05 ? 'provider-bad' : ''}>
                <Figure testId={`provider-errors-${p.code}`} now={p.health.last_5m} hour={p.health.last_1h} show={(w) => percent(w.error_rate)} />
              </span>
            ),
          },
          { title: 'p99', align: 'right', render: (_, p) => <Figure testId={`provider-p99-${p.code}`} now={p.health.last_5m} hour={p.health.last_1h} show={(w) => (w.p99_ms === null ? '—' : `${w.p99_ms} ms`)} /> },
          {
            title: '最近失败',
            width: 160,
            render: (_, p) => {
              const f = p.health.last_5m.last_failure ?? p.health.last_1h.last_failure;
              if (!f) return <span className="muted">—</span>;
              return (
                <div className="provider-failure" data-testid={`provider-last-failure-${p.code}`}>
                  <span className="small">{f.at.slice(5)}</span>
                  <Typography.Text type="danger" ellipsis={{ tooltip: f.reason }} className="provider-failure-reason">
                    {f.reason}
                  </Typography.Text>
                </div>
              );
            },
          },
          ...(manage
            ? [
                {
                  title: '操作',
                  fixed: 'right' as const,
                  render: (_: unknown, p: AdminProvider) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setEditing(p)} data-testid={`provider-edit-${p.code}`}>
                        编辑
                      </Button>
                      <Button size="small" onClick={() => setRotating(p)} data-testid={`provider-rotate-${p.code}`}>
                        轮换密钥
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <NewProviderModal open={adding} busy={create.isPending} onCancel={() => setAdding(false)} onSubmit={(form) => create.mutate(form)} />
      <EditProviderModal provider={editing} busy={edit.isPending} onCancel={() => setEditing(null)} onSubmit={(form) => editing && edit.mutate({ code: editing.code, form })} />
      <RotateKeyModal provider={rotating} busy={rotate.isPending} onCancel={() => setRotating(null)} onSubmit={(form) => rotating && rotate.mutate({ code: rotating.code, form })} />
      <KeyOnceModal shown={shownKey} onClose={() => setShownKey(null)} />
    </Card>
  );
}
