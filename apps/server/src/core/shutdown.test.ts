import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from './shutdown';

afterEach(() => {
  vi.useRealTimers();
});

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

function harness(steps: { name: string; run: () => Promise<unknown> }[], log: Log = { info: vi.fn(), error: vi.fn() }) {
  const exits: number[] = [];
  const shutdown = stopOnSignals({ steps, log, graceMs: 1_000, signals: [], exit: (c) => void exits.push(c) });
  return { shutdown, exits, log };
}

describe('stopOnSignals', () => {
  it('runs every step once, in order, then exits 0', async () => {
    const order: string[] = [];
    const step = (name: string) => ({ name, run: async () => void order.push(name) });
    const { shutdown, exits } = harness([step('jobs'), step('http'), step('database')]);
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect(order).toEqual(['jobs', 'http', 'database']);
    expect(exits).toEqual([0]);
  });

  it('goes on past a failing step and still closes the database', async () => {
    const closed = vi.fn(async () => {});
    const { shutdown, exits, log } = harness([
      { name: 'http', run: () => Promise.reject(new Error('socket gone')) },
      { name: 'database', run: closed },
    ]);
    await shutdown('SIGTERM');
    expect(closed).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ step: 'http' }), 'shutdown step failed');
    expect(exits).toEqual([0]);
  });

  it('exits 1 when a step hangs past the grace period', async () => {
    vi.useFakeTimers();
    const { shutdown, exits } = harness([{ name: 'http', run: () => new Promise(() => {}) }]);
    void shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
  });

  it('is not stopped by a logger that throws (a stdout reader that has gone)', async () => {
    const broken = () => {
      throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    };
    const closed = vi.fn(async () => {});
    const { shutdown, exits } = harness([{ name: 'database', run: closed }], { info: vi.fn(broken), error: broken });
    await shutdown('SIGTERM');
    expect(closed).toHaveBeenCalledOnce();
    expect(exits).toEqual([0]);
  });
});
