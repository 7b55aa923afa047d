import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type AsOfWindow,
  lastDayOf,
  pageFields,
  type PeriodWindow,
  periodFields,
  type ReportScope,
  resolveAsOf,
  resolvePeriod,
  scopeFields,
  zOptCode,
} from './filters';
import {
  arrearsMoney,
  asOf,
  billedMoney,
  discountMoney,
  dueMoney,
  journalFrom,
  journalScope,
  lateFeeMoney,
  money,
  paidMoney,
  rate,
  roomKey,
  unpaidMoney,
} from './measures';
import { billPlaceJoins, billStateName, keywordCond, ownerName, ownerPhone, roomLabel, timeText } from './places';
import { inDefaultOrder, type ReportDef, type ReportQuery } from './report-kit';

/** The 账期 reports of the bill journal: 应缴明细表 (yjmx) and 应缴汇总表 (yjhz). */

/** Arrears of an accrual report are as of the window's end: its last day, or today while it runs. */
export function accrualAsOf(p: PeriodWindow, scope: ReportScope): AsOfWindow {
  const last = lastDayOf(p.to);
  return resolveAsOf({ AsOfDate: last < scope.today ? last : scope.today }, scope);
}

/**
 * One row per bill with BillMonth in the window and its money as of T (bill-grain figures every accrual report
 * groups): bill_id, bill_month, room_key, billed, disc, due, paid, late, unpaid, arrears.
 */
export function billsInPeriod(s: ReportScope, p: PeriodWindow, a: AsOfWindow, cond?: SQL): SQL {
  return sql`select j.bill_id, j.bill_month, ${roomKey} as room_key, ${billedMoney(p)} as billed,
      ${discountMoney(p)} as disc, ${dueMoney(p)} as due, ${paidMoney(p)} as paid, ${lateFeeMoney(p)} as late,
      ${unpaidMoney(p)} as unpaid, ${arrearsMoney(a)} as arrears
    from ${journalFrom}
    where ${journalScope(s)} and j.bill_month between ${p.from} and ${p.to} and ${asOf(sql`j.event_time`, p)}
      ${cond ? sql`and ${cond}` : sql``}
    group by j.bill_id, j.bill_month, j.room_id`;
}

// ---------------------------------------------------------------- yjmx
const YjmxBody = z.object({
  ...scopeFields,
  ...periodFields,
  ...pageFields,
  Keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : undefined), z.string().optional()),
  State: zOptCode(1, 4),
  PayerType: zOptCode(1, 5),
});
type YjmxBody = z.infer<typeof YjmxBody>;
interface PeriodFilters {
  period: PeriodWindow;
  asOf: AsOfWindow;
}

/** The 应缴明细表 filters over a bill (`b`) and its place (`r`, `o` for a Keyword). */
function yjmxWhere(b: YjmxBody): SQL {
  // Cancelled bills count 0 and are listed only under 状态=已取消.
  const where: SQL[] = [b.State ? sql`b.state = ${b.State}` : sql`b.state <> 4`];
  if (b.PayerType) where.push(sql`b.payer_type = ${b.PayerType}`);
  if (b.Keyword) where.push(keywordCond(b.Keyword));
  return sql.join(where, sql` and `);
}

/** The listed bills of the window (only those `only` keeps, a condition on the journal `j`), named. */
function yjmxRows({ body: b, filters: f, scope }: ReportQuery<YjmxBody, PeriodFilters>, only?: SQL): SQL {
  return sql`select s.bill_id as "BillId", b.community_id as "CommunityId", c.name as "CommunityName",
      b.building_id as "BuildingId", coalesce(bd.name, '') as "BuildingName", b.room_id as "RoomId",
      ${roomLabel} as "RoomName", ${ownerName} as "OwnerName", ${ownerPhone} as "Phone", b.payer_type as "PayerType",
      b.item_id as "ItemId", i.item_name as "ItemName", st.standard_name as "StandardName", b.period as "Period",
      s.bill_month as "BillMonth", b.period_start::text as "PeriodStart", b.period_end::text as "PeriodEnd",
      b.quantity::numeric(14,2)::text as "Quantity", b.unit_price::text as "UnitPrice",
      ${money(sql`s.billed`)} as "AmountMoney", ${money(sql`s.disc`)} as "DiscountMoney",
      ${money(sql`s.due`)} as "DueMoney", ${money(sql`s.paid`)} as "PaidMoney",
      ${money(sql`s.late`)} as "LateFeeMoney", ${money(sql`s.unpaid`)} as "UnpaidMoney",
      b.due_date::text as "DueDate", b.state as "State", ${billStateName(sql`b.state`)} as "StateName",
      ${timeText(sql`b.created_at`, scope.tz)} as "BillTime"
    from (${billsInPeriod(scope, f.period, f.asOf, only)}) s ${billPlaceJoins}
    join fee_standards st on st.id = b.standard_id
    where ${yjmxWhere(b)}`;
}

export const yjmx: ReportDef<typeof YjmxBody, PeriodFilters> = {
  name: 'Yjmx',
  title: '应缴明细表',
  body: YjmxBody,
  paged: true,
  resolve: (b, scope) => {
    const period = resolvePeriod(b, scope);
    return { period, asOf: accrualAsOf(period, scope) };
  },
  rows: (q) => yjmxRows(q),
  // In the default order a page is cut from the window's bills with their sort keys, and only its bills are summed
  // and named: a month of a large company is 100,000 bills, and naming them all took seconds for each page.
  page: {
    rows: (q, page) => {
      if (q.body.Keyword || !inDefaultOrder(yjmx, q)) return null;
      const { filters: f, scope } = q;
      // The sort keys as lookups of the bill's own row: joined, the planner paired every bill of the company with its
      // room before meeting the window's.
      return sql`with pg as materialized (select s.bill_id from (${billsInPeriod(scope, f.period, f.asOf)}) s
          join fee_bills b on b.id = s.bill_id where ${yjmxWhere(q.body)}
          order by (select c.name from communities c where c.id = b.community_id),
            coalesce((select r.full_name from rooms r where r.id = b.room_id), nullif(b.payer_name, ''), ''),
            s.bill_month, (select i.item_name from fee_items i where i.id = b.item_id), s.bill_id
          limit ${page.limit} offset ${page.offset})
        select * from (${yjmxRows(q, sql`j.bill_id in (select pg.bill_id from pg)`)}) r
        order by r."CommunityName", r."RoomName", r."BillMonth", r."ItemName", r."BillId"`;
    },
    count: (q) => sql`select 1 from (${billsInPeriod(q.scope, q.filters.period, q.filters.asOf)}) s
      ${q.body.Keyword ? billPlaceJoins : sql`join fee_bills b on b.id = s.bill_id`} where ${yjmxWhere(q.body)}`,
  },
  order: sql`r."CommunityName", r."RoomName", r."BillMonth", r."ItemName", r."BillId"`,
  columns: [
    { key: 'CommunityName', title: '小区' },
    { key: 'BuildingName', title: '楼栋' },
    { key: 'RoomName', title: '房号/车位/车牌', width: 18 },
    { key: 'OwnerName', title: '业主' },
    { key: 'ItemName', title: '项目' },
    { key: 'StandardName', title: '标准' },
    { key: 'Period', title: '账期' },
    { key: 'PeriodStart', title: '计费开始' },
    { key: 'PeriodEnd', title: '计费结束' },
    { key: 'Quantity', title: '数量', kind: 'num' },
    { key: 'UnitPrice', title: '单价', kind: 'num' },
    { key: 'AmountMoney', title: '计费' },
    { key: 'DiscountMoney', title: '优惠' },
    { key: 'DueMoney', title: '应收' },
    { key: 'PaidMoney', title: '实收' },
    { key: 'LateFeeMoney', title: '滞纳金' },
    { key: 'UnpaidMoney', title: '未收' },
    { key: 'DueDate', title: '应缴日期' },
    { key: 'StateName', title: '状态' },
    { key: 'BillTime', title: '出账时间', width: 20 },
  ],
};

// ---------------------------------------------------------------- yjhz
/** GroupBy 1 小区 2 楼栋 3 项目 4 账期 5 房屋: the key, the name and the level's ids and names. */
const GROUPS: Record<number, { key: SQL; name: SQL; fields: SQL }> = {
  1: {
    key: sql`b.community_id`,
    name: sql`max(c.name)`,
    fields: sql`b.community_id as "CommunityId", max(c.name) as "CommunityName"`,
  },
  2: {
    key: sql`coalesce(b.building_id, 0)`,
    name: sql`max(c.name) || ' ' || coalesce(max(bd.name), '')`,
    fields: sql`max(b.community_id) as "CommunityId", max(c.name) as "CommunityName",
      coalesce(b.building_id, 0) as "BuildingId", coalesce(max(bd.name), '') as "BuildingName"`,
  },
  3: {
    key: sql`b.item_id`,
    name: sql`max(i.item_name)`,
    fields: sql`b.item_id as "ItemId", max(i.item_name) as "ItemName"`,
  },
  4: { key: sql`s.bill_month`, name: sql`s.bill_month`, fields: sql`s.bill_month as "BillMonth"` },
  5: {
    key: sql`s.room_key`,
    name: sql`max(${roomLabel})`,
    fields: sql`max(b.room_id) as "RoomId", max(${roomLabel}) as "RoomName", max(${ownerName}) as "OwnerName"`,
  },
};
const groupCode = (msg: string) => zOptCode(1, 5, msg);
const YjhzBody = z.object({
  ...scopeFields,
  ...periodFields,
  GroupBy: groupCode('分组方式不正确'),
  SubGroupBy: groupCode('分组方式不正确'),
});
type YjhzBody = z.infer<typeof YjhzBody>;

function yjhzRows(q: ReportQuery<YjhzBody, PeriodFilters>, level: number, parent?: number): SQL {
  const g = GROUPS[level]!;
  const p = parent ? GROUPS[parent]! : null;
  const groupBy = p ? sql`${p.key}, ${g.key}` : g.key;
  return sql`select ${p ? sql`(${p.key})::text as "__parent", ` : sql``}(${g.key})::text as "GroupKey", ${g.name} as "GroupName", ${g.fields},
      (count(*) filter (where b.state <> 4))::int as "BillCount",
      (count(distinct s.room_key) filter (where b.state <> 4))::int as "Rooms",
      ${money(sql`coalesce(sum(s.billed), 0)`)} as "AmountMoney", ${money(sql`coalesce(sum(s.disc), 0)`)} as "DiscountMoney",
      ${money(sql`coalesce(sum(s.due), 0)`)} as "DueMoney", ${money(sql`coalesce(sum(s.paid), 0)`)} as "PaidMoney",
      ${money(sql`coalesce(sum(s.unpaid), 0)`)} as "UnpaidMoney", ${money(sql`coalesce(sum(s.arrears), 0)`)} as "ArrearsMoney",
      ${rate(sql`coalesce(sum(s.paid), 0)`, sql`coalesce(sum(s.due), 0)`)} as "CollectRate"
    from (${billsInPeriod(q.scope, q.filters.period, q.filters.asOf)}) s ${billPlaceJoins}
    group by ${groupBy}`;
}

export const yjhz: ReportDef<typeof YjhzBody, PeriodFilters> = {
  name: 'Yjhz',
  title: '应缴汇总表',
  body: YjhzBody,
  resolve: (b, scope) => {
    const period = resolvePeriod(b, scope);
    return { period, asOf: accrualAsOf(period, scope) };
  },
  rows: (q) => yjhzRows(q, q.body.GroupBy ?? 1),
  order: sql`r."GroupName", r."GroupKey"`,
  children: {
    parentKey: 'GroupKey',
    rows: (q) => {
      const top = q.body.GroupBy ?? 1;
      const sub = q.body.SubGroupBy && q.body.SubGroupBy !== top ? q.body.SubGroupBy : null;
      // Without a second level every row has no children: a query that answers nothing.
      return sub
        ? yjhzRows(q, sub, top)
        : sql`select null as "__parent", null as "GroupKey", null as "GroupName" where false`;
    },
    order: sql`r."GroupName", r."GroupKey"`,
  },
  columns: [
    { key: 'GroupName', title: '分组', width: 20 },
    { key: 'BillCount', title: '账单数' },
    { key: 'Rooms', title: '户数' },
    { key: 'AmountMoney', title: '计费' },
    { key: 'DiscountMoney', title: '优惠' },
    { key: 'DueMoney', title: '应收' },
    { key: 'PaidMoney', title: '实收' },
    { key: 'UnpaidMoney', title: '未收' },
    { key: 'ArrearsMoney', title: '欠缴' },
    { key: 'CollectRate', title: '收费率' },
  ],
  rates: { CollectRate: ['PaidMoney', 'DueMoney'] },
};
