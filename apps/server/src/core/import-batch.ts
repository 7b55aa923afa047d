import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { importBatches } from '../db/schema';
import type { AppDeps } from '../deps';
import { audit } from './audit';
import type { Auth } from './auth';
import { fail, notFound } from './errors';
import { type XlsxColumn, xlsxExport } from './excel';

/**
 * The ImportBatch flow every import uses (properties.md): a preview stores the parsed rows with their messages and
 * answers the batch id; Commit writes the good rows in one transaction; the error report lists the bad rows with a
 * 错误原因 column. A preview not committed within 30 minutes expires (the hourly job marks it 已过期).
 */
export const BATCH_STATUS = { PENDING: 1, RUNNING: 2, DONE: 3, FAILED: 4, EXPIRED: 5 } as const;
export const BATCH_STATUS_NAMES = ['', '待确认', '导入中', '完成', '失败', '已过期'] as const;
export const BATCH_TTL_MS = 30 * 60_000;

export interface BatchRow<D = unknown> {
  Row: number;
  Values: Record<string, string>;
  /** Full messages: '第12行：建筑面积必须大于0'. */
  Errors: string[];
  /** The checked, normalised row (good rows only). */
  Data?: D;
}

export async function createBatch(
  db: Tx,
  auth: Auth,
  b: { kind: string; fileName: string; rows: BatchRow[]; summary: Record<string, number>; mode: number; now: Date },
): Promise<number> {
  const bad = b.rows.filter((r) => r.Errors.length).length;
  const [row] = await db
    .insert(importBatches)
    .values({
      cmpId: auth.cmpId,
      kind: b.kind,
      fileName: b.fileName.slice(0, 255),
      rows: b.rows,
      summary: b.summary,
      mode: b.mode,
      total: b.rows.length,
      ok: b.rows.length - bad,
      error: bad,
      status: BATCH_STATUS.PENDING,
      expireTime: new Date(b.now.getTime() + BATCH_TTL_MS),
      createdBy: auth.userId,
      createdAt: b.now,
      updatedAt: b.now,
    })
    .returning({ id: importBatches.id });
  return row!.id;
}

/** The caller's company's batch of this kind, or '数据不存在'. */
export async function batchOf(db: Tx, auth: Auth, id: number, kind: string) {
  const [b] = await db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, id), eq(importBatches.cmpId, auth.cmpId), eq(importBatches.kind, kind)));
  if (!b) throw notFound();
  return b;
}

/** A batch that may still be committed. */
export function assertPending(b: { status: number; expireTime: Date }, now: Date): void {
  if (b.status === BATCH_STATUS.DONE) throw fail('该批次已导入');
  if (b.status === BATCH_STATUS.RUNNING) throw fail('该批次正在导入');
  if (b.status === BATCH_STATUS.EXPIRED || b.expireTime < now) throw fail('导入已过期，请重新上传文件');
}

/**
 * Progress of commits running in this process. A commit is one transaction, so its own progress writes would stay
 * invisible until it ends; the steps are reported here instead and ImportStatus reads them (a poll that reaches
 * another process sees 导入中 without a percentage).
 */
const running = new Map<number, number>();
export const reportProgress = (id: number, percent: number) => void running.set(id, Math.min(99, Math.round(percent)));
export const endProgress = (id: number) => void running.delete(id);

export type Batch = typeof importBatches.$inferSelect;

export interface CommitStep {
  batch: Batch;
  /** The commit's clock: claim and audit time. */
  now: Date;
  progress(percent: number): void;
}

/** A batch this caller now owns (导入中) and its good rows' data. */
export interface Claim<D> {
  batch: Batch;
  good: D[];
  now: Date;
}

/** What a commit's write answers: `detail` (default: the result) is audited, `update` is stored with 完成. */
export interface Written<R> {
  result: R;
  detail?: Record<string, unknown>;
  update?: Partial<Pick<Batch, 'rows' | 'summary' | 'ok' | 'error'>>;
}

/**
 * Claims a previewed batch (导入中) so that a second click, or a second clerk, cannot import it twice. `mode`, when
 * given, is stored with the claim.
 */
export async function claimBatch<D>(
  deps: AppDeps,
  auth: Auth,
  c: { id: number; kind: string; mode?: number },
  /** The caller's transaction, when the claim goes with other writes (a background start's job). */
  db: Tx = deps.database.db,
): Promise<Claim<D>> {
  const batch = await batchOf(db, auth, c.id, c.kind);
  const now = deps.now();
  assertPending(batch, now);
  const claimed = await db
    .update(importBatches)
    .set({
      status: BATCH_STATUS.RUNNING,
      ...(c.mode === undefined ? {} : { mode: c.mode }),
      progress: 0,
      updatedAt: now,
    })
    .where(
      and(
        eq(importBatches.id, c.id),
        eq(importBatches.cmpId, auth.cmpId),
        eq(importBatches.status, BATCH_STATUS.PENDING),
      ),
    )
    .returning({ id: importBatches.id });
  if (!claimed.length) assertPending({ status: BATCH_STATUS.RUNNING, expireTime: batch.expireTime }, now);
  const good = (batch.rows as BatchRow<D>[]).flatMap((r) => (r.Data ? [r.Data] : []));
  return { batch, good, now };
}

export async function failBatch(deps: AppDeps, id: number): Promise<void> {
  endProgress(id);
  await deps.database.db
    .update(importBatches)
    .set({ status: BATCH_STATUS.FAILED, updatedAt: deps.now() })
    .where(eq(importBatches.id, id));
}

/**
 * Second half of a commit: runs `write` in one transaction that also marks the claimed batch 完成 and audits
 * `action`; marks it 失败 when anything throws.
 */
export async function finishBatch<R>(
  deps: AppDeps,
  auth: Auth,
  c: { id: number; action: string; ip: string },
  claim: { batch: Batch; now: Date },
  write: (tx: Tx, step: CommitStep) => Promise<Written<R>>,
  /** A queued commit keeps 导入中 when its write throws: the job retries it, and marks it 失败 after its last try. */
  opts: { retried?: boolean } = {},
): Promise<R> {
  const { id } = c;
  const { now } = claim;
  try {
    return await deps.database.db.transaction(async (tx) => {
      const w = await write(tx, { batch: claim.batch, now, progress: (pct) => reportProgress(id, pct) });
      await tx
        .update(importBatches)
        .set({ ...w.update, status: BATCH_STATUS.DONE, progress: 100, updatedAt: deps.now() })
        .where(and(eq(importBatches.id, id), eq(importBatches.cmpId, auth.cmpId)));
      const detail = w.detail ?? (w.result as Record<string, unknown>);
      const entry = { cmpId: auth.cmpId, userId: auth.userId, action: c.action, entity: 'import_batch', entityId: id };
      await audit(tx, { ...entry, detail, ip: c.ip }, now);
      return w.result;
    });
  } catch (err) {
    if (!opts.retried) await failBatch(deps, id);
    throw err;
  } finally {
    endProgress(id);
  }
}

/** Claim and finish in one call, for imports whose whole write fits in the request. */
export async function commitBatch<D, R extends object>(
  deps: AppDeps,
  auth: Auth,
  c: { id: number; kind: string; action: string; ip: string; mode?: number },
  write: (tx: Tx, good: D[], step: CommitStep) => Promise<Written<R>>,
): Promise<{ result: R; batch: Batch }> {
  const claim = await claimBatch<D>(deps, auth, c);
  const result = await finishBatch(deps, auth, c, claim, (tx, step) => write(tx, claim.good, step));
  return { result, batch: claim.batch };
}

export function batchStatusView(b: Batch) {
  return {
    ImportId: b.id,
    Status: b.status,
    StatusName: BATCH_STATUS_NAMES[b.status] ?? '',
    Progress: b.status === BATCH_STATUS.RUNNING ? (running.get(b.id) ?? b.progress) : b.progress,
    Total: b.total,
    Ok: b.ok,
    Error: b.error,
    Summary: b.summary,
  };
}

/** 下载错误报告: the bad rows as they were uploaded, plus 错误原因. */
export function errorReport(fileName: string, headers: string[], b: { rows: unknown[] }) {
  const bad = (b.rows as BatchRow[]).filter((r) => r.Errors.length);
  const columns: XlsxColumn<BatchRow>[] = [
    { header: '行号', value: (r) => r.Row },
    ...headers.map((h) => ({ header: h, value: (r: BatchRow) => r.Values[h] ?? '' })),
    { header: '错误原因', width: 60, value: (r) => r.Errors.join('；') },
  ];
  return xlsxExport(fileName, columns, bad);
}

/** A commit claimed longer ago than this, with no queued or running job of its own, was abandoned by its process. */
export const ABANDONED_RUNNING_MS = 30 * 60_000;

/** The jobs that commit an import batch in the background, their payload naming it as `batchId`. */
const batchJobs = new Set<string>();
export const registerBatchJob = (name: string) => void batchJobs.add(name);

/**
 * Hourly: previews past their 30 minutes become 已过期 and drop their rows; a commit left 导入中 by a process that
 * died (an in-request commit rolls its write back, but its claim was committed first) becomes 失败, so no batch stays
 * 导入中 forever. A queued commit (face batches) is the queue's: its job retries it and fails it after the last try.
 * `cmpId`: a run by hand (/Job/Run) acts for that company's batches only.
 */
export async function expireBatches(db: Tx, now: Date, cmpId?: number): Promise<number> {
  const ofCompany = cmpId ? eq(importBatches.cmpId, cmpId) : undefined;
  const r = await db
    .update(importBatches)
    .set({ status: BATCH_STATUS.EXPIRED, rows: sql`'[]'::jsonb`, updatedAt: now })
    .where(and(eq(importBatches.status, BATCH_STATUS.PENDING), lt(importBatches.expireTime, now), ofCompany))
    .returning({ id: importBatches.id });
  const abandoned = await db
    .update(importBatches)
    .set({ status: BATCH_STATUS.FAILED, updatedAt: now })
    .where(
      and(
        eq(importBatches.status, BATCH_STATUS.RUNNING),
        lt(importBatches.updatedAt, new Date(now.getTime() - ABANDONED_RUNNING_MS)),
        ofCompany,
        sql`not exists (select 1 from jobs j where j.state in ('queued', 'running')
          and j.name = any(${`{${[...batchJobs].join(',')}}`}::text[])
          and j.cmp_id = import_batches.cmp_id and j.payload->>'batchId' = import_batches.id::text)`,
      ),
    )
    .returning({ id: importBatches.id });
  return r.length + abandoned.length;
}
