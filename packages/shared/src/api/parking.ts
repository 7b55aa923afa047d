import { z } from 'zod';
import { toFen } from '../money';
import { checkMobile, isEmptyValue as blank } from '../validation';
import { zOptionalText, zPlate, zRequiredText } from '../zod-rules';
import { jsonArray, zFlag, zId } from './form';
import { zDate } from './org';
import { zDecimal, zIntIn, zIntOr } from './property-rules';
import { SPACE_STATUS } from './parking-codes';

/**
 * Bodies of the parking calls (domain/parking-access.md 车场管理, 车位管理, 车辆管理 and "API shapes"): the web form
 * validates with the same schema the server parses. Rules that need the database are the server's.
 */

export const MSG_CAP_BELOW_FIRST = '每日封顶金额不能小于首段金额';
export const MSG_OWNER_REQUIRED_FOR_SPACE = '已售/已租车位必须选择业主';
export const MSG_MONTHLY_NEEDS_DATES = '月租车必须填写有效期';
export const MSG_END_BEFORE_START = '结束日期不能早于开始日期';
export const MSG_SPACE_HAS_VEHICLES = '该车位已绑定车辆，请先解绑';
export const MSG_TIME_RANGE = '查询时间范围不能超过93天';

const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));
const money = (label: string, def = '0.00') => z.preprocess((v) => (blank(v) ? def : v), zDecimal(label, 0, 99999.99));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** 'YYYY-MM-DD HH:mm[:ss]' in the company's zone, or ISO 8601 with an offset; the server reads it. */
export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const zDateTimeText = (requiredMsg: string, label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string({ error: requiredMsg }).regex(DATETIME_PATTERN, `${label}格式不正确`),
  );

/** The tariff of a lot: stored with the lot and sent alone by 试算 before saving. */
const tariffFields = {
  TempEnabled: z.preprocess((v) => (blank(v) ? true : v), zFlag()),
  FreeMinutes: zIntOr(0, 0, 1440, '免费时长需为0-1440分钟'),
  FirstMinutes: zIntOr(60, 1, 1440, '首段时长需为1-1440分钟'),
  FirstMoney: money('首段金额'),
  UnitMinutes: zIntOr(60, 1, 1440, '计费单位需为1-1440分钟'),
  UnitMoney: money('单位金额'),
  DailyCapMoney: money('每日封顶金额'),
};

const capRule = (b: { FirstMoney?: string; DailyCapMoney?: string }, ctx: z.RefinementCtx) => {
  if (b.FirstMoney && b.DailyCapMoney && toFen(b.DailyCapMoney) > 0 && toFen(b.DailyCapMoney) < toFen(b.FirstMoney))
    ctx.addIssue({ code: 'custom', message: MSG_CAP_BELOW_FIRST, path: ['DailyCapMoney'] });
};

export const ParkingLotSaveBody = z
  .object({
    Id: zId().default(0),
    CommunityId: requiredId('请选择小区'),
    Name: zRequiredText('请输入车场名称', 30, '车场名称'),
    Code: zOptionalText(20, '车场编码'),
    LotType: zIntIn(1, 2, '请选择车场类型'),
    SpaceCount: zIntIn(1, 9999, '车位总数需为1-9999'),
    ...tariffFields,
    ExpiredAsTemp: z.preprocess((v) => (blank(v) ? true : v), zFlag()),
    Status: zIntOr(1, 0, 1, '状态不正确'),
  })
  .superRefine(capRule);
export type ParkingLotSaveBody = z.infer<typeof ParkingLotSaveBody>;

/** 试算: the lot's tariff, overridden by any tariff field sent (so the form can 试算 before saving). */
export const ParkingQuoteBody = z
  .object({
    LotId: optionalId(),
    InTime: zDateTimeText('请输入入场时间', '入场时间'),
    OutTime: zDateTimeText('请输入出场时间', '出场时间'),
    // The form's unsaved 临停收费 switch; absent: the lot's own.
    TempEnabled: optional(zFlag()),
    FreeMinutes: optional(zIntIn(0, 1440, '免费时长需为0-1440分钟')),
    FirstMinutes: optional(zIntIn(1, 1440, '首段时长需为1-1440分钟')),
    FirstMoney: optional(zDecimal('首段金额', 0, 99999.99)),
    UnitMinutes: optional(zIntIn(1, 1440, '计费单位需为1-1440分钟')),
    UnitMoney: optional(zDecimal('单位金额', 0, 99999.99)),
    DailyCapMoney: optional(zDecimal('每日封顶金额', 0, 99999.99)),
  })
  .superRefine(capRule);
export type ParkingQuoteBody = z.infer<typeof ParkingQuoteBody>;

export const ParkingSpaceSaveBody = z
  .object({
    Id: zId().default(0),
    LotId: requiredId('请选择车场'),
    SpaceNo: zRequiredText('请输入车位编号', 20, '车位编号'),
    SpaceType: zIntIn(1, 3, '请选择车位类型'),
    Area: optional(zDecimal('面积', 0, 9999.99)),
    Status: zIntIn(1, 4, '请选择车位状态'),
    OwnerResidentId: optionalId(),
    RoomId: optionalId(),
    RentStart: zDate('租期开始'),
    RentEnd: zDate('租期结束'),
  })
  .superRefine((b, ctx) => {
    if ((b.Status === 2 || b.Status === 3) && !b.OwnerResidentId)
      ctx.addIssue({ code: 'custom', message: MSG_OWNER_REQUIRED_FOR_SPACE, path: ['OwnerResidentId'] });
    if (b.Status === 3 && !b.RentStart)
      ctx.addIssue({ code: 'custom', message: '已租车位必须填写租期开始日期', path: ['RentStart'] });
    if (b.Status === 3 && !b.RentEnd)
      ctx.addIssue({ code: 'custom', message: '已租车位必须填写租期结束日期', path: ['RentEnd'] });
    if (b.RentStart && b.RentEnd && b.RentEnd < b.RentStart)
      ctx.addIssue({ code: 'custom', message: MSG_END_BEFORE_START, path: ['RentEnd'] });
  });
export type ParkingSpaceSaveBody = z.infer<typeof ParkingSpaceSaveBody>;

/** 批量新增: Prefix + numbers From…To padded to Width ('B1-' 1–120 width 3 → B1-001 … B1-120). */
export const ParkingSpaceBatchBody = z
  .object({
    LotId: requiredId('请选择车场'),
    Prefix: zOptionalText(10, '编号前缀'),
    From: zIntIn(0, 99999, '起始编号需为0-99999'),
    To: zIntIn(0, 99999, '结束编号需为0-99999'),
    Width: zIntOr(3, 1, 6, '编号位数需为1-6'),
    SpaceType: zIntOr(1, 1, 3, '请选择车位类型'),
  })
  .superRefine((b, ctx) => {
    if (b.To < b.From) ctx.addIssue({ code: 'custom', message: '结束编号不能小于起始编号', path: ['To'] });
    else if (b.To - b.From >= 1000) ctx.addIssue({ code: 'custom', message: '一次最多新增1000个车位', path: ['To'] });
    // Only for a width the field rule took: the refinement also runs over fields that failed their own rules.
    const longest =
      Number.isInteger(b.Width) && b.Width >= 1 && b.Width <= 6
        ? `${b.Prefix ?? ''}${String(b.To).padStart(b.Width, '0')}`
        : '';
    if (longest.length > 20) ctx.addIssue({ code: 'custom', message: '车位编号不能超过20个字符', path: ['Prefix'] });
  });
export type ParkingSpaceBatchBody = z.infer<typeof ParkingSpaceBatchBody>;

/** The space numbers of a batch, in order. */
export const batchSpaceNos = (b: Pick<ParkingSpaceBatchBody, 'Prefix' | 'From' | 'To' | 'Width'>) =>
  Array.from({ length: b.To - b.From + 1 }, (_, i) => `${b.Prefix ?? ''}${String(b.From + i).padStart(b.Width, '0')}`);

export const VehicleSaveBody = z
  .object({
    Id: zId().default(0),
    LotId: requiredId('请选择车场'),
    Plate: zPlate(),
    PlateColor: optional(zIntIn(1, 5, '请选择车牌颜色')),
    VehicleType: zIntIn(1, 5, '请选择车辆类型'),
    OwnerResidentId: optionalId(),
    OwnerName: zOptionalText(30, '车主姓名'),
    OwnerMobile: z.preprocess(
      (v) => (blank(v) ? undefined : String(v).trim()),
      z
        .string()
        .superRefine((v, ctx) => {
          const msg = checkMobile(v);
          if (msg) ctx.addIssue({ code: 'custom', message: msg });
        })
        .optional(),
    ),
    RoomId: optionalId(),
    SpaceId: optionalId(),
    ValidStart: zDate('开始日期'),
    ValidEnd: zDate('结束日期'),
    Brand: zOptionalText(30, '品牌'),
    Color: zOptionalText(20, '车身颜色'),
  })
  .superRefine((b, ctx) => {
    if ((b.VehicleType === 1 || b.VehicleType === 2) && !b.OwnerResidentId)
      ctx.addIssue({ code: 'custom', message: '月租车和产权车必须选择业主', path: ['OwnerResidentId'] });
    if (b.VehicleType === 1 && (!b.ValidStart || !b.ValidEnd))
      ctx.addIssue({
        code: 'custom',
        message: MSG_MONTHLY_NEEDS_DATES,
        path: [b.ValidStart ? 'ValidEnd' : 'ValidStart'],
      });
    if (b.ValidStart && b.ValidEnd && b.ValidEnd < b.ValidStart)
      ctx.addIssue({ code: 'custom', message: MSG_END_BEFORE_START, path: ['ValidEnd'] });
  });
export type VehicleSaveBody = z.infer<typeof VehicleSaveBody>;

export const VehicleSetStatusBody = z.object({
  Id: requiredId('请选择车辆'),
  Status: zIntIn(1, 3, '状态不正确'),
  Reason: zOptionalText(100, '原因'),
});

export const RENEW_MONTHS = [1, 3, 6, 12] as const;

/** 续期 / 批量续期: Months (1/3/6/12) or NewEnd; PaymentId when the cashier's 停车费 renews. */
export const VehicleRenewBody = z
  .object({
    Ids: jsonArray(zId().pipe(z.number().min(1, '请选择车辆')), {
      min: 1,
      minMessage: '请选择车辆',
      max: 500,
      maxMessage: '一次最多续期500辆',
    }),
    Months: optional(
      zIntIn(1, 12, '续期月数需为1、3、6或12').refine(
        (n) => (RENEW_MONTHS as readonly number[]).includes(n),
        '续期月数需为1、3、6或12',
      ),
    ),
    NewEnd: zDate('到期日期'),
    PaymentId: optionalId(),
  })
  .superRefine((b, ctx) => {
    if (!b.Months && !b.NewEnd) ctx.addIssue({ code: 'custom', message: '请选择续期月数或到期日期', path: ['Months'] });
  });
export type VehicleRenewBody = z.infer<typeof VehicleRenewBody>;

/** The status names an import may give, with their codes (车位状态 空闲/已售/已租/自用). */
export const spaceStatusOf = (name: string) => SPACE_STATUS.indexOf(name as (typeof SPACE_STATUS)[number]);
