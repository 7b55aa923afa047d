import { z } from 'zod';
import { isUploadRef, zOptionalText, zRequiredText, zUploadRef } from '../zod-rules';
import { jsonArray, zFlag, zId } from './form';
import { zDate, zRequiredDate, zTel } from './org';
import { toFen } from '../money';
import { isEmptyValue as blank } from '../validation';
import { zDecimal, zHm, zIntIn, zIntOr, zOptionalDecimal } from './property-rules';

/**
 * Bodies of the properties calls (domain/properties.md "Screens" and "Calls"): the web form validates with the same
 * schema the server parses. Rules that need the database (unique names, floor range of the building) are the server's.
 */

const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));

export const CommunitySaveBody = z.object({
  Id: zId().default(0),
  Name: zRequiredText('请输入小区名称', 50, '小区名称'),
  Code: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z
      .string()
      .max(20, '编码不能超过20个字符')
      .regex(/^[A-Za-z0-9_-]*$/, '编码只能包含字母、数字')
      .optional(),
  ),
  Province: zRequiredText('请输入省', 20, '省'),
  City: zRequiredText('请输入市', 20, '市'),
  District: zRequiredText('请输入区', 20, '区'),
  Address: zRequiredText('请输入详细地址', 100, '地址'),
  BuildArea: zOptionalDecimal('建筑面积', 0, 9999999999.99),
  ServicePhone: zTel(),
  ManagerUserId: optionalId(),
  DeliveryDate: zDate(),
  Photos: jsonArray(z.string().trim().refine(isUploadRef, '照片须为本系统上传的文件'), {
    max: 5,
    maxMessage: '照片最多5张',
  }).default([]),
  Status: zIntOr(1, 0, 1, '状态不正确'),
});
export type CommunitySaveBody = z.infer<typeof CommunitySaveBody>;

export const BuildingUnitInput = z.object({
  Id: zId().default(0),
  UnitNo: zIntIn(1, 99, '单元号需为1-99'),
  Name: zOptionalText(20, '单元名称'),
  FloorsAbove: z.preprocess((v) => (blank(v) ? undefined : v), zIntIn(1, 99, '地上层数需为1-99').optional()),
});
export type BuildingUnitInput = z.infer<typeof BuildingUnitInput>;

export const BuildingSaveBody = z.object({
  Id: zId().default(0),
  CommunityId: requiredId('请选择小区'),
  Name: zRequiredText('请输入楼宇名称', 30, '楼宇名称'),
  Code: zOptionalText(20, '楼号'),
  BuildingType: zIntOr(1, 1, 5, '楼宇类型不正确'),
  FloorsAbove: zIntIn(1, 99, '地上层数需为1-99'),
  FloorsBelow: zIntOr(0, 0, 9, '地下层数需为0-9'),
  HasLift: zFlag().default(false),
  Sort: zIntOr(0, 0, 9999, '排序需为0-9999的整数'),
  Units: jsonArray(BuildingUnitInput, { min: 1, minMessage: '至少需要1个单元', max: 20, maxMessage: '单元最多20个' }),
});
export type BuildingSaveBody = z.infer<typeof BuildingSaveBody>;

export const RoomPosition = z.object({
  Seq: zIntIn(1, 50, '序号需为1-50'),
  BuildArea: zDecimal('建筑面积', 0.01, 99999.99),
  InnerArea: zOptionalDecimal('套内面积', 0.01, 99999.99),
});

export const GenerateRoomsBody = z
  .object({
    BuildingId: requiredId('请选择楼宇'),
    UnitIds: jsonArray(zId(), { min: 1, minMessage: '请选择单元' }),
    FloorFrom: zIntIn(-9, 99, '楼层需为-9至99'),
    FloorTo: zIntIn(-9, 99, '楼层需为-9至99'),
    PerFloor: zIntIn(1, 50, '每层户数需为1-50'),
    Positions: jsonArray(RoomPosition).default([]),
    RoomType: zIntOr(1, 1, 5, '房间类型不正确'),
    Status: zIntOr(0, 0, 4, '房间状态不正确'),
    Preview: zFlag().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.FloorTo < b.FloorFrom)
      ctx.addIssue({ code: 'custom', path: ['FloorTo'], message: '结束楼层不能小于起始楼层' });
    for (const p of b.Positions) {
      if (p.InnerArea && toFen(p.InnerArea) > toFen(p.BuildArea))
        ctx.addIssue({ code: 'custom', path: ['Positions'], message: `第${p.Seq}户：套内面积不能大于建筑面积` });
    }
  });
export type GenerateRoomsBody = z.infer<typeof GenerateRoomsBody>;

export const RoomSaveBody = z
  .object({
    Id: zId().default(0),
    UnitId: requiredId('请选择单元'),
    Floor: zIntIn(-9, 99, '请输入楼层').refine((v) => v !== 0, '楼层不能为0'),
    RoomNo: zRequiredText('请输入房号', 20, '房号'),
    RoomType: zIntOr(1, 1, 5, '房间类型不正确'),
    BuildArea: zDecimal('建筑面积', 0.01, 99999.99),
    InnerArea: zOptionalDecimal('套内面积', 0.01, 99999.99),
    Bedrooms: zIntOr(0, 0, 9, '室需为0-9'),
    Livingrooms: zIntOr(0, 0, 9, '厅需为0-9'),
    Bathrooms: zIntOr(0, 0, 9, '卫需为0-9'),
    Decoration: zIntOr(0, 0, 3, '装修情况不正确'),
    FeeCoefficient: z.preprocess((v) => (blank(v) ? '1.00' : v), zDecimal('收费系数', 0.01, 9.99)),
    Status: zIntOr(0, 0, 4, '房间状态不正确'),
    HandoverDate: zDate(),
    OwnerResidentId: optionalId(),
    Reason: zOptionalText(200, '原因'),
  })
  .superRefine((b, ctx) => {
    if (b.InnerArea && toFen(b.InnerArea) > toFen(b.BuildArea))
      ctx.addIssue({ code: 'custom', path: ['InnerArea'], message: '套内面积不能大于建筑面积' });
  });
export type RoomSaveBody = z.infer<typeof RoomSaveBody>;

export const RoomBatchStatusBody = z.object({
  Ids: jsonArray(zId(), { min: 1, minMessage: '请选择房间', max: 5000, maxMessage: '一次最多5000间' }),
  Status: zIntIn(0, 4, '房间状态不正确'),
  Reason: zRequiredText('请输入变更原因', 200, '变更原因'),
});
export type RoomBatchStatusBody = z.infer<typeof RoomBatchStatusBody>;

export const MeterSaveBody = z.object({
  Id: zId().default(0),
  CommunityId: requiredId('请选择小区'),
  MeterType: zIntIn(1, 3, '请选择仪表类型'),
  MeterNo: zRequiredText('请输入表号', 30, '表号'),
  Multiplier: z.preprocess((v) => (blank(v) ? '1.00' : v), zDecimal('倍率', 0.01, 999999.99)),
  InitialReading: z.preprocess((v) => (blank(v) ? '0' : v), zDecimal('初始读数', 0, 9999999999.99)),
  IsPrepaid: zFlag().default(false),
  DeviceSn: zOptionalText(50, '设备编号'),
  Status: zIntOr(1, 0, 1, '状态不正确'),
  /** 新增并绑定: the room to bind the new meter to at its initial reading. */
  RoomId: optionalId(),
});
export type MeterSaveBody = z.infer<typeof MeterSaveBody>;

export const MeterBindBody = z.object({
  MeterId: requiredId('请选择仪表'),
  RoomId: requiredId('请选择房间'),
  Reading: zDecimal('读数', 0, 9999999999.99),
});
export const MeterUnbindBody = z.object({
  MeterId: requiredId('请选择仪表'),
  Reading: zDecimal('当前读数', 0, 9999999999.99),
});

export const HandoverSlotInput = z
  .object({ Start: zHm(), End: zHm(), Capacity: zIntIn(1, 99, '容量需为1-99') })
  .refine((s) => s.End > s.Start, { message: '结束时间需晚于开始时间', path: ['End'] });

export const HandoverConfigBody = z
  .object({
    CommunityId: requiredId('请选择小区'),
    StartDate: zRequiredDate('请选择开始日期'),
    EndDate: zRequiredDate('请选择结束日期'),
    Weekdays: jsonArray(zIntIn(1, 7, '星期不正确'), { min: 1, minMessage: '请选择开放的星期' }),
    Slots: jsonArray(HandoverSlotInput, { min: 1, minMessage: '请设置时段', max: 20, maxMessage: '时段最多20个' }),
    ClosedDates: jsonArray(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')).default([]),
    LeadDays: zIntOr(1, 0, 30, '提前天数需为0-30'),
    MaxDaysAhead: zIntOr(30, 1, 90, '最多提前天数需为1-90'),
    InspectItems: jsonArray(z.string().trim().min(1).max(20)).default([]),
    KeyItems: jsonArray(
      z.object({ Name: z.string().trim().min(1).max(20), Qty: zIntIn(0, 99, '数量需为0-99') }),
    ).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.EndDate < b.StartDate)
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: '结束日期不能早于开始日期' });
    if (b.MaxDaysAhead < b.LeadDays)
      ctx.addIssue({ code: 'custom', path: ['MaxDaysAhead'], message: '最多提前天数不能小于提前天数' });
  });
export type HandoverConfigBody = z.infer<typeof HandoverConfigBody>;

export const HandoverSaveBody = z.object({
  /** 0 books; an Id reschedules (改期) keeping the appointment number. */
  Id: zId().default(0),
  RoomId: optionalId(),
  ApptDate: zRequiredDate('请选择预约日期'),
  SlotStart: zHm('请选择时段'),
  ContactName: zOptionalText(30, '联系人'),
  ContactMobile: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z
      .string()
      .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号')
      .optional(),
  ),
  ReceptionUserId: optionalId(),
  /** 复验: the 待整改 appointment this one follows. */
  ParentId: optionalId(),
});
export type HandoverSaveBody = z.infer<typeof HandoverSaveBody>;

export const HandoverReasonBody = z.object({
  Id: requiredId('编号不正确'),
  Reason: zRequiredText('请输入原因', 200, '原因'),
});

export const HandoverCompleteBody = z.object({
  Id: requiredId('编号不正确'),
  InspectResults: jsonArray(
    z.object({
      Item: z.string().trim().min(1).max(20),
      Ok: zFlag(),
      Note: zOptionalText(200, '备注'),
      Photos: jsonArray(z.string().trim().refine(isUploadRef, '照片须为本系统上传的文件'), {
        max: 5,
        maxMessage: '照片最多5张',
      }).default([]),
    }),
  ).default([]),
  Keys: jsonArray(z.object({ Name: z.string().trim().min(1).max(20), Qty: zIntIn(0, 99, '数量需为0-99') })).default([]),
  MeterReadings: jsonArray(z.object({ MeterId: zId(), Reading: zDecimal('读数', 0, 9999999999.99) })).default([]),
  SignatureImg: zUploadRef('签名'),
  OwnerSigned: zFlag().default(false),
  /** false: the owner refused the keys; the appointment goes to 待整改 and a 复验 follows. */
  Accepted: zFlag().default(true),
  RoomStatusAfter: zIntOr(1, 1, 4, '交房后状态不正确').refine((v) => v !== 3, '交房后状态不正确'),
  Reason: zOptionalText(200, '原因'),
});
export type HandoverCompleteBody = z.infer<typeof HandoverCompleteBody>;
