import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { AppDeps } from '../deps';
import { isUniqueViolation } from './errors';
import { sqlRows } from './sql-rows';

export type JobState = 'queued' | 'running' | 'done' | 'failed';
export const JOB_STATE_NAMES: Record<JobState, string> = {
  queued: '排队中',
  running: '进行中',
  done: '完成',
  failed: '失败',
};

export interface JobContext {
  jobId: number;
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
  /** Stores `{Total, Done}` for Job/Progress; also extends the lease. */
  progress(done: number, total?: number): Promise<void>;
}

/** A kind of background work. The run answers its summary (stored as the job's result). */
export interface JobHandler<P = unknown> {
  name: string;
  run(deps: AppDeps, payload: P, ctx: JobContext): Promise<unknown>;
  /** Runs in total, first included; default 3. */
  maxAttempts?: number;
  /** How long a claim lives without a heartbeat; default 60 s. */
  leaseMs?: number;
  /** After the last attempt failed: leave the domain record in a visible failed state (a batch is never stuck). */
  onFailed?(deps: AppDeps, payload: P, error: string): Promise<void>;
}

export interface EnqueueOptions {
  cmpId?: number;
  createdBy?: number;
  runAt?: Date;
  maxAttempts?: number;
  /** Enqueue once: a second enqueue with the same key is ignored (answers null). */
  dedupeKey?: string;
  /** At most one job with this key runs at a time. */
  lockKey?: string;
}

/** Queues a job inside the caller's transaction: it exists only if the caller's write commits. */
export async function enqueue(
  tx: Tx,
  name: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const rows = await tx
    .insert(jobs)
    .values({
      name,
      payload: payload ?? {},
      maxAttempts: opts.maxAttempts ?? 3,
      // The claim compares with the process clock in milliseconds; the database's now() has microseconds and
      // would leave a job enqueued in the same millisecond not yet due.
      runAt: opts.runAt ?? new Date(),
      dedupeKey: opts.dedupeKey ?? null,
      lockKey: opts.lockKey ?? null,
      cmpId: opts.cmpId ?? null,
      createdBy: opts.createdBy ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

export type JobRow = typeof jobs.$inferSelect;

/** Retry after 5 s, 20 s, 80 s … at most 10 minutes. */
export const backoffMs = (attempt: number) => Math.min(600_000, 5_000 * 4 ** Math.max(0, attempt - 1));

const DEFAULT_LEASE_MS = 60_000;

export interface Logger {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

const message = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 2000);

/**
 * Claims due jobs and runs them. Any number of workers (threads of one process or N processes) share one table: a
 * claim is one UPDATE of a row chosen with FOR UPDATE SKIP LOCKED, so two workers never hold the same job; a
 * heartbeat extends the lease while the run lasts, and a job whose lease ran out (its process died) is claimed again.
 */
export class JobWorker {
  readonly id = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly handlers: Map<string, JobHandler<never>>;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly deps: AppDeps,
    handlers: JobHandler<never>[],
    private readonly log: Logger,
  ) {
    this.handlers = new Map(handlers.map((h) => [h.name, h]));
  }

  start(pollMs = 1000): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      this.loop = this.loop.then(() =>
        this.drain().then(
          () => undefined,
          () => undefined,
        ),
      );
    }, pollMs);
    this.timer.unref();
  }

  /**
   * Stops claiming and waits up to `waitMs` for the run in progress: a shutdown must end in seconds, and a run it
   * abandons is claimed again by a worker once its lease has run out.
   */
  async stop(waitMs = 5000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((r) => (timer = setTimeout(r, waitMs)));
    await Promise.race([this.loop, timeout]);
    clearTimeout(timer);
  }

  /** Runs due jobs until none is left; answers how many ran (tests call this instead of sleeping). */
  async drain(): Promise<number> {
    let n = 0;
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
      n += 1;
    }
    return n;
  }

  /** Claims one due job: queued and due, or running with an expired lease. */
  async claim(onlyId?: number): Promise<JobRow | null> {
    const now = this.deps.now();
    const names = [...this.handlers.keys()];
    if (!names.length) return null;
    const leaseMs = (name: string) => this.handlers.get(name)?.leaseMs ?? DEFAULT_LEASE_MS;
    try {
      const [row] = await sqlRows<{ id: number; name: string }>(
        this.deps.database.db,
        sql`select j.id, j.name from jobs j
          where j.name = any(${`{${names.map((n) => `"${n}"`).join(',')}}`}::text[])
            and ${onlyId === undefined ? sql`true` : sql`j.id = ${onlyId}`}
            and ((j.state = 'queued' and j.run_at <= ${now}) or (j.state = 'running' and j.lease_until < ${now}))
            and (j.lock_key is null or not exists (select 1 from jobs r
              where r.lock_key = j.lock_key and r.state = 'running' and r.id <> j.id))
          order by j.run_at, j.id limit 1 for update skip locked`,
      );
      if (!row) return null;
      const [claimed] = await this.deps.database.db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: this.id,
          leaseUntil: new Date(now.getTime() + leaseMs(row.name)),
          updatedAt: now,
        })
        // Still claimable: a worker that chose the same row first has changed it.
        .where(
          and(
            eq(jobs.id, row.id),
            sql`((${jobs.state} = 'queued' and ${jobs.runAt} <= ${now}) or (${jobs.state} = 'running' and ${jobs.leaseUntil} < ${now}))`,
          ),
        )
        .returning();
      return claimed ?? null;
    } catch (err) {
      // Another worker started a job of the same lock key in between (jobs_lock_running_uq): try again later.
      // drizzle wraps the driver's error: its code is on the cause (the bare check let the race answer 409).
      if (isUniqueViolation(err, 'jobs_lock_running_uq') || /jobs_lock_running_uq/.test(message(err))) return null;
      throw err;
    }
  }

  /** Runs a claimed job to its end: done, queued again for a retry, or failed after its last attempt. */
  async execute(job: JobRow): Promise<JobRow> {
    const handler = this.handlers.get(job.name)!;
    const leaseMs = handler.leaseMs ?? DEFAULT_LEASE_MS;
    const maxAttempts = job.maxAttempts || handler.maxAttempts || 3;
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id), eq(jobs.state, 'running'));
    const { db } = this.deps.database;
    const extend = () =>
      db
        .update(jobs)
        .set({ leaseUntil: new Date(this.deps.now().getTime() + leaseMs), updatedAt: this.deps.now() })
        .where(mine);
    if (job.attempts > maxAttempts) return this.finishFailed(job, handler, '处理进程已停止，重试次数已用完');
    const beat = setInterval(() => void extend().catch(() => undefined), Math.max(1000, leaseMs / 3));
    beat.unref();
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      progress: async (done, total) => {
        await db
          .update(jobs)
          .set({
            done,
            ...(total === undefined ? {} : { total }),
            leaseUntil: new Date(this.deps.now().getTime() + leaseMs),
            updatedAt: this.deps.now(),
          })
          .where(mine);
      },
    };
    try {
      const result = await handler.run(this.deps, job.payload as never, ctx);
      clearInterval(beat);
      const now = this.deps.now();
      const [row] = await db
        .update(jobs)
        .set({ state: 'done', result: result ?? null, error: '', finishedAt: now, updatedAt: now, leaseUntil: null })
        .where(mine)
        .returning();
      return row ?? job;
    } catch (err) {
      clearInterval(beat);
      this.log.error({ err, job: job.name, jobId: job.id, attempt: job.attempts }, 'job failed');
      if (job.attempts >= maxAttempts) return this.finishFailed(job, handler, message(err));
      const now = this.deps.now();
      const [row] = await db
        .update(jobs)
        .set({
          state: 'queued',
          error: message(err),
          runAt: new Date(now.getTime() + backoffMs(job.attempts)),
          leaseUntil: null,
          lockedBy: '',
          updatedAt: now,
        })
        .where(mine)
        .returning();
      return row ?? job;
    }
  }

  private async finishFailed(job: JobRow, handler: JobHandler<never>, error: string): Promise<JobRow> {
    const now = this.deps.now();
    const [row] = await this.deps.database.db
      .update(jobs)
      .set({ state: 'failed', error, finishedAt: now, updatedAt: now, leaseUntil: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)))
      .returning();
    await handler
      .onFailed?.(this.deps, job.payload as never, error)
      .catch((err: unknown) => this.log.error({ err, jobId: job.id }, 'job onFailed failed'));
    return row ?? job;
  }

  /**
   * Runs one queued job now, in this process (Job/Run): waits while another job of its lock key runs, up to
   * `waitMs`; null when it could not be claimed in that time.
   */
  async runNow(id: number, waitMs = 60_000): Promise<JobRow | null> {
    const until = Date.now() + waitMs;
    for (;;) {
      const job = await this.claim(id);
      if (job) return this.execute(job);
      if (Date.now() >= until) return null;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** `{ Total, Done, State }` of a job, for Job/Progress and the screens that poll a background start. */
export function progressView(j: JobRow) {
  const state = j.state as JobState;
  return {
    RunId: j.id,
    Name: j.name,
    Total: j.total,
    Done: state === 'done' && j.total ? j.total : j.done,
    State: state,
    StateName: JOB_STATE_NAMES[state] ?? state,
    Attempts: j.attempts,
    Error: state === 'failed' ? j.error : '',
    Summary: j.result ?? null,
  };
}
