/** One step of an orderly stop, run in the order given (stop taking work, finish it, close the database). */
export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
}

export interface ShutdownOptions {
  steps: ShutdownStep[];
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** After this long the process exits anyway: open requests and jobs are abandoned, never waited on forever. */
  graceMs?: number;
  signals?: NodeJS.Signals[];
  exit?: (code: number) => void;
}

/**
 * Stops the process on the first SIGINT/SIGTERM: each step runs once (a failing one is logged and the next runs),
 * then the process exits 0; a step that hangs cannot keep it alive past `graceMs` (exit 1). Abandoned work is safe:
 * an open transaction is rolled back by the database and a claimed job is taken up again by its retry.
 */
export function stopOnSignals(opts: ShutdownOptions): (signal: string) => Promise<void> {
  const { steps, log, graceMs = 8_000, signals = ['SIGINT', 'SIGTERM'] } = opts;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      quietly(() => log.error({ signal, graceMs }, 'shutdown took too long: exiting anyway'));
      exit(1);
    }, graceMs).unref();
    quietly(() => log.info({ signal }, 'shutting down'));
    for (const step of steps) {
      try {
        await step.run();
      } catch (err) {
        quietly(() => log.error({ err, step: step.name }, 'shutdown step failed'));
      }
    }
    exit(0);
  };
  for (const s of signals) process.on(s, () => void shutdown(s));
  return shutdown;
}

/** A logger writing to a reader that has gone must not stop the shutdown. */
function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // nothing left to tell
  }
}
