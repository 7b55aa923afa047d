import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
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
  reportProgress,
} from '../../core/import-batch';
import { sqlRows } from '../../core/sql-rows';
import { uploadsDir } from '../../core/uploads';
import { importBatches } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { dropPhotos, keptPhoto } from './face-batch-files';
import { FACE_UNREADABLE } from './face-process';
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

interface Log {
  error(o: object, m: string): void;
}

/** Commits still processing in this process; tests await them instead of sleeping. */
const jobs = new Set<Promise<void>>();
export const faceBatchesSettled = async () => void (await Promise.all([...jobs]));

/**
 * Face/BatchCommit: claims the batch and answers 导入中 at once; the photos are decoded and written in the background
 * (Face/BatchStatus shows how far). Whatever goes wrong there ends as 失败 and a log line, never as an unhandled
 * rejection.
 */
export async function faceBatchCommit(deps: AppDeps, auth: Auth, id: number, ip: string, log: Log) {
  const claim = await claimBatch<FaceBatchData>(deps, auth, { id, kind: FACE_BATCH_KIND });
  const job = runBatch(deps, auth, claim, ip).catch(async (err: unknown) => {
    log.error({ err, importId: id }, 'face batch import failed');
    await failBatch(deps, id).catch((e: unknown) => log.error({ err: e, importId: id }, 'face batch not marked 失败'));
  });
  const tracked = job.finally(() => {
    jobs.delete(tracked);
    return dropPhotos(deps.config.dataDir, id).catch(() => undefined);
  });
  jobs.add(tracked);
  return { ImportId: id, Status: BATCH_STATUS.RUNNING, StatusName: '导入中' };
}

async function runBatch(deps: AppDeps, auth: Auth, claim: Claim<FaceBatchData>, ip: string) {
  const id = claim.batch.id;
  const ready: (FaceBatchData & { file: FaceFile })[] = [];
  const failed = new Map<number, string>();
  const kept = new Set<string>();
  try {
    await processPhotos(deps, claim, ready, failed);
    const faces = await finishBatch(deps, auth, { id, action: 'face.import', ip }, claim, async (tx, { now }) => {
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
    });
    for (const g of faces.items) kept.add(g.file.path);
    // Sent only once the faces are committed; a failed send is retried later and must not undo the import.
    await dispatchFaceTasks(deps, {
      cmpId: auth.cmpId,
      faceIds: faces.faces.flatMap((f) => [f.faceId, ...f.old]),
    }).catch(() => 0);
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
) {
  const id = claim.batch.id;
  let stored = 0;
  for (const [i, g] of claim.good.entries()) {
    const buf = await keptPhoto(deps.config.dataDir, id, g.row);
    const file = buf ? await saveFaceFile(deps, buf) : FACE_UNREADABLE;
    if (typeof file === 'string') failed.set(g.row, file);
    else ready.push({ ...g, file });
    // Photos are most of the work; the last 5 % is the transaction.
    const pct = Math.floor(((i + 1) / claim.good.length) * 95);
    reportProgress(id, pct);
    if (pct >= stored + STORED_STEP) {
      stored = pct;
      await deps.database.db
        .update(importBatches)
        .set({ progress: pct, updatedAt: deps.now() })
        .where(eq(importBatches.id, id));
    }
    // Decoding is synchronous; a turn of the event loop between photos lets other requests (status polls) in.
    await turn();
  }
}

/** Face/BatchStatus: the shared status, plus every photo's 第N张 message once the commit is 完成. */
export async function faceBatchStatus(deps: AppDeps, auth: Auth, id: number) {
  const b = await batchOf(deps.database.db, auth, id, FACE_BATCH_KIND);
  const errors = b.status === BATCH_STATUS.DONE ? (b.rows as BatchRow[]).flatMap((r) => r.Errors) : [];
  return { ...batchStatusView(b), Errors: errors };
}
