import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { enqueue, type JobHandler, type Logger } from './job-queue';
import { fmtTime } from './time';

export type Schedule = { everyMs: number } | { dailyAt: string };

export interface JobDef {
  name: string;
  schedule: Schedule;
  /** Answers the run's summary (shown by Job/Run), or nothing. */
  run(deps: AppDeps, ctx: JobRunCtx): Promise<unknown>;
}

/**
 * A run's context. `cmpId` set: a run started by hand by that company's administrator, which acts for that company
 * only; unset: the scheduler's own run, for every company.
 */
export interface JobRunCtx {
  runKey: string;
  now: Date;
  cmpId?: number;
}

/** SQL condition "the row's company is the run's company, or the run is for all companies". */
export const cmpIs = (cmpId: number | undefined, col: SQL | AnyColumn = sql`cmp_id`) =>
  cmpId === undefined ? sql`true` : sql`${col} = ${cmpId}`;

/** What a scheduled run carries through the queue. */
export interface ScheduledPayload {
  runKey: string;
  /** ISO time the period started being due (the run's clock). */
  now: string;
  /** Set on a run by hand: the company it acts for (see JobRunCtx). */
  cmpId?: number;
}

// Daily jobs run on the product's default zone; every demo and real company so far is on Asia/Shanghai.
const JOB_TIME_ZONE = 'Asia/Shanghai';

/** The period a moment belongs to, or null when a daily job's hour has not come yet today. */
export function runKeyFor(schedule: Schedule, now: Date): string | null {
  if ('everyMs' in schedule) return `i${Math.floor(now.getTime() / schedule.everyMs)}`;
  const local = fmtTime(now, JOB_TIME_ZONE); // YYYY-MM-DD HH:mm:ss
  return local.slice(11, 16) >= schedule.dailyAt ? local.slice(0, 10) : null;
}

/** The key a run started by hand uses: the current period, or today for a daily job before its hour. */
export const manualRunKey = (schedule: Schedule, now: Date) =>
  runKeyFor(schedule, now) ?? fmtTime(now, JOB_TIME_ZONE).slice(0, 10);

/**
 * A scheduled job as a queue handler: it runs under its own name as lock key, so a period's run, a retry and a
 * 立即执行 never overlap, in any process.
 */
export function scheduledHandler(job: JobDef): JobHandler<ScheduledPayload> {
  return {
    name: job.name,
    maxAttempts: 3,
    run: (deps, p) => job.run(deps, { runKey: p.runKey, now: new Date(p.now), ...(p.cmpId ? { cmpId: p.cmpId } : {}) }),
  };
}

/** `by`: a run started by hand, for that company only (the scheduler's runs pass none: every company). */
export const enqueueScheduled = (
  deps: AppDeps,
  job: JobDef,
  runKey: string,
  now: Date,
  dedupe: boolean,
  by?: { cmpId: number; userId?: number },
) =>
  enqueue(
    deps.database.db,
    job.name,
    { runKey, now: now.toISOString(), ...(by ? { cmpId: by.cmpId } : {}) } satisfies ScheduledPayload,
    // A run by hand answers its outcome at once: no retry behind the caller's back.
    // Due by the app's clock, which tests may freeze: a run by hand is then claimable at once.
    // The lock stays per job: two companies' runs by hand of one job run one after the other (runs are short).
    {
      runAt: deps.now(),
      lockKey: job.name,
      ...(by ? { cmpId: by.cmpId, createdBy: by.userId } : {}),
      ...(dedupe ? { dedupeKey: `${job.name}:${runKey}` } : { maxAttempts: 1 }),
    },
  );

/**
 * In-process scheduler for N stateless processes on one database: each tick enqueues every due period once (the
 * queue's dedupe key is the job and its period, so only the first process's insert counts, across restarts too);
 * the job workers run it.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: AppDeps,
    private readonly jobs: JobDef[],
    private readonly log: Logger,
  ) {}

  start(intervalMs = 30_000): void {
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.tick())
        .then(() => undefined)
        .catch((err: unknown) => this.log.error({ err }, 'scheduler tick failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Enqueues every period due now; answers the names this process enqueued. */
  async tick(now: Date = this.deps.now()): Promise<string[]> {
    const queued: string[] = [];
    for (const job of this.jobs) {
      const runKey = runKeyFor(job.schedule, now);
      if (!runKey) continue;
      if (await enqueueScheduled(this.deps, job, runKey, now, true)) queued.push(job.name);
    }
    return queued;
  }
}
