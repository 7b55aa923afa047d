import { z } from 'zod';
import { MOBILE_PATTERN } from '../validation';
import { zFormat, zMobile, zOptionalMobile, zOptionalText, zRequiredText, zUploadRef } from '../zod-rules';
import { jsonArray, zFlag, zId, zInt } from './form';

/**
 * Bodies of the organisation and staff calls (domain/organisation.md): one schema checks the form in the browser and
 * the body on the server. Cross-field rules (password on create, communities unless 全部小区, dates in order) are
 * checked by the server and named by field.
 */

export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;
export const MSG_TEL_INVALID = '请输入正确的联系电话';
/** 统一社会信用代码: 18 characters without I, O, S, V, Z. */
export const LICENCE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{18}$/;
export const MSG_LICENCE_INVALID = '请输入正确的统一社会信用代码';
/** Login name: 4–20, a letter first, then letters, digits and _ . @. */
export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_.@]{3,19}$/;
export const MSG_ACCOUNT_RULE = '登录账号需为4-20位，以字母开头，可含字母、数字和_.@';
export const MAX_DEPARTMENT_LEVELS = 6;

export const EDUCATIONS = ['初中及以下', '高中', '中专', '大专', '本科', '硕士', '博士'] as const;
export const CONTRACT_TYPES = ['固定期限', '无固定期限', '实习', '劳务'] as const;
export const ARCHIVE_STATUS = { ACTIVE: 1, LEFT: 2 } as const;
/** Department Type: 1 the company root (not stored), 2 分公司, 3 部门. */
export const DEPARTMENT_TYPE = { COMPANY: 1, BRANCH: 2, DEPARTMENT: 3 } as const;

export const isTel = (v: string) => MOBILE_PATTERN.test(v) || LANDLINE_PATTERN.test(v);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const toTelText = (v: unknown) => (blank(v) ? undefined : String(v).trim());

/** An optional mobile or landline number. */
export const zTel = () => z.preprocess(toTelText, z.string().refine(isTel, MSG_TEL_INVALID).optional());

/** A required mobile or landline number. */
export const zRequiredTel = (requiredMsg: string) =>
  z.preprocess(toTelText, z.string({ error: requiredMsg }).refine(isTel, MSG_TEL_INVALID));

/** A real calendar day: '2024-02-30' and year 0 read as dates to Date.parse but not to PostgreSQL. */
export const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '0001-01-01') return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const toDateText = (v: unknown) => (blank(v) ? undefined : String(v).trim().slice(0, 10));

/** An optional calendar date 'YYYY-MM-DD' (a time part is cut off). */
export const zDate = (label = '日期') =>
  z.preprocess(toDateText, z.string().refine(isCalendarDate, `${label}格式不正确`).optional());

/** A required calendar date 'YYYY-MM-DD'. */
export const zRequiredDate = (requiredMsg: string) =>
  z.preprocess(toDateText, z.string({ error: requiredMsg }).refine(isCalendarDate, '日期格式不正确'));

const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());

export const CompanyEditBody = z.object({
  CmpName: zRequiredText('请输入企业名称').pipe(
    z.string().min(2, '企业名称需为2-50个字符').max(50, '企业名称需为2-50个字符'),
  ),
  ShortName: zOptionalText(20, '简称'),
  Logo: zUploadRef('企业标志'),
  Contact: zRequiredText('请输入联系人', 30, '联系人'),
  ContactTel: zRequiredTel('请输入联系电话'),
  Address: zOptionalText(100, '地址'),
  LicenceNo: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().toUpperCase()),
    z.string().regex(LICENCE_PATTERN, MSG_LICENCE_INVALID).optional(),
  ),
  SiteTitle: zOptionalText(30, '网站标题'),
  Intro: zOptionalText(500, '企业简介'),
});
export type CompanyEditBody = z.infer<typeof CompanyEditBody>;

export const DepartmentSaveBody = z.object({
  Id: zId().default(0),
  DptName: zRequiredText('请输入部门名称', 30, '部门名称'),
  ParentId: zId('请选择上级部门').default(0),
  /** 2 分公司 or 3 部门; left out on edit keeps the current type, on create means 部门. */
  Type: z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.union([z.literal(2), z.literal(3)], { error: '类型不正确' }).optional(),
  ),
  LeaderId: optionalId(),
  Tel: zTel(),
  Sort: z.preprocess(
    (v) => (blank(v) ? 0 : v),
    zInt('排序需为0-999的整数').pipe(z.number().min(0, '排序需为0-999的整数').max(999, '排序需为0-999的整数')),
  ),
  Remark: zOptionalText(200, '备注'),
});
export type DepartmentSaveBody = z.infer<typeof DepartmentSaveBody>;

export const PositionRight = z.object({
  RoleKey: z.string().trim().min(1).max(40),
  Btn: z.preprocess((v) => (v == null ? '' : Array.isArray(v) ? v.join(',') : String(v)), z.string().max(400)),
});
export type PositionRight = z.infer<typeof PositionRight>;

export const PositionSaveBody = z.object({
  Id: zId().default(0),
  Name: zRequiredText('请输入岗位名称', 30, '岗位名称'),
  Remark: zOptionalText(200, '备注'),
  /** The full list of granted keys; left out, an edit keeps the current rights (a rename alone). */
  Rights: jsonArray(PositionRight).optional(),
});
export type PositionSaveBody = z.infer<typeof PositionSaveBody>;

export const PositionCopyBody = z.object({
  Id: zId(),
  Name: zRequiredText('请输入岗位名称', 30, '岗位名称'),
});
export type PositionCopyBody = z.infer<typeof PositionCopyBody>;

export const StaffSaveBody = z.object({
  Id: zId().default(0),
  /** Fixed after creation: ignored on edit. */
  UserAccount: zOptionalText(20, '登录账号'),
  UserName: zRequiredText('请输入姓名', 20, '姓名'),
  Phone: zMobile('请输入手机号'),
  Gender: z.preprocess((v) => (blank(v) ? 0 : Number(v)), z.number().int().min(0).max(2)),
  DptId: zId('请选择部门').pipe(z.number().min(1, '请选择部门')),
  PositionIds: jsonArray(zId(), { min: 1, minMessage: '请选择岗位' }),
  AllCommunity: zFlag().default(false),
  CommunityIds: jsonArray(zId()).default([]),
  /** Create only: 8–20 with letters and digits, typed twice. */
  Password: z.preprocess((v) => (blank(v) ? undefined : v), z.string().optional()),
  ConfirmPwd: z.preprocess((v) => (blank(v) ? undefined : v), z.string().optional()),
  Logo: zUploadRef('头像'),
  ArchiveId: optionalId(),
  Remark: zOptionalText(200, '备注'),
});
export type StaffSaveBody = z.infer<typeof StaffSaveBody>;

export const ArchiveAttachment = z.object({
  FileName: z.string().trim().min(1).max(255),
  FilePath: z.string().trim().min(1).max(255),
  Size: z.preprocess((v) => (blank(v) ? 0 : Number(v)), z.number().int().min(0)),
});

export const ArchiveSaveBody = z.object({
  Id: zId().default(0),
  EmployeeNo: zRequiredText('请输入工号', 20, '工号'),
  Name: zRequiredText('请输入姓名', 20, '姓名'),
  Gender: z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.union([z.literal(1), z.literal(2)], { error: '请选择性别' }),
  ),
  IdCard: zFormat('certnmb').transform((v) => (typeof v === 'string' ? v.trim().toUpperCase() : '')),
  BirthDate: zDate(),
  Phone: zOptionalMobile(),
  Nation: zOptionalText(20, '民族'),
  NativePlace: zOptionalText(50, '籍贯'),
  Education: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(EDUCATIONS, { error: '学历不正确' }).optional()),
  School: zOptionalText(50, '毕业院校'),
  Major: zOptionalText(50, '专业'),
  Address: zOptionalText(100, '住址'),
  Photo: zUploadRef('照片'),
  DptId: optionalId(),
  JobTitle: zOptionalText(30, '职务'),
  EntryDate: zRequiredDate('请选择入职日期'),
  ProbationEnd: zDate(),
  ContractType: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(CONTRACT_TYPES, { error: '合同类型不正确' }).optional(),
  ),
  ContractStart: zDate(),
  ContractEnd: zDate(),
  EmergencyName: zOptionalText(20, '紧急联系人'),
  EmergencyRelation: zOptionalText(20, '关系'),
  EmergencyPhone: zTel(),
  Attachments: jsonArray(ArchiveAttachment, { max: 10, maxMessage: '附件最多10个' }).default([]),
  Remark: zOptionalText(500, '备注'),
  /** Editing 离职 back to 在职 is a rehire (clears LeaveDate); 离职 itself goes through Leave. */
  Status: z.preprocess((v) => (blank(v) ? undefined : Number(v)), z.union([z.literal(1), z.literal(2)]).optional()),
});
export type ArchiveSaveBody = z.infer<typeof ArchiveSaveBody>;

export const ArchiveLeaveBody = z.object({
  Id: zId(),
  LeaveDate: zRequiredDate('请选择离职日期'),
  LeaveReason: zOptionalText(200, '离职原因'),
  DisableAccount: zFlag().default(true),
});
export type ArchiveLeaveBody = z.infer<typeof ArchiveLeaveBody>;

/** Birth date written in an ID number (18 digits: YYYYMMDD at 7–14; 15 digits: YYMMDD at 7–12, 19xx). */
export function birthDateOfIdCard(idCard: string): string | null {
  const v = idCard.trim();
  const m =
    v.length === 18
      ? /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(v)
      : v.length === 15
        ? /^\d{6}(\d{2})(\d{2})(\d{2})/.exec(v)
        : null;
  if (!m) return null;
  const year = v.length === 15 ? `19${m[1]}` : m[1]!;
  const ymd = `${year}-${m[2]}-${m[3]}`;
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd ? ymd : null;
}
