import { BALL_COUNT, BALL_MAX, DICE_COUNT, DICE_FACES, LOTTERY_SEED_BYTES, LOTTERY_TYPE, drawBlockMessage, rejectionLimit, type LotteryType } from '@app/contract';

/**
 * The browser's own re-computation of a past round (the verify view), with WebCrypto only: nothing
 * here trusts the server beyond the published commitment, the revealed seed and the numbers shown.
 * It follows the server's documented algorithm (modules/lottery/engine/fair.ts) step by step and
 * records every step so the view can show it:
 *
 * 1. The seed is 64 lowercase hex digits: its 32 raw bytes are used below.
 * 2. SHA-256(seed bytes) in lowercase hex must equal the commitment published before the round opened.
 * 3. Blocks Bi = HMAC-SHA256(key = seed bytes, message = UTF-8(code + expect + ':' + i)), i = 0, 1, …,
 *    read one byte at a time.
 * 4. A uniform value in [0, n): limit = 256 − (256 mod n); a byte b < limit gives b mod n, any other
 *    byte is discarded (rejection sampling).
 * 5. 快三: three dice, 1 + uniform(6) each. 六合彩: seven distinct balls, 1 + uniform(49), a number
 *    already drawn is discarded; the seventh is the special.
 *
 * crypto.subtle exists only in a secure context (https, or http on 127.0.0.1/localhost).
 */

const HEX_SEED = /^[0-9a-f]{64}$/;
/** More blocks than any honest round needs (a dice round uses 1, a six-ball round almost always 1). */
const MAX_BLOCKS = 64;

export interface FairBlock {
  counter: number;
  message: string;
  hex: string;
}
/** One byte read from the stream and what it became. */
export interface FairByte {
  block: number;
  index: number;
  byte: number;
  limit: number;
  /** 'value': became a number; 'rejected': at or above the limit; 'duplicate': a ball already drawn. */
  outcome: 'value' | 'rejected' | 'duplicate';
  /** The drawn number (die face or ball) when the byte was accepted by rejection sampling. */
  number?: number;
}
export interface FairReport {
  seedWellFormed: boolean;
  computedCommitment: string;
  commitmentOk: boolean;
  blocks: FairBlock[];
  bytes: FairByte[];
  numbers: number[];
  numbersOk: boolean;
  /** Every check passed. */
  ok: boolean;
}

export interface FairRound {
  type: LotteryType;
  /** The lottery's code (room.lottery.name), part of every block's message. */
  code: string;
  expect: string;
  seed: string;
  commitment: string;
  /** The numbers the server published for the round. */
  published: readonly number[];
}

export function fairSupported(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Recomputes a round from its revealed seed and compares it with what was published. */
export async function verifyRound(round: FairRound): Promise<FairReport> {
  const subtle = globalThis.crypto.subtle;
  const seedWellFormed = HEX_SEED.test(round.seed);
  const empty: FairReport = { seedWellFormed, computedCommitment: '', commitmentOk: false, blocks: [], bytes: [], numbers: [], numbersOk: false, ok: false };
  if (!seedWellFormed) return empty;
  const seed = fromHex(round.seed);
  if (seed.length !== LOTTERY_SEED_BYTES) return empty;

  const computedCommitment = toHex(new Uint8Array(await subtle.digest('SHA-256', seed)));
  const commitmentOk = computedCommitment === round.commitment.toLowerCase();

  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const blocks: FairBlock[] = [];
  const bytes: FairByte[] = [];
  let block = new Uint8Array(0);
  let pos = 0;
  const nextByte = async (): Promise<{ byte: number; block: number; index: number }> => {
    if (pos >= block.length) {
      if (blocks.length >= MAX_BLOCKS) throw new RangeError('too many blocks');
      const counter = blocks.length;
      const message = drawBlockMessage(round.code, round.expect, counter);
      block = new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(message)));
      blocks.push({ counter, message, hex: toHex(block) });
      pos = 0;
    }
    const index = pos++;
    return { byte: block[index]!, block: blocks.length - 1, index };
  };
  /** Step 4, recording the bytes it reads; the last recorded byte is the accepted one. */
  const uniform = async (n: number): Promise<number> => {
    const limit = rejectionLimit(n);
    for (;;) {
      const b = await nextByte();
      if (b.byte < limit) {
        bytes.push({ ...b, limit, outcome: 'value', number: 1 + (b.byte % n) });
        return b.byte % n;
      }
      bytes.push({ ...b, limit, outcome: 'rejected' });
    }
  };

  const numbers: number[] = [];
  try {
    if (round.type === LOTTERY_TYPE.dice) {
      for (let i = 0; i < DICE_COUNT; i++) numbers.push(1 + (await uniform(DICE_FACES)));
    } else {
      while (numbers.length < BALL_COUNT) {
        const candidate = 1 + (await uniform(BALL_MAX));
        if (numbers.includes(candidate)) bytes[bytes.length - 1]!.outcome = 'duplicate';
        else numbers.push(candidate);
      }
    }
  } catch {
    return { ...empty, computedCommitment, commitmentOk, blocks, bytes };
  }
  const numbersOk = numbers.length === round.published.length && numbers.every((n, i) => n === round.published[i]);
  return { seedWellFormed, computedCommitment, commitmentOk, blocks, bytes, numbers, numbersOk, ok: commitmentOk && numbersOk };
}
