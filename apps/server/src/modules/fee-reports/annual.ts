import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../../core/errors';
import {
  type AsOfWindow,
  lastDayOf,
  oneCommunityField,
  type PeriodWindow,
  pageFields,
  type ReportScope,
  REPORT_MSG,
  resolvePeriod,
  scopeFields,
} from './filters';
import {
  arrearsMoney,
  collectRate,
  dueMoney,
  journalFrom,
  journalScope,
  money,
  paidMoney,
  rate,
  roomKey,
  unpaidMoney,
} from './measures';
import { journalSource } from './journal-source';
import type { ReportColumn, ReportDef } from './report-kit';

/**
 * 房屋/小区/项目年度收费表 annulhouse/annulcommunity/annulitem (fee-reports.md "Report shapes", Annual rows), as of
 * T = the end of the year or now: M01Money…M12Money of the Measure, YearDueMoney, YearPaidMoney, YearArrearsMoney and
 * CollectRate. Basis 1 按账期: a month is the bills' BillMonth (Measure 1 应收, 2 实收, 3 欠缴) and M01State… says how
 * it stands (0 无账单 1 已缴 2 部分缴 3 逾期 4 未到期). Basis 2 按收款日期 (实收 only): a month is the posting month
 * of 实收, and YearPaidMoney the year's postings (Σ months, what the bank shows).
 * Under both bases YearDueMoney and YearArrearsMoney are those of the year's bills (BillMonth in the year): 应收 and
 * 欠缴 have no posting date (that is why 按收款日期 allows only 实收), and CollectRate is the domain's 收费率 Pc ÷ Rc,
 * 实收 of the year's bills ÷ their 应收 (fee-reports.md "Accrual measures"), never postings ÷ 应收, which mixes the
 * two bases (追欠 of last year's bills would count against this year's). So the rate and the two Year figures are the
 * same under both bases; the 合计 rate is Σ Pc ÷ Σ Rc (the hidden __BillPaidMoney).
 */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const code = (values: number[], def: number, msg: string) =>
  z.preprocess(
    (v) => (blank(v) ? def : Number(v)),
    z.number({ error: msg }).refine((n) => values.includes(n), msg),
  );

const annualFields = {
  Year: z.preprocess(
    (v) => (blank(v) || v === 0 || v === '0' ? undefined : Number(v)),
    z.number({ error: REPORT_MSG.year }).int(REPORT_MSG.year).min(2000, '年度不正确').max(2100, '年度不正确'),
  ),
  Basis: code([1, 2], 1, '统计口径不正确'),
  Measure: code([1, 2, 3], 1, '统计指标不正确'),
};
export const annualBody = z.object({ ...scopeFields, ...annualFields });
export const annualHouseBody = z.object({ ...scopeFields, ...oneCommunityField, ...annualFields, ...pageFields });

export interface AnnualFilters {
  year: number;
  basis: number;
  measure: number;
  period: PeriodWindow;
  asOf: AsOfWindow;
}

function resolveAnnual(b: { Year: number; Basis: number; Measure: number }, scope: ReportScope): AnnualFilters {
  if (b.Basis === 2 && b.Measure !== 2) throw fail('按收款日期只能统计实收');
  const period = resolvePeriod({ PeriodFrom: `${b.Year}-01`, PeriodTo: `${b.Year}-12` }, scope);
  const last = lastDayOf(period.to);
  return {
    year: b.Year,
    basis: b.Basis,
    measure: b.Measure,
    period,
    asOf: { ...period, day: last < scope.today ? last : scope.today },
  };
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const postedIn = (from: string, to: string, tz: string) =>
  sql`j.event_time >= (${from}::date::timestamp at time zone ${tz}) and j.event_time < (${to}::date::timestamp at time zone ${tz})`;

/**
 * The year's journal rows summed per group (`keys` over `j`, named k0, k1, …; `extra` aggregates named e0, e1, …)
 * and month first: the bill month, and under 按收款日期 the posting month of 实收 in the year. A row's 65 cells then
 * aggregate a few dozen month rows instead of every journal row (a community's year is a quarter of a million of
 * them). Every figure is its measure (measures.ts); `figures` only lays the months out.
 */
function monthly(f: AnnualFilters, s: ReportScope, keys: SQL[], summed = false, extra: SQL[] = []): SQL {
  const { period: p, asOf, year: y } = f;
  const posted = postedIn(`${y}-01-01`, `${y + 1}-01-01`, s.tz);
  const pm =
    f.basis === 2
      ? sql`case when ${posted} then to_char(j.event_time at time zone ${s.tz}, 'MM') end`
      : sql`null::text`;
  const named = [
    ...keys.map((k, i) => sql`${k} as ${sql.identifier(`k${i}`)}`),
    ...extra.map((e, i) => sql`${e} as ${sql.identifier(`e${i}`)}`),
  ];
  const bills = sql`j.bill_month between ${`${y}-01`} and ${`${y}-12`}`;
  const cond = f.basis === 2 ? sql`(${bills} or ${posted})` : bills;
  return sql`(select ${sql.join(named, sql`, `)}, j.bill_month as bm, ${pm} as pm,
      ${dueMoney(p)} as due, ${paidMoney(p)} as paid, ${unpaidMoney(p)} as unpaid, ${arrearsMoney(asOf)} as arrears,
      ${f.basis === 2 ? paidMoney(p, posted) : sql`0::numeric`} as posted
    from ${summed ? journalSource(s.cmpId, p, asOf) : journalFrom} where ${journalScope(s)} and ${cond}
    group by ${sql.join(
      keys.map((_, i) => sql.raw(String(i + 1))),
      sql`, `,
    )}, j.bill_month, pm) x`;
}

/** The row's cells over `monthly` rows (alias x). */
function figures(f: AnnualFilters): SQL {
  const y = f.year;
  const sumOf = (col: string, cond: SQL) => sql`coalesce(sum(x.${sql.raw(col)}) filter (where ${cond}), 0)`;
  const cells: SQL[] = [];
  for (const m of MONTHS) {
    if (f.basis === 2) {
      cells.push(sql`${money(sumOf('posted', sql`x.pm = ${m}`))} as ${sql.identifier(`M${m}Money`)}`);
      continue;
    }
    const inM = sql`x.bm = ${`${y}-${m}`}`;
    const value = sumOf(f.measure === 1 ? 'due' : f.measure === 2 ? 'paid' : 'arrears', inM);
    cells.push(sql`${money(value)} as ${sql.identifier(`M${m}Money`)}`);
    cells.push(sql`(case when ${sumOf('due', inM)} = 0 then 0 when ${sumOf('unpaid', inM)} = 0 then 1
      when ${sumOf('arrears', inM)} > 0 then 3 when ${sumOf('paid', inM)} > 0 then 2 else 4 end) as ${sql.identifier(`M${m}State`)}`);
  }
  const inYear = sql`x.bm between ${`${y}-01`} and ${`${y}-12`}`;
  const billPaid = sumOf('paid', inYear);
  const yearPaid = f.basis === 2 ? sql`coalesce(sum(x.posted), 0)` : billPaid;
  return sql.join(
    [
      ...cells,
      sql`${money(sumOf('due', inYear))} as "YearDueMoney"`,
      sql`${money(yearPaid)} as "YearPaidMoney"`,
      sql`${money(sumOf('arrears', inYear))} as "YearArrearsMoney"`,
      sql`${money(billPaid)} as "__BillPaidMoney"`,
      sql`${collectRate(billPaid, sumOf('due', inYear))} as "CollectRate"`,
    ],
    sql`, `,
  );
}

const moneyColumns: ReportColumn[] = [
  ...MONTHS.map((m) => ({ key: `M${m}Money`, title: `${Number(m)}月` })),
  { key: 'YearDueMoney', title: '全年应收' },
  { key: 'YearPaidMoney', title: '全年实收' },
  { key: 'YearArrearsMoney', title: '全年欠缴' },
  { key: 'CollectRate', title: '收费率' },
];
/** The 合计 收费率: Σ 实收 of the year's bills ÷ Σ their 应收, under either basis. */
const sumExtra = () => ({
  CollectRate: rate(
    sql`coalesce(sum(r."__BillPaidMoney"::numeric), 0)`,
    sql`coalesce(sum(r."YearDueMoney"::numeric), 0)`,
  ),
});

export const annualHouseReport: ReportDef<typeof annualHouseBody, AnnualFilters> = {
  name: 'AnnulHouse',
  title: '房屋年度收费表',
  body: annualHouseBody,
  paged: true,
  resolve: (b, scope) => resolveAnnual(b, scope),
  rows: ({ filters: f, scope: s }) => sql`
    select coalesce(x."__room", 0) as "RoomId", coalesce(rm.full_name, b.payer_name, '') as "RoomName",
      coalesce(o.name, b.payer_name, '') as "OwnerName", coalesce(rm.building_id, 0) as "BuildingId", x.*
    from (select x.k0 as "__k", max(x.e0) as "__room", min(x.e1) as "__bill", ${figures(f)}
          from ${monthly(f, s, [roomKey], false, [sql`max(j.room_id)`, sql`min(j.bill_id)`])} group by 1) x
    left join rooms rm on rm.id = x."__room" left join residents o on o.id = rm.owner_resident_id
    left join fee_bills b on b.id = x."__bill"`,
  order: sql`r."RoomName", r."__k"`,
  columns: [{ key: 'RoomName', title: '房号' }, { key: 'OwnerName', title: '业主' }, ...moneyColumns],
  sumExtra,
};

export const annualCommunityReport: ReportDef<typeof annualBody, AnnualFilters> = {
  name: 'AnnulCommunity',
  title: '小区年度收费表',
  body: annualBody,
  resolve: (b, scope) => resolveAnnual(b, scope),
  rows: ({ filters: f, scope: s }) => sql`
    select x.k0 as "CommunityId", (select c.name from communities c where c.id = x.k0) as "CommunityName",
      ${figures(f)}
    from ${monthly(f, s, [sql`j.community_id`], true)} group by x.k0`,
  order: sql`r."CommunityId"`,
  columns: [{ key: 'CommunityName', title: '小区' }, ...moneyColumns],
  sumExtra,
};

export const annualItemReport: ReportDef<typeof annualBody, AnnualFilters> = {
  name: 'AnnulItem',
  title: '项目年度收费表',
  body: annualBody,
  resolve: (b, scope) => resolveAnnual(b, scope),
  rows: ({ filters: f, scope: s }) => sql`
    select x.k0 as "ItemId", (select i.item_name from fee_items i where i.id = x.k0) as "ItemName",
      ${figures(f)}
    from ${monthly(f, s, [sql`j.item_id`], true)} group by x.k0`,
  order: sql`r."ItemId"`,
  columns: [{ key: 'ItemName', title: '项目' }, ...moneyColumns],
  sumExtra,
};
