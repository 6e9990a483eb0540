import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROTECTION, type LimitPeriod, type PlayStatus } from '@app/contract';
import { useToken, useUser } from '../auth/session';
import { toast } from '../lib/toast';
import { fetchPlayStatus, playStatusKey } from './playStatus';
import RealityModal from './RealityModal';

const WARNED_KEY = 'protection-warned';
const WARNED_KEEP = 40;

/** The Beijing calendar period a warning belongs to (the contract's periods), or the login for the session limit. */
function periodKey(period: LimitPeriod, token: string): string {
  if (period === 'session') return `s${token.slice(-12)}`;
  const bj = new Date(Date.now() + 8 * 3_600_000);
  if (period === 'day') return bj.toISOString().slice(0, 10);
  if (period === 'month') return bj.toISOString().slice(0, 7);
  const sinceMonday = (bj.getUTCDay() + 6) % 7;
  return `w${new Date(bj.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10)}`;
}

/** Each limit's warning is toasted once per period, remembered on the device; one a poll. */
function toastNewWarnings(warnings: PlayStatus['warnings'], token: string): void {
  if (warnings.length === 0) return;
  let seen: string[] = [];
  try {
    seen = JSON.parse(localStorage.getItem(WARNED_KEY) ?? '[]') as string[];
  } catch {
    seen = [];
  }
  const keyOf = (w: PlayStatus['warnings'][number]) => `${w.kind}:${w.period}:${periodKey(w.period, token)}`;
  // One at a time: the next poll shows the next one.
  const fresh = warnings.find((w) => !seen.includes(keyOf(w)));
  if (!fresh) return;
  void toast({ content: fresh.text, duration: 4000 });
  localStorage.setItem(WARNED_KEY, JSON.stringify([...seen, keyOf(fresh)].slice(-WARNED_KEEP)));
}

/**
 * The reality check and the limit warnings, mounted once above every screen: while
 * a member (not a trial account) is signed in, /api/playStatus is asked every PROTECTION.statusPollMs
 * and after each stake; a due check covers everything, the game frame and the lottery room included,
 * until the member answers it. `onLeave` takes the member back to the hall. Loaded only once a member
 * is signed in (RealityCheckMount): a visitor's first paint does not carry it.
 */
export default function RealityCheck({ onLeave }: { onLeave: () => void }) {
  const token = useToken();
  const { data: user } = useUser();
  const qc = useQueryClient();
  const member = !!token && user?.is_trial === 0;
  const { data: status } = useQuery({
    queryKey: playStatusKey,
    queryFn: fetchPlayStatus,
    enabled: member,
    refetchInterval: PROTECTION.statusPollMs,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    if (member && status) toastNewWarnings(status.warnings, token);
  }, [member, status, token]);

  if (!member || !status?.reality.due) return null;
  return (
    <RealityModal
      reality={status.reality}
      onDone={(leave) => {
        qc.setQueryData<PlayStatus>(playStatusKey, (s) => (s ? { ...s, reality: { ...s.reality, due: false } } : s));
        if (leave) onLeave();
      }}
    />
  );
}
