/**
 * A few seconds of memory for answers that many people ask for at once and that may be a little old
 * (the lawyer directory): per key, the first caller runs the work and everyone asking within `ttlMs`
 * shares its promise, so a burst of identical requests costs one query. At most `maxEntries` keys, the
 * least recently used going first. A failed load is forgotten at once. `ttlMs` 0 turns it off.
 */
export class MicroCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    if (entry && entry.expiresAt > this.now()) {
      this.#entries.set(key, entry);
      return entry.value;
    }
    const value = load();
    const fresh = { value, expiresAt: this.now() + this.ttlMs };
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

  /** Drops one key (its next `get` loads anew). */
  forget(key: string): void {
    this.#entries.delete(key);
  }

  /** The keys held now, expired ones included. */
  keys(): IterableIterator<string> {
    return this.#entries.keys();
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
