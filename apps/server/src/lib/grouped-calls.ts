/**
 * Database calls that each want one row written or read, grouped: while `concurrency` groups are under
 * way, the calls that arrive wait and leave together, up to `maxGroup` in one call of `run`. Below that
 * many groups in flight a call leaves at once, alone, so a quiet server adds no delay; under load the
 * statements per row fall and so do the round trips, which is what a burst of chat messages or a storm
 * of reconnecting sessions is limited by on one pool (docs/decisions/0034-grouped-database-calls.md).
 *
 * `run(inputs)` answers one output per input, in order. When a group of several fails, each of its calls
 * is tried again alone, so one bad row (a chat erased meanwhile) fails its own caller only.
 */
type Pending<In, Out> = { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

export class GroupedCalls<In, Out> {
  #queue: Array<Pending<In, Out>> = [];
  #inFlight = 0;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly options: { concurrency: number; maxGroup: number },
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#pump();
    });
  }

  /** calls waiting for a group to leave (for tests and probes) */
  get waiting(): number {
    return this.#queue.length;
  }

  #pump(): void {
    while (this.#inFlight < this.options.concurrency && this.#queue.length > 0) {
      const group = this.#queue.splice(0, this.options.maxGroup);
      this.#inFlight += 1;
      void this.#runGroup(group).finally(() => {
        this.#inFlight -= 1;
        this.#pump();
      });
    }
  }

  async #runGroup(group: Array<Pending<In, Out>>): Promise<void> {
    try {
      const outs = await this.run(group.map((entry) => entry.input));
      for (const [i, entry] of group.entries()) entry.resolve(outs[i] as Out);
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      await Promise.all(group.map((entry) => this.#runGroup([entry])));
    }
  }
}
