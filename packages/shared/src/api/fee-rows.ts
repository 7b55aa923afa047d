import { z } from 'zod';

/** Answers of the fees-core calls; the web reads its row types from them (`z.infer`). */

export const FeeItemRow = z.object({
  Id: z.number(),
  ItemName: z.string(),
  Category: z.number(),
  CategoryName: z.string(),
  Kind: z.number(),
  KindName: z.string(),
  PayerType: z.number(),
  PayerTypeName: z.string(),
  IsEnabled: z.boolean(),
  Remark: z.string(),
  StandardCount: z.number(),
  CreateTime: z.string(),
});
export type FeeItemRow = z.infer<typeof FeeItemRow>;

/**
 * /api/FeeReport/ItemOptions (sfgl_sfbb): the company's fee items as the report filters' 收费项目 choices, for report
 * users who do not hold 收费项目 (sfgl_sfxm). Disabled items are listed too: their bills stay in the reports.
 */
export const FeeReportItemOption = z.object({
  Id: z.number(),
  ItemName: z.string(),
  Category: z.number(),
  CategoryName: z.string(),
  IsEnabled: z.boolean(),
});
export type FeeReportItemOption = z.infer<typeof FeeReportItemOption>;

export const FeeStandardRow = z.object({
  Id: z.number(),
  ItemId: z.number(),
  ItemName: z.string(),
  Kind: z.number(),
  KindName: z.string(),
  CommunityId: z.number(),
  CommunityName: z.string(),
  StandardName: z.string(),
  PriceMethod: z.number(),
  PriceMethodName: z.string(),
  UnitPrice: z.string(),
  FixedMoney: z.string(),
  Tiers: z.array(z.object({ UpTo: z.string().nullable(), UnitPrice: z.string() })),
  Formula: z.string(),
  CycleMonths: z.number(),
  ChargeMode: z.number(),
  ChargeModeName: z.string(),
  BillDay: z.number(),
  DueDays: z.number(),
  ProrateFirst: z.boolean(),
  GraceDays: z.number(),
  LateFeeRate: z.string(),
  LateFeeUnit: z.number(),
  LateFeeUnitName: z.string(),
  LateFeeCapMoney: z.string(),
  Decimals: z.number(),
  RoundMode: z.number(),
  RoundModeName: z.string(),
  AutoDeduct: z.boolean(),
  AutoGenerate: z.boolean(),
  AutoBindOnHandover: z.boolean(),
  IsEnabled: z.boolean(),
  Remark: z.string(),
  BindCount: z.number(),
});
export type FeeStandardRow = z.infer<typeof FeeStandardRow>;
