import { PositionCopyBody, PositionSaveBody, zId } from '@linli/shared';
import { z } from 'zod';
import { call, saveBtn } from '../../core/calls';
import { copyPosition, deletePosition, getPosition, listPositions, savePosition } from './positions.service';
import { rightTree } from './right-tree';

const IdBody = z.object({ Id: zId() });
const ROLE = 'yggl_gwqx';

/** 岗位权限 (yggl_gwqx). */
export const positionCalls = [
  call({
    path: '/Position/GetList',
    role: ROLE,
    reads: true,
    handler: (_b, { deps, auth }) => listPositions(deps, auth),
  }),
  call({
    path: '/Position/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => getPosition(deps, auth, b.Id),
  }),
  call({ path: '/Position/RightTree', role: ROLE, reads: true, handler: async () => rightTree }),
  call({
    path: '/Position/Save',
    role: ROLE,
    btn: saveBtn,
    body: PositionSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => savePosition(deps, auth, b, ip),
  }),
  call({
    path: '/Position/Copy',
    role: ROLE,
    btn: 'add',
    body: PositionCopyBody,
    okMsg: '复制成功',
    handler: (b, { deps, auth, ip }) => copyPosition(deps, auth, b, ip),
  }),
  call({
    path: '/Position/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deletePosition(deps, auth, b.Id, ip),
  }),
];
