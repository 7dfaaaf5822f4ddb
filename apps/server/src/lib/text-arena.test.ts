import { describe, expect, it } from 'vitest';
import { TextArena } from './text-arena.ts';

describe('a text arena', () => {
  it('gives back every text put, accents included, across growth and the reclaiming of released ones', () => {
    const arena = new TextArena();
    const kept = new Map<number, string>();
    for (let i = 0; i < 20_000; i++) {
      const text = `{"name":"Lucía ${i}","description":"${'ñ'.repeat(i % 40)}"}`;
      const id = arena.put(text);
      // two texts of three go, the third stays for good: the buffer fills with released bytes, and the
      // texts kept from every moment are moved when it is reclaimed
      if (i % 3 === 0) kept.set(id, text);
      else arena.release(id);
    }
    for (const [id, text] of kept) expect(arena.get(id)).toBe(text);
  });

  it('gives a released number to the next text, and a second release changes nothing', () => {
    const arena = new TextArena();
    const first = arena.put('uno');
    const second = arena.put('dos');
    arena.release(first);
    arena.release(first);
    const third = arena.put('tres');
    expect(third).toBe(first);
    expect(arena.get(third)).toBe('tres');
    expect(arena.get(second)).toBe('dos');
    expect(arena.put('')).toBe(2);
    expect(arena.get(2)).toBe('');
  });
});
