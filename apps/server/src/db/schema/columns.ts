import { integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './org';

/** CreateTime, UpdateTime and Creator, which every business table carries (domain files: "Entities"). */
export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
};

/** The tenant column: every company's rows are walled off by it. */
export const cmpColumn = () =>
  integer('cmp_id')
    .notNull()
    .references(() => companies.id);
