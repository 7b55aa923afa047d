import { and, eq } from 'drizzle-orm';
import { jobRuns } from '../db/schema';
import type { AppDeps } from '../deps';
import { fmtTime } from './time';

export type Schedule = { everyMs: number } | { dailyAt: string };

export interface JobDef {
  name: string;
  schedule: Schedule;
  run(deps: AppDeps, ctx: { runKey: string; now: Date }): Promise<void>;
}

// Daily jobs run on the product's default zone; every demo and real company so far is on Asia/Shanghai.
const JOB_TIME_ZONE = 'Asia/Shanghai';

/** The period a moment belongs to, or null when a daily job's hour has not come yet today. */
export function runKeyFor(schedule: Schedule, now: Date): string | null {
  if ('everyMs' in schedule) return `i${Math.floor(now.getTime() / schedule.everyMs)}`;
  const local = fmtTime(now, JOB_TIME_ZONE); // YYYY-MM-DD HH:mm:ss
  return local.slice(11, 16) >= schedule.dailyAt ? local.slice(0, 10) : null;
}

export interface Logger {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

/**
 * In-process scheduler for N stateless processes on one database: each tick, every due job is claimed by inserting
 * its (job, run key) row; only the process whose insert wins runs it, so a period runs once even across restarts.
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
        .catch(() => {});
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs every job due now; answers the names of those this process ran. */
  async tick(now: Date = this.deps.now()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      const runKey = runKeyFor(job.schedule, now);
      if (!runKey) continue;
      const { db } = this.deps.database;
      const claimed = await db
        .insert(jobRuns)
        .values({ job: job.name, runKey, startedAt: now })
        .onConflictDoNothing()
        .returning({ id: jobRuns.id });
      if (!claimed.length) continue;
      const where = and(eq(jobRuns.job, job.name), eq(jobRuns.runKey, runKey));
      try {
        await job.run(this.deps, { runKey, now });
        await db.update(jobRuns).set({ state: 'done', finishedAt: this.deps.now() }).where(where);
        ran.push(job.name);
      } catch (err) {
        this.log.error({ err, job: job.name, runKey }, 'scheduled job failed');
        await db
          .update(jobRuns)
          .set({
            state: 'failed',
            error: String((err as Error).message ?? err).slice(0, 2000),
            finishedAt: this.deps.now(),
          })
          .where(where);
      }
    }
    return ran;
  }
}
