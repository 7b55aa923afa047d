import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dateFields, type DateWindow, resolveDates, scopeFields } from './filters';
import {
  advanceCashMoney,
  cashRows,
  currentMoney,
  discountCashMoney,
  feePaidMoney,
  feePayCount,
  feePayRooms,
  feeRefundMoney,
  int,
  journalCashier,
  journalFrom,
  journalScope,
  lateFeeCashMoney,
  money,
  recoveredCashMoney,
} from './measures';
import { categoryName } from './places';
import type { ReportDef, ReportQuery } from './report-kit';

/** 收款人 filter: absent = everyone, 0 = 系统 (auto-deduction). */
export const zCashier = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z.number({ error: '收款人不正确' }).int('收款人不正确').min(0, '收款人不正确').optional(),
  );
export const cashierCond = (cashier: SQL, id: number | undefined): SQL | undefined =>
  id === undefined ? undefined : id === 0 ? sql`${cashier} is null` : sql`${cashier} = ${id}`;

/** The cash columns of the fee journal (jfxm, costcollect …) with the API's names. */
export function cashColumns(c: DateWindow): SQL {
  return sql`${int(feePayCount(c))} as "PayCount", ${int(feePayRooms(c))} as "Rooms",
    ${money(currentMoney(c))} as "CurrentMoney", ${money(recoveredCashMoney(c))} as "RecoveredMoney",
    ${money(advanceCashMoney(c))} as "AdvanceMoney", ${money(lateFeeCashMoney(c))} as "LateFeeMoney",
    ${money(discountCashMoney(c))} as "DiscountMoney", ${money(feeRefundMoney(c))} as "RefundMoney",
    ${money(feePaidMoney(c))} as "FeePaidMoney"`;
}

/** 缴费项目统计表 (jfxm): cash by posting time, a row per 类别 holding its items. */
const JfxmBody = z.object({ ...scopeFields, ...dateFields, CashierId: zCashier() });
type JfxmBody = z.infer<typeof JfxmBody>;
interface DateFilters {
  dates: DateWindow;
}
const jfxmWhere = (q: ReportQuery<JfxmBody, DateFilters>) => {
  const cond = cashierCond(journalCashier, q.body.CashierId);
  return sql`${journalScope(q.scope)} and ${cashRows(q.filters.dates)} ${cond ? sql`and ${cond}` : sql``}`;
};

export const jfxm: ReportDef<typeof JfxmBody, DateFilters> = {
  name: 'Jfxm',
  title: '缴费项目统计表',
  body: JfxmBody,
  resolve: (b, s) => ({ dates: resolveDates(b, s) }),
  rows: (q) => sql`select i.category as "Category", ${categoryName(sql`i.category`)} as "CategoryName",
      ${categoryName(sql`i.category`)} as "Name", ${cashColumns(q.filters.dates)}
    from ${journalFrom} join fee_items i on i.id = j.item_id
    where ${jfxmWhere(q)} group by i.category`,
  order: sql`r."Category"`,
  children: {
    parentKey: 'Category',
    rows: (q) => sql`select i.category::text as "__parent", i.category as "Category",
        ${categoryName(sql`i.category`)} as "CategoryName", i.id as "ItemId", max(i.item_name) as "ItemName",
        max(i.item_name) as "Name", ${cashColumns(q.filters.dates)}
      from ${journalFrom} join fee_items i on i.id = j.item_id
      where ${jfxmWhere(q)} group by i.category, i.id`,
    order: sql`r."ItemId"`,
  },
  columns: [
    { key: 'Name', title: '类别/项目', width: 18 },
    { key: 'PayCount', title: '笔数' },
    { key: 'Rooms', title: '户数' },
    { key: 'CurrentMoney', title: '当期' },
    { key: 'RecoveredMoney', title: '追欠' },
    { key: 'AdvanceMoney', title: '预收' },
    { key: 'LateFeeMoney', title: '滞纳金' },
    { key: 'DiscountMoney', title: '优惠' },
    { key: 'RefundMoney', title: '退款' },
    { key: 'FeePaidMoney', title: '费用实收' },
  ],
};
