import { useEffect, useState } from 'react';

/** Seconds left until `deadlineMs`, ticking every second and stopping at 0. */
export function useCountdown(deadlineMs: number | null): number {
  const left = () => (deadlineMs === null ? 0 : Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (deadlineMs === null || left() <= 0) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadlineMs]);
  return seconds;
}

/** 3599 → 59:59; the payment window's 3600 shows as 60:00. */
export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A wire time 'YYYY-MM-DD HH:mm:ss' (Beijing, DESIGN §3) as epoch milliseconds. */
export function beijingMs(wire: string): number {
  return new Date(`${wire.replace(' ', 'T')}+08:00`).getTime();
}
