import { z } from 'zod';
import { decCmp, tryDec, unitPriceText } from '../decimal';
import { checkFormula } from '../fee-formula';
import { checkTiers } from '../fee-pricing';
import { isEmptyValue as blank } from '../validation';
import { zOptionalText, zRequiredText } from '../zod-rules';
import { FeePriceMethod } from './fee-enums';
import { jsonArray, zFlag, zId } from './form';
import { zRequiredDate } from './org';
import { zDecimal, zIntIn, zIntOr } from './property-rules';

/**
 * Bodies of the fee calls of fees-core (domain/fees.md "Calls" and "API shapes"): items, standards, 试算, bindings,
 * bill runs, bills and meter readings. The web form validates with the schema the server parses.
 */

const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));
const optionalId = () => z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), zId().optional());
const idList = (msg: string, max = 5000) =>
  jsonArray(zId(), { min: 1, minMessage: msg, max, maxMessage: `一次最多${max}条` });

/** A decimal with up to `places` decimals in [min, max], kept as text ('2.5' → '2.5000' for 4 places). */
export function zDecimalPlaces(label: string, places: number, min: number, max: number, def?: string) {
  const re = new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`);
  return z.preprocess(
    (v) => (blank(v) ? def : String(v).trim()),
    z
      .string({ error: `请输入${label}` })
      .refine((v) => re.test(v), { message: `${label}最多${places}位小数`, abort: true })
      .refine((v) => decCmp(v, min) >= 0 && decCmp(v, max) <= 0, `${label}需为${min}-${max}`)
      .transform((v) => (places === 4 ? unitPriceText(v) : v)),
  );
}

/** Money taken as text or number with ≤ 2 decimals (fees.md "General"). */
export const zMoney = (label: string, min: number, max: number) => zDecimal(label, min, max);
const zMoneyOr0 = (label: string, max: number) => z.preprocess((v) => (blank(v) ? '0' : v), zDecimal(label, 0, max));

/** 'YYYY-MM'. */
export const zPeriod = (requiredMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim().slice(0, 7)),
    z.string({ error: requiredMsg }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '账期格式不正确'),
  );

export const FeeItemSaveBody = z.object({
  Id: zId().default(0),
  ItemName: zRequiredText('请输入项目名称', 30, '项目名称'),
  Category: zIntIn(1, 11, '请选择类别'),
  Kind: zIntIn(1, 4, '请选择类型'),
  PayerType: zIntOr(1, 1, 4, '缴费对象不正确'),
  IsEnabled: zFlag().default(true),
  Remark: zOptionalText(200, '备注'),
});
export type FeeItemSaveBody = z.infer<typeof FeeItemSaveBody>;

export const FeeTierInput = z.object({
  UpTo: z.preprocess(
    (v) => (blank(v) ? null : String(v).trim()),
    z
      .string()
      .refine((v) => tryDec(v) !== null, '阶梯上限需为数字')
      .nullable(),
  ),
  UnitPrice: zDecimalPlaces('阶梯单价', 4, 0, 99999999),
});

/** The pricing fields of a standard: what Save stores and 试算 prices. */
const standardPricing = {
  PriceMethod: zIntIn(1, 6, '请选择计价方式'),
  UnitPrice: zDecimalPlaces('单价', 4, 0, 99999999, '0'),
  FixedMoney: zMoneyOr0('固定金额', 9999999.99),
  Tiers: jsonArray(FeeTierInput, { max: 10, maxMessage: '阶梯最多10档' }).default([]),
  Formula: zOptionalText(200, '计费公式'),
  CycleMonths: z.preprocess(
    (v) => (blank(v) ? 1 : v),
    zIntIn(1, 12, '计费周期需为1、2、3、6或12个月').refine(
      (v) => [1, 2, 3, 6, 12].includes(v),
      '计费周期需为1、2、3、6或12个月',
    ),
  ),
  Decimals: zIntOr(2, 0, 2, '保留小数需为0-2位'),
  RoundMode: zIntOr(1, 1, 3, '取整方式不正确'),
};

type PricingFields = {
  PriceMethod: number;
  UnitPrice: string;
  FixedMoney: string;
  Tiers: { UpTo: string | null; UnitPrice: string }[];
  Formula?: string | undefined;
};

function checkPricing(b: PricingFields, ctx: z.RefinementCtx) {
  if (b.PriceMethod === FeePriceMethod.Tiered) {
    const msg = checkTiers(b.Tiers);
    if (msg) ctx.addIssue({ code: 'custom', path: ['Tiers'], message: msg });
  }
  if (b.PriceMethod === FeePriceMethod.Formula) {
    const msg = checkFormula(b.Formula ?? '');
    if (msg) ctx.addIssue({ code: 'custom', path: ['Formula'], message: msg });
  }
  if (b.PriceMethod === FeePriceMethod.Fixed && decCmp(b.FixedMoney, 0) <= 0)
    ctx.addIssue({ code: 'custom', path: ['FixedMoney'], message: '请输入固定金额' });
  if ([1, 2, 4].includes(b.PriceMethod) && decCmp(b.UnitPrice, 0) <= 0)
    ctx.addIssue({ code: 'custom', path: ['UnitPrice'], message: '请输入单价' });
}

export const FeeStandardSaveBody = z
  .object({
    Id: zId().default(0),
    ItemId: requiredId('请选择收费项目'),
    CommunityId: requiredId('请选择小区'),
    StandardName: zRequiredText('请输入标准名称', 30, '标准名称'),
    ...standardPricing,
    ChargeMode: zIntOr(1, 1, 2, '收费方式不正确'),
    BillDay: zIntOr(1, 1, 28, '出账日需为1-28'),
    DueDays: zIntOr(15, 0, 365, '缴费期限需为0-365天'),
    ProrateFirst: zFlag().default(false),
    GraceDays: zIntOr(0, 0, 365, '宽限天数需为0-365'),
    LateFeeRate: zDecimalPlaces('滞纳金比例', 4, 0, 100, '0'),
    LateFeeUnit: zIntOr(1, 1, 2, '滞纳金单位不正确'),
    LateFeeCapMoney: zMoneyOr0('滞纳金上限', 9999999.99),
    AutoDeduct: zFlag().default(false),
    AutoGenerate: zFlag().default(false),
    AutoBindOnHandover: zFlag().default(false),
    IsEnabled: zFlag().default(true),
    Remark: zOptionalText(200, '备注'),
  })
  .superRefine(checkPricing);
export type FeeStandardSaveBody = z.infer<typeof FeeStandardSaveBody>;

const trialNumber = (label: string) =>
  z.preprocess((v) => (blank(v) ? '' : v), z.union([z.literal(''), zDecimal(label, 0, 99999999)]));

/** 试算: the form's pricing fields + a sample area, coefficient, floor and usage. */
export const FeeStandardTrialBody = z
  .object({
    ItemId: optionalId(),
    Kind: zIntOr(1, 1, 4, '类型不正确'),
    ...standardPricing,
    Area: trialNumber('建筑面积'),
    InnerArea: trialNumber('套内面积'),
    Coef: z.preprocess((v) => (blank(v) ? '1' : v), zDecimal('收费系数', 0, 99)),
    Floor: z.preprocess((v) => (blank(v) ? '1' : v), zIntIn(-9, 99, '楼层需为-9至99')),
    Usage: trialNumber('用量'),
  })
  .superRefine(checkPricing);
export type FeeStandardTrialBody = z.infer<typeof FeeStandardTrialBody>;

export const FeeSetEnabledBody = z.object({ Id: requiredId('编号不正确'), IsEnabled: zFlag() });

export const FeeBindBody = z
  .object({
    StandardId: requiredId('请选择收费标准'),
    PayerType: zIntOr(1, 1, 4, '缴费对象不正确'),
    PayerIds: jsonArray(zId(), { max: 20000, maxMessage: '一次最多20000条' }).default([]),
    BuildingIds: jsonArray(zId(), { max: 500, maxMessage: '一次最多500栋' }).default([]),
    StartDate: zRequiredDate('请选择开始日期'),
  })
  .superRefine((b, ctx) => {
    if (!b.PayerIds.length && !b.BuildingIds.length)
      ctx.addIssue({ code: 'custom', path: ['PayerIds'], message: '请选择绑定对象' });
  });
export type FeeBindBody = z.infer<typeof FeeBindBody>;

export const FeeUnbindBody = z.object({
  Ids: idList('请选择绑定记录'),
  EndDate: zRequiredDate('请选择结束日期'),
});

export const FeeBillRunBody = z
  .object({
    CommunityId: requiredId('请选择小区'),
    StandardIds: jsonArray(zId(), { min: 1, minMessage: '请选择收费标准', max: 100, maxMessage: '一次最多100个标准' }),
    PeriodFrom: zPeriod('请选择开始账期'),
    PeriodTo: zPeriod('请选择结束账期'),
  })
  .superRefine((b, ctx) => {
    if (b.PeriodTo < b.PeriodFrom)
      ctx.addIssue({ code: 'custom', path: ['PeriodTo'], message: '结束账期不能早于开始账期' });
  });
export type FeeBillRunBody = z.infer<typeof FeeBillRunBody>;

export const FeeBillDiscountBody = z.object({
  Id: requiredId('请选择账单'),
  DiscountMoney: zMoneyOr0('减免金额', 9999999.99),
  WaiveLateFee: zFlag().default(false),
  Reason: zRequiredText('请输入减免原因', 200, '减免原因').pipe(z.string().min(4, '减免原因至少4个字')),
});

export const FeeBillAdjustBody = z.object({
  Id: requiredId('请选择账单'),
  AmountMoney: zMoney('应收金额', 0, 9999999.99),
  Reason: zRequiredText('请输入调整原因', 200, '调整原因').pipe(z.string().min(4, '调整原因至少4个字')),
});

export const FeeBillReasonBody = z.object({
  Id: requiredId('请选择账单'),
  Reason: zRequiredText('请输入原因', 200, '原因').pipe(z.string().min(4, '原因至少4个字')),
});

export const FeeBillPrepayBody = z.object({
  PayerType: zIntOr(1, 1, 4, '缴费对象不正确'),
  PayerId: requiredId('请选择缴费对象'),
  StandardId: requiredId('请选择收费标准'),
  Months: zIntIn(1, 24, '预缴月数需为1-24'),
});

export const FeeBillAddTempBody = z.object({
  PayerType: zIntOr(1, 1, 4, '缴费对象不正确'),
  PayerId: requiredId('请选择缴费对象'),
  StandardId: requiredId('请选择收费标准'),
  AmountMoney: zMoney('金额', 0.01, 9999999.99),
  Remark: zOptionalText(200, '备注'),
});

const reading = (label: string) => zDecimal(label, 0, 9999999999.99);
const optionalReading = (label: string) => z.preprocess((v) => (blank(v) ? undefined : v), reading(label).optional());

export const MeterReadingRowInput = z.object({
  MeterId: requiredId('请选择仪表'),
  CurrReading: reading('本期读数'),
  ReadDate: z.preprocess((v) => (blank(v) ? undefined : v), zRequiredDate('请选择抄表日期').optional()),
  IsReplace: zFlag().default(false),
  OldEndReading: optionalReading('旧表止码'),
  NewStartReading: optionalReading('新表起码'),
  IsRollover: zFlag().default(false),
  Remark: zOptionalText(200, '备注'),
});

export const MeterReadingBatchBody = z.object({
  CommunityId: requiredId('请选择小区'),
  MeterType: zIntIn(1, 3, '请选择仪表类型'),
  Period: zPeriod('请选择账期'),
  ConfirmAbnormal: zFlag().default(false),
  Rows: jsonArray(MeterReadingRowInput, { min: 1, minMessage: '请录入读数', max: 5000, maxMessage: '一次最多5000条' }),
});
export type MeterReadingBatchBody = z.infer<typeof MeterReadingBatchBody>;

/** 修改 a 待审核 reading: its own meter and period stay; the previous reading is the server's. */
export const MeterReadingEditBody = MeterReadingRowInput.omit({ MeterId: true }).extend({
  Id: requiredId('请选择抄表记录'),
  ConfirmAbnormal: zFlag().default(false),
});
export type MeterReadingEditBody = z.infer<typeof MeterReadingEditBody>;

export const MeterReadingIdsBody = z.object({ Ids: idList('请选择抄表记录') });
