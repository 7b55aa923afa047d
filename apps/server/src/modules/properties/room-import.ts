import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../core/auth';
import { readSheet, readUpload, xlsxTemplate } from '../../core/excel';
import {
  type BatchRow,
  batchOf,
  batchStatusView,
  commitBatch,
  createBatch,
  errorReport,
} from '../../core/import-batch';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { communities } from '../../db/schema';
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
  // No Mode in the request keeps the one chosen at preview.
  const mode = modeRaw === undefined || modeRaw === '' ? undefined : modeOf(modeRaw);
  const { result, batch } = await commitBatch(
    deps,
    auth,
    { id, kind: ROOM_IMPORT_KIND, action: 'room.import', ip, mode },
    async (tx, good: RoomImportData[], { batch: b, now, progress }) => ({
      result: await commitRooms(tx, auth, good, (mode ?? b.mode) === MODE.UPDATE, now, progress),
    }),
  );
  return { ImportId: id, ...result, Error: batch.error };
}

export async function roomImportStatus(deps: AppDeps, auth: Auth, id: number) {
  return batchStatusView(await batchOf(deps.database.db, auth, id, ROOM_IMPORT_KIND));
}

export async function roomImportErrors(deps: AppDeps, auth: Auth, id: number) {
  const batch = await batchOf(deps.database.db, auth, id, ROOM_IMPORT_KIND);
  return errorReport('房间导入错误报告', [...ROOM_IMPORT_HEADERS], batch);
}
