/**
 * Texts kept as UTF-8 bytes in one growing buffer instead of as strings: a million texts are then one object
 * for the collector instead of a million, and its full collections, which run on the server's thread, stay
 * short (docs/decisions/0042-directory-index-in-memory.md). A text is put once and read by its number; a
 * released text's bytes are reclaimed when the buffer is next full and at least half of it is released.
 */
export class TextArena {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private live = 0;
  private starts = new Int32Array(1024);
  /** each number's text's length in bytes; -1: released */
  private lengths = new Int32Array(1024).fill(-1);
  private count = 0;
  private readonly released: number[] = [];

  /** The text's number. */
  put(text: string): number {
    const length = Buffer.byteLength(text, 'utf8');
    this.makeRoom(length);
    const id = this.released.pop() ?? this.nextNumber();
    this.bytes.write(text, this.used, 'utf8');
    this.starts[id] = this.used;
    this.lengths[id] = length;
    this.used += length;
    this.live += length;
    return id;
  }

  get(id: number): string {
    const start = this.starts[id]!;
    return this.bytes.toString('utf8', start, start + this.lengths[id]!);
  }

  /**
   * The text's bytes, not copied: valid for as long as they are held, since the arena writes a text only
   * where none lives and reclaims released room into a new buffer.
   */
  view(id: number): Uint8Array {
    const start = this.starts[id]!;
    return this.bytes.subarray(start, start + this.lengths[id]!);
  }

  release(id: number): void {
    if (this.lengths[id]! < 0) return;
    this.live -= this.lengths[id]!;
    this.lengths[id] = -1;
    this.released.push(id);
  }

  private nextNumber(): number {
    if (this.count === this.starts.length) {
      const starts = new Int32Array(this.count * 2);
      starts.set(this.starts);
      const lengths = new Int32Array(this.count * 2).fill(-1);
      lengths.set(this.lengths);
      this.starts = starts;
      this.lengths = lengths;
    }
    return this.count++;
  }

  /** Room for `length` more bytes: the live texts moved to the front when half is released, or a larger buffer. */
  private makeRoom(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    const size = Math.max(this.bytes.length, 1 << 16);
    const target = this.live * 2 < this.used ? size : size * 2;
    const bytes = Buffer.allocUnsafe(Math.max(target, (this.live + length) * 2));
    let used = 0;
    for (let id = 0; id < this.count; id++) {
      const textLength = this.lengths[id]!;
      if (textLength < 0) continue;
      this.bytes.copy(bytes, used, this.starts[id]!, this.starts[id]! + textLength);
      this.starts[id] = used;
      used += textLength;
    }
    this.bytes = bytes;
    this.used = used;
  }
}
