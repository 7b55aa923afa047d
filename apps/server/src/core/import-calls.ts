import { zId } from '@linli/shared';
import { z } from 'zod';
import type { Auth } from './auth';
import { call } from './calls';
import { ApiError, fail } from './errors';
import { readSheet, readUpload, type SheetColumns, type SheetRow, xlsxTemplate } from './excel';
import { type BatchRow, batchOf, batchStatusView, commitBatch, createBatch, errorReport } from './import-batch';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';

/**
 * The calls of an import on the ImportBatch flow (import-batch.ts): 车位, 车辆, 门禁卡, 抄表 and 收费绑定. A row is first read into the
 * Save body (names → ids, the shared zod rules); then the preview runs the very write Save runs, each row in a
 * savepoint of a transaction that is rolled back, so every database rule (duplicates, capacity, owners) shows per
 * row before anything lands. The commit writes the good rows again in one transaction.
 */
export interface ImportSpec<B> {
  controller: string;
  role: string;
  kind: string;
  title: string;
  headers: readonly string[];
  required: ReadonlySet<string>;
  notes: Record<string, string>;
  /** Columns an older file may lack, and older titles of a column (readSheet). */
  columns?: SheetColumns;
  /** Reads the sheet's rows into Save bodies (or their messages); the lookups it needs are loaded once. */
  read(tx: Tx, auth: Auth, rows: SheetRow[]): Promise<({ body: B } | { errors: string[] })[]>;
  write(tx: Tx, auth: Auth, body: B, now: Date, ip: string): Promise<unknown>;
}

interface Good<B> {
  row: number;
  body: B;
}

const ImportIdBody = z.object({ ImportId: zId('请先上传文件') });
class Rollback extends Error {}

export function importCalls<B>(spec: ImportSpec<B>) {
  const kind = spec.kind;
  const preview = async (deps: AppDeps, auth: Auth, file: { fileName: string; data: Buffer }, ip: string) => {
    const sheet = await readSheet(file.data, [...spec.headers], undefined, spec.columns);
    const rows: BatchRow<Good<B>>[] = [];
    const now = deps.now();
    await deps.database.db
      .transaction(async (tx) => {
        const read = await spec.read(tx, auth, sheet);
        for (const [i, r] of sheet.entries()) {
          const res = read[i]!;
          let errors = 'errors' in res ? res.errors : [];
          if ('body' in res) {
            try {
              await tx.transaction((sp) => spec.write(sp, auth, res.body, now, ip));
            } catch (err) {
              if (!(err instanceof ApiError)) throw err;
              errors = [err.message];
            }
          }
          rows.push({
            Row: r.row,
            Values: r.values,
            Errors: errors.map((e) => `第${r.row}行：${e}`),
            ...('body' in res && !errors.length ? { Data: { row: r.row, body: res.body } } : {}),
          });
        }
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    const ok = rows.filter((r) => r.Data).length;
    const summary = { Total: rows.length, Ok: ok, Error: rows.length - ok };
    const id = await createBatch(deps.database.db, auth, {
      kind,
      fileName: file.fileName,
      rows,
      summary,
      mode: 1,
      now,
    });
    return {
      ImportId: id,
      Summary: summary,
      Rows: rows.map((r) => ({
        Row: r.Row,
        Status: r.Errors.length ? '错误' : '正确',
        Messages: r.Errors,
        Values: r.Values,
      })),
    };
  };

  const { controller: c, role } = spec;
  return [
    call({
      path: `/${c}/ImportTemplate`,
      role,
      btn: 'import',
      handler: async () =>
        xlsxTemplate(
          spec.title,
          spec.headers.map((h) => ({ header: spec.required.has(h) ? `${h}*` : h, note: spec.notes[h] })),
        ),
    }),
    call({
      path: `/${c}/ImportPreview`,
      role,
      btn: 'import',
      handler: async (_b, { deps, auth, req, ip }) => preview(deps, auth, await readUpload(req), ip),
    }),
    call({
      path: `/${c}/ImportCommit`,
      role,
      btn: 'import',
      body: ImportIdBody,
      okMsg: '导入成功',
      handler: async (b, { deps, auth, ip }) => {
        const { result, batch } = await commitBatch(
          deps,
          auth,
          { id: b.ImportId, kind, action: `${kind}.import`, ip },
          async (tx, good: Good<B>[], { now, progress }) => {
            for (const [i, g] of good.entries()) {
              try {
                await spec.write(tx, auth, g.body, now, ip);
              } catch (err) {
                // Something changed since the preview: nothing of the file is imported.
                if (err instanceof ApiError) throw fail(`第${g.row}行：${err.message}，未导入任何数据`);
                throw err;
              }
              if (i % 100 === 0) progress((100 * i) / good.length);
            }
            return { result: { Count: good.length } };
          },
        );
        return { ImportId: b.ImportId, ...result, Error: batch.error };
      },
    }),
    call({
      path: `/${c}/ImportStatus`,
      role,
      btn: 'import',
      body: ImportIdBody,
      handler: async (b, { deps, auth }) => batchStatusView(await batchOf(deps.database.db, auth, b.ImportId, kind)),
    }),
    call({
      path: `/${c}/ImportErrors`,
      role,
      btn: 'import',
      body: ImportIdBody,
      handler: async (b, { deps, auth }) =>
        errorReport(
          `${spec.title}错误报告`,
          [...spec.headers],
          await batchOf(deps.database.db, auth, b.ImportId, kind),
        ),
    }),
  ];
}

/** The zod issues of a row's body as messages. */
export const issuesOf = (e: z.ZodError) => [...new Set(e.issues.map((i) => i.message))];
