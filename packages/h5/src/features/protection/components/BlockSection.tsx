import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { BLOCK_DURATION_LABEL, BLOCK_DURATIONS, BLOCK_KIND_LABEL, BLOCK_KINDS, fmt, PROTECTION_MSG, type BlockDuration, type BlockKind, type BlockState } from '@app/contract';
import { showFailure } from '../../../shared/api/client';
import { FieldErrorsScope, FieldMessage, useFieldError, useFieldErrors } from '../../../shared/components/FieldErrors';
import { confirmDialog } from '../../../shared/lib/dialog';
import { toast } from '../../../shared/lib/toast';
import { protectionKey, setBlock } from '../api';

const ABOUT: Record<BlockKind, string> = {
  timeout: '暂时休息一下：在选定时间内停止存款和游戏。',
  exclusion: '长期远离博彩：在选定时间内（或永久）停止存款和游戏。',
};

/** What a time-out or exclusion means, said before it starts (it cannot be undone). */
function Consequences({ kind, duration }: { kind: BlockKind; duration: BlockDuration }) {
  return (
    <div className="prot-dialog" data-testid="block-dialog">
      <p className="prot-dialog-lead">
        您将开始<b>{BLOCK_DURATION_LABEL[duration]}</b>的{BLOCK_KIND_LABEL[kind]}：
      </p>
      <ul>
        <li>期间不能存款、转入场馆、进入游戏、投注彩票，也不能参加优惠活动、领取红包和福利。</li>
        <li>登录和提款不受影响，您可以随时提取余额。</li>
        <li className="prot-dialog-strong">开始后不能缩短或取消，客服也无法为您解除。</li>
      </ul>
    </div>
  );
}

/** 冷静期 (24小时/7天/30天) and 自我排除 (6个月/1年/5年/永久); a longer one may follow, never a shorter. */
export function BlockSection({ block }: { block: BlockState | null }) {
  const qc = useQueryClient();
  const [chosen, setChosen] = useState<Record<BlockKind, BlockDuration | null>>({ timeout: null, exclusion: null });
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();

  const start = async (kind: BlockKind) => {
    const duration = chosen[kind];
    if (!duration) return errors.fail(PROTECTION_MSG.duration, durationField(kind));
    if (busy) return;
    const sure = await confirmDialog({
      title: `确认开始${BLOCK_KIND_LABEL[kind]}？`,
      content: <Consequences kind={kind} duration={duration} />,
      confirmText: `确认${BLOCK_KIND_LABEL[kind]}`,
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    try {
      const state = await setBlock(kind, duration);
      qc.setQueryData(protectionKey, state);
      const until = state.block?.until ?? '';
      void toast({ content: until ? fmt(PROTECTION_MSG.blockSet, { label: BLOCK_KIND_LABEL[kind], until }) : PROTECTION_MSG.blockSetPermanent, duration: 3000 });
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FieldErrorsScope errors={errors}>
      {block && <p className="prot-rule">您正处于{BLOCK_KIND_LABEL[block.kind]}中，只能延长，不能缩短或取消。</p>}
      {BLOCK_KINDS.map((kind) => (
        <div key={kind} className={`prot-card prot-block-card ${kind}`} data-testid={`block-${kind}`}>
          <div className="prot-card-title">{BLOCK_KIND_LABEL[kind]}</div>
          <p className="prot-block-about">{ABOUT[kind]}</p>
          <div className="prot-chips" role="radiogroup" aria-label={`${BLOCK_KIND_LABEL[kind]}时长`}>
            {BLOCK_DURATIONS[kind].map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={chosen[kind] === d}
                className={`prot-chip${chosen[kind] === d ? ' on' : ''}`}
                data-testid={`block-${kind}-${d}`}
                onClick={() => setChosen((c) => ({ ...c, [kind]: d }))}
              >
                {BLOCK_DURATION_LABEL[d]}
              </button>
            ))}
          </div>
          <DurationError kind={kind} chosen={chosen[kind]} />
          <Button block shape="rounded" className={`prot-block-start ${kind}`} data-testid={`block-${kind}-start`} disabled={busy} onClick={() => void start(kind)}>
            开始{BLOCK_KIND_LABEL[kind]}
          </Button>
        </div>
      ))}
    </FieldErrorsScope>
  );
}

const durationField = (kind: BlockKind) => `${kind}-duration`;

/** 请选择时长 under the chips of its card, gone once one is chosen. */
function DurationError({ kind, chosen }: { kind: BlockKind; chosen: BlockDuration | null }) {
  return <FieldMessage error={useFieldError(durationField(kind), chosen)} />;
}
