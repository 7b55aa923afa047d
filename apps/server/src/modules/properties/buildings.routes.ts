import { BuildingSaveBody, GenerateRoomsBody, zId, zOptionalText } from '@linli/shared';
import { z } from 'zod';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { pagingFields } from '../../core/paging';
import { sortFields } from '../../core/sorting';
import {
  buildingBatch,
  buildingGet,
  buildingList,
  buildingOptions,
  deleteBuilding,
  saveBuilding,
  unitOptions,
} from './buildings.service';
import { optionalInt } from '../../core/filters';
import { generateRooms } from './generate-rooms';

const ROLE = 'fcgl_lygl';
const IdBody = z.object({ Id: zId() });
const Filter = z.object({
  ...pagingFields,
  ...sortFields,
  CommunityId: optionalInt(),
  Keyword: zOptionalText(30, '关键字'),
  BuildingType: optionalInt(),
});

/** 楼宇管理 (fcgl_lygl), with units and 生成房间; the 楼宇/单元 pickers are open to every signed-in user. */
export const buildingCalls = [
  call({
    path: '/Building/List',
    role: ROLE,
    reads: true,
    body: Filter,
    handler: (b, { deps, auth }) => buildingList(deps, auth, b),
  }),
  call({
    path: '/Building/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => buildingGet(deps, auth, b.Id),
  }),
  call({
    path: '/Building/Save',
    role: ROLE,
    btn: saveBtn,
    body: BuildingSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveBuilding(deps, auth, b, ip),
  }),
  call({
    path: '/Building/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteBuilding(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Building/GenerateRooms',
    role: ROLE,
    btn: 'genroom',
    body: GenerateRoomsBody,
    handler: (b, { deps, auth, ip }) => generateRooms(deps, auth, b, ip),
  }),
  call({
    path: '/Building/Export',
    role: ROLE,
    btn: 'export',
    body: Filter,
    handler: async (b, { deps, auth }) =>
      xlsxExport(
        '楼宇列表',
        [
          { header: '小区', value: (r) => r.CommunityName },
          { header: '名称', value: (r) => r.Name },
          { header: '楼号', value: (r) => r.Code },
          { header: '类型', value: (r) => r.BuildingTypeName },
          { header: '单元数', value: (r) => r.UnitCount },
          { header: '地上层数', value: (r) => r.FloorsAbove },
          { header: '地下层数', value: (r) => r.FloorsBelow },
          { header: '电梯', value: (r) => (r.HasLift ? '有' : '无') },
          { header: '房间数', value: (r) => r.RoomCount },
          { header: '已入住', value: (r) => r.OccupiedCount },
        ],
        batchedRows(buildingBatch(deps, auth, b)),
      ),
  }),
  call({
    path: '/Building/Options',
    reads: true,
    body: z.object({ CommunityId: zId('请选择小区') }),
    handler: (b, { deps, auth }) => buildingOptions(deps, auth, b.CommunityId),
  }),
  call({
    path: '/Building/UnitOptions',
    reads: true,
    body: z.object({ BuildingId: zId('请选择楼宇') }),
    handler: (b, { deps, auth }) => unitOptions(deps, auth, b.BuildingId),
  }),
];
