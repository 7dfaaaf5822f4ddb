/**
 * Writes that each store one row, grouped: while `concurrency` groups are being written, the writes that
 * arrive wait and leave together, up to `maxGroup` in one call of `write`. Below that many groups in
 * flight a write leaves at once, alone, so a quiet server adds no delay; under load the statements per
 * row fall and so do the round trips, which is what a burst of chat messages is limited by.
 *
 * `write(inputs)` answers one output per input, in order. When a group of several fails, each of its
 * writes is tried again alone, so one bad row (a chat erased meanwhile) fails its own caller only.
 */
type Pending<In, Out> = { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

export class GroupedWrites<In, Out> {
  #queue: Array<Pending<In, Out>> = [];
  #inFlight = 0;

  constructor(
    private readonly write: (inputs: In[]) => Promise<Out[]>,
    private readonly options: { concurrency: number; maxGroup: number },
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#pump();
    });
  }

  /** writes waiting for a group to leave (for tests and probes) */
  get waiting(): number {
    return this.#queue.length;
  }

  #pump(): void {
    while (this.#inFlight < this.options.concurrency && this.#queue.length > 0) {
      const group = this.#queue.splice(0, this.options.maxGroup);
      this.#inFlight += 1;
      void this.#writeGroup(group).finally(() => {
        this.#inFlight -= 1;
        this.#pump();
      });
    }
  }

  async #writeGroup(group: Array<Pending<In, Out>>): Promise<void> {
    try {
      const outs = await this.write(group.map((entry) => entry.input));
      for (const [i, entry] of group.entries()) entry.resolve(outs[i] as Out);
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      await Promise.all(group.map((entry) => this.#writeGroup([entry])));
    }
  }
}
