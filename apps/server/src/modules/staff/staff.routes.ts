import { StaffSaveBody, zFlag, zId } from '@linli/shared';
import { z } from 'zod';
import { call, saveBtn } from '../../core/calls';
import { staffGet, staffList, staffPicker } from './staff.service';
import { deleteStaff, resetStaffPassword, saveStaff, setStaffState, unlockStaff } from './staff-admin.service';
import { exportStaff, importStaff, staffTemplate } from './staff-io';
import { StaffFilter } from './staff-query';

const IdBody = z.object({ Id: zId() });
const ROLE = 'yggl_yggl';
const optionalText = z.preprocess(
  (v) => (v == null || v === '' ? undefined : String(v)),
  z.string().max(40).optional(),
);

/** 员工管理 (yggl_yggl) and the staff picker. */
export const staffCalls = [
  call({
    path: '/user/StaffList',
    role: ROLE,
    reads: true,
    body: StaffFilter,
    handler: (b, { deps, auth }) => staffList(deps, auth, b),
  }),
  call({
    path: '/user/StaffGet',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => staffGet(deps, auth, b.Id),
  }),
  call({
    path: '/user/StaffSave',
    role: ROLE,
    btn: saveBtn,
    body: StaffSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveStaff(deps, auth, b, ip),
  }),
  call({
    path: '/user/StaffSetState',
    role: ROLE,
    btn: 'state',
    body: z.object({
      Id: zId(),
      State: z.preprocess((v) => Number(v), z.union([z.literal(0), z.literal(1)], { error: '状态不正确' })),
    }),
    okMsg: '操作成功',
    handler: (b, { deps, auth, ip }) => setStaffState(deps, auth, b.Id, b.State, ip),
  }),
  call({
    path: '/user/StaffResetPwd',
    role: ROLE,
    btn: 'resetpwd',
    body: z.object({ Id: zId(), NewPwd: optionalText, ConfirmPwd: optionalText, Random: zFlag().default(false) }),
    okMsg: '密码已重置',
    handler: (b, { deps, auth, ip }) => resetStaffPassword(deps, auth, b, ip),
  }),
  call({
    path: '/user/StaffUnlock',
    role: ROLE,
    btn: 'unlock',
    body: IdBody,
    okMsg: '已解锁',
    handler: (b, { deps, auth, ip }) => unlockStaff(deps, auth, b.Id, ip),
  }),
  call({
    path: '/user/StaffDel',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteStaff(deps, auth, b.Id, ip),
  }),
  call({
    path: '/user/StaffExport',
    role: ROLE,
    btn: 'export',
    body: StaffFilter,
    handler: (b, { deps, auth }) => exportStaff(deps, auth, b),
  }),
  call({
    path: '/user/StaffImport',
    role: ROLE,
    btn: 'import',
    okMsg: '导入成功',
    handler: (_b, { deps, auth, req, ip }) => importStaff(deps, auth, req, ip),
  }),
  call({ path: '/user/StaffImportTemplate', role: ROLE, btn: 'import', handler: () => staffTemplate() }),
  // The product's staff picker: every signed-in user may pick a colleague.
  call({
    path: '/user/GetUserListV2',
    reads: true,
    body: StaffFilter,
    handler: (b, { deps, auth }) => staffPicker(deps, auth, b),
  }),
];
