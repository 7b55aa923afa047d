import { CompanyEditBody, DepartmentSaveBody, zId } from '@linli/shared';
import { z } from 'zod';
import { call, saveBtn } from '../../core/calls';
import { companyInfo, editCompany } from './company.service';
import { companyTree, deleteDepartment, getDepartment, saveDepartment } from './departments.service';

const IdBody = z.object({ Id: zId() });

/** 企业管理 (qygl): company profile and the department tree. */
export const orgCalls = [
  // Read by every signed-in user: the sidebar shows the company logo and name.
  call({ path: '/user/GetCompanyInf', reads: true, handler: (_b, { deps, auth }) => companyInfo(deps, auth) }),
  call({
    path: '/user/CompanyEdit',
    role: 'qygl_qyzl',
    btn: 'edit',
    body: CompanyEditBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => editCompany(deps, auth, b, ip),
  }),
  // The staff pickers of every module need the tree, so it is open to every signed-in user.
  call({ path: '/user/GetTreeCompany', reads: true, handler: (_b, { deps, auth }) => companyTree(deps, auth) }),
  call({
    path: '/user/GetDepartment',
    role: 'qygl_zzjg',
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => getDepartment(deps, auth, b.Id),
  }),
  call({
    path: '/user/DepartmentAdd',
    role: 'qygl_zzjg',
    btn: saveBtn,
    body: DepartmentSaveBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => saveDepartment(deps, auth, b, ip),
  }),
  call({
    path: '/user/DepartmentDel',
    role: 'qygl_zzjg',
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteDepartment(deps, auth, b.Id, ip),
  }),
];
