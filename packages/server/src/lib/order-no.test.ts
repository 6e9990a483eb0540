import { describe, expect, it } from 'vitest';
import { newOrderNo, withOrderNo } from './order-no.js';

const AT = new Date('2026-03-04T16:05:06Z'); // 2026-03-05 00:05:06 in Beijing

describe('newOrderNo', () => {
  it('writes the prefix, the Beijing time and the random tail of each format', () => {
    expect(newOrderNo({ prefix: 'D', random: 6 }, AT)).toMatch(/^D20260305000506\d{6}$/);
    expect(newOrderNo({ prefix: 'T', random: 12 }, AT)).toMatch(/^T20260305000506\d{12}$/);
    expect(newOrderNo({ prefix: 'LT', random: 10, hex: true }, AT)).toMatch(/^LT20260305000506[0-9a-f]{10}$/);
    expect(newOrderNo({ prefix: 'X', random: 5, hex: true }, AT)).toMatch(/^X20260305000506[0-9a-f]{5}$/);
  });

  it('draws the digits at random', () => {
    const tails = new Set(Array.from({ length: 50 }, () => newOrderNo({ prefix: 'T', random: 12 }, AT).slice(-12)));
    expect(tails.size).toBeGreaterThan(45);
  });
});

describe('withOrderNo', () => {
  const D = { prefix: 'D', random: 6 };
  const clash = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'x_no_key' });

  it('tries a fresh number when the attempt says it was taken (undefined)', async () => {
    const tried: string[] = [];
    const got = await withOrderNo(D, async (no) => {
      tried.push(no);
      return tried.length < 3 ? undefined : 42;
    });
    expect(tried).toHaveLength(3);
    expect(got).toEqual({ orderNo: tried[2], value: 42 });
  });

  it('tries again on the unique violation it is told of, and on no other error', async () => {
    let n = 0;
    const got = await withOrderNo(
      D,
      async () => {
        if (++n < 2) throw clash;
        return 'row';
      },
      'x_no_key',
    );
    expect(got.value).toBe('row');
    await expect(withOrderNo(D, async () => Promise.reject(clash))).rejects.toBe(clash);
    await expect(withOrderNo(D, async () => Promise.reject(clash), 'other_key')).rejects.toBe(clash);
  });

  it('gives up after five clashes in a row', async () => {
    let n = 0;
    const taken = async () => {
      n++;
      return undefined;
    };
    await expect(withOrderNo(D, taken)).rejects.toThrow(/5 clashes in a row for D/);
    expect(n).toBe(5);
    n = 0;
    const clashing = async () => {
      n++;
      throw clash;
    };
    await expect(withOrderNo(D, clashing, 'x_no_key')).rejects.toBe(clash);
    expect(n).toBe(5);
  });
});
