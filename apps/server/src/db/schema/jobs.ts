import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Background work that outlives a process (core/job-queue.ts): a row is queued inside the caller's transaction,
 * claimed by one worker under a lease that a heartbeat extends, retried with backoff when its run fails or its
 * process dies (the lease runs out), and failed for good after `max_attempts`.
 * `dedupe_key` makes a scheduled period enqueue once across processes; `lock_key` lets at most one job of that key
 * run at a time (a scheduled job and its 立即执行).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 60 }).notNull().default(''),
    dedupeKey: varchar('dedupe_key', { length: 120 }),
    lockKey: varchar('lock_key', { length: 60 }),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    result: jsonb('result').$type<unknown>(),
    error: text('error').notNull().default(''),
    cmpId: integer('cmp_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    index('jobs_cmp_idx').on(t.cmpId),
    uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey),
    uniqueIndex('jobs_lock_running_uq')
      .on(t.lockKey)
      .where(sql`state = 'running'`),
  ],
);
