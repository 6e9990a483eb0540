import { useCallback, useEffect, useRef, useState } from 'react';
import type { Captcha } from '@app/contract';
import { fetchCaptcha } from '../api';

/**
 * One captcha at a time: a new picture when it becomes active (on mount by default; the login form
 * activates it once the server asks for a captcha), on tap and after a failed attempt.
 */
export function useCaptcha(active = true) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const next = await fetchCaptcha();
      if (ticket === latest.current) setCaptcha(next);
    } catch {
      if (ticket === latest.current) setCaptcha(null);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (active) void refresh();
  }, [active, refresh]);
  return { captcha, loading, refresh };
}
