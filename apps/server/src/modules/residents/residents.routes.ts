import {
  GENDERS,
  ID_TYPES,
  RegistrationApproveBody,
  RegistrationRejectBody,
  RegistrationSubmitBody,
  RegistrationWithdrawBody,
  RESIDENT_ROLES,
  ResidentMoveOutBody,
  ResidentSaveBody,
  ResidentSetTagsBody,
  ResidentTagSaveBody,
  zFlag,
  zId,
  zOptionalText,
} from '@linli/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { batchOf, batchStatusView } from '../../core/import-batch';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { optionalInt } from '../properties/filters';
import { faceCalls } from './faces.routes';
import {
  approveRegistrations,
  pendingCount,
  RegistrationFilter,
  registrationList,
  rejectRegistration,
} from './registrations';
import { submitRegistration, withdrawRegistration } from './registration-app';
import {
  RESIDENT_IMPORT_KIND,
  residentImportCommit,
  residentImportErrors,
  residentImportPreview,
  residentTemplate,
} from './resident-import';
import {
  filterSql,
  idList,
  ResidentFilter,
  type ResidentRow,
  selectResidents,
  visibleResident,
} from './residents-query';
import {
  checkDuplicate,
  deleteResident,
  moveOut,
  residentGet,
  residentList,
  residentOptions,
  residentsByRoom,
  saveResident,
  setTags,
  today,
} from './residents.service';
import { tagDelete, tagList, tagSave } from './tags';

const ROLE = 'zhgl_zhgl';
const IdBody = z.object({ Id: zId() });
const ImportIdBody = z.object({ ImportId: zId('请先上传文件') });
const SaveBody = z.intersection(ResidentSaveBody, z.object({ MovePrimary: zFlag().default(false) }));

type ExportRow = ResidentRow & { link: ResidentRow['links'][number] | undefined };
const exportColumns: { header: string; value(r: ExportRow): string }[] = [
  { header: '姓名', value: (r) => r.name },
  { header: '性别', value: (r) => (r.gender ? (GENDERS[r.gender] ?? '') : '') },
  { header: '手机号', value: (r) => r.mobile },
  { header: '证件类型', value: (r) => (r.id_no ? (ID_TYPES[r.id_type] ?? '') : '') },
  { header: '证件号码', value: (r) => r.id_no },
  { header: '小区', value: (r) => r.link?.CommunityName ?? '' },
  { header: '楼宇', value: (r) => r.link?.RoomName.split('-')[0] ?? '' },
  { header: '单元', value: (r) => r.link?.RoomName.split('-')[1] ?? '' },
  { header: '房号', value: (r) => r.link?.RoomName.split('-').slice(2).join('-') ?? '' },
  { header: '身份', value: (r) => (r.link ? (RESIDENT_ROLES[r.link.Role] ?? '') : '') },
  { header: '与业主关系', value: (r) => (r.link?.Role === 2 ? r.link.Relation : '') },
  { header: '入住日期', value: (r) => r.link?.MoveInDate ?? '' },
  { header: '租约到期', value: (r) => r.link?.LeaseEnd ?? '' },
  { header: '紧急联系人', value: (r) => r.emergency_name },
  { header: '紧急联系电话', value: (r) => r.emergency_mobile },
  { header: '标签', value: (r) => r.tags.map((t) => t.Name).join(',') },
];

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
    body: z.object({ Keyword: zOptionalText(30, '关键字'), Role: optionalInt() }),
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
    // Full numbers, in the import template's columns (one row per link); every export writes an audit row.
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const scope = idList(await communityIdsOf(db, auth));
      const where = sql`${await visibleResident(db, auth)} and ${filterSql(b, today(deps, auth), scope)}`;
      const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from residents e where ${where}`);
      const { PgIndex: _i, PgSize: _s, ...filters } = b;
      await audit(db, {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'resident.export',
        entity: 'resident',
        detail: { Filters: filters, Rows: Number(c?.n ?? 0) },
        ip,
      });
      const fetch = (after: number, size: number) =>
        selectResidents(db, scope, sql`${where} and e.id > ${after}`, sql`order by e.id limit ${size}`);
      async function* rows() {
        for await (const r of batchedRows(fetch)) {
          const links = r.links.filter((l) => !l.MoveOutDate);
          for (const link of links.length ? links : [undefined]) yield { ...r, link };
        }
      }
      return xlsxExport('住户列表', exportColumns, rows());
    },
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
