import { zId } from '@linli/shared';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { audit } from './audit';
import type { Auth } from './auth';
import { type AuthedContext, type CallDef, call, saveBtn } from './calls';
import { fieldError, notFound } from './errors';
import type { XlsxColumn } from './excel';
import { listCalls } from './list-calls';
import { inScope } from './scope';

type EntityTable = PgTable & { id: PgColumn; cmpId: PgColumn };
type Filter<F extends z.ZodRawShape> = z.output<z.ZodObject<F>>;

/** What a save hook gets: the transaction, the caller and the clock. */
export interface SaveContext {
  tx: Tx;
  auth: Auth;
  deps: AppDeps;
  now: Date;
}

/**
 * A simple entity's calls from one declaration (README "crudCalls"): `${path}/List`, `/Get`, `/Save`, `/Delete` and
 * `/Export`. Every read and write carries the company (`cmp_id`) and, with `scope`, the caller's communities; rows
 * leave through `view`, typed by the shared response schema `row`, so server and web read one contract.
 */
export interface CrudSpec<Q extends PgSelect, Row extends z.ZodType, F extends z.ZodRawShape, B extends z.ZodType> {
  /** '/Community': the calls are `${path}/List` … */
  path: string;
  role: string;
  table: EntityTable;
  /** The audit's entity name ('community' → community.add / .edit / .del). */
  entity: string;
  /** The community column the caller's scope limits (communities.id for the communities themselves). */
  scope?: AnyPgColumn;
  /** The shared response schema of a row (List, Get, Export). */
  row: Row;
  /** The rows with their joins; the kit adds where, order and paging (`.$dynamic()` at the end). */
  select(db: Tx): Q;
  view(r: Awaited<Q>[number]): z.input<Row>;
  /** List filters (beside paging and sort) and their conditions. */
  filter: F;
  where(f: Filter<F>): (SQL | undefined)[];
  /** Columns the list may sort by, by the field name the web sends. */
  sort: Record<string, AnyPgColumn | SQL>;
  /** Money columns the list sums over the whole filter (answered as `totals`, the web's 合计 row). */
  totals?: Record<string, AnyPgColumn | SQL>;
  save?: {
    body: B;
    /** A unique field: a taken value is refused on that field. */
    unique?: { column: AnyPgColumn; field: string; message: string };
    /** Checks before the transaction (a referenced row exists): throw `fieldError`. */
    check?(b: z.output<B>, c: SaveContext): Promise<void>;
    /** The table's values from the body; created and updated stamps are added. */
    values(b: z.output<B>): Record<string, unknown>;
    /** Values only a new row gets (a generated code). */
    insert?(b: z.output<B>, c: SaveContext): Promise<Record<string, unknown>> | Record<string, unknown>;
    /** Values only an edited row gets. */
    update?(b: z.output<B>): Record<string, unknown>;
    afterInsert?(id: number, c: SaveContext): Promise<void>;
    /** After a new or an edited row is written, in its transaction (mark the uploads it references as its own). */
    afterSave?(id: number, b: z.output<B>, c: SaveContext): Promise<void>;
    /** The audit's detail. */
    detail?(b: z.output<B>): Record<string, unknown>;
  };
  del?: {
    /** Refuses the delete ('该小区下存在楼宇，不能删除') or removes dependent links first. */
    before?(id: number, c: SaveContext): Promise<void>;
  };
  export?: { title: string; columns: XlsxColumn<z.output<Row>>[] };
  /** Button keys (defaults: Save add/edit by Id, Delete 'del', Export 'export'). */
  btns?: { del?: string; export?: string };
}

const IdBody = z.object({ Id: zId() });

export function crudCalls<Q extends PgSelect, Row extends z.ZodType, F extends z.ZodRawShape, B extends z.ZodType>(
  spec: CrudSpec<Q, Row, F, B>,
): CallDef[] {
  const { table, path, role } = spec;
  const whereOf = (auth: Auth, f: object) =>
    and(eq(table.cmpId, auth.cmpId), spec.scope && inScope(auth, spec.scope), ...spec.where(f as Filter<F>));
  const rowsOf = (db: Tx, where: SQL | undefined) => spec.select(db).where(where);
  const view = (r: Awaited<Q>[number]) => spec.view(r) as z.output<Row>;
  const one = async (db: Tx, auth: Auth, id: number) => {
    const [r] = (await rowsOf(db, and(eq(table.id, id), whereOf(auth, {})))) as Awaited<Q>;
    if (!r) throw notFound();
    return r;
  };
  const ctxOf = (tx: Tx, c: AuthedContext): SaveContext => ({ tx, auth: c.auth, deps: c.deps, now: c.deps.now() });
  const log = (c: SaveContext, action: string, entityId: number, ip: string, detail?: Record<string, unknown>) =>
    audit(
      c.tx,
      { cmpId: c.auth.cmpId, userId: c.auth.userId, action, entity: spec.entity, entityId, detail, ip },
      c.now,
    );
  const stamps = (now: Date, creating: boolean, userId: number) => {
    const cols = getTableColumns(table);
    return {
      ...('updatedAt' in cols ? { updatedAt: now } : {}),
      ...(creating && 'createdAt' in cols ? { createdAt: now } : {}),
      ...(creating && 'createdBy' in cols ? { createdBy: userId } : {}),
    };
  };

  const [list, exportCall] = listCalls({
    path,
    role,
    table,
    filter: spec.filter,
    where: whereOf,
    select: spec.select,
    view,
    sort: spec.sort,
    totals: spec.totals,
    export: spec.export && { ...spec.export, btn: spec.btns?.export },
    idOf: (r) => Number((r as { Id: number }).Id),
  });
  const calls: CallDef[] = [
    list!,
    call({
      path: `${path}/Get`,
      role,
      reads: true,
      body: IdBody,
      handler: async (b, { deps, auth }) => view(await one(deps.database.db, auth, b.Id)),
    }),
  ];

  const save = spec.save;
  if (save)
    calls.push(
      call({
        path: `${path}/Save`,
        role,
        btn: saveBtn,
        body: save.body,
        okMsg: '保存成功',
        handler: async (b: z.output<B>, c) => {
          const { db } = c.deps.database;
          const bodyId = Number((b as { Id?: number }).Id ?? 0);
          if (bodyId) await one(db, c.auth, bodyId);
          await save.check?.(b, ctxOf(db, c));
          return db.transaction(async (tx) => {
            const sc = ctxOf(tx, c);
            if (save.unique) {
              const value = (b as Record<string, unknown>)[save.unique.field];
              const [dup] = await tx
                .select({ id: table.id })
                .from(table)
                .where(and(eq(table.cmpId, c.auth.cmpId), eq(save.unique.column, value)));
              if (dup && dup.id !== bodyId) throw fieldError(save.unique.field, save.unique.message);
            }
            const values = { ...save.values(b), ...stamps(sc.now, !bodyId, c.auth.userId) };
            let id = bodyId;
            if (id) {
              await tx
                .update(table)
                .set({ ...values, ...save.update?.(b) } as never)
                .where(and(eq(table.id, id), eq(table.cmpId, c.auth.cmpId)));
            } else {
              const extra = await save.insert?.(b, sc);
              const [row] = await tx
                .insert(table)
                .values({ ...values, ...extra, cmpId: c.auth.cmpId } as never)
                .returning({ id: table.id });
              id = Number(row!.id);
              await save.afterInsert?.(id, sc);
            }
            await save.afterSave?.(id, b, sc);
            await log(sc, `${spec.entity}.${bodyId ? 'edit' : 'add'}`, id, c.ip, save.detail?.(b));
            return { Id: id };
          });
        },
      }),
    );

  calls.push(
    call({
      path: `${path}/Delete`,
      role,
      btn: spec.btns?.del ?? 'del',
      body: IdBody,
      okMsg: '删除成功',
      handler: async (b, c) => {
        const { db } = c.deps.database;
        await one(db, c.auth, b.Id);
        await db.transaction(async (tx) => {
          const sc = ctxOf(tx, c);
          await spec.del?.before?.(b.Id, sc);
          await tx.delete(table).where(and(eq(table.id, b.Id), eq(table.cmpId, c.auth.cmpId)));
          await log(sc, `${spec.entity}.del`, b.Id, c.ip);
        });
        return null;
      },
    }),
  );

  if (exportCall) calls.push(exportCall);
  return calls;
}
