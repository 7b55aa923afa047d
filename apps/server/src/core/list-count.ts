import { count, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { Page } from './calls';
import { pageOf } from './paging';

/**
 * A list call's page and the filtered total. Two statements sent together, not `count(*) over()`: with 100,000 rows
 * and 20 a page the window count took 1.6–2× as long on PGlite (84–200 ms against 50–105 ms) and on PostgreSQL
 * (37 ms against 20 ms, the two on two connections), because the window makes every filtered row pass through the
 * select list before LIMIT; with a small table the two are equal.
 * `rows` gets the page's limit and offset; the count runs on `table` with the same `where` (keep joins out of it),
 * and sums the `totals` columns (money, exact: numeric as text) over the whole filter for the 合计 row.
 */
export async function listWithCount<R>(
  db: Tx,
  body: { PgIndex?: unknown; PgSize?: unknown },
  q: {
    table: PgTable;
    where: SQL | undefined;
    rows(page: { limit: number; offset: number }): Promise<R[]>;
    totals?: Record<string, AnyPgColumn | SQL> | undefined;
  },
): Promise<Page<R>> {
  const page = pageOf(body);
  const sums = Object.fromEntries(
    Object.entries(q.totals ?? {}).map(([k, col]) => [k, sql<string>`coalesce(sum(${col}), 0)::text`]),
  );
  const [rows, [total]] = await Promise.all([
    q.rows(page),
    db
      .select({ n: count(), ...sums })
      .from(q.table)
      .where(q.where),
  ]);
  const { n = 0, ...totals } = (total ?? {}) as { n?: number } & Record<string, string>;
  return new Page(rows, n, q.totals ? totals : undefined);
}
