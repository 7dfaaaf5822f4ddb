/** Orders two slots of an index (lib/ordered-index.ts): negative when `a` comes first. A total order (ties end on the id). */
export type SlotOrder = (a: number, b: number) => number;

/**
 * Slots of an ordered index kept in one sort's order, in a typed array that grows by doubling. A slot
 * is found by binary search on its sort keys, so it must be removed before its keys change and inserted
 * again after.
 */
export class SortedSlots {
  items: Int32Array;
  length = 0;

  constructor(
    private readonly order: SlotOrder,
    capacity = 16,
  ) {
    this.items = new Int32Array(Math.max(16, capacity));
  }

  /** A list built from slots already in order (the index's load). */
  static ordered(order: SlotOrder, slots: Int32Array): SortedSlots {
    const list = new SortedSlots(order, slots.length);
    list.items.set(slots);
    list.length = slots.length;
    return list;
  }

  /** The first position whose slot does not come before `slot`. */
  private position(slot: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.order(this.items[middle] as number, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** A slot that comes after every slot in the list (a list filled in order). */
  push(slot: number): void {
    this.makeRoom();
    this.items[this.length++] = slot;
  }

  insert(slot: number): void {
    const at = this.position(slot);
    this.makeRoom();
    this.items.copyWithin(at + 1, at, this.length);
    this.items[at] = slot;
    this.length++;
  }

  private makeRoom(): void {
    if (this.length < this.items.length) return;
    const grown = new Int32Array(this.items.length * 2);
    grown.set(this.items);
    this.items = grown;
  }

  remove(slot: number): void {
    const at = this.position(slot);
    if (at >= this.length || this.items[at] !== slot) return;
    this.items.copyWithin(at, at + 1, this.length);
    this.length--;
  }
}

/** The first index whose item passes `test`, for a test false then true along the list. */
export function firstIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(list[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Lists of one sort merged in order (`rank`: each slot's place in it), an entry in two of them once, while
 * `wanted`; true when all were read.
 */
export function mergeLists(
  lists: SortedSlots[],
  rank: Int32Array,
  wanted: () => boolean,
  take: (slot: number) => void,
): boolean {
  const heads = new Int32Array(lists.length);
  while (wanted()) {
    let next = -1;
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i]!;
      if (heads[i]! < list.length) {
        const slot = list.items[heads[i]!]!;
        if (next < 0 || rank[slot]! < rank[next]!) next = slot;
      }
    }
    if (next < 0) return true;
    // an entry heads every list it is in at once (one order for all)
    for (let i = 0; i < lists.length; i++) {
      if (heads[i]! < lists[i]!.length && lists[i]!.items[heads[i]!] === next) heads[i]!++;
    }
    take(next);
  }
  return false;
}

/** The best `keep` slots offered, in order of their places (`rank`), best first. */
export class BestSlots {
  readonly slots: number[] = [];

  constructor(
    private readonly rank: Int32Array,
    private readonly keep: number,
  ) {}

  offer(slot: number): void {
    const { slots, rank, keep } = this;
    const place = rank[slot]!;
    if (slots.length === keep && place >= rank[slots[keep - 1]!]!) return;
    let at = slots.length;
    while (at > 0 && rank[slots[at - 1]!]! > place) at--;
    slots.splice(at, 0, slot);
    if (slots.length > keep) slots.pop();
  }
}
