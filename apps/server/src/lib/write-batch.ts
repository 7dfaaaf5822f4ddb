/**
 * One write for many callers: every `add(key)` within `delayMs` of the first joins the same batch, which
 * `flush(keys, at)` stores in one statement; each caller's promise settles with that statement (resolving
 * with the batch's time `at`, or rejecting with its error). A key added twice to a batch is written once.
 * While a batch is being written, the next one gathers.
 *
 * For bookkeeping written on events that come in bursts, such as last_connection on every chat CONNECT and
 * close: a reconnect storm of thousands of sessions would otherwise queue thousands of single-row UPDATEs
 * in the pool, ahead of the chat's own messages.
 */
export class WriteBatch {
  #keys = new Set<string>();
  #settle: { promise: Promise<Date>; resolve: (at: Date) => void; reject: (error: unknown) => void } | null =
    null;

  constructor(
    private readonly flush: (keys: string[], at: Date) => Promise<void>,
    readonly delayMs: number,
  ) {}

  add(key: string): Promise<Date> {
    this.#keys.add(key);
    if (!this.#settle) {
      let resolve: (at: Date) => void = () => {};
      let reject: (error: unknown) => void = () => {};
      const promise = new Promise<Date>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      this.#settle = { promise, resolve, reject };
      setTimeout(() => void this.#write(), this.delayMs);
    }
    return this.#settle.promise;
  }

  async #write(): Promise<void> {
    const keys = [...this.#keys];
    const settle = this.#settle;
    this.#keys = new Set();
    this.#settle = null;
    if (!settle) return;
    const at = new Date();
    try {
      await this.flush(keys, at);
      settle.resolve(at);
    } catch (error) {
      settle.reject(error);
    }
  }
}
