import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { LIMIT_KIND_LABEL, LIMIT_PERIOD_LABEL, MONEY_PERIODS, PROTECTION, PROTECTION_MSG, type LimitKind, type LimitPeriod, type LimitRow } from '@app/contract';
import { showFailure } from '../../../shared/api/client';
import { toast } from '../../../shared/lib/toast';
import { cancelLimit, confirmLimit, protectionKey } from '../api';
import { LimitSheet, type LimitTarget } from './LimitSheet';
import { unitOf } from './units';

const MONEY_KINDS = ['deposit', 'loss', 'wager'] as const;

/** 存款, 亏损 and 投注 per 每日/每周/每月, then 单次游戏时长: each with its use, reset and any pending change. */
export function LimitList({ limits }: { limits: LimitRow[] }) {
  const [target, setTarget] = useState<LimitTarget | null>(null);
  const find = (kind: LimitKind, period: LimitPeriod) => limits.find((l) => l.kind === kind && l.period === period);
  const edit = (kind: LimitKind, period: LimitPeriod) => setTarget({ kind, period, row: find(kind, period) });

  return (
    <>
      <p className="prot-rule" data-testid="limit-rule">
        新设或降低限额<b>立即生效</b>；提高或取消限额须等待<b>{PROTECTION.coolingOffHours}小时</b>冷静期，期满后由您确认才生效。多项限额同时适用时，以最先达到的为准。
      </p>
      {MONEY_KINDS.map((kind) => (
        <div key={kind} className="prot-card" data-testid={`limits-${kind}`}>
          <div className="prot-card-title">{LIMIT_KIND_LABEL[kind]}</div>
          {MONEY_PERIODS.map((period) => (
            <LimitItem key={period} kind={kind} period={period} row={find(kind, period)} onEdit={() => edit(kind, period)} />
          ))}
        </div>
      ))}
      <div className="prot-card" data-testid="limits-session">
        <div className="prot-card-title">{LIMIT_KIND_LABEL.session}</div>
        <LimitItem kind="session" period="session" row={find('session', 'session')} onEdit={() => edit('session', 'session')} />
      </div>
      <LimitSheet target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function LimitItem({ kind, period, row, onEdit }: { kind: LimitKind; period: LimitPeriod; row: LimitRow | undefined; onEdit: () => void }) {
  const unit = unitOf(kind);
  const ratio = row ? Math.min(1, row.used / row.limit) : 0;
  const tone = ratio >= 1 ? 'full' : ratio >= PROTECTION.warnRatio ? 'near' : 'ok';
  return (
    <div className="prot-item" data-testid={`limit-${kind}-${period}`}>
      <div className="prot-item-head">
        <span className="prot-item-period">{period === 'session' ? '每次登录' : LIMIT_PERIOD_LABEL[period]}</span>
        {row ? (
          <span className="prot-item-figure" data-testid={`limit-${kind}-${period}-figure`}>
            <b className={tone}>{row.used}</b> / {row.limit}
            {unit}
          </span>
        ) : (
          <span className="prot-item-unset">未设置</span>
        )}
        <button type="button" className="prot-item-edit" data-testid={`limit-${kind}-${period}-edit`} onClick={onEdit}>
          {row ? '修改' : '设置'}
        </button>
      </div>
      {row && (
        <>
          <div className="prot-bar" role="progressbar" aria-valuemin={0} aria-valuemax={row.limit} aria-valuenow={row.used}>
            <span className={tone} style={{ width: `${ratio * 100}%` }} />
          </div>
          <div className="prot-item-meta">{row.resets_at ? `${row.resets_at} 重置` : '自本次登录起计算'}</div>
        </>
      )}
      {row?.pending && <PendingChange kind={kind} period={period} row={row} />}
    </div>
  );
}

/** A raise or removal waiting for its cooling-off: 确认生效 once it may be, 撤销 at any time. */
function PendingChange({ kind, period, row }: { kind: LimitKind; period: LimitPeriod; row: LimitRow }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pending = row.pending!;
  const act = async (confirm: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      const state = await (confirm ? confirmLimit(kind, period) : cancelLimit(kind, period));
      qc.setQueryData(protectionKey, state);
      void toast({ content: confirm ? PROTECTION_MSG.confirmed : PROTECTION_MSG.cancelled, icon: 'success' });
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="prot-pending" data-testid={`limit-${kind}-${period}-pending`}>
      <div className="prot-pending-text">
        {pending.limit === null ? '申请取消此限额' : `申请调整为 ${pending.limit}${unitOf(kind)}`}
        <span>{pending.confirmable ? '冷静期已满，可确认生效' : `${pending.confirmable_at} 后可确认生效`}</span>
      </div>
      <div className="prot-pending-actions">
        <Button size="mini" shape="rounded" fill="outline" data-testid={`limit-${kind}-${period}-cancel`} disabled={busy} onClick={() => void act(false)}>
          撤销
        </Button>
        <Button size="mini" shape="rounded" color="primary" data-testid={`limit-${kind}-${period}-confirm`} disabled={busy || !pending.confirmable} onClick={() => void act(true)}>
          确认生效
        </Button>
      </div>
    </div>
  );
}
