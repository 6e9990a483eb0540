/**
 * `stake × num / den` rounded down to the fen: every payout of the demo venue and the in-house lottery
 * is rounded this way. Lives in lib/ (neutral ground) so the lottery does not import the demo venue.
 */
export function payFen(stakeFen: number, num: number, den: number): number {
  const product = stakeFen * num;
  if (!Number.isSafeInteger(product)) throw new RangeError('payout out of range');
  return (product - (product % den)) / den;
}
