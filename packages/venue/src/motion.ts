/**
 * The player's `prefers-reduced-motion: reduce` (an accessibility setting): the games then run their
 * reels, deals and throws in a fifth of the time. Read at each use, so a changed setting applies to the
 * next round.
 */
const REDUCED_FACTOR = 0.2;

export function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** `ms` of motion, shortened when the player asked for less. */
export function motionMs(ms: number): number {
  return reducedMotion() ? Math.round(ms * REDUCED_FACTOR) : ms;
}
