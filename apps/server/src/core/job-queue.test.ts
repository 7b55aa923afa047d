import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness';
import { openPg } from '../db/client';
import { jobs, users } from '../db/schema';
import { createCompany } from '../db/seed/create-company';
import { enqueue, type JobHandler, JobWorker } from './job-queue';

const silent = { info: () => {}, error: () => {} };
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const jobRow = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('job queue', () => {
  it('picks up a job whose worker died once its lease has run out, and finishes it', async () => {
    const ran: number[] = [];
    const handler: JobHandler<{ n: number }> = {
      name: 'test.lease',
      leaseMs: 30_000,
      run: async (_d, p, ctx) => {
        await ctx.progress(1, 2);
        ran.push(p.n);
        await ctx.progress(2);
        return { N: p.n };
      },
    };
    const id = (await enqueue(t.db, handler.name, { n: 7 }))!;
    // Worker A claims and dies: it never runs nor heartbeats.
    const a = new JobWorker(t.deps, [handler], silent);
    expect((await a.claim())?.id).toBe(id);
    const b = new JobWorker(t.deps, [handler], silent);
    expect(await b.drain()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ state: 'running', lockedBy: a.id });
    t.advance(31_000);
    expect(await b.drain()).toBe(1);
    expect(ran).toEqual([7]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: b.id, result: { N: 7 } });
    const p = await t.api('/Job/Progress', { RunId: id }, admin);
    // A job without a company (scheduled, support) is nobody's to poll.
    expect(p.ret).toBe(404);
  });

  it('retries with backoff and stops after its last attempt with a visible failed state', async () => {
    const failed: string[] = [];
    const handler: JobHandler = {
      name: 'test.fail',
      maxAttempts: 2,
      run: async () => {
        throw new Error('设备无响应');
      },
      onFailed: async (_d, _p, error) => void failed.push(error),
    };
    const [me] = await t.db.select().from(users).where(eq(users.account, 'admin'));
    const { id: userId, cmpId } = me!;
    const id = (await enqueue(t.db, handler.name, {}, { maxAttempts: 2, cmpId, createdBy: userId }))!;
    const w = new JobWorker(t.deps, [handler], silent);
    expect(await w.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 1, error: '设备无响应' });
    // Not before its backoff.
    expect(await w.drain()).toBe(0);
    t.advance(6_000);
    expect(await w.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 2, error: '设备无响应' });
    expect(failed).toEqual(['设备无响应']);
    t.advance(3_600_000);
    expect(await w.drain()).toBe(0);
    const p = await t.api('/Job/Progress', { RunId: id }, admin);
    expect(p).toMatchObject({ ret: 0, data: { RunId: id, State: 'failed', StateName: '失败', Error: '设备无响应' } });
    // Another company's administrator does not see it.
    await createCompany(t.db, { name: '别家物业', account: 'jobsother', password: 'Other2026' });
    const otherToken = await t.login('jobsother', 'Other2026');
    expect((await t.api('/Job/Progress', { RunId: id }, otherToken)).ret).toBe(404);
  });

  it('a job that died on its last attempt ends failed, not running', async () => {
    const failed: string[] = [];
    const handler: JobHandler = {
      name: 'test.die',
      maxAttempts: 1,
      leaseMs: 10_000,
      run: async () => ({}),
      onFailed: async (_d, _p, error) => void failed.push(error),
    };
    const id = (await enqueue(t.db, handler.name, {}, { maxAttempts: 1 }))!;
    await new JobWorker(t.deps, [handler], silent).claim();
    t.advance(11_000);
    expect(await new JobWorker(t.deps, [handler], silent).drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', error: '处理进程已停止，重试次数已用完' });
    expect(failed).toHaveLength(1);
  });

  it('runs at most one job of a lock key at a time', async () => {
    const handler: JobHandler = { name: 'test.lock', run: async () => ({}) };
    const first = (await enqueue(t.db, handler.name, {}, { lockKey: 'L' }))!;
    const second = (await enqueue(t.db, handler.name, {}, { lockKey: 'L' }))!;
    const a = new JobWorker(t.deps, [handler], silent);
    expect((await a.claim())?.id).toBe(first);
    const b = new JobWorker(t.deps, [handler], silent);
    expect(await b.claim()).toBeNull();
    await a.execute((await t.db.select().from(jobs).where(eq(jobs.id, first)))[0]!);
    expect((await b.claim())?.id).toBe(second);
  });

  it('enqueues nothing when the caller’s transaction rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, 'test.rollback', {});
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.db.select().from(jobs).where(eq(jobs.name, 'test.rollback'))).toEqual([]);
  });
});

describe('Job/Run', () => {
  it('runs a scheduled job now for a super-admin and answers its summary', async () => {
    const r = await t.api('/Job/Run', { Name: 'jobs.clean' }, admin);
    expect(r).toMatchObject({ ret: 0, data: { Name: 'jobs.clean', State: 'done', Summary: { Removed: 0 } } });
    expect((await t.api('/Job/Run', { Name: 'no.such' }, admin)).msg).toBe('任务不存在');
    expect((await t.api('/Job/Run', {}, admin)).msg).toBe('请选择任务');
    const clerk = await t.login('service', 'Service@123');
    expect((await t.api('/Job/Run', { Name: 'jobs.clean' }, clerk)).ret).toBe(403);
    expect((await t.api('/Job/Run', { Name: 'jobs.clean' })).ret).toBe(401);
  });
});

describe.runIf(onPostgres())('two workers on PostgreSQL', () => {
  it('never run the same job', async () => {
    const url = (t.deps.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const second = openPg(url, 4);
    try {
      const runs: number[] = [];
      const handler: JobHandler<{ n: number }> = {
        name: 'test.pair',
        run: async (_d, p) => {
          runs.push(p.n);
          // A pause inside the run, so that both workers are claiming while the other one works.
          await new Promise((r) => setTimeout(r, 5));
          return {};
        },
      };
      for (let n = 0; n < 40; n += 1) await enqueue(t.db, handler.name, { n });
      const a = new JobWorker(t.deps, [handler], silent);
      const b = new JobWorker({ ...t.deps, database: second }, [handler], silent);
      const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
      expect(ranA + ranB).toBe(40);
      expect([...runs].sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
      const rows = await t.db.select().from(jobs).where(eq(jobs.name, 'test.pair'));
      expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
