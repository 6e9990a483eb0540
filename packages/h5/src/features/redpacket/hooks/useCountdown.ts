import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of a countdown the server gave at `sinceMs` (the query's dataUpdatedAt), ticking
 * each second from the device's clock; `onZero` runs once when it reaches 0 (the screen refetches).
 * Counting from when the answer arrived, not from each render, keeps it right across re-renders.
 */
export function useCountdown(seconds: number, sinceMs: number, onZero: () => void): number {
  const left = () => Math.max(0, seconds - Math.floor((Date.now() - sinceMs) / 1000));
  const [value, setValue] = useState(left);
  const zero = useRef(onZero);
  zero.current = onZero;
  useEffect(() => {
    if (seconds <= 0) return;
    setValue(left());
    let fired = false;
    const timer = setInterval(() => {
      const v = left();
      setValue(v);
      if (v <= 0 && !fired) {
        fired = true;
        clearInterval(timer);
        zero.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, sinceMs]); // left() reads only these two
  return value;
}

/** 3725 → ['01', '02', '05'] (hours, minutes, seconds). */
export function clockParts(totalS: number): [string, string, string] {
  const pad = (n: number) => String(n).padStart(2, '0');
  return [pad(Math.floor(totalS / 3600)), pad(Math.floor((totalS % 3600) / 60)), pad(totalS % 60)];
}
