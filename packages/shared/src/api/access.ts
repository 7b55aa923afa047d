import { z } from 'zod';
import { normalisePlate } from '../plate';
import { checkMobile, isEmptyValue as blank } from '../validation';
import { zOptionalText, zPlate, zRequiredText } from '../zod-rules';
import { jsonArray, zFlag, zId } from './form';
import { zRequiredDate } from './org';
import { zDecimal, zIntIn, zIntOr } from './property-rules';
import { DATETIME_PATTERN, zDateTimeText } from './parking';

/**
 * Bodies of the access calls (domain/parking-access.md 卡片管理, 刷卡记录, 车道管理, 车行记录 and the device calls):
 * the web form validates with the same schema the server parses.
 */

export const MSG_CARD_NO = '卡号只能包含数字和字母';
export const MSG_CARD_TAKEN = '卡号已存在';
export const MSG_LANES_REQUIRED = '请选择授权通道';
export const MSG_DEVICE_KEY_ONCE = '设备密钥仅显示一次，请妥善保存';
export const MSG_EVENT_TIME = '事件时间无效';

const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** Card numbers are upper-cased wherever they are taken (filters and device calls too). */
export const normaliseCardNo = (v: unknown) => (v == null ? '' : String(v).trim().toUpperCase());
export const zCardNo = (requiredMsg = '请输入卡号') =>
  z.preprocess(
    (v) => (blank(v) ? undefined : normaliseCardNo(v)),
    z.string({ error: requiredMsg }).regex(/^[A-Z0-9]{4,20}$/, MSG_CARD_NO),
  );

const ids = (msg: string, max: number) =>
  jsonArray(zId().pipe(z.number().min(1, msg)), { max, maxMessage: `最多选择${max}项` });

export const AccessCardSaveBody = z
  .object({
    Id: zId().default(0),
    CommunityId: requiredId('请选择小区'),
    CardNo: zCardNo(),
    CardType: zIntIn(1, 4, '请选择卡片类型'),
    HolderKind: zIntOr(1, 1, 3, '请选择持卡人类型'),
    HolderResidentId: optionalId(),
    HolderUserId: optionalId(),
    HolderName: zOptionalText(30, '持卡人'),
    HolderMobile: z.preprocess(
      (v) => (blank(v) ? undefined : String(v).trim()),
      z
        .string()
        .superRefine((v, ctx) => {
          const msg = checkMobile(v);
          if (msg) ctx.addIssue({ code: 'custom', message: msg });
        })
        .optional(),
    ),
    RoomIds: ids('请选择房屋', 50).default([]),
    LaneIds: ids(MSG_LANES_REQUIRED, 200).pipe(z.array(z.number()).min(1, MSG_LANES_REQUIRED)),
    ValidFrom: zRequiredDate('请选择生效日期'),
    ValidTo: zRequiredDate('请选择到期日期'),
  })
  .superRefine((b, ctx) => {
    if (b.ValidTo < b.ValidFrom)
      ctx.addIssue({ code: 'custom', message: '到期日期不能早于生效日期', path: ['ValidTo'] });
    if (b.HolderKind === 1 && !b.HolderResidentId)
      ctx.addIssue({ code: 'custom', message: '请选择住户', path: ['HolderResidentId'] });
    if (b.HolderKind === 2 && !b.HolderUserId)
      ctx.addIssue({ code: 'custom', message: '请选择员工', path: ['HolderUserId'] });
    if (b.HolderKind === 3 && !b.HolderName)
      ctx.addIssue({ code: 'custom', message: '请输入持卡人姓名', path: ['HolderName'] });
  });
export type AccessCardSaveBody = z.infer<typeof AccessCardSaveBody>;

/** 挂失, 解挂, 注销: the card and why. */
export const CardActionBody = z.object({ Id: requiredId('请选择卡片'), Reason: zOptionalText(200, '原因') });
export const CardReissueBody = z.object({
  Id: requiredId('请选择卡片'),
  NewCardNo: zCardNo('请输入新卡号'),
  Reason: zOptionalText(200, '原因'),
});

const flagOr = (def: boolean) => z.preprocess((v) => (blank(v) ? def : v), zFlag());
/** Lane.Rules: 车行 and 人行 fields side by side; the server keeps those of the lane's kind. */
export const LaneRules = z.object({
  AutoOpenMonthly: flagOr(true),
  AutoOpenFree: flagOr(true),
  TempCar: zIntOr(1, 1, 3, '临时车规则不正确'),
  ExpiredCard: zIntOr(1, 1, 2, '过期月卡规则不正确'),
  FullDenyTemp: flagOr(false),
  AllowCard: flagOr(true),
  AllowFace: flagOr(true),
  AllowQr: flagOr(true),
});
export type LaneRules = z.infer<typeof LaneRules>;

export const LaneSaveBody = z
  .object({
    Id: zId().default(0),
    CommunityId: requiredId('请选择小区'),
    Kind: zIntIn(1, 2, '请选择车道类型'),
    LotId: optionalId(),
    Name: zRequiredText('请输入车道名称', 30, '车道名称'),
    Direction: zIntIn(1, 3, '请选择方向'),
    DeviceSn: zRequiredText('请输入设备序列号', 50, '设备序列号').pipe(
      z.string().regex(/^[A-Za-z0-9_-]+$/, '设备序列号只能包含字母、数字、-和_'),
    ),
    Brand: z.preprocess((v) => (blank(v) ? '其他' : v), z.enum(['海康', '大华', '宇视', '其他'], '品牌不正确')),
    HasFace: flagOr(false),
    BuildingId: optionalId(),
    UnitId: optionalId(),
    Rules: z.preprocess((v) => {
      if (blank(v)) return {};
      if (typeof v === 'string') {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }
      return v;
    }, LaneRules),
    Status: zIntOr(1, 0, 1, '状态不正确'),
  })
  .superRefine((b, ctx) => {
    if (b.Kind === 1 && !b.LotId) ctx.addIssue({ code: 'custom', message: '车行车道必须选择车场', path: ['LotId'] });
  });
export type LaneSaveBody = z.infer<typeof LaneSaveBody>;

export const LaneRemoteOpenBody = z.object({
  Id: requiredId('请选择车道'),
  Reason: zRequiredText('请输入开闸原因', 200, '开闸原因'),
});

/** A list's time range: DateFrom/DateTo, each a whole day or a time; the server checks the 93 days. */
const rangeText = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string().regex(DATETIME_PATTERN, `${label}格式不正确`).optional(),
  );
export const timeRangeFilter = { DateFrom: rangeText('开始时间'), DateTo: rangeText('结束时间') };

export const CarRecordManualOutBody = z.object({
  Id: requiredId('请选择记录'),
  OutTime: optional(zDateTimeText('请输入出场时间', '出场时间')),
  PaidMoney: z.preprocess((v) => (blank(v) ? '0' : v), zDecimal('实收金额', 0, 99999.99)),
  PayMethod: zIntOr(1, 0, 5, '支付方式不正确'),
  Reason: zRequiredText('请输入手动出场原因', 200, '原因'),
});
export const CarRecordFixPlateBody = z.object({
  Id: requiredId('请选择记录'),
  Plate: zPlate(),
  Reason: zRequiredText('请输入修正原因', 200, '原因'),
});

/** A device's event, checked one by one so a malformed event is rejected alone. */
export const DEVICE_EVENT_TYPES = ['CarIn', 'CarOut', 'CardSwipe', 'FaceOpen', 'QrOpen', 'RemoteOpen'] as const;
/** base64 of 300 KB. */
export const DEVICE_PHOTO_MAX_BYTES = 300 * 1024;
export const DeviceEventBody = z.object({
  EventId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: '缺少事件编号' }).trim().min(1, '缺少事件编号').max(64, '事件编号不能超过64个字符'),
  ),
  EventType: z.enum(DEVICE_EVENT_TYPES, '事件类型不正确'),
  OccurTime: z.string({ error: '缺少事件时间' }).trim().regex(DATETIME_PATTERN, MSG_EVENT_TIME),
  Plate: z.preprocess((v) => normalisePlate(v), z.string().max(10, '请输入正确的车牌号')),
  CardNo: z.preprocess((v) => normaliseCardNo(v), z.string().max(20, MSG_CARD_NO)),
  ResidentId: optionalId(),
  Opened: z.preprocess((v) => (blank(v) ? true : v), zFlag('开闸结果不正确')),
  DenyReason: zOptionalText(50, '拒绝原因'),
  PaidMoney: optional(zDecimal('实收金额', 0, 99999.99)),
  PayMethod: zIntOr(0, 0, 5, '支付方式不正确'),
  Photo: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string()
      .max(Math.ceil((DEVICE_PHOTO_MAX_BYTES * 4) / 3) + 64, '照片不能超过300KB')
      .optional(),
  ),
});
export type DeviceEventBody = z.infer<typeof DeviceEventBody>;

export const PushEventsBody = z.object({
  Events: jsonArray(z.unknown(), { min: 1, minMessage: '请上传事件', max: 20, maxMessage: '一次最多上传20条事件' }),
});

export const VerifyBody = z.object({
  Kind: z.enum(['Plate', 'Card', 'Face'], '核验类型不正确'),
  Plate: z.preprocess((v) => normalisePlate(v), z.string().max(10, '请输入正确的车牌号')),
  CardNo: z.preprocess((v) => normaliseCardNo(v), z.string().max(20, MSG_CARD_NO)),
  ResidentId: optionalId(),
  Time: optional(z.string().trim().regex(DATETIME_PATTERN, '时间格式不正确')),
});
