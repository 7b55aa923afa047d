import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { JobWorker } from './job-queue';
import { type JobDef, runKeyFor, Scheduler, scheduledHandler } from './jobs';

const silent = { info: () => {}, error: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('runKeyFor', () => {
  it('keys a daily job by the Shanghai date, once its hour has come', () => {
    // 2026-07-01 07:59 and 08:00 in Shanghai (UTC+8).
    expect(runKeyFor({ dailyAt: '08:00' }, new Date('2026-06-30T23:59:00Z'))).toBeNull();
    expect(runKeyFor({ dailyAt: '08:00' }, new Date('2026-07-01T00:00:00Z'))).toBe('2026-07-01');
    expect(runKeyFor({ dailyAt: '08:00' }, new Date('2026-07-01T15:59:00Z'))).toBe('2026-07-01');
    expect(runKeyFor({ dailyAt: '08:00' }, new Date('2026-07-01T16:00:00Z'))).toBeNull();
  });

  it('keys an interval job by its period', () => {
    const a = runKeyFor({ everyMs: 60_000 }, new Date('2026-07-01T00:00:10Z'));
    expect(runKeyFor({ everyMs: 60_000 }, new Date('2026-07-01T00:00:50Z'))).toBe(a);
    expect(runKeyFor({ everyMs: 60_000 }, new Date('2026-07-01T00:01:00Z'))).not.toBe(a);
  });
});

describe('Scheduler', () => {
  it('enqueues a period once, even when two processes tick together; a worker runs it', async () => {
    const runs: string[] = [];
    const job: JobDef = {
      name: 'count',
      schedule: { dailyAt: '08:00' },
      run: async (_d, c) => void runs.push(c.runKey),
    };
    const a = new Scheduler(t.deps, [job], silent);
    const b = new Scheduler(t.deps, [job], silent);
    const at = new Date('2026-07-01T01:00:00Z');
    const [ranA, ranB] = await Promise.all([a.tick(at), b.tick(at)]);
    expect([...ranA, ...ranB]).toEqual(['count']);
    expect(await a.tick(new Date('2026-07-01T05:00:00Z'))).toEqual([]);
    const worker = new JobWorker(t.deps, [scheduledHandler(job)], silent);
    expect(await worker.drain()).toBe(1);
    expect(await a.tick(new Date('2026-07-02T01:00:00Z'))).toEqual(['count']);
    expect(await worker.drain()).toBe(1);
    expect(runs).toEqual(['2026-07-01', '2026-07-02']);
  });

  it('records a failing run and keeps going with the next job', async () => {
    const ok: JobDef = { name: 'after', schedule: { everyMs: 60_000 }, run: async () => ({ Sent: 2 }) };
    const bad: JobDef = {
      name: 'broken',
      schedule: { everyMs: 60_000 },
      run: async () => {
        throw new Error('boom');
      },
    };
    const s = new Scheduler(t.deps, [bad, ok], silent);
    expect(await s.tick(new Date('2026-07-03T00:00:00Z'))).toEqual(['broken', 'after']);
    await new JobWorker(t.deps, [scheduledHandler(bad), scheduledHandler(ok)], silent).drain();
    const [broken] = await t.db.select().from(jobs).where(eq(jobs.name, 'broken'));
    expect(broken).toMatchObject({ state: 'queued', attempts: 1, error: 'boom' });
    const [after] = await t.db.select().from(jobs).where(eq(jobs.name, 'after'));
    expect(after).toMatchObject({ state: 'done', result: { Sent: 2 } });
  });
});
