import { describe, expect, it } from 'vitest';
import { MicroCache } from './micro-cache.ts';

describe('MicroCache', () => {
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers the same key from memory until it expires', async () => {
    const time = clock();
    const cache = new MicroCache<number>(5_000, 10, { now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    time.advance(4_999);
    expect(await cache.get('a', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('shares one load between callers that ask at the same time', async () => {
    const cache = new MicroCache<string>(5_000, 10);
    let loads = 0;
    let finish: (value: string) => void = () => {};
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const asked = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    finish('listo');
    expect(await Promise.all(asked)).toEqual(['listo', 'listo', 'listo']);
    expect(loads).toBe(1);
  });

  it('forgets a failed load at once', async () => {
    const cache = new MicroCache<string>(5_000, 10);
    await expect(cache.get('k', () => Promise.reject(new Error('caída')))).rejects.toThrow('caída');
    expect(await cache.get('k', async () => 'bien')).toBe('bien');
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new MicroCache<string>(5_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('can be cleared, and does nothing with a time of 0', async () => {
    const cache = new MicroCache<number>(5_000, 10);
    await cache.get('a', async () => 1);
    cache.clear();
    expect(await cache.get('a', async () => 2)).toBe(2);
    const off = new MicroCache<number>(0, 10);
    let loads = 0;
    await off.get('a', async () => ++loads);
    await off.get('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(off.size).toBe(0);
  });

  describe('with refresh ahead', () => {
    const deferred = () => {
      let resolve: (value: number) => void = () => {};
      let reject: (error: Error) => void = () => {};
      const promise = new Promise<number>((ok, ko) => {
        resolve = ok;
        reject = ko;
      });
      return { promise, resolve, reject };
    };

    it('loads a key asked for near its end in the background, answering the current value meanwhile', async () => {
      const time = clock();
      const cache = new MicroCache<number>(5_000, 10, { now: time.now, refreshAheadMs: 1_000 });
      const loads: Array<ReturnType<typeof deferred>> = [];
      const load = () => {
        loads.push(deferred());
        return loads.at(-1)!.promise;
      };
      const first = cache.get('a', load);
      loads[0]!.resolve(1);
      expect(await first).toBe(1);
      time.advance(3_999);
      expect(await cache.get('a', load)).toBe(1);
      expect(loads).toHaveLength(1);
      time.advance(1); // 1 s left: one refresh starts, callers still get 1
      expect(await cache.get('a', load)).toBe(1);
      expect(await cache.get('a', load)).toBe(1);
      expect(loads).toHaveLength(2);
      loads[1]!.resolve(2);
      await loads[1]!.promise;
      expect(await cache.get('a', load)).toBe(2);
      // the new value lives ttlMs from when its load started
      time.advance(4_999);
      expect(await cache.get('a', load)).toBe(2);
      expect(loads).toHaveLength(3);
    });

    it('keeps a refresh that fails or that a forget overtook out of the cache', async () => {
      const time = clock();
      const cache = new MicroCache<number>(5_000, 10, { now: time.now, refreshAheadMs: 1_000 });
      await cache.get('a', async () => 1);
      time.advance(4_500);
      const failing = deferred();
      expect(await cache.get('a', () => failing.promise)).toBe(1);
      failing.reject(new Error('caída'));
      await failing.promise.catch(() => {});
      // the failure changed nothing: the next caller still gets 1 and starts another refresh (which brings 9)
      expect(await cache.get('a', async () => 9)).toBe(1);
      expect(await cache.get('a', async () => 10)).toBe(9);
      time.advance(4_500);
      const overtaken = deferred();
      expect(await cache.get('a', () => overtaken.promise)).toBe(9);
      cache.forget('a');
      overtaken.resolve(2);
      await overtaken.promise;
      expect(await cache.get('a', async () => 3)).toBe(3);
    });
  });
});
