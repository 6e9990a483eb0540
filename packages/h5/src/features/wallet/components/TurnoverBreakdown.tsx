import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { formatYuan, type TurnoverSource } from '@app/contract';
import { fetchTurnoverSources, turnoverSourcesKey } from '../api';

/** A multiple as people say it: ×1, ×10, ×1.5. */
const times = (m: number) => `×${Number.isInteger(m) ? m : m.toFixed(2).replace(/0$/, '')}`;

function SourceRow({ source, index }: { source: TurnoverSource; index: number }) {
  const done = Math.max(0, source.required - source.remaining);
  const percent = source.required > 0 ? Math.min(100, Math.floor((done / source.required) * 100)) : 100;
  return (
    <li className="turnover-source" data-testid={`turnover-source-${index}`}>
      <div className="turnover-source-head">
        <span className={`turnover-source-kind kind-${source.kind}`} data-testid="turnover-source-label">
          {source.label}
        </span>
        <span className="turnover-source-basis" data-testid="turnover-source-basis">
          {formatYuan(source.amount)} {times(source.multiple)} = {formatYuan(source.required)}
        </span>
      </div>
      <div className="turnover-source-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="turnover-source-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="turnover-source-foot">
        <span>{source.created_at.slice(5, 16)}</span>
        <span>
          还需 <b data-testid="turnover-source-remaining">{formatYuan(source.remaining)}</b>
        </span>
      </div>
    </li>
  );
}

/**
 * /withdrawal's 打码量, part by part: what each deposit, bonus, rebate or red packet asked for and
 * what is left of it (the oldest first: bets complete them in that order). Folded to the first parts.
 */
export function TurnoverBreakdown() {
  const { data } = useQuery({ queryKey: turnoverSourcesKey, queryFn: fetchTurnoverSources, staleTime: 0 });
  const [open, setOpen] = useState(false);
  if (!data || data.sources.length === 0) return null;
  const FOLDED = 3;
  const shown = open ? data.sources : data.sources.slice(0, FOLDED);
  const hidden = data.sources.length - shown.length;
  return (
    <div className="turnover-breakdown" data-testid="turnover-breakdown">
      <div className="turnover-breakdown-title">打码量来源</div>
      <ul className="turnover-sources">
        {shown.map((s, i) => (
          <SourceRow key={i} source={s} index={i} />
        ))}
      </ul>
      {open && data.more.count > 0 && (
        <div className="turnover-breakdown-more" data-testid="turnover-more">
          另有 {data.more.count} 笔，还需 {formatYuan(data.more.remaining)}
        </div>
      )}
      {(hidden > 0 || open) && data.sources.length > FOLDED && (
        <button type="button" className="turnover-breakdown-toggle" data-testid="turnover-toggle" onClick={() => setOpen((v) => !v)}>
          {open ? (
            <>
              收起 <UpOutline />
            </>
          ) : (
            <>
              查看全部 {data.sources.length + data.more.count} 笔 <DownOutline />
            </>
          )}
        </button>
      )}
    </div>
  );
}
