import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { BATCH_STATUS } from '../../core/import-batch';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';

/**
 * The original photos of a 批量上传 preview wait here (DATA_DIR/face-batches/<ImportId>/<photo index>) until the
 * commit processes them: up to 1000 × 2 MB is too much for the batch's jsonb row.
 */
const batchDir = (dataDir: string, id: number) => path.join(dataDir, 'face-batches', String(id));

export async function keepPhotos(dataDir: string, id: number, photos: { row: number; data: Buffer }[]) {
  const dir = batchDir(dataDir, id);
  await fs.mkdir(dir, { recursive: true });
  for (const p of photos) await fs.writeFile(path.join(dir, String(p.row)), p.data);
}

/** null when the file is gone (an expired batch already cleaned up). */
export const keptPhoto = (dataDir: string, id: number, row: number) =>
  fs.readFile(path.join(batchDir(dataDir, id), String(row))).catch(() => null);

export const dropPhotos = (dataDir: string, id: number) =>
  fs.rm(batchDir(dataDir, id), { recursive: true, force: true });

/** A commit that stopped moving this long ago died with its process; its photos will never be read. */
const STALE_RUNNING_MS = 24 * 3600_000;

/**
 * Photos of batches that can no longer be committed: expired or past their 30 minutes, 完成, 失败, unknown. The commit
 * drops its own when it ends; this catches previews nobody committed and commits whose process died.
 */
export async function cleanFaceBatches(deps: AppDeps, now: Date, cmpId?: number): Promise<number> {
  const root = path.join(deps.config.dataDir, 'face-batches');
  let ids = (await fs.readdir(root).catch(() => [] as string[])).filter((n) => /^\d+$/.test(n)).map(Number);
  // A run by hand (/Job/Run): only the folders of that company's batches.
  if (cmpId && ids.length)
    ids = (
      await sqlRows<{ id: number }>(
        deps.database.db,
        sql`select id from import_batches where id = any(${`{${ids.join(',')}}`}::int[]) and ${cmpIs(cmpId)}`,
      )
    ).map((r) => Number(r.id));
  if (!ids.length) return 0;
  const live = new Set(
    (
      await sqlRows<{ id: number }>(
        deps.database.db,
        sql`select id from import_batches where id = any(${`{${ids.join(',')}}`}::int[])
          and ((status = ${BATCH_STATUS.PENDING} and expire_time >= ${now})
            or (status = ${BATCH_STATUS.RUNNING} and updated_at >= ${new Date(now.getTime() - STALE_RUNNING_MS)}))`,
      )
    ).map((r) => Number(r.id)),
  );
  const dead = ids.filter((id) => !live.has(id));
  for (const id of dead) await dropPhotos(deps.config.dataDir, id);
  return dead.length;
}

export const faceBatchCleanJob: JobDef = {
  name: 'face.batch-clean',
  schedule: { everyMs: 60 * 60_000 },
  run: async (deps, { now, cmpId }) => void (await cleanFaceBatches(deps, now, cmpId)),
};
