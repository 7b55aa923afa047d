import { CommunitySaveBody, zId, zOptionalText } from '@linli/shared';
import { z } from 'zod';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { pagingFields } from '../../core/paging';
import { sortFields } from '../../core/sorting';
import { communityBatch, communityGet, communityList, deleteCommunity, saveCommunity } from './communities.service';
import { optionalInt } from '../../core/filters';

const ROLE = 'fcgl_xqgl';
const IdBody = z.object({ Id: zId() });
const Filter = z.object({
  ...pagingFields,
  ...sortFields,
  Keyword: zOptionalText(50, '关键字'),
  District: zOptionalText(20, '地区'),
  Status: optionalInt(),
});

/** 小区管理 (fcgl_xqgl). /Community/Options lives in community-options.routes.ts. */
export const communityCalls = [
  call({
    path: '/Community/List',
    role: ROLE,
    body: Filter,
    handler: (b, { deps, auth }) => communityList(deps, auth, b),
  }),
  call({
    path: '/Community/Get',
    role: ROLE,
    body: IdBody,
    handler: (b, { deps, auth }) => communityGet(deps, auth, b.Id),
  }),
  call({
    path: '/Community/Save',
    role: ROLE,
    btn: saveBtn,
    body: CommunitySaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveCommunity(deps, auth, b, ip),
  }),
  call({
    path: '/Community/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteCommunity(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Community/Export',
    role: ROLE,
    btn: 'export',
    body: Filter,
    handler: async (b, { deps, auth }) =>
      xlsxExport(
        '小区列表',
        [
          { header: '名称', value: (r) => r.Name },
          { header: '编码', value: (r) => r.Code },
          { header: '地区', value: (r) => `${r.Province}${r.City}${r.District}` },
          { header: '地址', width: 30, value: (r) => r.Address },
          { header: '建筑面积', value: (r) => r.BuildArea },
          { header: '楼宇数', value: (r) => r.BuildingCount },
          { header: '房间数', value: (r) => r.RoomCount },
          { header: '入住率', value: (r) => `${r.OccupancyRate}%` },
          { header: '服务电话', value: (r) => r.ServicePhone },
          { header: '状态', value: (r) => r.StatusName },
        ],
        batchedRows(communityBatch(deps, auth, b)),
      ),
  }),
];
