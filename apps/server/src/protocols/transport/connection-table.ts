/**
 * Connections by number, in an array: a number is a slot (its low 20 bits) and how many connections
 * the slot held before (its high 12 bits). Looking a record's connection up in a 10,000-entry Map
 * cost the event loop and the I/O thread a hash table's cache misses for every message; an array
 * slot costs one read. A record naming a connection already closed (the other thread sent it before
 * it heard of the close) finds another number in the slot and is ignored, as a missing key was.
 */
const SLOT_BITS = 20;
const SLOT_MASK = (1 << SLOT_BITS) - 1;
const GENERATIONS = 1 << (32 - SLOT_BITS);
/** Connections open at once on one I/O thread (beyond a process's file descriptors anyway). */
export const MAX_CONNECTIONS = SLOT_MASK + 1;

const slotOf = (connection: number): number => connection & SLOT_MASK;

export class ConnectionTable<T> {
  private readonly entries: (T | undefined)[] = [];
  /** Per slot, the number of the connection in it. */
  private readonly numbers: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Keeps `entry` as connection `number`, in place of whatever its slot held. */
  set(number: number, entry: T): void {
    const slot = slotOf(number);
    if (this.entries[slot] === undefined) this.count++;
    this.entries[slot] = entry;
    this.numbers[slot] = number;
  }

  get(number: number): T | undefined {
    const slot = slotOf(number);
    return this.numbers[slot] === number ? this.entries[slot] : undefined;
  }

  delete(number: number): void {
    const slot = slotOf(number);
    if (this.numbers[slot] !== number || this.entries[slot] === undefined) return;
    this.entries[slot] = undefined;
    this.count--;
  }

  *values(): IterableIterator<T> {
    for (const entry of this.entries) if (entry !== undefined) yield entry;
  }
}

/**
 * Numbers for new connections, on the thread that owns them. A released slot is used again only
 * after every slot released before it (oldest first), so a number comes round again only after
 * 4,096 connections through its slot with every other free slot used as often.
 */
export class ConnectionNumbers {
  /** Per slot ever used, the number last given in it. */
  private readonly last: number[] = [];
  private readonly free: number[] = [];
  private freeAt = 0;

  /** A new number, or undefined while MAX_CONNECTIONS are open. */
  next(): number | undefined {
    if (this.freeAt === this.free.length) {
      if (this.last.length >= MAX_CONNECTIONS) return undefined;
      const slot = this.last.length;
      this.last.push(slot);
      return slot;
    }
    const slot = this.free[this.freeAt++]!;
    if (this.freeAt === this.free.length || this.freeAt >= 1024) {
      this.free.splice(0, this.freeAt);
      this.freeAt = 0;
    }
    const generation = ((this.last[slot]! >>> SLOT_BITS) + 1) % GENERATIONS;
    const number = ((generation << SLOT_BITS) | slot) >>> 0;
    this.last[slot] = number;
    return number;
  }

  /** Its connection closed: the slot may be given again. */
  release(number: number): void {
    this.free.push(slotOf(number));
  }
}
