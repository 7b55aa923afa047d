import {
  RegistrationApproveBody,
  RegistrationRejectBody,
  RegistrationSubmitBody,
  RegistrationWithdrawBody,
  ResidentMoveOutBody,
  ResidentSaveBody,
  ResidentSetTagsBody,
  ResidentTagSaveBody,
  zFlag,
  zId,
  zOptionalText,
} from '@linli/shared';
import { z } from 'zod';
import { call, saveBtn } from '../../core/calls';
import { optionalInt } from '../../core/filters';
import { batchOf, batchStatusView } from '../../core/import-batch';
import { faceCalls } from './faces.routes';
import { submitRegistration, withdrawRegistration } from './registration-app.service';
import { approveRegistrations, rejectRegistration } from './registration-review.service';
import { pendingCount, RegistrationFilter, registrationList } from './registrations.service';
import { deleteResident } from './resident-delete.service';
import { residentExport } from './resident-export.service';
import {
  RESIDENT_IMPORT_KIND,
  residentImportCommit,
  residentImportErrors,
  residentImportPreview,
  residentTemplate,
} from './resident-import.service';
import { residentGet, residentList, residentsByRoom } from './resident-list.service';
import { moveOut } from './resident-moveout.service';
import { checkDuplicate, residentOptions } from './resident-options.service';
import { saveResident } from './resident-save.service';
import { setTags, tagDelete, tagList, tagSave } from './resident-tags.service';
import { ResidentFilter } from './residents-query';

const ROLE = 'zhgl_zhgl';
const IdBody = z.object({ Id: zId() });
const ImportIdBody = z.object({ ImportId: zId('请先上传文件') });
const SaveBody = z.intersection(ResidentSaveBody, z.object({ MovePrimary: zFlag().default(false) }));

/** 住户管理 (zhgl_zhgl), 待审核 (zhgl_zhgl + approve) and 人脸库 (zhgl_rlk): domain/residents.md "Calls". */
export const residentCalls = [
  call({
    path: '/Resident/List',
    role: ROLE,
    reads: true,
    body: ResidentFilter,
    handler: (b, { deps, auth }) => residentList(deps, auth, b),
  }),
  call({
    path: '/Resident/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => residentGet(deps, auth, b.Id),
  }),
  call({
    path: '/Resident/Save',
    role: ROLE,
    btn: saveBtn,
    body: SaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveResident(deps, auth, b, ip),
  }),
  call({
    path: '/Resident/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteResident(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Resident/MoveOut',
    role: ROLE,
    btn: 'moveout',
    body: ResidentMoveOutBody,
    okMsg: '迁出成功',
    handler: (b, { deps, auth, ip }) => moveOut(deps, auth, b, ip),
  }),
  call({
    path: '/Resident/SetTags',
    role: ROLE,
    btn: 'edit',
    body: ResidentSetTagsBody,
    okMsg: '操作成功',
    handler: (b, { deps, auth, ip }) => setTags(deps, auth, b, ip),
  }),
  call({
    path: '/Resident/Options',
    reads: true,
    body: z.object({ Keyword: zOptionalText(30, '关键字'), Role: optionalInt(), CommunityId: optionalInt() }),
    handler: (b, { deps, auth }) => residentOptions(deps, auth, b),
  }),
  call({
    path: '/Resident/ByRoom',
    role: ROLE,
    reads: true,
    body: z.object({ RoomId: zId(), IncludeHistory: zFlag().default(false) }),
    handler: (b, { deps, auth }) => residentsByRoom(deps, auth, b.RoomId, b.IncludeHistory),
  }),
  call({
    path: '/Resident/CheckDuplicate',
    role: ROLE,
    reads: true,
    body: z.object({ Mobile: zOptionalText(20, '手机号'), IdNo: zOptionalText(30, '证件号码') }),
    handler: (b, { deps, auth }) => checkDuplicate(deps, auth, { Mobile: b.Mobile, IdNo: b.IdNo?.toUpperCase() }),
  }),
  call({
    path: '/Resident/Export',
    role: ROLE,
    btn: 'export',
    body: ResidentFilter,
    handler: (b, { deps, auth, ip }) => residentExport(deps, auth, b, ip),
  }),
  call({ path: '/Resident/ImportTemplate', role: ROLE, btn: 'import', handler: () => residentTemplate() }),
  call({
    path: '/Resident/ImportPreview',
    role: ROLE,
    btn: 'import',
    handler: (_b, { deps, auth, req }) => residentImportPreview(deps, auth, req),
  }),
  call({
    path: '/Resident/ImportCommit',
    role: ROLE,
    btn: 'import',
    body: ImportIdBody,
    okMsg: '导入成功',
    handler: (b, { deps, auth, ip }) => residentImportCommit(deps, auth, b.ImportId, ip),
  }),
  call({
    path: '/Resident/ImportStatus',
    role: ROLE,
    btn: 'import',
    body: ImportIdBody,
    handler: async (b, { deps, auth }) =>
      batchStatusView(await batchOf(deps.database.db, auth, b.ImportId, RESIDENT_IMPORT_KIND)),
  }),
  call({
    path: '/Resident/ImportErrors',
    role: ROLE,
    btn: 'import',
    body: ImportIdBody,
    handler: (b, { deps, auth }) => residentImportErrors(deps, auth, b.ImportId),
  }),

  call({ path: '/ResidentTag/List', role: ROLE, reads: true, handler: (_b, { deps, auth }) => tagList(deps, auth) }),
  call({
    path: '/ResidentTag/Save',
    role: ROLE,
    btn: 'edit',
    body: ResidentTagSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => tagSave(deps, auth, b, ip),
  }),
  call({
    path: '/ResidentTag/Delete',
    role: ROLE,
    btn: 'edit',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => tagDelete(deps, auth, b.Id, ip),
  }),

  call({
    path: '/Registration/List',
    role: ROLE,
    reads: true,
    body: RegistrationFilter,
    handler: (b, { deps, auth }) => registrationList(deps, auth, b),
  }),
  call({
    path: '/Registration/PendingCount',
    role: ROLE,
    reads: true,
    handler: (_b, { deps, auth }) => pendingCount(deps, auth),
  }),
  call({
    path: '/Registration/Approve',
    role: ROLE,
    btn: 'approve',
    body: RegistrationApproveBody,
    okMsg: '审核通过',
    handler: (b, { deps, auth, ip }) => approveRegistrations(deps, auth, b.Ids, ip),
  }),
  call({
    path: '/Registration/Reject',
    role: ROLE,
    btn: 'approve',
    body: RegistrationRejectBody,
    okMsg: '已驳回',
    handler: (b, { deps, auth, ip }) => rejectRegistration(deps, auth, b.Id, b.Reason, ip),
  }),
  call({
    path: '/Registration/Submit',
    role: ROLE,
    btn: 'add',
    body: RegistrationSubmitBody,
    okMsg: '提交成功',
    handler: (b, { deps, auth, ip }) => submitRegistration(deps, auth, b, ip),
  }),
  call({
    path: '/Registration/Withdraw',
    role: ROLE,
    // The applicant's own action; Submit's stand-in rights until the owner app has accounts.
    btn: 'add',
    body: RegistrationWithdrawBody,
    okMsg: '已撤回',
    handler: (b, { deps, auth, ip }) => withdrawRegistration(deps, auth, b.Id, b.AppUserId, ip),
  }),

  ...faceCalls,
];
