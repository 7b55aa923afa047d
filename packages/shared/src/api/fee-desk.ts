import { z } from 'zod';
import { isEmptyValue as blank } from '../validation';
import { zOptionalText, zRequiredText } from '../zod-rules';
import { pagingMembers } from './envelope';
import { jsonArray, zFlag, zId } from './form';
import { zDate } from './org';
import { zDecimal, zIntIn, zIntOr } from './property-rules';

/**
 * Bodies of the cashier side of fees (domain/fees.md "API shapes"): the desk, Pay, payments, reversals, hand-over,
 * prepaid, electric top-ups and dunning. Money arrives as text or number with ≤ 2 decimals and leaves the schema as
 * 2-decimal text ('12.3' → '12.30'); the server sums it in fen.
 */

const MAX_MONEY = 10_000_000;
const money0 = (label: string) => z.preprocess((v) => (blank(v) ? '0' : v), zDecimal(label, 0, MAX_MONEY));
const optionalPositiveId = () =>
  z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));
const optionalCode = (min: number, max: number, msg: string) =>
  z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zIntIn(min, max, msg).optional());
/** An array that may be left out (form bodies drop empty ones). */
const optArray = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : v), schema);
const idList = (msg: string, max = 2000) =>
  jsonArray(zId(), { min: 1, minMessage: msg, max, maxMessage: `一次最多${max}条` });
/** 'YYYY-MM-DD HH:mm:ss' (or a date, read as its midnight). */
const zOptionalDateTime = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, `${label}格式不正确`)
      .optional(),
  );
const zReason = (msg: string) =>
  zRequiredText(msg, 200, '原因').pipe(z.string().min(4, '原因需为4-200个字符').max(200, '原因需为4-200个字符'));

export const CashierSearchBody = z.object({ Keyword: zRequiredText('请输入房号、业主、手机或证件号', 30, '关键字') });

export const CashierContextBody = z.object({
  RoomId: optionalPositiveId(),
  PayerType: optionalCode(1, 5, '缴费对象不正确'),
  PayerId: optionalPositiveId(),
});

export const FeePayLine = z.object({
  BillId: requiredId('请选择账单'),
  PayMoney: money0('本次缴纳'),
  LateFeeMoney: money0('滞纳金'),
  DiscountMoney: money0('减免金额'),
  ExpectedMoney: money0('应缴金额'),
});
export type FeePayLine = z.infer<typeof FeePayLine>;

export const FeeTender = z.object({
  Method: zIntIn(1, 5, '请选择支付方式'),
  AmountMoney: zDecimal('收款金额', 0, MAX_MONEY),
  TradeNo: zOptionalText(64, '交易号'),
});
export type FeeTender = z.infer<typeof FeeTender>;

export const FeeTopUp = z.object({
  ItemId: z.preprocess((v) => (blank(v) ? 0 : v), zId('预存账户不正确')),
  AmountMoney: zDecimal('充值金额', 0.01, 1_000_000),
});

const payMembers = {
  RequestId: zRequiredText('缺少请求号', 64, '请求号'),
  RoomId: optionalPositiveId(),
  PayerType: optionalCode(1, 5, '缴费对象不正确'),
  PayerId: optionalPositiveId(),
  PayerName: zOptionalText(80, '交款人'),
  UsePrepaid: z.preprocess((v) => (blank(v) ? false : v), zFlag()),
  Tenders: optArray(jsonArray(FeeTender, { max: 3, maxMessage: '最多3种支付方式' })),
  TenderedMoney: z.preprocess((v) => (blank(v) ? undefined : v), zDecimal('实收金额', 0, MAX_MONEY).optional()),
  OverpayTo: zIntOr(1, 1, 2, '多收处理方式不正确'),
  PayTime: zOptionalDateTime('实际收款日期'),
  DiscountReason: zOptionalText(200, '减免原因'),
  Remark: zOptionalText(200, '备注'),
};

export const FeePayBody = z.object({
  ...payMembers,
  Lines: optArray(jsonArray(FeePayLine, { max: 200, maxMessage: '一次最多收200笔账单' })),
  TopUps: optArray(jsonArray(FeeTopUp, { max: 10, maxMessage: '一次最多充值10个账户' })),
});
export type FeePayBody = z.infer<typeof FeePayBody>;

/** 预存款 充值: Pay's body with only TopUps. */
export const PrepaidTopUpBody = z.object({
  ...payMembers,
  RoomId: requiredId('请选择房屋'),
  TopUps: jsonArray(FeeTopUp, { min: 1, minMessage: '请输入充值金额', max: 10, maxMessage: '一次最多充值10个账户' }),
});

/** 电表充值: Pay's body with the meter and its amount instead of lines. */
export const ElectricRechargeBody = z.object({
  ...payMembers,
  MeterId: requiredId('请选择电表'),
  AmountMoney: zDecimal('充值金额', 0.01, 100_000),
});

export const FeeIdBody = z.object({ Id: requiredId('请选择数据') });

/** 写表确认: Ok true → 已写表; false → 写表失败 with its reason (a failed one may be confirmed again). */
export const ElectricConfirmBody = z
  .object({
    Id: requiredId('请选择充值记录'),
    Ok: zFlag(),
    FailReason: zOptionalText(200, '失败原因'),
  })
  .superRefine((b, ctx) => {
    if (!b.Ok && !(b.FailReason ?? '').trim())
      ctx.addIssue({ code: 'custom', path: ['FailReason'], message: '请输入失败原因' });
  });

export const ElectricMeterListBody = z.object({
  ...pagingMembers(),
  CommunityId: optionalPositiveId(),
  BuildingId: optionalPositiveId(),
  Keyword: zOptionalText(50, '关键字'),
  LowBalance: z.preprocess((v) => (blank(v) ? false : v), zFlag()),
});

export const ElectricRechargeListBody = z.object({
  ...pagingMembers(),
  CommunityId: optionalPositiveId(),
  MeterId: optionalPositiveId(),
  State: optionalCode(1, 4, '状态不正确'),
  Keyword: zOptionalText(50, '关键字'),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
});
export type ElectricRechargeListBody = z.infer<typeof ElectricRechargeListBody>;

const paymentFilters = {
  ...pagingMembers(),
  CommunityId: optionalPositiveId(),
  RoomId: optionalPositiveId(),
  Keyword: zOptionalText(50, '关键字'),
  CashierId: optionalPositiveId(),
  Method: optionalCode(1, 6, '支付方式不正确'),
  Source: optionalCode(1, 3, '来源不正确'),
  State: optionalCode(1, 4, '状态不正确'),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
};
export const FeePaymentListBody = z.object(paymentFilters);
export type FeePaymentListBody = z.infer<typeof FeePaymentListBody>;

export const FeeReversalApplyBody = z.object({
  Type: zIntIn(1, 3, '请选择申请类型'),
  PaymentId: optionalPositiveId(),
  AccountId: optionalPositiveId(),
  Lines: optArray(
    jsonArray(
      z.object({ PaymentLineId: requiredId('请选择退款明细'), RefundMoney: zDecimal('退款金额', 0.01, MAX_MONEY) }),
      { max: 200 },
    ),
  ),
  AmountMoney: z.preprocess((v) => (blank(v) ? undefined : v), zDecimal('退款金额', 0.01, MAX_MONEY).optional()),
  RefundMethod: optionalCode(1, 4, '请选择退款方式'),
  Reason: zReason('请输入申请原因'),
});
export type FeeReversalApplyBody = z.infer<typeof FeeReversalApplyBody>;

export const FeeReversalRejectBody = z.object({ Id: requiredId('请选择申请'), Reason: zReason('请输入驳回原因') });

export const FeeReversalListBody = z.object({
  ...pagingMembers(),
  Type: optionalCode(1, 3, '申请类型不正确'),
  State: optionalCode(1, 4, '状态不正确'),
  PaymentId: optionalPositiveId(),
  AccountId: optionalPositiveId(),
  ApplicantId: optionalPositiveId(),
  CommunityId: optionalPositiveId(),
  Keyword: zOptionalText(50, '关键字'),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
});

export const FeeHandoverSubmitBody = z.object({
  ToTime: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string({ error: '请先预览交班数据' }).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '交班时间格式不正确'),
  ),
  CountedCashMoney: zDecimal('实点现金', 0, MAX_MONEY, { required: '请输入实点现金' }),
  Remark: zOptionalText(200, '备注'),
});
export const FeeHandoverReturnBody = z.object({ Id: requiredId('请选择交班记录'), Reason: zReason('请输入退回原因') });
export const FeeHandoverListBody = z.object({
  ...pagingMembers(),
  CashierId: optionalPositiveId(),
  State: optionalCode(1, 3, '状态不正确'),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
});

export const PrepaidAccountListBody = z.object({
  ...pagingMembers(),
  CommunityId: optionalPositiveId(),
  BuildingId: optionalPositiveId(),
  RoomId: optionalPositiveId(),
  ItemId: z.preprocess((v) => (blank(v) ? undefined : v), zId().optional()),
  Keyword: zOptionalText(50, '关键字'),
});
export const PrepaidTxnListBody = z.object({
  ...pagingMembers(),
  AccountId: optionalPositiveId(),
  RoomId: optionalPositiveId(),
  TxnType: optionalCode(1, 5, '流水类型不正确'),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
});

const arrearsFilters = {
  CommunityId: optionalPositiveId(),
  BuildingId: optionalPositiveId(),
  ItemId: optionalPositiveId(),
  AgeBand: optionalCode(1, 5, '账龄不正确'),
  MinMonths: z.preprocess((v) => (blank(v) ? undefined : v), zIntIn(0, 999, '最少月数不正确').optional()),
  MinMoney: z.preprocess((v) => (blank(v) ? undefined : v), zDecimal('最低金额', 0, MAX_MONEY).optional()),
  Keyword: zOptionalText(50, '关键字'),
  AsOfDate: zDate('截止日期'),
};
export const DunningArrearsListBody = z.object({ ...pagingMembers(), ...arrearsFilters });
export type DunningArrearsFilter = z.infer<typeof DunningArrearsListBody>;
export const DunningSendSmsBody = z.object({
  ...arrearsFilters,
  RoomIds: optArray(jsonArray(zId(), { max: 5000, maxMessage: '一次最多5000户' })),
  All: z.preprocess((v) => (blank(v) ? false : v), zFlag()),
  TemplateId: optionalPositiveId(),
});
export const DunningNoticeBody = z.object({ RoomIds: idList('请选择房屋', 500) });
export const DunningRecordBody = z.object({
  RoomId: requiredId('请选择房屋'),
  Channel: zIntIn(3, 4, '请选择催缴方式'),
  Result: zRequiredText('请输入催缴结果', 200, '催缴结果'),
});
export const DunningLogBody = z.object({
  ...pagingMembers(),
  CommunityId: optionalPositiveId(),
  RoomId: optionalPositiveId(),
  Channel: optionalCode(1, 4, '催缴方式不正确'),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
});
