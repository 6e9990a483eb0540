import type { DemoVenue } from '../../venue-demo/service.js';
import type { VenueAdapter, VenueAnswer } from './adapter.js';

/**
 * The adapter of the built-in demo venue. In-process calls stand where an external provider's
 * HTTP API would be; the player id the venue knows is the member id as text.
 */
export function demoAdapter(venue: DemoVenue): VenueAdapter {
  const player = (memberId: number) => String(memberId);
  const toAnswer = (a: Awaited<ReturnType<DemoVenue['transferIn']>>): VenueAnswer => (a.ok ? { status: 'ok' } : { status: 'failed', reason: a.error });
  return {
    async balance(code, memberId) {
      return (await venue.balances(player(memberId), [code])).get(code) ?? 0;
    },
    balances: (codes, memberId) => venue.balances(player(memberId), codes),
    transferIn: async (code, memberId, amountFen, ref) => toAnswer(await venue.transferIn(code, player(memberId), amountFen, ref)),
    transferOut: async (code, memberId, amountFen, ref) => toAnswer(await venue.transferOut(code, player(memberId), amountFen, ref)),
    status: (code, ref) => venue.status(code, ref),
    voidRef: (code, ref) => venue.voidRef(code, ref),
  };
}
