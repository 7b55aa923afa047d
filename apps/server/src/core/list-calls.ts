import { and, type SQL, gt } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from '../db/client';
import type { Auth } from './auth';
import { batchedRows } from './batched-rows';
import { type CallDef, call } from './calls';
import { type XlsxColumn, xlsxExport } from './excel';
import { listWithCount } from './list-count';
import { pagingFields } from './paging';
import { sortFields, sortOf } from './sorting';

type ListTable = PgTable & { id: PgColumn };
/** A list's parsed filter (its members beside paging and sort). */
export type Filter<F extends z.ZodRawShape> = z.output<z.ZodObject<F>>;

/**
 * A list screen's `${path}/List` and `/Export` from one declaration: the same filter, the same where (the caller's
 * company and communities are the spec's to add), rows through `view`, the export streamed in id batches. crudCalls
 * builds its List/Export on this; lists that are not a simple entity (SMS records, recharge orders …) use it alone.
 */
export interface ListSpec<Q extends PgSelect, F extends z.ZodRawShape, R> {
  path: string;
  /** Calls named otherwise than `${path}/List` and `/Export` ('/Sms/BatchList'). */
  paths?: { list: string; export: string };
  role: string;
  /** The table counted and paged by id. */
  table: ListTable;
  filter: F;
  where(auth: Auth, f: Filter<F>): SQL | undefined;
  /** The rows with their joins; the helper adds where, order and paging (`.$dynamic()` at the end). */
  select(db: Tx): Q;
  view(r: Awaited<Q>[number], auth: Auth): R;
  /** Columns the list may sort by, by the field name the web sends. */
  sort?: Record<string, AnyPgColumn | SQL>;
  /** The list's own order (default: by id ascending). */
  order?: (AnyPgColumn | SQL)[];
  /** Money sums over the whole filter (the web's 合计 row). */
  totals?: Record<string, AnyPgColumn | SQL>;
  export?: { title: string; columns: XlsxColumn<R>[]; btn?: string };
  /** The id a selected row pages the export by (default: the view's Id). */
  idOf?(r: Awaited<Q>[number]): number;
}

export function listCalls<Q extends PgSelect, F extends z.ZodRawShape, R>(spec: ListSpec<Q, F, R>): CallDef[] {
  const { table } = spec;
  const Filters = z.object({ ...pagingFields, ...sortFields, ...spec.filter });
  const rowsOf = (db: Tx, where: SQL | undefined) => spec.select(db).where(where);
  const calls: CallDef[] = [
    call({
      path: spec.paths?.list ?? `${spec.path}/List`,
      role: spec.role,
      reads: true,
      body: Filters,
      handler: (f, { deps, auth }) => {
        const { db } = deps.database;
        const where = spec.where(auth, f as Filter<F>);
        const order = sortOf(f, spec.sort ?? {}, spec.order ?? [table.id]);
        return listWithCount(db, f, {
          table,
          where,
          totals: spec.totals,
          rows: async (p) =>
            (
              (await rowsOf(db, where)
                .orderBy(...order)
                .limit(p.limit)
                .offset(p.offset)) as Awaited<Q>
            ).map((r) => spec.view(r, auth)),
        });
      },
    }),
  ];
  const exp = spec.export;
  if (exp)
    calls.push(
      call({
        path: spec.paths?.export ?? `${spec.path}/Export`,
        role: spec.role,
        btn: exp.btn ?? 'export',
        body: Filters,
        handler: (f, { deps, auth }) => {
          const where = spec.where(auth, f as Filter<F>);
          const batch = async (after: number, size: number) =>
            (
              (await rowsOf(deps.database.db, and(where, gt(table.id, after)))
                .orderBy(table.id)
                .limit(size)) as Awaited<Q>
            ).map((r) => {
              const row = spec.view(r, auth);
              return Object.assign(row as object, {
                id: spec.idOf ? spec.idOf(r) : Number((row as { Id?: number }).Id),
              });
            });
          return xlsxExport(exp.title, exp.columns as XlsxColumn<object>[], batchedRows(batch));
        },
      }),
    );
  return calls;
}
