import { ROOM_STATUS, ROOM_TYPES, RoomBatchStatusBody, RoomSaveBody, zId, zOptionalText } from '@linli/shared';
import { and, gt } from 'drizzle-orm';
import { z } from 'zod';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { type XlsxColumn, xlsxExport } from '../../core/excel';
import { pagingFields } from '../../core/paging';
import { rooms } from '../../db/schema';
import { optionalInt } from '../../core/filters';
import { roomBoard } from './room-board';
import { roomDetail } from './room-detail';
import { roomImportCommit, roomImportErrors, roomImportPreview, roomImportStatus, roomTemplate } from './room-import';
import type { ROOM_IMPORT_HEADERS } from './room-import-check';
import { RoomFilter, layoutText, roomView, roomWhere, selectRooms } from './rooms-query';
import { batchStatus, deleteRoom, roomList, roomOptions, saveRoom, statusLog } from './rooms.service';

const ROLE = 'fcgl_fjgl';
const IdBody = z.object({ Id: zId() });
const ImportIdBody = z.object({ ImportId: zId('请先上传文件'), Mode: z.unknown().optional() });

/** The building + room import, reachable from 房间管理 (fcgl_fjgl) and 楼宇管理 (fcgl_lygl) with their `import`. */
export const importCallsFor = (controller: 'Room' | 'Building', role: string) => [
  call({ path: `/${controller}/ImportTemplate`, role, btn: 'import', handler: () => roomTemplate() }),
  call({
    path: `/${controller}/ImportPreview`,
    role,
    btn: 'import',
    handler: (_b, { deps, auth, req }) => roomImportPreview(deps, auth, req),
  }),
  call({
    path: `/${controller}/ImportCommit`,
    role,
    btn: 'import',
    body: ImportIdBody,
    okMsg: '导入成功',
    handler: (b, { deps, auth, ip }) => roomImportCommit(deps, auth, b.ImportId, b.Mode, ip),
  }),
  call({
    path: `/${controller}/ImportStatus`,
    role,
    btn: 'import',
    body: ImportIdBody,
    handler: (b, { deps, auth }) => roomImportStatus(deps, auth, b.ImportId),
  }),
  call({
    path: `/${controller}/ImportErrors`,
    role,
    btn: 'import',
    body: ImportIdBody,
    handler: (b, { deps, auth }) => roomImportErrors(deps, auth, b.ImportId),
  }),
];

// The import's columns, in its order: an export is a valid import file (properties.md, round-trip).
const exportColumns: (XlsxColumn<ReturnType<typeof roomView> & { OwnerMobileFull: string; OwnerIdNo: string }> & {
  header: (typeof ROOM_IMPORT_HEADERS)[number];
})[] = [
  { header: '小区名称', value: (r) => r.CommunityName },
  { header: '楼宇名称', value: (r) => r.BuildingName },
  { header: '单元', value: (r) => r.UnitName },
  { header: '楼层', value: (r) => r.Floor, numFmt: '0' },
  { header: '房号', value: (r) => r.RoomNo },
  { header: '房间类型', value: (r) => ROOM_TYPES[r.RoomType] ?? '' },
  { header: '建筑面积', value: (r) => r.BuildArea, numFmt: '0.00' },
  { header: '套内面积', value: (r) => r.InnerArea, numFmt: '0.00' },
  { header: '户型', value: (r) => layoutText(r) },
  { header: '收费系数', value: (r) => r.FeeCoefficient, numFmt: '0.00' },
  { header: '房间状态', value: (r) => ROOM_STATUS[r.Status] ?? '' },
  { header: '交房日期', value: (r) => r.HandoverDate },
  { header: '业主姓名', value: (r) => r.OwnerName },
  { header: '业主手机', value: (r) => r.OwnerMobileFull },
  { header: '业主身份证', value: (r) => r.OwnerIdNo },
];

/** 房间管理 (fcgl_fjgl). */
export const roomCalls = [
  call({
    path: '/Room/List',
    role: ROLE,
    reads: true,
    body: RoomFilter,
    handler: (b, { deps, auth }) => roomList(deps, auth, b),
  }),
  call({
    path: '/Room/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => roomDetail(deps, auth, b.Id),
  }),
  call({
    path: '/Room/Save',
    role: ROLE,
    btn: saveBtn,
    body: RoomSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveRoom(deps, auth, b, ip),
  }),
  call({
    path: '/Room/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteRoom(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Room/BatchStatus',
    role: ROLE,
    btn: 'edit',
    body: RoomBatchStatusBody,
    okMsg: '操作成功',
    handler: (b, { deps, auth, ip }) => batchStatus(deps, auth, b, ip),
  }),
  call({
    path: '/Room/StatusLog',
    role: ROLE,
    reads: true,
    body: z.object({ Id: zId(), ...pagingFields }),
    handler: (b, { deps, auth }) => statusLog(deps, auth, b.Id, b),
  }),
  call({
    path: '/Room/Board',
    role: ROLE,
    reads: true,
    body: z.object({ BuildingId: zId('请选择楼宇') }),
    handler: (b, { deps, auth }) => roomBoard(deps, auth, b.BuildingId),
  }),
  call({
    path: '/Room/Export',
    role: ROLE,
    btn: 'export',
    body: RoomFilter,
    // The import template's columns, so an exported sheet imports back (properties.md "Export uses the same columns").
    handler: async (b, { deps, auth }) => {
      const fetch = async (after: number, size: number) =>
        (
          await selectRooms(deps.database.db)
            .where(and(roomWhere(auth, b), gt(rooms.id, after)))
            .orderBy(rooms.id)
            .limit(size)
        ).map((r) => ({ ...roomView(r), OwnerMobileFull: r.OwnerMobileRaw, OwnerIdNo: r.OwnerIdNo, id: r.id }));
      return xlsxExport('房间列表', exportColumns, batchedRows(fetch));
    },
  }),
  call({
    path: '/Room/Options',
    reads: true,
    body: z.object({
      CommunityId: optionalInt(),
      BuildingId: optionalInt(),
      UnitId: optionalInt(),
      Keyword: zOptionalText(30, '关键字'),
    }),
    handler: (b, { deps, auth }) => roomOptions(deps, auth, b),
  }),
  ...importCallsFor('Room', ROLE),
];
