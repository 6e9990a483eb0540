import { Tag, Tooltip } from 'antd';
import { ADMIN_MSG, HEDGE_WINDOW_DAYS, HEDGED_SHARE_FLAG, fmt } from '@app/contract';

const percent = (share: number) => String(Number((share * 100).toFixed(1)));

/**
 * A member's hedged share (对冲占比: stake offset by opposite sides of the same round ÷ stake, over the
 * last HEDGE_WINDOW_DAYS), with a red 对冲 tag above HEDGED_SHARE_FLAG explaining why.
 */
export function HedgeShare({ id, share, flagged }: { id: number; share: number; flagged: boolean }) {
  const text = share > 0 ? `${percent(share)}%` : '—';
  if (!flagged) return <span>{text}</span>;
  return (
    <Tooltip title={fmt(ADMIN_MSG.hedgeFlagHint, { days: HEDGE_WINDOW_DAYS, share: percent(share), threshold: percent(HEDGED_SHARE_FLAG) })}>
      <span style={{ color: '#cf1322', whiteSpace: 'nowrap' }}>
        {text}{' '}
        <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid={`hedge-flag-${id}`}>
          对冲
        </Tag>
      </span>
    </Tooltip>
  );
}
