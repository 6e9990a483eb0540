import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { CloseOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { fmt, limitLabel, PROTECTION, PROTECTION_MSG, setLimitFailure, type LimitKind, type LimitPeriod, type LimitRow } from '@app/contract';
import { ApiError } from '../../../shared/api/client';
import { FieldErrorsScope, FieldMessage, useFieldError, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Sheet } from '../../../shared/components/Sheet';
import { toast } from '../../../shared/lib/toast';
import { protectionKey, setLimit } from '../api';
import { unitOf } from './units';

export interface LimitTarget {
  kind: LimitKind;
  period: LimitPeriod;
  row: LimitRow | undefined;
}

/** The amount typed, as a number; empty is no number (the contract's rule then speaks). */
const parse = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/**
 * Sets, changes or removes one limit. The contract's rule is checked first (at the field and as a
 * toast); the server says whether the change applied at once or waits out its cooling-off.
 */
export function LimitSheet({ target, onClose }: { target: LimitTarget | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();
  const qc = useQueryClient();
  const key = target ? `${target.kind}:${target.period}` : '';
  useEffect(() => {
    setValue('');
    errors.clear();
  }, [key]);

  const send = async (limit: number) => {
    if (!target || busy) return;
    const failure = setLimitFailure({ kind: target.kind, period: target.period, limit });
    if (failure) return errors.fail(failure, 'limit');
    setBusy(true);
    try {
      const result = await setLimit(target.kind, target.period, limit);
      qc.setQueryData(protectionKey, result.state);
      const row = result.state.limits.find((l) => l.kind === target.kind && l.period === target.period);
      if (result.outcome === 'pending') void toast({ content: fmt(PROTECTION_MSG.pending, { from: row?.pending?.confirmable_at ?? '' }), duration: 4000 });
      else void toast({ content: PROTECTION_MSG.applied, icon: 'success' });
      onClose();
    } catch (e) {
      // every refusal of this one-field form is about its field
      if (e instanceof ApiError && e.code !== 0) errors.fail(e.message, 'limit');
    } finally {
      setBusy(false);
    }
  };

  const unit = target ? unitOf(target.kind) : '元';
  const current = target?.row;
  const max = target?.kind === 'session' ? PROTECTION.sessionMaxMinutes : PROTECTION.amountMax;

  return (
    <Sheet visible={!!target} onMaskClick={onClose} onClose={onClose} bodyClassName="prot-sheet-body">
      {target && (
        <FieldErrorsScope errors={errors}>
          <div className="prot-sheet" data-testid="limit-sheet">
            <div className="prot-sheet-head">
              <span className="prot-sheet-title">{limitLabel(target.kind, target.period)}</span>
              <button type="button" className="prot-sheet-close" aria-label="关闭" onClick={onClose}>
                <CloseOutline />
              </button>
            </div>
            <div className="prot-sheet-current">
              当前：{current ? <b>{`${current.limit}${unit}`}</b> : <span>未设置</span>}
              {current?.pending && <span className="prot-sheet-pending">（{current.pending.limit === null ? '取消' : `${current.pending.limit}${unit}`}待确认）</span>}
            </div>
            <LimitInput unit={unit} max={max} value={value} onChange={setValue} placeholder={current ? '请输入新的限额' : '请输入限额'} />
            <p className="prot-sheet-note">降低限额立即生效；提高或取消限额须等待{PROTECTION.coolingOffHours}小时冷静期，期满后由您确认才生效，期间原限额继续有效。</p>
            <Button block color="primary" shape="rounded" className="prot-primary" data-testid="limit-save" loading={busy} onClick={() => void send(parse(value))}>
              保存
            </Button>
            {current && current.pending?.limit !== null && (
              <Button block fill="none" className="prot-remove" data-testid="limit-remove" disabled={busy} onClick={() => void send(0)}>
                取消此限额
              </Button>
            )}
          </div>
        </FieldErrorsScope>
      )}
    </Sheet>
  );
}

function LimitInput({ unit, max, value, onChange, placeholder }: { unit: string; max: number; value: string; onChange: (v: string) => void; placeholder: string }) {
  const error = useFieldError('limit', value);
  return (
    <div className={`prot-input${error.message ? ' field-invalid' : ''}`}>
      <Input ref={error.inputRef} name="limit" data-testid="field-limit" type="number" inputMode="numeric" placeholder={placeholder} value={value} onChange={onChange} max={max} clearable />
      <span className="prot-input-unit">{unit}</span>
      <FieldMessage error={error} />
    </div>
  );
}
