import { describe, expect, it } from 'vitest';
import { batchReader, perDatabase } from './batch.js';

describe('batchReader', () => {
  it('answers the calls of one event-loop turn with one read, each its own row', async () => {
    const reads: number[][] = [];
    const read = batchReader(async (ids: number[]) => {
      reads.push(ids);
      return new Map(ids.filter((id) => id !== 3).map((id) => [id, id * 10]));
    });
    const got = await Promise.all([read(1), read(2), read(3), read(2)]);
    expect(got).toEqual([10, 20, undefined, 20]);
    expect(reads).toHaveLength(1);
    // a later turn reads anew: nothing is cached
    expect(await read(1)).toBe(10);
    expect(reads).toHaveLength(2);
  });

  it('gathers calls made in separate callbacks of the same turn of the event loop', async () => {
    const reads: number[][] = [];
    const read = batchReader(async (ids: number[]) => {
      reads.push(ids);
      return new Map(ids.map((id) => [id, id]));
    });
    const calls: Promise<number | undefined>[] = [];
    await new Promise<void>((resolve) => {
      let pending = 3;
      for (const id of [7, 8, 9]) {
        setImmediate(() => {
          calls.push(read(id));
          if (--pending === 0) resolve();
        });
      }
    });
    expect(await Promise.all(calls)).toEqual([7, 8, 9]);
    expect(reads).toEqual([[7, 8, 9]]);
  });

  it('splits a large turn into reads of at most the batch size', async () => {
    const sizes: number[] = [];
    const read = batchReader(async (ids: number[]) => {
      sizes.push(ids.length);
      return new Map(ids.map((id) => [id, id]));
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => read(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('fails every call of a batch whose read fails, and the next turn reads again', async () => {
    let fail = true;
    const read = batchReader(async (ids: number[]) => {
      if (fail) throw new Error('database away');
      return new Map(ids.map((id) => [id, id]));
    });
    const results = await Promise.allSettled([read(1), read(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(1)).toBe(1);
  });
});

describe('perDatabase', () => {
  it('makes one value per handle', () => {
    let made = 0;
    const of = perDatabase((db: { name: string }) => ({ db: db.name, n: ++made }));
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(of(a)).toBe(of(a));
    expect(of(b).db).toBe('b');
    expect(made).toBe(2);
  });
});
