import v8 from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Semi-space of a worker's young generation, in MiB. The process's `--max-semi-space-size` is
 * sized for the event loop, whose positions live until their device's next report; a worker's
 * garbage (socket reads, batches taken apart) dies at once, and a young generation grown to the
 * event loop's size only held memory: tens of MiB per thread. 2 MiB cost the tracker I/O thread
 * 1.2 µs more a position in scavenges (docs/scaling.md).
 */
const WORKER_SEMI_SPACE_MB = 8;

const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/;

/** The `--max-semi-space-size` the process was started with (in NODE_OPTIONS or on the command line), in MiB; 0 when V8 chooses. */
export const processSemiSpaceMb = (args = [...(process.env.NODE_OPTIONS?.split(/\s+/) ?? []), ...process.execArgv]): number => {
  let megabytes = 0;
  args.forEach((arg, index) => {
    const match = SEMI_SPACE_FLAG.exec(arg);
    if (match) megabytes = Number(match[1] ?? args[index + 1] ?? 0) || 0;
  });
  return megabytes;
};

const startWorker = (besideUrl: string, name: string, options: WorkerOptions): Worker => {
  if (!besideUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, besideUrl), options);
  const source = new URL(`./${name}.ts`, besideUrl);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
};

/**
 * Starts the worker module `name` (without extension) beside the module at `besideUrl`: its
 * compiled `.js` in a build, or, run from the sources (tests), its `.ts` through tsx's loader.
 * Its young generation is small whatever the process's flags say: V8 flags apply to every isolate
 * and win over a worker's `resourceLimits`, so the flag is lowered while the worker's heap is made
 * and set back once the worker runs.
 */
export const startModuleWorker = (besideUrl: string, name: string, options: WorkerOptions = {}): Worker => {
  const restore = () => v8.setFlagsFromString(`--max-semi-space-size=${processSemiSpaceMb()}`);
  v8.setFlagsFromString(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
  let worker: Worker;
  try {
    worker = startWorker(besideUrl, name, options);
  } catch (error) {
    restore();
    throw error;
  }
  let restored = false;
  const restoreOnce = () => {
    if (restored) return;
    restored = true;
    restore();
  };
  worker.once('online', restoreOnce);
  worker.once('error', restoreOnce);
  worker.once('exit', restoreOnce);
  return worker;
};
