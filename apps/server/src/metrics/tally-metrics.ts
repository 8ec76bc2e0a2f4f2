import { Counter, Gauge, type Registry } from 'prom-client';

interface TallyOptions {
  name: string;
  help: string;
  registry: Registry;
}

/**
 * A Prometheus counter with up to two labels, counted in plain numbers and handed to prom-client
 * only when scraped. prom-client's labelled `inc` builds and hashes a label key on every call, which
 * the ingest, counting each position twice, paid tens of thousands of times a second.
 */
export const createTallyCounter = ({ labelNames, ...options }: TallyOptions & { labelNames: readonly [string] | readonly [string, string] }) => {
  const [firstLabel, secondLabel] = labelNames;
  const counts = new Map<string, Map<string, number>>();
  new Counter({
    name: options.name,
    help: options.help,
    labelNames,
    registers: [options.registry],
    collect() {
      this.reset();
      for (const [first, seconds] of counts) {
        for (const [second, value] of seconds) this.inc(secondLabel === undefined ? { [firstLabel]: first } : { [firstLabel]: first, [secondLabel]: second }, value);
      }
    },
  });
  return {
    /** One more for these label values (the second only for a counter with two labels). */
    inc: (first: string, second = ''): void => {
      let seconds = counts.get(first);
      if (!seconds) counts.set(first, (seconds = new Map()));
      seconds.set(second, (seconds.get(second) ?? 0) + 1);
    },
  };
};

/** A Prometheus gauge without labels kept as a plain number, read when scraped. */
export const createTallyGauge = (options: TallyOptions) => {
  let value = 0;
  new Gauge({
    name: options.name,
    help: options.help,
    registers: [options.registry],
    collect() {
      this.set(value);
    },
  });
  return {
    inc: (): void => void value++,
    dec: (): void => void value--,
  };
};
