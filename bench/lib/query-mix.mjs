/**
 * Query mixes as people produce them: a large pool of distinct requests, ranked, and drawn with a Zipf
 * law (the first request is asked about twice as often as the second, three times as often as the third…),
 * so a few requests are very common and most are rare, as in a real search box. Every connection of the
 * load generator draws its own sequence, so connections do not ask the same thing in lockstep.
 * Deterministic: the same seed gives the same pool and the same draws.
 */

/** mulberry32: a small seeded generator, good enough to draw benchmark requests. */
export function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = (random, values) => values[Math.floor(random() * values.length)];

/** 'García' → 'Garcia': half of the people type without accents. */
export const withoutAccents = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Draws an index in [0, n) with probability proportional to 1 / (rank + 1)^exponent. */
export function zipf(n, random, exponent = 1) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) {
    total += 1 / (rank + 1) ** exponent;
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** What a person types while looking for a word: its first 3, 4, 5… letters, then the whole word. */
export function typedPrefixes(word) {
  const lower = word.toLowerCase();
  const prefixes = [];
  for (let length = 3; length < lower.length; length++) prefixes.push(lower.slice(0, length));
  prefixes.push(lower);
  return prefixes;
}

/**
 * `size` distinct paths made by `make(random)` (it is called until that many distinct ones exist), in a
 * shuffled rank order, so popularity does not follow the order they were made in.
 */
export function distinctPool(size, make, seed = 1) {
  const random = randomFrom(seed);
  const pool = new Set();
  for (let attempts = 0; pool.size < size && attempts < size * 50; attempts++) pool.add(make(random));
  const ranked = [...pool];
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j], ranked[i]];
  }
  return ranked;
}

/**
 * An autocannon `setupClient` that gives each connection its own Zipf-drawn sequence of `perConnection`
 * GET requests from `pool`, and the tally of what was drawn (how many distinct paths the run can ask for).
 */
export function zipfClients(pool, { perConnection = 2_000, seed = 7, exponent = 1 } = {}) {
  const random = randomFrom(seed);
  const draw = zipf(pool.length, random, exponent);
  const drawn = new Set();
  const setupClient = (client) => {
    const requests = Array.from({ length: perConnection }, () => {
      const path = pool[draw()];
      drawn.add(path);
      return { method: 'GET', path };
    });
    client.setRequests(requests);
  };
  return { setupClient, drawn };
}
