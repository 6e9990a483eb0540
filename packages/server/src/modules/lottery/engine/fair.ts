import { createHash, createHmac, randomBytes } from 'node:crypto';
import { BALL_COUNT, BALL_MAX, DICE_COUNT, DICE_FACES, LOTTERY_SEED_BYTES, LOTTERY_TYPE, drawBlockMessage, rejectionLimit, type LotteryType } from '@app/contract';
import type { Rng } from '../../../lib/rng.js';

/**
 * Provably fair draw (DESIGN §7). Byte for byte, so that the browser's verify view (WebCrypto) gets the
 * same result:
 *
 * 1. Seed: 32 random bytes, written as 64 lowercase hex digits. Everything below uses the 32 raw bytes.
 * 2. Commitment (published before the round opens): lowercase hex of SHA-256(the 32 seed bytes).
 *    Verify: SHA-256(hex-decoded seed) equals the commitment (and the seed is 64 hex digits).
 * 3. Byte stream of the round: blocks B0, B1, B2, … with
 *      Bi = HMAC-SHA256(key = the 32 seed bytes, message = UTF-8(code + expect + ':' + i)),
 *    i in decimal without padding, code the lottery code, expect the round number as written on the
 *    wire (e.g. 'k3_60' + '202611220001' + ':' + '0'). The stream is B0 ‖ B1 ‖ … (32 bytes per block),
 *    read one byte at a time from the first byte of B0; a block is computed when the previous is used up.
 * 4. Uniform integer in [0, n) for n ≤ 256 (here n = 6 or 49): limit = 256 − (256 mod n) (252 for 6,
 *    245 for 49). Read the next byte b; if b < limit the value is b mod n, otherwise discard b and read
 *    the next byte (rejection sampling: every value is exactly equally likely).
 * 5. Type 2 (快三): three dice, in order: die = 1 + uniform(6), three times.
 *    Type 1 (六合彩): seven balls, in order: candidate = 1 + uniform(49); if the candidate equals a ball
 *    already drawn in this round, discard it and draw a new candidate (continuing the same stream);
 *    otherwise it is the next ball. Balls 1–6 are the 正码 in draw order, ball 7 the special (特码).
 *    (The result is uniform over ordered 7-tuples of distinct numbers.)
 */

const HEX_SEED = /^[0-9a-f]{64}$/;

/** A fresh secret seed for one round: 32 bytes from the CSPRNG, hex. */
export function newSeed(): string {
  return randomBytes(LOTTERY_SEED_BYTES).toString('hex');
}

function seedBytes(seedHex: string): Buffer {
  if (!HEX_SEED.test(seedHex)) throw new RangeError('seed must be 64 lowercase hex digits');
  return Buffer.from(seedHex, 'hex');
}

/** sha256(seed bytes) as lowercase hex: what is published before the round opens. */
export function commitmentOf(seedHex: string): string {
  return createHash('sha256').update(seedBytes(seedHex)).digest('hex');
}

/** True when the revealed seed is well formed and hashes to the published commitment. */
export function verify(commitment: string, seedHex: string): boolean {
  if (!HEX_SEED.test(seedHex)) return false;
  return commitmentOf(seedHex) === commitment.toLowerCase();
}

/**
 * The round's byte stream (step 3) as an Rng (step 4). Ranges are limited to [1, 256]: one byte per
 * attempt keeps the browser's re-implementation short.
 */
export function fairRng(seedHex: string, lotteryCode: string, expect: string): Rng {
  const key = seedBytes(seedHex);
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let pos = 0;
  const nextByte = (): number => {
    if (pos >= block.length) {
      block = createHmac('sha256', key).update(drawBlockMessage(lotteryCode, expect, counter++), 'utf8').digest();
      pos = 0;
    }
    return block[pos++]!;
  };
  return {
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 256) {
        throw new RangeError(`fair rng range must be an integer in [1, 256]: ${maxExclusive}`);
      }
      const limit = rejectionLimit(maxExclusive);
      for (;;) {
        const b = nextByte();
        if (b < limit) return b % maxExclusive;
      }
    },
  };
}

/** Step 5 on any Rng (tests may force a result with scriptedRng). */
export function drawWith(rng: Rng, type: LotteryType): number[] {
  if (type === LOTTERY_TYPE.dice) {
    const dice: number[] = [];
    for (let i = 0; i < DICE_COUNT; i++) dice.push(1 + rng.int(DICE_FACES));
    return dice;
  }
  const balls: number[] = [];
  while (balls.length < BALL_COUNT) {
    const candidate = 1 + rng.int(BALL_MAX);
    if (!balls.includes(candidate)) balls.push(candidate);
  }
  return balls;
}

/** The round's result from its seed: 3 dice (type 2) or 7 distinct balls, the last the special (type 1). */
export function drawResult(type: LotteryType, lotteryCode: string, expect: string, seedHex: string): number[] {
  return drawWith(fairRng(seedHex, lotteryCode, expect), type);
}
