import { and, inArray, lt } from 'drizzle-orm';
import type { JobDef } from '../../core/jobs';
import { jobs } from '../../db/schema';

/** Finished jobs are kept a week for Job/Progress and support; their dedupe keys are of periods long past. */
const KEEP_MS = 7 * 86_400_000;

export const jobsCleanJob: JobDef = {
  name: 'jobs.clean',
  schedule: { dailyAt: '03:00' },
  async run(deps, { now }) {
    const gone = await deps.database.db
      .delete(jobs)
      .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_MS))))
      .returning({ id: jobs.id });
    return { Removed: gone.length };
  },
};
