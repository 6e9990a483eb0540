import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** Scroll speed, px per second, and the pause before the text starts moving. */
const SPEED_PX_S = 40;
const DELAY_MS = 1500;

/**
 * One line that scrolls when it is wider than its box (the hall's announcements and winners). A
 * marquee of our own (one measured CSS animation) rather than antd-mobile's NoticeBar, which brings its
 * icons and helpers into the hall's first paint: content wider than the box starts moving left after
 * DELAY_MS at SPEED_PX_S and then enters again from the right edge, endlessly; content that fits stands
 * still. `contentKey` changes whenever the content does (it is measured again).
 */
export function Marquee({ contentKey, children }: { contentKey: string; children: ReactNode }) {
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
  }, [contentKey]);

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
    <div className="notice-strip-box" ref={box}>
      <span className="notice-strip-text" ref={line} style={style} key={`${contentKey}:${run?.from}:${run?.to}`}>
        {children}
      </span>
    </div>
  );
}
