import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jsonArray } from '@linli/shared';
import {
  asOfFields,
  type AsOfWindow,
  pageFields,
  type PeriodWindow,
  periodFields,
  REPORT_MSG,
  resolveAsOf,
  resolveOptionalPeriod,
  scopeFields,
  zOptCode,
  zOptCount,
} from './filters';
import { AGE_BANDS, dueMoney, journalScope, money, overdueBills, overdueCond, rate } from './measures';
import { journalSource } from './journal-source';
import {
  ageBandName,
  billPlaceJoins,
  keywordCond,
  keywordOnBill,
  lastDunning,
  ownerName,
  ownerPhone,
  roomLabel,
} from './places';
import { inDefaultOrder, type ReportColumn, type ReportDef, type ReportQuery } from './report-kit';

/**
 * The arrears reports (欠缴, as of AsOfDate): qjmx per bill, qjhz per room (or 楼栋/项目), qjhzscfj by 账龄 band and
 * qjhzjefj by amount band. All read `overdueBills`, so a bill owes the same in each and in the overview's donut.
 */

const keyword = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : undefined), z.string().optional());
interface AsOfFilters {
  asOf: AsOfWindow;
  period: PeriodWindow | null;
  groupBy?: number;
}
const resolveArrears = (
  b: { AsOfDate?: string | undefined; PeriodFrom?: string; PeriodTo?: string },
  s: Parameters<typeof resolveAsOf>[1],
) => ({
  asOf: resolveAsOf(b, s),
  period: resolveOptionalPeriod(b, s),
});
const periodCond = (p: PeriodWindow | null) => (p ? sql`j.bill_month between ${p.from} and ${p.to}` : undefined);

// ---------------------------------------------------------------- qjmx
const QjmxBody = z.object({
  ...scopeFields,
  ...asOfFields,
  ...periodFields,
  ...pageFields,
  Keyword: keyword,
  AgeBand: zOptCode(1, 5, '账龄不正确'),
  MinOverdueDays: zOptCount('最少逾期天数不正确'),
});

type QjmxQuery = ReportQuery<z.infer<typeof QjmxBody>, AsOfFilters>;

/** The overdue bills the filters keep (alias s). */
function qjmxBills({ body: b, filters: f, scope }: QjmxQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (b.Keyword) where.push(keywordOnBill(b.Keyword, scope.cmpId, sql`s.bill_id`, sql`s.room_id`));
  if (b.AgeBand) where.push(sql`s.band = ${b.AgeBand}`);
  if (b.MinOverdueDays) where.push(sql`s.days >= ${b.MinOverdueDays}`);
  return sql`select s.* from (${overdueBills(scope, f.asOf, periodCond(f.period), { lateFee: true })}) s
    where ${sql.join(where, sql` and `)}`;
}

/** The listed columns of the bills `bills` (alias s): names, late fee as of the day, last dunning. */
function qjmxRows({ scope }: QjmxQuery, bills: SQL): SQL {
  return sql`select s.bill_id as "BillId", s.community_id as "CommunityId", c.name as "CommunityName",
      s.building_id as "BuildingId", coalesce(bd.name, '') as "BuildingName", s.room_id as "RoomId",
      ${roomLabel} as "RoomName", ${ownerName} as "OwnerName", ${ownerPhone} as "Phone", s.item_id as "ItemId",
      i.item_name as "ItemName", b.period as "Period", s.bill_month as "BillMonth", s.due_date::text as "DueDate",
      ${money(sql`s.due`)} as "DueMoney", ${money(sql`s.paid`)} as "PaidMoney", ${money(sql`s.arrears`)} as "ArrearsMoney",
      ${money(sql`s.late_fee`)} as "AccruedLateFeeMoney",
      s.days::int as "OverdueDays", s.band as "AgeBand", ${ageBandName(sql`s.band`)} as "AgeBandName",
      ${lastDunning(sql`s.room_id`, scope.cmpId, scope.tz)} as "LastDunningTime"
    from (${bills}) s ${billPlaceJoins}`;
}

export const qjmx: ReportDef<typeof QjmxBody, AsOfFilters> = {
  name: 'Qjmx',
  title: '欠缴明细表',
  body: QjmxBody,
  paged: true,
  resolve: resolveArrears,
  rows: (q) => qjmxRows(q, qjmxBills(q)),
  // The 合计 needs the money only: no names, no last dunning per bill.
  sumRows: (q) => sql`select ${money(sql`s.due`)} as "DueMoney", ${money(sql`s.paid`)} as "PaidMoney",
      ${money(sql`s.arrears`)} as "ArrearsMoney",
      ${money(sql`s.late_fee`)} as "AccruedLateFeeMoney"
    from (${qjmxBills(q)}) s`,
  // In the default order (逾期天数, then the bill) a page is cut from the overdue bills alone and only its rows are
  // named: a large company owes 180,000 bills, and naming and sorting them all took seconds for each page.
  page: {
    rows: (q, page) => {
      if (!inDefaultOrder(qjmx, q)) return null;
      return sql`with pg as materialized (select * from (${qjmxBills(q)}) s order by s.days desc, s.bill_id
          limit ${page.limit} offset ${page.offset})
        select * from (${qjmxRows(q, sql`select * from pg`)}) r order by r."OverdueDays" desc, r."BillId"`;
    },
    count: (q) => qjmxBills(q),
  },
  order: sql`r."OverdueDays" desc, r."BillId"`,
  filterText: ({ body: b }) => [
    ...(b.AgeBand ? [`账龄：${AGE_BANDS.find((a) => a.band === b.AgeBand)?.name ?? ''}`] : []),
    ...(b.MinOverdueDays ? [`最少逾期天数：${b.MinOverdueDays}`] : []),
  ],
  columns: [
    { key: 'CommunityName', title: '小区' },
    { key: 'RoomName', title: '房号', width: 18 },
    { key: 'OwnerName', title: '业主' },
    { key: 'Phone', title: '电话', width: 14 },
    { key: 'ItemName', title: '项目' },
    { key: 'Period', title: '账期' },
    { key: 'DueDate', title: '应缴日期' },
    { key: 'DueMoney', title: '应收' },
    { key: 'PaidMoney', title: '实收' },
    { key: 'ArrearsMoney', title: '欠缴' },
    { key: 'AccruedLateFeeMoney', title: '应计滞纳金' },
    { key: 'OverdueDays', title: '逾期天数', kind: 'num' },
    { key: 'AgeBandName', title: '账龄' },
    { key: 'LastDunningTime', title: '最近催缴', width: 20 },
  ],
};

// ---------------------------------------------------------------- grouping of the arrears summaries
/**
 * The groups of the arrears summaries, 1 小区 2 楼栋 3 项目: `key` over an `overdueBills` alias s (with c, bd, i joined
 * by `groupJoins`), `jkey` the same group over the journal (alias j).
 */
const ARREARS_GROUPS: Record<number, { key: SQL; jkey: SQL; fields: SQL; name: SQL }> = {
  1: {
    key: sql`s.community_id`,
    jkey: sql`j.community_id`,
    fields: sql`max(c.name) as "CommunityName"`,
    name: sql`max(c.name)`,
  },
  2: {
    key: sql`coalesce(s.building_id, 0)`,
    jkey: sql`coalesce(j.building_id, 0)`,
    fields: sql`max(s.community_id) as "CommunityId", max(c.name) as "CommunityName", coalesce(s.building_id, 0) as "BuildingId",
      coalesce(max(bd.name), '') as "BuildingName"`,
    name: sql`max(c.name) || ' ' || coalesce(max(bd.name), '')`,
  },
  3: {
    key: sql`s.item_id`,
    jkey: sql`j.item_id`,
    fields: sql`s.item_id as "ItemId", max(i.item_name) as "ItemName"`,
    name: sql`max(i.item_name)`,
  },
};
const groupJoins = sql`join communities c on c.id = s.community_id left join buildings bd on bd.id = s.building_id
  join fee_items i on i.id = s.item_id`;
const groupOf = (level: number | undefined, def: number) => ARREARS_GROUPS[level ?? def] ?? ARREARS_GROUPS[def]!;

// ---------------------------------------------------------------- qjhz
const QjhzBody = z.object({
  ...scopeFields,
  ...asOfFields,
  ...pageFields,
  GroupBy: zOptCode(1, 6, '分组方式不正确').refine((v) => v === undefined || [2, 3, 5].includes(v), '分组方式不正确'),
  MinMonths: zOptCount('最少月数不正确'),
  MinMoney: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z.number({ error: '最低金额不正确' }).min(0, '最低金额不正确').optional(),
  ),
  Keyword: keyword,
});
type QjhzBody = z.infer<typeof QjhzBody>;

/** The rooms in arrears (after 最少月数 / 最低金额), as the room_key set the summaries keep. */
function roomsKept(q: ReportQuery<QjhzBody, AsOfFilters>): SQL {
  const having: SQL[] = [sql`true`];
  if (q.body.MinMonths) having.push(sql`count(distinct ob.bill_month) >= ${q.body.MinMonths}`);
  if (q.body.MinMoney) having.push(sql`sum(ob.arrears) >= ${String(q.body.MinMoney)}::numeric`);
  return sql`select ob.room_key from ob group by ob.room_key having ${sql.join(having, sql` and `)}`;
}

/**
 * 欠缴汇总表 by room over the bills `bills` (alias s) after the `withOb` CTEs: names, late fee, last dunning. `named`
 * false: the bills already passed the Keyword.
 */
function qjhzRooms(q: ReportQuery<QjhzBody, AsOfFilters>, withOb: SQL, bills: SQL, named = true): SQL {
  const { scope, body: b } = q;
  return sql`${withOb} select max(s.room_id) as "RoomId", s.room_key::text as "RoomKey", max(${roomLabel}) as "RoomName",
          max(c.name) as "CommunityName", max(${ownerName}) as "OwnerName", max(${ownerPhone}) as "Phone",
          string_agg(distinct i.item_name, '、') as "ItemNames", count(distinct s.bill_month)::int as "ArrearsMonths",
          min(s.due_date)::text as "EarliestDueDate", max(s.days)::int as "OverdueDays", count(*)::int as "BillCount",
          ${money(sql`sum(s.arrears)`)} as "ArrearsMoney",
          ${money(sql`sum(s.late_fee)`)} as "AccruedLateFeeMoney",
          ${lastDunning(sql`max(s.room_id)`, scope.cmpId, scope.tz)} as "LastDunningTime"
        from ${bills} ${billPlaceJoins}
        where ${b.Keyword && named ? keywordCond(b.Keyword) : sql`true`}
        group by s.room_key`;
}

export const qjhz: ReportDef<typeof QjhzBody, AsOfFilters> = {
  name: 'Qjhz',
  title: '欠缴汇总表',
  body: QjhzBody,
  paged: true,
  resolve: (b, s) => ({ ...resolveArrears(b, s), groupBy: b.GroupBy ?? 5 }),
  rows: (q) => {
    const { scope, filters: f, body: b } = q;
    // The overdue bills are read once (a CTE used twice is materialised) and kept for the rooms that pass.
    const byRoom = (b.GroupBy ?? 5) === 5;
    const withOb = sql`with ob as (${overdueBills(scope, f.asOf, undefined, { lateFee: byRoom })}), k as (${roomsKept(q)})`;
    const bills = sql`ob s join k on k.room_key = s.room_key`;
    if (byRoom) return qjhzRooms(q, withOb, bills);
    const g = groupOf(b.GroupBy, 2);
    // 欠缴占应收: the group's arrears over the 应收 of every bill of the group due before AsOfDate, paid or not (over
    // the overdue bills alone the share was ~100%, as the walk found).
    const due = sql`select ${g.jkey} as gk, ${dueMoney(f.asOf)} as due
      from ${journalSource(scope.cmpId, f.asOf)} where ${journalScope(scope)} and ${overdueCond(f.asOf)} group by 1`;
    return sql`${withOb}, dg as materialized (${due}) select (${g.key})::text as "GroupKey", ${g.name} as "GroupName", ${g.fields},
        count(distinct s.room_key)::int as "ArrearsRooms", count(*)::int as "BillCount",
        ${money(sql`sum(s.arrears)`)} as "ArrearsMoney", ${money(sql`coalesce(max(dg.due), 0)`)} as "DueMoney",
        ${rate(sql`sum(s.arrears)`, sql`coalesce(max(dg.due), 0)`)} as "ArrearsShare"
      from ${bills} ${groupJoins} left join dg on dg.gk = ${g.key}
      group by ${g.key}`;
  },
  order: sql`r."ArrearsMoney"::numeric desc, 2`,
  // By room the 合计 needs each room's money only: no names, no last dunning.
  sumRows: (q) => {
    if ((q.body.GroupBy ?? 5) !== 5) return qjhz.rows(q);
    const kw = q.body.Keyword;
    return sql`with ob as (${overdueBills(q.scope, q.filters.asOf, undefined, { lateFee: true })}), k as (${roomsKept(q)})
      select count(*)::int as "BillCount", ${money(sql`sum(s.arrears)`)} as "ArrearsMoney",
        ${money(sql`sum(s.late_fee)`)} as "AccruedLateFeeMoney"
      from ob s join k on k.room_key = s.room_key
      where ${kw ? keywordOnBill(kw, q.scope.cmpId, sql`s.bill_id`, sql`s.room_id`) : sql`true`}
      group by s.room_key`;
  },
  // By room in the default order (欠缴金额, then the room's key as text), a page of rooms is cut from the overdue bills
  // alone and only those rooms are named: every room in arrears named and sorted took seconds a page.
  page: {
    rows: (q, page) => {
      if ((q.body.GroupBy ?? 5) !== 5 || !inDefaultOrder(qjhz, q)) return null;
      const kw = q.body.Keyword;
      const named = kw ? sql`where ${keywordOnBill(kw, q.scope.cmpId, sql`s.bill_id`, sql`s.room_id`)}` : sql``;
      // The bills that pass, materialised: the names are then joined to a page of rooms only.
      const withOb = sql`with ob as (${overdueBills(q.scope, q.filters.asOf, undefined, { lateFee: true })}),
        k as (${roomsKept(q)}),
        kb as materialized (select s.* from ob s join k on k.room_key = s.room_key ${named}),
        pg as materialized (select s.room_key from kb s group by s.room_key
          order by sum(s.arrears) desc, s.room_key::text limit ${page.limit} offset ${page.offset})`;
      return sql`select * from (${qjhzRooms(q, withOb, sql`kb s join pg on pg.room_key = s.room_key`, false)}) r
        order by r."ArrearsMoney"::numeric desc, r."RoomKey"`;
    },
    count: (q) => {
      if ((q.body.GroupBy ?? 5) !== 5) return sql`select 1 from (${qjhz.rows(q)}) r`;
      const kw = q.body.Keyword;
      const named = kw ? sql`and ${keywordOnBill(kw, q.scope.cmpId, sql`s.bill_id`, sql`s.room_id`)}` : sql``;
      return sql`with ob as (${overdueBills(q.scope, q.filters.asOf)}), k as (${roomsKept(q)})
        select distinct s.room_key from ob s join k on k.room_key = s.room_key where true ${named}`;
    },
  },
  columns: [
    { key: 'RoomName', title: '房号/分组', width: 18 },
    { key: 'OwnerName', title: '业主' },
    { key: 'Phone', title: '电话', width: 14 },
    { key: 'ItemNames', title: '欠缴项目', width: 24 },
    { key: 'ArrearsMonths', title: '欠缴月数', kind: 'num' },
    { key: 'EarliestDueDate', title: '最早应缴日' },
    { key: 'OverdueDays', title: '最长逾期天数', kind: 'num' },
    { key: 'ArrearsRooms', title: '欠缴户数' },
    { key: 'BillCount', title: '笔数' },
    { key: 'ArrearsMoney', title: '欠缴金额' },
    { key: 'AccruedLateFeeMoney', title: '应计滞纳金' },
    { key: 'DueMoney', title: '应收' },
    { key: 'ArrearsShare', title: '欠缴占应收' },
    { key: 'LastDunningTime', title: '最近催缴', width: 20 },
  ],
  columnsFor: (f) =>
    (f.groupBy ?? 5) === 5
      ? qjhz.columns.filter((c) => !['ArrearsRooms', 'DueMoney', 'ArrearsShare'].includes(c.key))
      : [
          { key: 'GroupName', title: '分组', width: 20 },
          ...qjhz.columns.filter((c) =>
            ['ArrearsRooms', 'BillCount', 'ArrearsMoney', 'DueMoney', 'ArrearsShare'].includes(c.key),
          ),
        ],
  rates: { ArrearsShare: ['ArrearsMoney', 'DueMoney'] },
};

// ---------------------------------------------------------------- qjhzscfj (账龄) and qjhzjefj (金额分级)
const BandGroupBody = z.object({
  ...scopeFields,
  ...asOfFields,
  GroupBy: zOptCode(1, 3, '分组方式不正确'),
});
const groupColumns: ReportColumn[] = [{ key: 'GroupName', title: '分组', width: 20 }];

export const qjhzScfj: ReportDef<typeof BandGroupBody, AsOfFilters> = {
  name: 'QjhzScfj',
  title: '欠缴账龄分析表',
  body: BandGroupBody,
  resolve: resolveArrears,
  rows: ({ body, filters: f, scope }) => {
    const g = groupOf(body.GroupBy, 2);
    // Money in the band of each bill; a room counts once, in the band of its oldest overdue bill (within the group).
    return sql`with s as (${overdueBills(scope, f.asOf)}),
      rb as (select ${g.key} as gk, s.room_key, max(s.band) as band from s group by 1, 2),
      rc as (select rb.gk, ${sql.join(
        AGE_BANDS.map((a) => sql`count(*) filter (where rb.band = ${a.band}) as ${sql.identifier(`r${a.band}`)}`),
        sql`, `,
      )}, count(*) as total from rb group by rb.gk)
      select (${g.key})::text as "GroupKey", ${g.name} as "GroupName", ${g.fields},
        ${sql.join(
          AGE_BANDS.map(
            (a) =>
              sql`${money(sql`coalesce(sum(s.arrears) filter (where s.band = ${a.band}), 0)`)} as ${sql.identifier(`${a.field}Money`)}`,
          ),
          sql`, `,
        )},
        ${money(sql`sum(s.arrears)`)} as "TotalMoney",
        ${sql.join(
          AGE_BANDS.map(
            (a) =>
              sql`coalesce(max(rc.${sql.identifier(`r${a.band}`)}), 0)::int as ${sql.identifier(`${a.field}Rooms`)}`,
          ),
          sql`, `,
        )},
        coalesce(max(rc.total), 0)::int as "TotalRooms"
      from s ${groupJoins} left join rc on rc.gk = ${g.key}
      group by ${g.key}`;
  },
  order: sql`r."GroupName", r."GroupKey"`,
  columns: [
    ...groupColumns,
    ...AGE_BANDS.flatMap((a) => [
      { key: `${a.field}Rooms`, title: `${a.name}户数` },
      { key: `${a.field}Money`, title: `${a.name}金额` },
    ]),
    { key: 'TotalRooms', title: '合计户数' },
    { key: 'TotalMoney', title: '合计金额' },
  ],
};

const JefjBody = BandGroupBody.extend({
  Bands: jsonArray(z.number({ error: REPORT_MSG.bands }).positive(REPORT_MSG.bands), {
    max: 8,
    maxMessage: REPORT_MSG.bands,
  })
    .optional()
    .refine((v) => !v || v.every((x, i) => i === 0 || x > v[i - 1]!), REPORT_MSG.bands),
});
type JefjBody = z.infer<typeof JefjBody>;
interface JefjFilters extends AsOfFilters {
  bands: number[];
}
const bandLabel = (t: number[], k: number) =>
  k === 0 ? `${t[0]}以下` : k === t.length ? `${t[k - 1]}以上` : `${t[k - 1]}-${t[k]}`;
const DEFAULT_BANDS = [500, 1000, 3000, 5000, 10000];

/** Columns of qjhzjefj depend on the thresholds asked: Band1 … Band<n+1>. */
export function jefjColumns(bands: number[]): ReportColumn[] {
  return [
    ...groupColumns,
    ...Array.from({ length: bands.length + 1 }, (_, k) => [
      { key: `Band${k + 1}Rooms`, title: `${bandLabel(bands, k)}户数` },
      { key: `Band${k + 1}Money`, title: `${bandLabel(bands, k)}金额` },
    ]).flat(),
    { key: 'TotalRooms', title: '合计户数' },
    { key: 'TotalMoney', title: '合计金额' },
  ];
}

export const qjhzJefj: ReportDef<typeof JefjBody, JefjFilters> = {
  name: 'QjhzJefj',
  title: '欠缴金额分级表',
  body: JefjBody,
  resolve: (b: JefjBody, s) => ({ ...resolveArrears(b, s), bands: b.Bands?.length ? b.Bands : DEFAULT_BANDS }),
  rows: ({ body, filters: f, scope }) => {
    const g = groupOf(body.GroupBy, 2);
    const t = f.bands;
    // Each room's total (within its group) is banded: band k in [t(k−1), t(k)).
    const bandOf = sql`(case ${sql.join(
      t.map((v, k) => sql`when rt.total < ${String(v)}::numeric then ${sql.raw(String(k + 1))}`),
      sql` `,
    )} else ${sql.raw(String(t.length + 1))} end)`;
    const n = t.length + 1;
    return sql`with s as (${overdueBills(scope, f.asOf)}),
      rt as (select ${g.key} as gk, s.room_key, sum(s.arrears) as total from s group by 1, 2),
      rb as (select rt.gk, rt.total, ${bandOf} as band from rt),
      rc as (select rb.gk, ${sql.join(
        Array.from({ length: n }, (_, k) => [
          sql`count(*) filter (where rb.band = ${k + 1}) as ${sql.identifier(`r${k + 1}`)}`,
          sql`coalesce(sum(rb.total) filter (where rb.band = ${k + 1}), 0) as ${sql.identifier(`m${k + 1}`)}`,
        ]).flat(),
        sql`, `,
      )}, count(*) as total from rb group by rb.gk)
      select (${g.key})::text as "GroupKey", ${g.name} as "GroupName", ${g.fields},
        ${sql.join(
          Array.from({ length: n }, (_, k) => [
            sql`coalesce(max(rc.${sql.identifier(`r${k + 1}`)}), 0)::int as ${sql.identifier(`Band${k + 1}Rooms`)}`,
            sql`${money(sql`coalesce(max(rc.${sql.identifier(`m${k + 1}`)}), 0)`)} as ${sql.identifier(`Band${k + 1}Money`)}`,
          ]).flat(),
          sql`, `,
        )},
        coalesce(max(rc.total), 0)::int as "TotalRooms", ${money(sql`sum(s.arrears)`)} as "TotalMoney"
      from s ${groupJoins} left join rc on rc.gk = ${g.key}
      group by ${g.key}`;
  },
  order: sql`r."GroupName", r."GroupKey"`,
  columns: jefjColumns(DEFAULT_BANDS),
  columnsFor: (f) => jefjColumns(f.bands),
};
