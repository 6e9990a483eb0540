import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useToken } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';
import { useHomeNotices } from '../api';

/** Scroll speed of the announcements, px per second, and the pause before they start moving. */
const SPEED_PX_S = 40;
const DELAY_MS = 1500;

/**
 * The scrolling announcements; a tap opens the message centre (or login for a visitor). A marquee of
 * our own (one measured CSS animation) rather than antd-mobile's NoticeBar, which brings its icons and
 * helpers into the hall's first paint: text wider than the strip starts moving left after DELAY_MS at
 * SPEED_PX_S and then enters again from the right edge, endlessly; text that fits stands still.
 */
export function NoticeStrip({ className = '' }: { className?: string }) {
  const { data } = useHomeNotices();
  const token = useToken();
  const go = useGo();
  const text = (data ?? []).join('　　　　') || '欢迎光临，祝您游戏愉快！';
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const [run, setRun] = useState<{ from: number; to: number } | null>(null);

  useLayoutEffect(() => {
    const measure = () => {
      const w = box.current?.clientWidth ?? 0;
      const t = line.current?.scrollWidth ?? 0;
      setRun(t > w ? { from: w, to: t } : null);
    };
    measure();
    const ro = new ResizeObserver(measure);
    if (box.current) ro.observe(box.current);
    return () => ro.disconnect();
  }, [text]);

  // The first pass starts where the text stands; every later one enters from the right edge.
  const first = run ? run.to / SPEED_PX_S : 0;
  const style = run
    ? ({
        '--from': `${run.from}px`,
        '--to': `${-run.to}px`,
        animation: `notice-first ${first}s linear ${DELAY_MS}ms 1, notice-scroll ${(run.from + run.to) / SPEED_PX_S}s linear ${DELAY_MS + first * 1000}ms infinite`,
      } as CSSProperties)
    : undefined;
  return (
    <div className={`notice-strip ${className}`} data-testid="notice-bar" onClick={() => go(token ? '/message' : `/login?redirect=${encodeURIComponent('/message')}`)}>
      <svg className="notice-strip-icon" viewBox="0 0 24 24" aria-hidden>
        <path d="M3 9.5v5h4l5 4.5V5L7 9.5H3zm13.5 2.5a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" fill="currentColor" />
      </svg>
      <div className="notice-strip-box" ref={box}>
        <span className="notice-strip-text" ref={line} style={style} key={`${text}:${run?.from}:${run?.to}`}>
          {text}
        </span>
      </div>
    </div>
  );
}
