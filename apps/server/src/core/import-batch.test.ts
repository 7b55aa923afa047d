import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { auditLog, importBatches, users } from '../db/schema';
import { enqueue } from './job-queue';
import type { Auth } from './auth';
import {
  BATCH_STATUS,
  batchOf,
  batchStatusView,
  claimBatch,
  commitBatch,
  createBatch,
  expireBatches,
  finishBatch,
  endProgress,
  registerBatchJob,
  reportProgress,
} from './import-batch';

const batch = (status: number, progress = 0) =>
  ({ id: 7, status, progress, total: 10, ok: 8, error: 2, summary: {} }) as unknown as Parameters<
    typeof batchStatusView
  >[0];

describe('import progress', () => {
  it('a running commit reports its steps, capped below 100 until it is done', () => {
    expect(batchStatusView(batch(BATCH_STATUS.RUNNING)).Progress).toBe(0);
    reportProgress(7, 42.4);
    expect(batchStatusView(batch(BATCH_STATUS.RUNNING))).toMatchObject({ Progress: 42, StatusName: '导入中' });
    reportProgress(7, 120);
    expect(batchStatusView(batch(BATCH_STATUS.RUNNING)).Progress).toBe(99);
    endProgress(7);
    expect(batchStatusView(batch(BATCH_STATUS.DONE, 100))).toMatchObject({ Progress: 100, StatusName: '完成' });
  });
});

describe('commitBatch', () => {
  const KIND = 'test';
  let t: TestApp;
  let auth: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    const [u] = await t.db.select().from(users).where(eq(users.account, 'admin'));
    auth = {
      sessionId: 1,
      userId: u!.id,
      cmpId: u!.cmpId,
      account: 'admin',
      name: u!.name,
      isAdmin: true,
      allCommunity: true,
      timeZone: 'Asia/Shanghai',
      access: [],
      buttons: new Map(),
    };
  });
  afterAll(() => t.close());

  const preview = () =>
    createBatch(t.db, auth, {
      kind: KIND,
      fileName: 't.xlsx',
      rows: [
        { Row: 2, Values: {}, Errors: [], Data: 'a' },
        { Row: 3, Values: {}, Errors: ['第3行：坏'] },
        { Row: 4, Values: {}, Errors: [], Data: 'b' },
      ],
      summary: {},
      mode: 1,
      now: t.deps.now(),
    });
  const audits = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'import_batch'), eq(auditLog.entityId, id)));

  it('writes the good rows once: a second commit of the same batch is refused', async () => {
    const id = await preview();
    const seen: string[][] = [];
    const commit = () =>
      commitBatch(
        t.deps,
        auth,
        { id, kind: KIND, action: 'test.import', ip: '1.2.3.4', mode: 2 },
        async (_tx, good: string[]) => {
          seen.push(good);
          return { result: { Ok: good.length } };
        },
      );
    // Two clicks at once: the claim lets one through.
    const both = await Promise.allSettled([commit(), commit()]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The loser sees the batch running or, if the winner already finished, done.
    const loser = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['该批次正在导入', '该批次已导入']).toContain((loser.reason as Error).message);
    await expect(commit()).rejects.toMatchObject({ message: '该批次已导入' });
    expect(seen).toEqual([['a', 'b']]);
    expect(await batchOf(t.db, auth, id, KIND)).toMatchObject({ status: BATCH_STATUS.DONE, progress: 100, mode: 2 });
    expect(await audits(id)).toMatchObject([{ action: 'test.import', detail: { Ok: 2 }, ip: '1.2.3.4' }]);
  });

  it('a failing write rolls back and marks the batch 失败', async () => {
    const id = await preview();
    const boom = commitBatch(t.deps, auth, { id, kind: KIND, action: 'test.import', ip: '' }, async (tx, _good, s) => {
      s.progress(50);
      await tx.update(importBatches).set({ fileName: 'changed' }).where(eq(importBatches.id, id));
      throw new Error('boom');
    });
    await expect(boom).rejects.toThrow('boom');
    const b = await batchOf(t.db, auth, id, KIND);
    expect(batchStatusView(b)).toMatchObject({ StatusName: '失败', Progress: 0 });
    expect(b.fileName).toBe('t.xlsx');
    expect(await audits(id)).toEqual([]);
  });

  it('claim and finish may run apart: the claim alone refuses a second commit, the finish stores its update', async () => {
    const id = await preview();
    const claim = await claimBatch<string>(t.deps, auth, { id, kind: KIND });
    expect(claim.good).toEqual(['a', 'b']);
    await expect(claimBatch(t.deps, auth, { id, kind: KIND })).rejects.toMatchObject({ message: '该批次正在导入' });
    const r = await finishBatch(t.deps, auth, { id, action: 'test.import', ip: '' }, claim, async () => ({
      result: 'ok',
      detail: { Ok: 1 },
      update: { summary: { Ok: 1, Error: 2 }, ok: 1, error: 2 },
    }));
    expect(r).toBe('ok');
    const b = await batchOf(t.db, auth, id, KIND);
    expect(batchStatusView(b)).toMatchObject({ StatusName: '完成', Progress: 100, Ok: 1, Error: 2 });
    expect(b.summary).toEqual({ Ok: 1, Error: 2 });
  });
  it('a commit whose process died is 失败 after 30 minutes; one the queue still holds stays 导入中', async () => {
    registerBatchJob('test.batch');
    const dead = await preview();
    const queued = await preview();
    const recent = await preview();
    const claimedAt = t.deps.now();
    await claimBatch(t.deps, auth, { id: dead, kind: KIND });
    await claimBatch(t.deps, auth, { id: recent, kind: KIND });
    await t.db.transaction(async (tx) => {
      await claimBatch(t.deps, auth, { id: queued, kind: KIND }, tx);
      await enqueue(tx, 'test.batch', { batchId: queued, cmpId: auth.cmpId }, { cmpId: auth.cmpId });
    });
    const later = new Date(claimedAt.getTime() + 31 * 60_000);
    await t.db.update(importBatches).set({ updatedAt: later }).where(eq(importBatches.id, recent));
    await expireBatches(t.db, later, auth.cmpId + 1);
    expect((await batchOf(t.db, auth, dead, KIND)).status).toBe(BATCH_STATUS.RUNNING);
    await expireBatches(t.db, later, auth.cmpId);
    const status = async (id: number) => batchStatusView(await batchOf(t.db, auth, id, KIND)).StatusName;
    expect(await status(dead)).toBe('失败');
    expect(await status(queued)).toBe('导入中');
    expect(await status(recent)).toBe('导入中');
  });
});
