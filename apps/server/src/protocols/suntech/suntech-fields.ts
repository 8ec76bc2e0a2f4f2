/** Sequential access to the `;` fields of a text report. */
export class Fields {
  private index: number;

  constructor(
    readonly values: string[],
    start = 0,
  ) {
    this.index = start;
  }

  get position(): number {
    return this.index;
  }

  get remaining(): number {
    return this.values.length - this.index;
  }

  /** The field `ahead` places on without consuming it ('' past the end). */
  peek(ahead = 0): string {
    return this.values[this.index + ahead] ?? '';
  }

  next(): string {
    return this.values[this.index++] ?? '';
  }

  skip(count = 1): this {
    this.index += count;
    return this;
  }

  int(radix = 10): number {
    return Number.parseInt(this.next(), radix);
  }

  number(): number {
    return Number(this.next());
  }
}

/** `yyyyMMdd` + `HH:mm:ss`, UTC. */
export const suntechTime = (date: string, time: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)), Number(time.slice(0, 2)), Number(time.slice(3, 5)), Number(time.slice(6, 8)));
