import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import {
  BATCH_STATUS,
  type BatchRow,
  batchOf,
  batchStatusView,
  type Claim,
  claimBatch,
  failBatch,
  finishBatch,
  registerBatchJob,
  reportProgress,
} from '../../core/import-batch';
import { authOfUser } from '../../core/job-auth';
import { enqueue, type JobContext, type JobHandler } from '../../core/job-queue';
import { sqlRows } from '../../core/sql-rows';
import { uploadsDir } from '../../core/uploads';
import { importBatches } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { dropPhotos, keptPhoto } from './face-batch-files';
import { FACE_UNREADABLE } from './face-image';
import { type FaceFile, replaceFaces, saveFaceFile } from './face-store';
import { dispatchFaceTasks } from './face-sync';
import { visibleResident } from './residents-query';

export const FACE_BATCH_KIND = 'face';

/** A matched photo of the preview; its bytes wait in face-batch-files under `row`. */
export interface FaceBatchData {
  residentId: number;
  row: number;
  fileName: string;
}

interface CommitPayload {
  batchId: number;
  cmpId: number;
  userId: number;
  ip: string;
}

/**
 * Face/BatchCommit: claims the batch (导入中) and queues its processing in one transaction, and answers at once; a
 * job worker decodes and writes the photos (Face/BatchStatus shows how far). The queue keeps it alive across
 * restarts: a worker that dies is replaced when its lease runs out, and the last failed attempt marks the batch 失败.
 */
export async function faceBatchCommit(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const runId = await deps.database.db.transaction(async (tx) => {
    await claimBatch<FaceBatchData>(deps, auth, { id, kind: FACE_BATCH_KIND }, tx);
    const payload: CommitPayload = { batchId: id, cmpId: auth.cmpId, userId: auth.userId, ip };
    return enqueue(tx, FACE_BATCH_JOB, payload, { cmpId: auth.cmpId, createdBy: auth.userId, maxAttempts: 3 });
  });
  return { ImportId: id, RunId: runId, Status: BATCH_STATUS.RUNNING, StatusName: '导入中' };
}

export const FACE_BATCH_JOB = 'face.batch-commit';
registerBatchJob(FACE_BATCH_JOB);

export const faceBatchHandler: JobHandler<CommitPayload> = {
  name: FACE_BATCH_JOB,
  maxAttempts: 3,
  // Each photo reports progress, which extends the lease; a minute without one means the worker is gone.
  leaseMs: 60_000,
  async run(deps, p, ctx) {
    const [batch] = await deps.database.db
      .select()
      .from(importBatches)
      .where(and(eq(importBatches.id, p.batchId), eq(importBatches.cmpId, p.cmpId)));
    // Committed by an attempt that died before it could say so, or failed meanwhile: nothing left to do.
    if (!batch || batch.status !== BATCH_STATUS.RUNNING) return { Status: batch?.status ?? 0 };
    const auth = await authOfUser(deps, p.userId);
    if (!auth || auth.cmpId !== p.cmpId) throw new Error('the person who started the import can no longer act');
    const good = (batch.rows as BatchRow<FaceBatchData>[]).flatMap((r) => (r.Data ? [r.Data] : []));
    const summary = await runBatch(deps, auth, { batch, good, now: deps.now() }, p.ip, ctx);
    await dropPhotos(deps.config.dataDir, p.batchId).catch(() => undefined);
    return summary;
  },
  async onFailed(deps, p) {
    await failBatch(deps, p.batchId);
    await dropPhotos(deps.config.dataDir, p.batchId).catch(() => undefined);
  },
};

async function runBatch(deps: AppDeps, auth: Auth, claim: Claim<FaceBatchData>, ip: string, ctx: JobContext) {
  const id = claim.batch.id;
  const ready: (FaceBatchData & { file: FaceFile })[] = [];
  const failed = new Map<number, string>();
  const kept = new Set<string>();
  try {
    await processPhotos(deps, claim, ready, failed, ctx);
    const faces = await finishBatch(
      deps,
      auth,
      { id, action: 'face.import', ip },
      claim,
      async (tx, { now }) => {
        const visible = new Set(
          (
            await sqlRows<{ id: number }>(
              tx,
              sql`select e.id from residents e where e.id = any(${`{${ready.map((g) => g.residentId).join(',')}}`}::int[])
              and ${await visibleResident(tx, auth)}`,
            )
          ).map((r) => Number(r.id)),
        );
        // A resident who left the caller's sight since the preview is no longer a match.
        for (const g of ready) if (!visible.has(g.residentId)) failed.set(g.row, '未匹配到住户');
        const items = ready.filter((g) => visible.has(g.residentId));
        const faces = await replaceFaces(tx, auth, items, now);
        const rows = (claim.batch.rows as BatchRow<FaceBatchData>[]).map((r) => {
          const why = failed.get(r.Row);
          return why ? { Row: r.Row, Values: r.Values, Errors: [`第${r.Row}张：${r.Values.FileName} ${why}`] } : r;
        });
        const summary = { Total: rows.length, Ok: faces.length, Error: rows.length - faces.length };
        const detail = { Ok: faces.length, Replaced: faces.filter((f) => f.old.length).length, Error: summary.Error };
        return { result: { faces, items }, detail, update: { rows, summary, ok: summary.Ok, error: summary.Error } };
      },
      { retried: true },
    );
    for (const g of faces.items) kept.add(g.file.path);
    // Sent only once the faces are committed; a failed send is retried later and must not undo the import.
    await dispatchFaceTasks(deps, {
      cmpId: auth.cmpId,
      faceIds: faces.faces.flatMap((f) => [f.faceId, ...f.old]),
    }).catch(() => 0);
    return { Ok: faces.faces.length, Error: failed.size };
  } finally {
    // Processed photos that did not become faces (a failed run, a resident out of sight) are nobody's.
    const root = uploadsDir(deps.config.dataDir);
    const orphans = ready.filter((g) => !kept.has(g.file.path));
    await Promise.all(orphans.map((g) => fs.rm(path.join(root, g.file.path), { force: true })));
  }
}

/** How often the stored progress follows the in-process one, for a poll that reaches another process. */
const STORED_STEP = 5;

/** Turns each kept photo into the device JPEG (as Face/Upload), reporting progress photo by photo. */
async function processPhotos(
  deps: AppDeps,
  claim: Claim<FaceBatchData>,
  ready: (FaceBatchData & { file: FaceFile })[],
  failed: Map<number, string>,
  ctx: JobContext,
) {
  const id = claim.batch.id;
  let stored = 0;
  await ctx.progress(0, claim.good.length);
  for (const [i, g] of claim.good.entries()) {
    const buf = await keptPhoto(deps.config.dataDir, id, g.row);
    const file = buf ? await saveFaceFile(deps, buf) : FACE_UNREADABLE;
    if (typeof file === 'string') failed.set(g.row, file);
    else ready.push({ ...g, file });
    // Photos are most of the work; the last 5 % is the transaction.
    const pct = Math.floor(((i + 1) / claim.good.length) * 95);
    reportProgress(id, pct);
    await ctx.progress(i + 1);
    if (pct >= stored + STORED_STEP) {
      stored = pct;
      await deps.database.db
        .update(importBatches)
        .set({ progress: pct, updatedAt: deps.now() })
        .where(eq(importBatches.id, id));
    }
  }
}

/** Face/BatchStatus: the shared status, plus every photo's 第N张 message once the commit is 完成. */
export async function faceBatchStatus(deps: AppDeps, auth: Auth, id: number) {
  const b = await batchOf(deps.database.db, auth, id, FACE_BATCH_KIND);
  const errors = b.status === BATCH_STATUS.DONE ? (b.rows as BatchRow[]).flatMap((r) => r.Errors) : [];
  return { ...batchStatusView(b), Errors: errors };
}
