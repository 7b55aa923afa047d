import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { readSheet, readUpload, xlsxTemplate } from '../../core/excel';
import {
  assertPending,
  BATCH_STATUS,
  type BatchRow,
  batchOf,
  batchStatusView,
  createBatch,
  endProgress,
  errorReport,
  reportProgress,
} from '../../core/import-batch';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { communities, importBatches } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { checkRoomRow, ROOM_IMPORT_HEADERS, ROOM_IMPORT_REQUIRED, type RoomImportData } from './room-import-check';
import { commitRooms } from './room-import-commit';

export const ROOM_IMPORT_KIND = 'room';
const MODE = { SKIP: 1, UPDATE: 2 } as const;
const modeOf = (v: unknown) => (String(v ?? '') === '2' || v === 'update' ? MODE.UPDATE : MODE.SKIP);

export const roomTemplate = () =>
  xlsxTemplate(
    '房间导入模板',
    ROOM_IMPORT_HEADERS.map((h) => ({ header: ROOM_IMPORT_REQUIRED.has(h) ? `${h}*` : h, note: NOTES[h] })),
  );

const NOTES: Record<string, string> = {
  小区名称: '必填，系统中已有的小区名称',
  楼宇名称: '必填，不存在时自动创建',
  单元: '必填，如：1单元，不存在时自动创建',
  楼层: '必填，整数，地下层为负数',
  房号: '必填，同一单元内不能重复',
  房间类型: '必填：住宅/商铺/车库/办公/其他',
  建筑面积: '必填，大于0，最多两位小数',
  套内面积: '不能大于建筑面积',
  户型: '如：3室2厅2卫',
  收费系数: '0.01-9.99，默认1.00',
  房间状态: '未售/空置/已入住/已出租/装修中',
  交房日期: '如：2025-06-01',
  业主手机: '按手机号匹配业主，未匹配时新建业主',
};

/** Counts the preview shows: new buildings/units/rooms, updates of existing rooms, errors. */
async function summarise(deps: AppDeps, auth: Auth, good: RoomImportData[], total: number) {
  const keys = JSON.stringify(good.map((d) => ({ c: d.communityId, b: d.building, u: d.unitNo, r: d.roomNo })));
  const [s] = await sqlRows<{ nb: number; nu: number; nr: number; up: number }>(
    deps.database.db,
    sql`with k as (select * from jsonb_to_recordset(${keys}::jsonb) as k(c int, b text, u int, r text)),
      m as (
        select k.*, bl.id as bid, un.id as uid,
          exists (select 1 from rooms ro where ro.unit_id = un.id and ro.room_no = k.r) as taken
        from k
        left join buildings bl on bl.community_id = k.c and bl.name = k.b and bl.cmp_id = ${auth.cmpId}
        left join building_units un on un.building_id = bl.id and un.unit_no = k.u
      )
      select (select count(distinct (c, b)) from m where bid is null)::int as nb,
             (select count(distinct (c, b, u)) from m where uid is null)::int as nu,
             (select count(*) from m where not taken)::int as nr,
             (select count(*) from m where taken)::int as up`,
  );
  return {
    Total: total,
    Ok: good.length,
    Error: total - good.length,
    NewBuildings: Number(s?.nb ?? 0),
    NewUnits: Number(s?.nu ?? 0),
    NewRooms: Number(s?.nr ?? 0),
    Existing: Number(s?.up ?? 0),
  };
}

export async function roomImportPreview(deps: AppDeps, auth: Auth, req: FastifyRequest) {
  const file = await readUpload(req);
  const sheet = await readSheet(file.data, [...ROOM_IMPORT_HEADERS]);
  const { db } = deps.database;
  const scope = await communityIdsOf(db, auth);
  const cms = scope.length
    ? await db
        .select({ id: communities.id, name: communities.name })
        .from(communities)
        .where(and(eq(communities.cmpId, auth.cmpId), inArray(communities.id, scope)))
    : [];
  const byName = new Map(cms.map((c) => [c.name, c.id]));
  const seen = new Map<string, number>();
  const rows: BatchRow<RoomImportData>[] = sheet.map((r) => {
    const { data, errors } = checkRoomRow(r, byName, seen);
    return {
      Row: r.row,
      Values: r.values,
      Errors: errors.map((e) => `第${r.row}行：${e}`),
      ...(data ? { Data: data } : {}),
    };
  });
  const good = rows.flatMap((r) => (r.Data ? [r.Data] : []));
  const summary = await summarise(deps, auth, good, rows.length);
  const mode = modeOf(file.fields.Mode);
  const id = await createBatch(db, auth, {
    kind: ROOM_IMPORT_KIND,
    fileName: file.fileName,
    rows,
    summary,
    mode,
    now: deps.now(),
  });
  return {
    ImportId: id,
    Mode: mode,
    Summary: summary,
    Rows: rows.map((r) => ({
      Row: r.Row,
      Status: r.Errors.length ? '错误' : '正确',
      Messages: r.Errors,
      Values: r.Values,
    })),
  };
}

/** Writes the good rows in one transaction; Mode 1 skips rooms that exist, 2 updates them. */
export async function roomImportCommit(deps: AppDeps, auth: Auth, id: number, modeRaw: unknown, ip: string) {
  const { db } = deps.database;
  const batch = await batchOf(db, auth, id, ROOM_IMPORT_KIND);
  const now = deps.now();
  assertPending(batch, now);
  const mode = modeRaw === undefined || modeRaw === '' ? batch.mode : modeOf(modeRaw);
  const good = (batch.rows as BatchRow<RoomImportData>[]).flatMap((r) => (r.Data ? [r.Data] : []));
  // Claim the batch first so a second click (or a second clerk) cannot import it twice.
  const claimed = await db
    .update(importBatches)
    .set({ status: BATCH_STATUS.RUNNING, mode, progress: 0, updatedAt: now })
    .where(and(eq(importBatches.id, id), eq(importBatches.status, BATCH_STATUS.PENDING)))
    .returning({ id: importBatches.id });
  if (!claimed.length) assertPending({ status: BATCH_STATUS.RUNNING, expireTime: batch.expireTime }, now);
  try {
    const result = await db.transaction(async (tx) => {
      const r = await commitRooms(tx, auth, good, mode === MODE.UPDATE, now, (pct) => reportProgress(id, pct));
      await tx
        .update(importBatches)
        .set({ status: BATCH_STATUS.DONE, progress: 100, updatedAt: deps.now() })
        .where(eq(importBatches.id, id));
      await audit(
        tx,
        {
          cmpId: auth.cmpId,
          userId: auth.userId,
          action: 'room.import',
          entity: 'import_batch',
          entityId: id,
          detail: r,
          ip,
        },
        now,
      );
      return r;
    });
    return { ImportId: id, ...result, Error: batch.error };
  } catch (err) {
    await db
      .update(importBatches)
      .set({ status: BATCH_STATUS.FAILED, updatedAt: deps.now() })
      .where(eq(importBatches.id, id));
    throw err;
  } finally {
    endProgress(id);
  }
}

export async function roomImportStatus(deps: AppDeps, auth: Auth, id: number) {
  return batchStatusView(await batchOf(deps.database.db, auth, id, ROOM_IMPORT_KIND));
}

export async function roomImportErrors(deps: AppDeps, auth: Auth, id: number) {
  const batch = await batchOf(deps.database.db, auth, id, ROOM_IMPORT_KIND);
  return errorReport('房间导入错误报告', [...ROOM_IMPORT_HEADERS], batch);
}
