import { z } from 'zod';
import { checkCertNo, checkMobile, isEmptyValue as blank } from '../validation';
import { zOptionalText, zRequiredText } from '../zod-rules';
import { jsonArray, zFlag, zId } from './form';
import { zDate } from './org';

/**
 * Bodies of the residents calls (domain/residents.md "Calls"): the web form validates with the same schema the server
 * parses. Rules that need the database (duplicates, a room without an owner, one primary owner) are the server's.
 */

export const RESIDENT_ROLES = ['', '业主', '家属', '租户'] as const;
export const RESIDENT_STATUS = ['', '在住', '已迁出'] as const;
export const RESIDENT_SOURCES = ['', '后台', '业主APP', '导入'] as const;
export const GENDERS = ['未知', '男', '女'] as const;
export const ID_TYPES = ['', '身份证', '护照', '港澳通行证', '台胞证', '其他'] as const;
export const RELATIONS = ['配偶', '子女', '父母', '其他'] as const;
export const REGISTRATION_STATUS = ['待审核', '已通过', '已驳回', '已撤回'] as const;
export const REJECT_PRESETS = ['信息不符', '非本小区住户', '材料不清晰'] as const;
export const FACE_SOURCES = ['', '后台上传', '业主APP', '设备采集'] as const;
export const FACE_SYNC_STATES = ['待同步', '已同步', '失败'] as const;
export const FACE_SYNC_OPS = ['', '下发', '删除'] as const;
export const MSG_MOBILE_REQUIRED_FOR_ROLE = '业主和租户必须填写手机号';
export const MSG_LEASE_END_REQUIRED = '租户必须填写租约到期日';
export const MSG_REJECT_REASON = '请填写驳回原因';

const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));
const intOr = (def: number, min: number, max: number, msg: string) =>
  z.preprocess(
    (v) => (blank(v) ? def : typeof v === 'string' ? Number(v) : v),
    z.number({ error: msg }).int(msg).min(min, msg).max(max, msg),
  );
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

export const ResidentRoomInput = z
  .object({
    Id: zId().default(0),
    RoomId: requiredId('请选择房屋'),
    Role: intOr(0, 1, 3, '请选择身份'),
    Relation: zOptionalText(20, '与业主关系'),
    IsPrimary: zFlag().default(false),
    MoveInDate: zDate(),
    MoveOutDate: zDate(),
    LeaseStart: zDate(),
    LeaseEnd: zDate(),
  })
  .superRefine((r, ctx) => {
    if (r.Role === 3 && !r.LeaseEnd)
      ctx.addIssue({ code: 'custom', message: MSG_LEASE_END_REQUIRED, path: ['LeaseEnd'] });
    if (r.LeaseEnd && r.MoveInDate && r.LeaseEnd < r.MoveInDate)
      ctx.addIssue({ code: 'custom', message: '租约到期日不能早于入住日期', path: ['LeaseEnd'] });
    if (r.MoveOutDate && r.MoveInDate && r.MoveOutDate < r.MoveInDate)
      ctx.addIssue({ code: 'custom', message: '迁出日期不能早于入住日期', path: ['MoveOutDate'] });
  });
export type ResidentRoomInput = z.infer<typeof ResidentRoomInput>;

/** 身份证 takes the certnmb rule; other types 4–30 letters and digits. */
export function checkIdNo(idType: number, idNo: string): string | null {
  if (!idNo) return null;
  if (idType === 1) return checkCertNo(idNo);
  return /^[A-Za-z0-9]{4,30}$/.test(idNo) ? null : '证件号码需为4-30位字母或数字';
}

/** Birthday and gender read from an 18-digit ID number. */
export function fromIdNo(idNo: string): { birthday: string; gender: number } | null {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})\d{2}(\d)[\dX]$/.exec(idNo);
  if (!m) return null;
  const birthday = `${m[1]}-${m[2]}-${m[3]}`;
  if (Number.isNaN(Date.parse(`${birthday}T00:00:00Z`))) return null;
  return { birthday, gender: Number(m[4]) % 2 === 1 ? 1 : 2 };
}

export const ResidentSaveBody = z
  .object({
    Id: zId().default(0),
    Name: zRequiredText('请输入姓名', 20, '姓名'),
    Gender: intOr(0, 0, 2, '性别不正确'),
    Mobile: z.preprocess(text, z.string()),
    IdType: intOr(1, 1, 5, '证件类型不正确'),
    IdNo: z.preprocess((v) => text(v).toUpperCase(), z.string()),
    EmergencyName: zOptionalText(20, '紧急联系人'),
    EmergencyMobile: z.preprocess(text, z.string()),
    TagIds: jsonArray(zId(), { max: 10, maxMessage: '标签最多10个' }).default([]),
    Remark: zOptionalText(200, '备注'),
    Rooms: jsonArray(ResidentRoomInput, { min: 1, minMessage: '请至少关联一个房屋' }),
  })
  .superRefine((b, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (b.Mobile) {
      const m = checkMobile(b.Mobile);
      if (m) add('Mobile', m);
    } else if (b.Rooms.some((r) => r.Role !== 2)) add('Mobile', MSG_MOBILE_REQUIRED_FOR_ROLE);
    const idMsg = checkIdNo(b.IdType, b.IdNo);
    if (idMsg) add('IdNo', idMsg);
    if (b.EmergencyMobile) {
      const m = checkMobile(b.EmergencyMobile);
      if (m) add('EmergencyMobile', m);
    }
  });
export type ResidentSaveBody = z.infer<typeof ResidentSaveBody>;

export const ResidentMoveOutBody = z.object({
  Id: requiredId('编号不正确'),
  LinkIds: jsonArray(zId()).default([]),
  MoveOutDate: zDate(),
  RevokeCards: zFlag().default(true),
});
export type ResidentMoveOutBody = z.infer<typeof ResidentMoveOutBody>;

export const ResidentSetTagsBody = z.object({
  Ids: jsonArray(zId(), { min: 1, minMessage: '请选择住户' }),
  TagIds: jsonArray(zId(), { max: 10, maxMessage: '标签最多10个' }),
  Mode: z.preprocess((v) => (blank(v) ? 'add' : v), z.enum(['add', 'replace'], { error: '参数错误' })),
});
export type ResidentSetTagsBody = z.infer<typeof ResidentSetTagsBody>;

export const ResidentTagSaveBody = z.object({
  Id: zId().default(0),
  Name: zRequiredText('请输入标签名称', 8, '标签名称'),
  Color: zOptionalText(20, '颜色'),
  Sort: intOr(0, 0, 9999, '排序需为0-9999的整数'),
});
export type ResidentTagSaveBody = z.infer<typeof ResidentTagSaveBody>;

export const RegistrationRejectBody = z.object({
  Id: requiredId('编号不正确'),
  Reason: zRequiredText(MSG_REJECT_REASON, 100, '驳回原因'),
});
export type RegistrationRejectBody = z.infer<typeof RegistrationRejectBody>;

/** 撤回 by the applicant; an application of another app user answers '数据不存在'. */
export const RegistrationWithdrawBody = z.object({
  Id: requiredId('编号不正确'),
  AppUserId: requiredId('用户编号不正确'),
});
export type RegistrationWithdrawBody = z.infer<typeof RegistrationWithdrawBody>;

export const RegistrationApproveBody = z.object({
  Ids: jsonArray(zId(), { min: 1, minMessage: '请选择申请' }),
});

export const RegistrationSubmitBody = z
  .object({
    RoomId: requiredId('请选择房屋'),
    AppUserId: requiredId('用户编号不正确'),
    Name: zRequiredText('请输入姓名', 20, '姓名'),
    Mobile: z.preprocess(text, z.string()),
    IdNo: z.preprocess((v) => text(v).toUpperCase(), z.string()),
    Role: intOr(0, 1, 3, '请选择身份'),
    Relation: zOptionalText(20, '与业主关系'),
    LeaseEnd: zDate(),
    Attachments: jsonArray(z.string().max(255), { max: 9, maxMessage: '附件最多9张' }).default([]),
  })
  .superRefine((b, ctx) => {
    const m = b.Mobile ? checkMobile(b.Mobile) : '请输入手机号';
    if (m) ctx.addIssue({ code: 'custom', message: m, path: ['Mobile'] });
    const id = b.IdNo ? checkCertNo(b.IdNo) : null;
    if (id) ctx.addIssue({ code: 'custom', message: id, path: ['IdNo'] });
    if (b.Role === 3 && !b.LeaseEnd)
      ctx.addIssue({ code: 'custom', message: MSG_LEASE_END_REQUIRED, path: ['LeaseEnd'] });
  });
export type RegistrationSubmitBody = z.infer<typeof RegistrationSubmitBody>;

export const FaceUploadBody = z.object({
  ResidentId: requiredId('请选择住户'),
  /** The stored path /api/Img/PostFiles answered ('202611/ab….jpg' or '/uploads/202611/ab….jpg'). */
  ImgPath: zRequiredText('请上传人脸照片', 255, '照片'),
});
export type FaceUploadBody = z.infer<typeof FaceUploadBody>;

export const FaceResyncBody = z.object({
  FaceIds: jsonArray(zId()).default([]),
  AllFailed: zFlag().default(false),
  /** One device of 同步详情; absent = every device of the face. */
  LaneId: optionalId(),
});
export type FaceResyncBody = z.infer<typeof FaceResyncBody>;
