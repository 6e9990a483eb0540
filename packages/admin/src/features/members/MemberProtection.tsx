import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Progress, Space, Table, Tag, Typography } from 'antd';
import { BLOCK_DURATION_LABEL, BLOCK_KIND_LABEL, limitLabel, PROTECTION, type AdminProtectionView, type LimitRow, type ProtectionEventRow } from '@app/contract';
import { yuan } from '../../shared/format';
import { byLabel, limitValue, protectionApi, protectionKeys } from '../protection/api';
import { LongerBlockModal, StricterLimitModal } from './ProtectionModals';
import './member-protection.css';

/**
 * 安全与健康 in the member drawer: what the member set for itself (limits with this period's use and
 * any raise waiting for its cooling-off, the time-out or exclusion in force, the reality interval)
 * and every change with who made it. Read-only, except that staff may make it stricter: a lower or
 * new limit, a longer block (the server refuses anything else).
 */
export function MemberProtection({ memberId, username }: { memberId: number; username: string }) {
  const [open, setOpen] = useState<'limit' | 'block' | null>(null);
  const view = useQuery({ queryKey: protectionKeys.member(memberId), queryFn: () => protectionApi.member(memberId) });
  const v = view.data;
  if (!v) return view.isLoading ? <Card loading size="small" /> : <Alert type="error" showIcon message={view.error?.message ?? '加载失败'} />;
  return (
    <Space direction="vertical" size={12} className="protection" data-testid="member-protection">
      <BlockState view={v} />
      <Space wrap>
        <Button onClick={() => setOpen('limit')} data-testid="protection-limit-open">
          设置更严格限额
        </Button>
        <Button danger onClick={() => setOpen('block')} data-testid="protection-block-open">
          加入冷静期/自我排除
        </Button>
        <Typography.Text type="secondary">只能让限制更严格：降低或新增限额、延长冷静期或自我排除</Typography.Text>
      </Space>
      <Card size="small" title="限额">
        <Table<LimitRow>
          rowKey={(r) => `${r.kind}-${r.period}`}
          size="small"
          pagination={false}
          dataSource={v.limits}
          locale={{ emptyText: '会员未设置限额' }}
          data-testid="protection-limits"
          columns={[
            { title: '限额', render: (_, r) => limitLabel(r.kind, r.period), width: 130 },
            { title: '额度', align: 'right', render: (_, r) => <span className="protection-amount">{limitValue(r)}</span>, width: 120 },
            { title: '本期已用', render: (_, r) => <Usage row={r} />, width: 220 },
            { title: '重置时间', dataIndex: 'resets_at', render: (t: string) => t || <span className="protection-muted">重新登录时</span>, width: 140 },
            { title: '待生效变更', render: (_, r) => <PendingChange row={r} /> },
          ]}
        />
      </Card>
      <Card size="small" title="变更记录">
        <Table<ProtectionEventRow>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={v.history}
          locale={{ emptyText: '暂无变更' }}
          data-testid="protection-history"
          columns={[
            { title: '时间', dataIndex: 'at', width: 150, render: (t: string) => <span className="protection-nowrap">{t}</span> },
            { title: '操作人', dataIndex: 'by', width: 100, render: (b: string) => (b === 'member' ? <Tag>{byLabel(b)}</Tag> : <Tag color="blue">{b}</Tag>) },
            { title: '内容', dataIndex: 'text' },
            { title: '原因', dataIndex: 'reason', render: (r: string) => r || <span className="protection-muted">—</span> },
          ]}
        />
      </Card>
      <StricterLimitModal view={v} memberId={memberId} username={username} open={open === 'limit'} onClose={() => setOpen(null)} />
      <LongerBlockModal view={v} memberId={memberId} username={username} open={open === 'block'} onClose={() => setOpen(null)} />
    </Space>
  );
}

/** The time-out or exclusion in force (or none), the reality interval and the current login. */
function BlockState({ view }: { view: AdminProtectionView }) {
  const b = view.block;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      labelStyle={{ whiteSpace: 'nowrap', width: 130 }}
      data-testid="protection-state"
      items={[
        {
          key: 'block',
          label: '冷静期/自我排除',
          span: 2,
          children: b ? (
            <Space wrap size={6} data-testid="protection-block">
              <Tag color={b.kind === 'exclusion' ? 'red' : 'orange'}>{BLOCK_KIND_LABEL[b.kind]}</Tag>
              <span>{BLOCK_DURATION_LABEL[b.duration]}</span>
              <span className="protection-muted">
                {b.started_at} 起，{b.until ? `至 ${b.until}` : '永久'}
              </span>
              <span className="protection-muted">期间不能存款、转入场馆、游戏或参加活动，提款不受影响</span>
            </Space>
          ) : (
            <span className="protection-muted" data-testid="protection-block">
              无
            </span>
          ),
        },
        {
          key: 'reality',
          label: '游戏提醒',
          span: view.session_started_at ? 1 : 2,
          children: (
            <>
              每 {view.reality_minutes} 分钟{view.reality_minutes === PROTECTION.realityDefaultMinutes && <span className="protection-muted">（默认）</span>}
            </>
          ),
        },
        // The console asks without a member's login, so the server may not know one.
        ...(view.session_started_at ? [{ key: 'session', label: '本次登录', children: view.session_started_at }] : []),
      ]}
    />
  );
}

/** This period's use of a limit: warned from PROTECTION.warnRatio, red when reached. */
function Usage({ row }: { row: LimitRow }) {
  const percent = row.limit > 0 ? Math.min(100, Math.floor((row.used / row.limit) * 100)) : 0;
  const warned = percent >= PROTECTION.warnRatio * 100;
  return (
    <div className="protection-usage">
      <span className="protection-nowrap">{row.kind === 'session' ? `${row.used} 分钟` : yuan(row.used)}</span>
      <Progress percent={percent} size="small" status={percent >= 100 ? 'exception' : 'normal'} strokeColor={warned && percent < 100 ? '#fa8c16' : undefined} format={(p) => (p !== undefined && p >= 100 ? '已达上限' : `${p}%`)} />
    </div>
  );
}

/** A raise or a removal waiting for its cooling-off; the old limit holds until the member confirms it. */
function PendingChange({ row }: { row: LimitRow }) {
  const p = row.pending;
  if (!p) return <span className="protection-muted">—</span>;
  return (
    <Space size={4} wrap>
      <Tag color="gold">{p.limit === null ? '申请取消' : `申请提高至 ${limitValue({ kind: row.kind, limit: p.limit })}`}</Tag>
      <span className="protection-muted protection-nowrap">{p.confirmable ? '冷静期已满，待会员确认' : `${p.confirmable_at} 后会员可确认`}</span>
    </Space>
  );
}
