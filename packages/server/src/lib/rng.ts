import { createHash, randomInt } from 'node:crypto';

/**
 * The one source of chance of every game: a uniform, unbiased integer in [0, maxExclusive). Used by the
 * demo venue's engines and the lottery's draw, so it lives in lib/ rather than inside either.
 * Production uses `cryptoRng`; simulations and reproducible tests use `seededRng`.
 */
export interface Rng {
  int(maxExclusive: number): number;
}

/** node:crypto's randomInt accepts ranges below 2^48. */
export const RNG_MAX_RANGE = 2 ** 48 - 1;

function checkRange(maxExclusive: number): void {
  if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > RNG_MAX_RANGE) {
    throw new RangeError(`rng range must be an integer in [1, 2^48): ${maxExclusive}`);
  }
}

/** Crypto-grade: node:crypto randomInt (CSPRNG, rejection sampling inside). */
export const cryptoRng: Rng = {
  int(maxExclusive) {
    checkRange(maxExclusive);
    return maxExclusive === 1 ? 0 : randomInt(maxExclusive);
  },
};

/**
 * Deterministic generator for simulations, schedules and reproducible tests: SHA-256 in counter mode
 * (block i = SHA-256(seed ‖ 0x00 ‖ i)) read as a big-endian byte stream, 4-byte words for ranges up to
 * 2^32 and 6-byte words above, with rejection sampling (words at or above the largest multiple of the
 * range are discarded), so every value is exactly equally likely. Not for real-money outcomes: anyone
 * knowing the seed knows the stream.
 */
export function seededRng(seed: string | number): Rng {
  const prefix = `${String(seed)}\u0000`;
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let pos = 0;
  const word = (bytes: number): number => {
    let v = 0;
    for (let i = 0; i < bytes; i++) {
      if (pos >= block.length) {
        block = createHash('sha256').update(prefix + counter++).digest();
        pos = 0;
      }
      v = v * 256 + block[pos++]!;
    }
    return v;
  };
  return {
    int(maxExclusive) {
      checkRange(maxExclusive);
      if (maxExclusive === 1) return 0;
      const bytes = maxExclusive <= 2 ** 32 ? 4 : 6;
      const space = 2 ** (8 * bytes);
      const limit = space - (space % maxExclusive);
      for (;;) {
        const w = word(bytes);
        if (w < limit) return w % maxExclusive;
      }
    },
  };
}

/** A uniform double in [0, 1) with 53 random bits (two draws). */
export function uniform(rng: Rng): number {
  return (rng.int(2 ** 26) * 2 ** 27 + rng.int(2 ** 27)) / 2 ** 53;
}

/**
 * Index drawn with probability weights[i] / Σweights, exactly: integer weights and one draw of
 * rng.int(Σweights).
 */
export function pickWeighted(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.int(total);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  throw new Error('unreachable: weights');
}

/**
 * Index drawn from double probabilities by inverse CDF on a 53-bit uniform (the last index takes any
 * rounding remainder). Exact up to double precision; used where the model's probabilities are real
 * numbers (Poisson goals).
 */
export function pickByProbability(rng: Rng, probabilities: readonly number[]): number {
  const u = uniform(rng);
  let acc = 0;
  for (let i = 0; i < probabilities.length - 1; i++) {
    acc += probabilities[i]!;
    if (u < acc) return i;
  }
  return probabilities.length - 1;
}

/**
 * For tests only (HTTP, e2e, engine tests): an Rng that returns the given values in order, so a test
 * can force a deal or a spin. Throws when a value is outside the requested range or the script runs out.
 */
export function scriptedRng(values: readonly number[]): Rng & { left(): number } {
  let i = 0;
  return {
    int(maxExclusive) {
      if (i >= values.length) throw new Error('scripted rng exhausted');
      const v = values[i++]!;
      if (!(Number.isInteger(v) && v >= 0 && v < maxExclusive)) throw new Error(`scripted value ${v} outside [0, ${maxExclusive})`);
      return v;
    },
    left: () => values.length - i,
  };
}
