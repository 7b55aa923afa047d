import { and, eq, inArray, lt } from 'drizzle-orm';
import type { JobDef } from '../../core/jobs';
import { jobs } from '../../db/schema';

/** Finished jobs are kept a week for Job/Progress and support; their dedupe keys are of periods long past. */
const KEEP_MS = 7 * 86_400_000;

export const jobsCleanJob: JobDef = {
  name: 'jobs.clean',
  schedule: { dailyAt: '03:00' },
  async run(deps, { now, cmpId }) {
    const gone = await deps.database.db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.state, ['done', 'failed']),
          lt(jobs.finishedAt, new Date(now.getTime() - KEEP_MS)),
          // A run by hand: that company's own background starts only.
          cmpId ? eq(jobs.cmpId, cmpId) : undefined,
        ),
      )
      .returning({ id: jobs.id });
    return { Removed: gone.length };
  },
};
