import { pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** One row per scheduled run: the unique (job, run key) claim makes each period's run happen once across processes. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: varchar('job', { length: 60 }).notNull(),
    runKey: varchar('run_key', { length: 40 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('running'),
    error: text('error').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_runs_job_key_uq').on(t.job, t.runKey)],
);
