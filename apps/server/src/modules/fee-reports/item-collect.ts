import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AsOfWindow, lastDayOf, type PeriodWindow, periodFields, resolvePeriod, scopeFields } from './filters';
import {
  arrearsMoney,
  billedMoney,
  collectRate,
  discountMoney,
  dueMoney,
  journalScope,
  lateFeeMoney,
  money,
  paidMoney,
  unpaidMoney,
} from './measures';
import { categoryName } from './places';
import { journalSource } from './journal-source';
import type { ReportDef } from './report-kit';

/**
 * 收费项目汇总表 itemcollect (fee-reports.md "Synthetical reports"): accrual over the 账期 window as of T, a row per
 * 类别 with its items as Children (data[] holds the 类别 rows, so Σ data[] = Sum). 欠缴 is 未收 of the window's bills
 * due before the as-of day (the end of PeriodTo, or today).
 */
export const itemCollectBody = z.object({ ...scopeFields, ...periodFields });

export interface AccrualFilters {
  period: PeriodWindow;
  asOf: AsOfWindow;
}

/** The 账期 window and its as-of day: the end of PeriodTo, never after today. */
export function accrualFilters(
  b: { PeriodFrom?: string; PeriodTo?: string },
  scope: Parameters<typeof resolvePeriod>[1],
) {
  const period = resolvePeriod(b, scope);
  const last = lastDayOf(period.to);
  return { period, asOf: { ...period, day: last < scope.today ? last : scope.today } };
}

function figures(f: AccrualFilters): SQL {
  const inP = sql`j.bill_month between ${f.period.from} and ${f.period.to}`;
  const p = f.period;
  return sql`${money(billedMoney(p, inP))} as "AmountMoney", ${money(discountMoney(p, inP))} as "DiscountMoney",
    ${money(dueMoney(p, inP))} as "DueMoney", ${money(paidMoney(p, inP))} as "PaidMoney",
    ${money(unpaidMoney(p, inP))} as "UnpaidMoney", ${money(arrearsMoney(f.asOf, inP))} as "ArrearsMoney",
    ${money(lateFeeMoney(p, inP))} as "LateFeeMoney", ${collectRate(paidMoney(p, inP), dueMoney(p, inP))} as "CollectRate"`;
}

const category = categoryName(sql`i.category`);
const rowsOf = (f: AccrualFilters, s: Parameters<typeof journalScope>[0]) =>
  sql`${journalSource(s.cmpId, f.period, f.asOf)} join fee_items i on i.id = j.item_id
    where ${journalScope(s)} and j.bill_month between ${f.period.from} and ${f.period.to}`;

export const itemCollectReport: ReportDef<typeof itemCollectBody, AccrualFilters> = {
  name: 'ItemCollect',
  title: '收费项目汇总表',
  body: itemCollectBody,
  resolve: (b, scope) => accrualFilters(b, scope),
  rows: ({ filters: f, scope: s }) => sql`
    select ${category} as "Name", i.category as "Category", ${category} as "CategoryName", ${figures(f)}
    from ${rowsOf(f, s)} group by i.category`,
  order: sql`r."Category"`,
  children: {
    parentKey: 'Category',
    rows: ({ filters: f, scope: s }) => sql`
      select i.category as "__parent", i.item_name as "Name", i.category as "Category", ${category} as "CategoryName", j.item_id as "ItemId",
        i.item_name as "ItemName",
        ${figures(f)}
      from ${rowsOf(f, s)} group by i.category, j.item_id, i.item_name`,
    order: sql`r."Category", r."ItemId"`,
  },
  columns: [
    { key: 'Name', title: '类别/项目' },
    { key: 'AmountMoney', title: '计费' },
    { key: 'DiscountMoney', title: '优惠' },
    { key: 'DueMoney', title: '应收' },
    { key: 'PaidMoney', title: '实收' },
    { key: 'UnpaidMoney', title: '未收' },
    { key: 'ArrearsMoney', title: '欠缴' },
    { key: 'LateFeeMoney', title: '滞纳金' },
    { key: 'CollectRate', title: '收费率' },
  ],
  rates: { CollectRate: ['PaidMoney', 'DueMoney'] },
};
