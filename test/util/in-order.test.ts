// InOrder: values that come in any order are used in the order they were added, at most `limit` waiting; the first
// failure stops what comes after it and is reported.
import { describe, expect, it } from 'vitest';
import { InOrder } from '../../src/util/in-order.js';

/** A promise and the functions that settle it, by hand. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('InOrder', () => {
  it('uses values in the order they were added, whatever order they come in', async () => {
    const order = new InOrder(10);
    const used: number[] = [];
    const values = [later<number>(), later<number>(), later<number>()];
    for (const v of values) order.add(v.promise, (n) => void used.push(n));
    order.add(4, (n) => void used.push(n));
    values[2]!.resolve(3);
    values[1]!.resolve(2);
    await tick();
    expect(used).toEqual([]);
    values[0]!.resolve(1);
    await order.idle();
    expect(used).toEqual([1, 2, 3, 4]);
  });

  it('waits for one use to end before the next begins', async () => {
    const order = new InOrder(10);
    const events: string[] = [];
    const slow = later<void>();
    order.add('a', async (v) => {
      events.push(`start ${v}`);
      await slow.promise;
      events.push(`end ${v}`);
    });
    order.add('b', (v) => void events.push(`start ${v}`));
    await tick();
    expect(events).toEqual(['start a']);
    slow.resolve();
    await order.idle();
    expect(events).toEqual(['start a', 'end a', 'start b']);
  });

  it('asks to wait when `limit` values wait, until the oldest is used', async () => {
    const order = new InOrder(2);
    const first = later<number>();
    expect(order.add(first.promise, () => {})).toBeUndefined();
    const full = order.add(2, () => {});
    expect(full).toBeInstanceOf(Promise);
    let room = false;
    void full!.then(() => (room = true));
    await tick();
    expect(room).toBe(false);
    first.resolve(1);
    await tick();
    expect(room).toBe(true);
  });

  it('reports the first failure, and uses nothing after it', async () => {
    const order = new InOrder(10);
    const used: number[] = [];
    const bad = later<number>();
    order.add(1, (n) => void used.push(n));
    order.add(bad.promise, (n) => void used.push(n));
    order.add(3, (n) => void used.push(n));
    bad.reject(new Error('broken'));
    await expect(order.idle()).rejects.toThrow('broken');
    expect(used).toEqual([1]);
    await expect(order.add(4, () => {})).rejects.toThrow('broken');
    // A failing use is a failure too.
    const other = new InOrder(10);
    other.add(1, () => {
      throw new Error('cannot write');
    });
    await expect(other.idle()).rejects.toThrow('cannot write');
  });
});
