import { index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './org';

/**
 * ImportBatch (properties.md), every import's preview → commit record. Status 1待确认 2导入中 3完成 4失败 5已过期;
 * Mode 1跳过 2更新. `rows` holds the parsed rows with their messages until commit; a preview expires after 30 min.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    kind: varchar('kind', { length: 30 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    rows: jsonb('rows').$type<unknown[]>().notNull().default([]),
    summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
    mode: smallint('mode').notNull().default(1),
    total: integer('total').notNull().default(0),
    ok: integer('ok').notNull().default(0),
    error: integer('error').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    errorFile: varchar('error_file', { length: 255 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('import_batches_cmp_kind_idx').on(t.cmpId, t.kind),
    index('import_batches_expire_idx').on(t.status, t.expireTime),
  ],
);
