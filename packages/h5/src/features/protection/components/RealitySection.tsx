import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { CloseOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { PROTECTION, PROTECTION_MSG, realityMinutesFailure } from '@app/contract';
import { ApiError } from '../../../shared/api/client';
import { FieldErrorsScope, FieldMessage, useFieldError, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Sheet } from '../../../shared/components/Sheet';
import { toast } from '../../../shared/lib/toast';
import { protectionKey, setReality } from '../api';

const PRESETS = [15, 30, 45, 60, 90, 120];

/** 游戏提醒: how often (15–120 minutes) the reality check interrupts play. */
export function RealitySection({ minutes }: { minutes: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="prot-card" data-testid="reality-setting">
      <div className="prot-item-head">
        <span className="prot-item-period">提醒间隔</span>
        <span className="prot-item-figure" data-testid="reality-minutes">
          每 <b className="ok">{minutes}</b> 分钟
        </span>
        <button type="button" className="prot-item-edit" data-testid="reality-edit" onClick={() => setOpen(true)}>
          修改
        </button>
      </div>
      <p className="prot-block-about">游戏达到设定时长时，将暂停并显示本次登录的游戏时长和输赢，确认后才能继续。</p>
      <RealitySheet open={open} minutes={minutes} onClose={() => setOpen(false)} />
    </div>
  );
}

function RealitySheet({ open, minutes, onClose }: { open: boolean; minutes: number; onClose: () => void }) {
  const [value, setValue] = useState(String(minutes));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();
  const qc = useQueryClient();
  useEffect(() => {
    if (!open) return;
    setValue(String(minutes));
    errors.clear();
  }, [open, minutes]);

  const save = async () => {
    if (busy) return;
    const n = value.trim() === '' ? Number.NaN : Number(value);
    const failure = realityMinutesFailure(n);
    if (failure) return errors.fail(failure, 'minutes');
    setBusy(true);
    try {
      qc.setQueryData(protectionKey, await setReality(n));
      void toast({ content: PROTECTION_MSG.realitySaved, icon: 'success' });
      onClose();
    } catch (e) {
      // every refusal of this one-field form is about its field
      if (e instanceof ApiError && e.code !== 0) errors.fail(e.message, 'minutes');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="prot-sheet-body">
      <FieldErrorsScope errors={errors}>
        <div className="prot-sheet" data-testid="reality-sheet">
          <div className="prot-sheet-head">
            <span className="prot-sheet-title">游戏提醒</span>
            <button type="button" className="prot-sheet-close" aria-label="关闭" onClick={onClose}>
              <CloseOutline />
            </button>
          </div>
          <div className="prot-chips">
            {PRESETS.map((p) => (
              <button key={p} type="button" className={`prot-chip${value === String(p) ? ' on' : ''}`} data-testid={`reality-preset-${p}`} onClick={() => setValue(String(p))}>
                {p}分钟
              </button>
            ))}
          </div>
          <MinutesInput value={value} onChange={setValue} />
          <p className="prot-sheet-note">
            可设置{PROTECTION.realityMinMinutes}~{PROTECTION.realityMaxMinutes}分钟，默认{PROTECTION.realityDefaultMinutes}分钟，修改立即生效。
          </p>
          <Button block color="primary" shape="rounded" className="prot-primary" data-testid="reality-save" loading={busy} onClick={() => void save()}>
            保存
          </Button>
        </div>
      </FieldErrorsScope>
    </Sheet>
  );
}

function MinutesInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const error = useFieldError('minutes', value);
  return (
    <div className={`prot-input${error.message ? ' field-invalid' : ''}`}>
      <Input ref={error.inputRef} name="minutes" data-testid="field-minutes" type="number" inputMode="numeric" placeholder="提醒间隔" value={value} onChange={onChange} clearable />
      <span className="prot-input-unit">分钟</span>
      <FieldMessage error={error} />
    </div>
  );
}
