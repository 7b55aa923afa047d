import { ArchiveLeaveBody, ArchiveSaveBody, zId } from '@linli/shared';
import { z } from 'zod';
import { call, saveBtn } from '../../core/calls';
import { archiveTemplate, exportArchives, importArchives } from './archive-io';
import { ArchiveFilter } from './archive-query';
import { archiveGet, archiveList, deleteArchive, leaveArchive, saveArchive } from './archives.service';

const IdBody = z.object({ Id: zId() });
const ROLE = 'yggl_ygda';

/** 员工档案 (yggl_ygda). */
export const archiveCalls = [
  call({
    path: '/Archives/GetList',
    role: ROLE,
    reads: true,
    body: ArchiveFilter,
    handler: (b, { deps, auth }) => archiveList(deps, auth, b),
  }),
  call({
    path: '/Archives/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => archiveGet(deps, auth, b.Id),
  }),
  call({
    path: '/Archives/Save',
    role: ROLE,
    btn: saveBtn,
    body: ArchiveSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveArchive(deps, auth, b, ip),
  }),
  call({
    path: '/Archives/Leave',
    role: ROLE,
    btn: 'leave',
    body: ArchiveLeaveBody,
    okMsg: '已办理离职',
    handler: (b, { deps, auth, ip }) => leaveArchive(deps, auth, b, ip),
  }),
  call({
    path: '/Archives/Del',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteArchive(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Archives/Export',
    role: ROLE,
    btn: 'export',
    body: ArchiveFilter,
    handler: (b, { deps, auth }) => exportArchives(deps, auth, b),
  }),
  call({
    path: '/Archives/Import',
    role: ROLE,
    btn: 'import',
    okMsg: '导入成功',
    handler: (_b, { deps, auth, req, ip }) => importArchives(deps, auth, req, ip),
  }),
  call({ path: '/Archives/ImportTemplate', role: ROLE, btn: 'import', handler: () => archiveTemplate() }),
];
