import { useQuery } from '@tanstack/react-query';
import { DESK_POLL_MS, type DeskCounts } from '@app/contract';
import { api } from './api';

/** GET /desk/counts every DESK_POLL_MS, in the background too (the tab title tells of a new withdrawal). */
export function useDeskCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['desk-counts'],
    queryFn: async () => (await api.get<DeskCounts>('/desk/counts')).data,
    refetchInterval: DESK_POLL_MS,
    refetchIntervalInBackground: true,
    enabled,
  });
}

/** A short two-note chime (Web Audio: no file to load); silent where the browser allows no sound yet. */
export function chime(): void {
  try {
    const ctx = new AudioContext();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.5);
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = hz;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + 0.5);
    });
    setTimeout(() => void ctx.close(), 800);
  } catch {
    // no audio in this browser: the badge and the title still tell
  }
}
