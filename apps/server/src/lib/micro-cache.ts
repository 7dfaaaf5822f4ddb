type Entry<V> = { value: Promise<V>; expiresAt: number; refreshing: boolean };

/**
 * A few seconds of memory for answers that many people ask for at once and that may be a little old
 * (the lawyer directory): per key, the first caller runs the work and everyone asking within `ttlMs`
 * shares its promise, so a burst of identical requests costs one query. At most `maxEntries` keys, the
 * least recently used going first. A failed load is forgotten at once. `ttlMs` 0 turns it off.
 *
 * With `refreshAheadMs`, a key asked for in the last `refreshAheadMs` of its life is loaded again in the
 * background while callers keep the current answer: a page asked for all the time never expires in front
 * of a caller, and no answer is older than `ttlMs` plus one load. A key forgotten or cleared during that
 * load keeps what the load brings out of the cache.
 */
export class MicroCache<V> {
  readonly #entries = new Map<string, Entry<V>>();

  readonly refreshAheadMs: number;
  private readonly now: () => number;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    { refreshAheadMs = 0, now = Date.now }: { refreshAheadMs?: number; now?: () => number } = {},
  ) {
    this.refreshAheadMs = refreshAheadMs;
    this.now = now;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    const now = this.now();
    if (entry && entry.expiresAt > now) {
      this.#entries.set(key, entry);
      if (!entry.refreshing && entry.expiresAt - now <= this.refreshAheadMs) this.#refresh(key, entry, load);
      return entry.value;
    }
    const value = load();
    const fresh: Entry<V> = { value, expiresAt: now + this.ttlMs, refreshing: false };
    this.#entries.set(key, fresh);
    value.catch(() => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key);
    });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }

  /** Loads `key` again while the entry keeps answering; the new answer replaces it once it has come. */
  #refresh(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    const startedAt = this.now();
    const value = load();
    value.then(
      () => {
        entry.refreshing = false;
        if (this.#entries.get(key) !== entry) return;
        entry.value = value;
        entry.expiresAt = startedAt + this.ttlMs;
      },
      // a failed refresh changes nothing: the entry expires as it would have, and the next caller loads
      () => {
        entry.refreshing = false;
      },
    );
  }

  /** Drops one key (its next `get` loads anew). */
  forget(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
