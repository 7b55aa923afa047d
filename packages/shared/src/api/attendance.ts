import { z } from 'zod';
import { isEmptyValue as blank } from '../validation';
import { zOptionalText, zRequiredText } from '../zod-rules';
import { jsonArray, zFlag, zId, zNumber } from './form';
import { isCalendarDate, zDate, zRequiredDate } from './org';
import { zHm, zIntIn, zIntOr } from './property-rules';

/** Codes of the attendance area (sms-attendance.md "API shapes"); index = code, answers add `<Field>Name`. */
export const ATT_GROUP_KINDS = ['', '固定班制', '排班制'] as const;
export const ATT_HOLIDAY_KINDS = ['', '休', '班'] as const;
export const ATT_LEAVE_KINDS = ['', '事假', '病假', '年假', '调休', '婚假', '产假', '其他'] as const;
export const ATT_PUNCH_KINDS = ['', '上班', '下班'] as const;
export const ATT_PUNCH_STATES = ['', '正常', '迟到', '早退', '缺卡', '外勤', '请假', '未打卡'] as const;
export const ATT_PUNCH_SOURCES = ['', 'APP', '考勤机', '补卡', '导入'] as const;
export const WEEKDAY_NAMES = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
export const PUNCH_STATE = { NORMAL: 1, LATE: 2, EARLY: 3, MISSING: 4, OUTSIDE: 5, LEAVE: 6, OPEN: 7 } as const;
export const PUNCH_SOURCE = { APP: 1, DEVICE: 2, MAKEUP: 3, IMPORT: 4 } as const;

/** 'HH:mm' → minutes after midnight. */
export const hmToMinutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));
const optionalHm = (msg: string) => z.preprocess((v) => (blank(v) ? undefined : v), zHm(msg, msg).optional());

/** 'YYYY-MM'. */
export const zMonth = (requiredMsg = '请选择月份') =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().slice(0, 7)),
    z.string({ error: requiredMsg }).refine((v) => isCalendarDate(`${v}-01`), '月份格式不正确'),
  );

/** 'YYYY-MM-DD HH:mm' (seconds, when given, are kept). */
export const isDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v) && isCalendarDate(v.slice(0, 10));
const zDateTime = (requiredMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().replace('T', ' ')),
    z.string({ error: requiredMsg }).refine(isDateTime, '时间格式不正确'),
  );

export const ShiftSaveBody = z
  .object({
    Id: zId().default(0),
    Name: zRequiredText('请输入班次名称', 20, '班次名称'),
    WorkStart: zHm('请输入上班时间'),
    WorkEnd: zHm('请输入下班时间'),
    RestStart: optionalHm('休息开始时间格式不正确'),
    RestEnd: optionalHm('休息结束时间格式不正确'),
    OnBefore: zIntOr(120, 0, 720, '上班最早打卡需为0-720分钟'),
    OffAfter: zIntOr(240, 0, 720, '下班最晚打卡需为0-720分钟'),
    LateGrace: zIntOr(5, 0, 120, '迟到宽限需为0-120分钟'),
    EarlyGrace: zIntOr(0, 0, 120, '早退宽限需为0-120分钟'),
    MissAfter: zIntOr(120, 1, 720, '缺卡分钟数需为1-720'),
  })
  .superRefine((b, ctx) => {
    if (b.WorkStart === b.WorkEnd) {
      ctx.addIssue({ code: 'custom', path: ['WorkEnd'], message: '下班时间不能等于上班时间' });
      return;
    }
    if (!b.RestStart !== !b.RestEnd) {
      ctx.addIssue({ code: 'custom', path: [b.RestStart ? 'RestEnd' : 'RestStart'], message: '请填写完整的休息时段' });
      return;
    }
    if (b.RestStart && b.RestEnd && !restInside(b as ShiftTimes)) {
      ctx.addIssue({ code: 'custom', path: ['RestStart'], message: '休息时段须在上下班时间之内' });
    }
  });
export type ShiftSaveBody = z.infer<typeof ShiftSaveBody>;

export interface ShiftTimes {
  WorkStart: string;
  WorkEnd: string;
  RestStart?: string | undefined;
  RestEnd?: string | undefined;
}

/** Minutes of a shift on its own clock: start, end (past 1440 when 跨天) and the rest within it. */
export function shiftSpan(s: ShiftTimes) {
  const start = hmToMinutes(s.WorkStart);
  let end = hmToMinutes(s.WorkEnd);
  const crossDay = end <= start;
  if (crossDay) end += 1440;
  // A rest before the start belongs to the next day of a 跨天 shift.
  const lift = (m: number) => (m < start ? m + 1440 : m);
  const rest =
    s.RestStart && s.RestEnd ? { start: lift(hmToMinutes(s.RestStart)), end: lift(hmToMinutes(s.RestEnd)) } : undefined;
  return { start, end, crossDay, rest };
}

function restInside(s: ShiftTimes) {
  const { start, end, rest } = shiftSpan(s);
  return (
    !!rest && rest.start < rest.end && rest.start >= start && rest.end <= end && rest.end - rest.start < end - start
  );
}

const mac = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;

export const AttPlaceInput = z.object({
  Name: zRequiredText('请输入地点名称', 30, '地点名称'),
  Address: zOptionalText(100, '地址').default(''),
  Lng: zNumber('请选择地点经纬度').pipe(z.number().min(-180, '经度不正确').max(180, '经度不正确')),
  Lat: zNumber('请选择地点经纬度').pipe(z.number().min(-90, '纬度不正确').max(90, '纬度不正确')),
  Radius: zIntOr(300, 50, 3000, '打卡半径需为50-3000米'),
});
export type AttPlaceInput = z.infer<typeof AttPlaceInput>;

export const AttWifiInput = z.object({
  Ssid: zRequiredText('请输入WiFi名称', 32, 'WiFi名称'),
  Bssid: zOptionalText(17, 'BSSID')
    .refine((v) => !v || mac.test(v), 'BSSID格式不正确')
    .transform((v) => (v ?? '').toLowerCase().replaceAll('-', ':')),
});
export type AttWifiInput = z.infer<typeof AttWifiInput>;

/** WorkDays as [1, 2, …] or '1,2,3' (1 = Monday). */
const weekdays = z.preprocess(
  (v) => (typeof v === 'string' && !v.trim().startsWith('[') ? v.split(',').filter((x) => x.trim()) : v),
  jsonArray(zIntIn(1, 7, '工作日不正确')),
);

export const GroupSaveBody = z
  .object({
    Id: zId().default(0),
    Name: zRequiredText('请输入考勤组名称', 30, '考勤组名称'),
    Kind: zIntIn(1, 2, '请选择考勤类型'),
    ShiftId: optionalId(),
    ShiftIds: jsonArray(zId(), { max: 10, maxMessage: '班次最多10个' }).default([]),
    WorkDays: weekdays.default([]),
    UseHolidays: zFlag().default(true),
    AllowOutside: zFlag().default(false),
    LeaderId: optionalId(),
    UserIds: jsonArray(zId(), { min: 1, minMessage: '请选择考勤组成员', max: 2000, maxMessage: '成员最多2000人' }),
    Places: jsonArray(AttPlaceInput, { max: 20, maxMessage: '打卡地点最多20个' }).default([]),
    Wifis: jsonArray(AttWifiInput, { max: 20, maxMessage: 'WiFi最多20个' }).default([]),
    MoveMembers: zFlag().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.Kind === 1 && !b.ShiftId) ctx.addIssue({ code: 'custom', path: ['ShiftId'], message: '请选择班次' });
    if (b.Kind === 1 && !b.WorkDays.length)
      ctx.addIssue({ code: 'custom', path: ['WorkDays'], message: '请选择工作日' });
    if (b.Kind === 2 && !b.ShiftIds.length) ctx.addIssue({ code: 'custom', path: ['ShiftIds'], message: '请选择班次' });
    if (!b.Places.length && !b.Wifis.length)
      ctx.addIssue({ code: 'custom', path: ['Places'], message: '请至少设置一个打卡地点或WiFi' });
  });
export type GroupSaveBody = z.infer<typeof GroupSaveBody>;

/** A roster: per member, day → shift id (0 = 休息). */
export const RosterSaveBody = z.object({
  GroupId: requiredId('请选择考勤组'),
  Month: zMonth(),
  Rows: jsonArray(
    z.object({
      UserId: requiredId('请选择员工'),
      Days: z.record(z.string().refine(isCalendarDate, '日期格式不正确'), zIntIn(0, 2_147_483_647, '班次不正确')),
    }),
    { max: 2000, maxMessage: '成员最多2000人' },
  ),
});
export type RosterSaveBody = z.infer<typeof RosterSaveBody>;

export const HolidaySaveBody = z.object({
  Id: zId().default(0),
  Day: zRequiredDate('请选择日期'),
  Kind: zIntIn(1, 2, '请选择休或班'),
  Name: zOptionalText(20, '节日名称').default(''),
});
export type HolidaySaveBody = z.infer<typeof HolidaySaveBody>;

export const MakeUpBody = z.object({
  UserId: requiredId('请选择员工'),
  Day: zRequiredDate('请选择日期'),
  Kind: zIntIn(1, 2, '请选择上班或下班'),
  Time: zHm('请输入补卡时间'),
  Reason: zRequiredText('请填写补卡原因', 200, '补卡原因'),
});
export type MakeUpBody = z.infer<typeof MakeUpBody>;

export const LeaveAddBody = z
  .object({
    UserId: requiredId('请选择员工'),
    Kind: zIntIn(1, 7, '请选择请假类型'),
    StartTime: zDateTime('请选择开始时间'),
    EndTime: zDateTime('请选择结束时间'),
    Reason: zOptionalText(200, '请假事由').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.EndTime <= b.StartTime)
      ctx.addIssue({ code: 'custom', path: ['EndTime'], message: '结束时间须晚于开始时间' });
    else if (
      Date.parse(`${b.EndTime.slice(0, 10)}T00:00:00Z`) - Date.parse(`${b.StartTime.slice(0, 10)}T00:00:00Z`) >
      90 * 86_400_000
    )
      ctx.addIssue({ code: 'custom', path: ['EndTime'], message: '单次请假不能超过90天' });
  });
export type LeaveAddBody = z.infer<typeof LeaveAddBody>;

export const ClockInBody = z.object({
  Lng: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    zNumber('经度不正确').pipe(z.number().min(-180).max(180)).optional(),
  ),
  Lat: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    zNumber('纬度不正确').pipe(z.number().min(-90).max(90)).optional(),
  ),
  Ssid: zOptionalText(32, 'WiFi名称').default(''),
  Bssid: zOptionalText(17, 'BSSID')
    .default('')
    .transform((v) => v.toLowerCase().replaceAll('-', ':')),
  PhotoPath: zOptionalText(255, '照片').default(''),
  Remark: zOptionalText(200, '备注').default(''),
});
export type ClockInBody = z.infer<typeof ClockInBody>;

/** One punch of an import (xlsx row or JSON): checked row by row by the server, errors answered per row. */
export const ImportPunchBody = z.object({
  Rows: jsonArray(
    z.object({
      JobNo: z.unknown().optional(),
      UserId: z.unknown().optional(),
      PunchTime: z.unknown().optional(),
      DeviceSn: z.unknown().optional(),
    }),
    { max: 5000, maxMessage: '一次最多导入5000行' },
  ).default([]),
});

export const PunchListFilter = {
  DptId: optionalId(),
  GroupId: optionalId(),
  UserId: optionalId(),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
  State: z.preprocess((v) => (blank(v) ? undefined : v), zIntIn(1, 7, '状态不正确').optional()),
  Source: z.preprocess((v) => (blank(v) ? undefined : v), zIntIn(1, 4, '来源不正确').optional()),
  Kind: z.preprocess((v) => (blank(v) ? undefined : v), zIntIn(1, 2, '打卡类型不正确').optional()),
};

export const StatMonthFilter = {
  Month: zMonth(),
  DptId: optionalId(),
  GroupId: optionalId(),
  UserId: optionalId(),
};

export const RecalcBody = z.object({
  Month: zMonth(),
  UserIds: jsonArray(zId(), { max: 5000, maxMessage: '人数过多' }).default([]),
});
