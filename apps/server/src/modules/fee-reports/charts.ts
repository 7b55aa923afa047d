import { FeeTenderMethod, fenToMoney, toFen } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call, type CallDef } from '../../core/calls';
import { addDays, daysBetween } from '../../core/dates';
import { xlsxExport } from '../../core/excel';
import { fail } from '../../core/errors';
import { idList } from '../../core/filters';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../core/auth';
import {
  addMonths,
  boundsOf,
  dateFields,
  type DateWindow,
  monthSpan,
  periodFields,
  type PeriodWindow,
  REPORT_LIMITS,
  REPORT_MSG,
  type ReportScope,
  resolveAsOf,
  resolveDates,
  resolvePeriod,
  resolveScope,
  type ScopeInput,
  scopeFields,
  zOptCode,
} from './filters';
import {
  accrualByRoom,
  accrualColumns,
  AGE_BANDS,
  cashRows,
  feePaidMoney,
  fundMoney,
  journalFrom,
  journalScope,
  methodMoney,
  money,
  netMoney,
  paidOutRefundMoney,
  overdueBills,
  periodDueMoney,
  periodPaidMoney,
  prepaidFrom,
  prepaidScope,
  prepaidTopUpCashMoney,
  rate,
  receivedMoney,
  TENDER_METHODS,
  tenderFrom,
  tenderPayCount,
  tenderRefundMoney,
  tenderScope,
  accrualRows,
  within,
} from './measures';
import { journalSource } from './journal-source';
import { categoryName } from './places';
import { REPORT_ROLE, type ReportColumn, shapeRow } from './report-kit';

/**
 * The charts (/api/FeeChart/<Chart>, domain/fee-reports.md "Charts"): each answers {Kpis, Categories, Series, Table}
 * from the same measures as the reports (so 收款方式构成图's slices equal 收款方式汇总表's 合计), and <Chart>Export
 * writes its Table. Series data are numbers (yuan; rates 0–1 or null); Table and Kpis money keep the 2-decimal text.
 */

type Row = Record<string, unknown>;
interface Series {
  Name: string;
  Type: 'bar' | 'line' | 'pie';
  Data: (number | null)[] | { Name: string; Value: number }[];
  Stack?: string;
}
interface ChartData {
  Kpis: Row;
  Categories: string[];
  Series: Series[];
  Table: Row[];
}
interface ChartDef<S extends z.ZodType> {
  name: string;
  title: string;
  body: S;
  table: ReportColumn[];
  build(db: AppDeps['database']['db'], b: z.infer<S>, scope: ReportScope): Promise<ChartData>;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const zero = (v: unknown) => Number(v ?? 0);

function chartCalls<S extends z.ZodType>(def: ChartDef<S>): CallDef[] {
  const build = async (b: z.infer<S>, auth: Auth, deps: AppDeps) => {
    const db = deps.database.db;
    const scope = await resolveScope(db, auth, b as ScopeInput, deps.now());
    return def.build(db, b, scope);
  };
  return [
    call({
      path: `/FeeChart/${def.name}`,
      role: REPORT_ROLE,
      reads: true,
      body: def.body,
      handler: async (b, { auth, deps }) => build(b, auth, deps),
    }),
    call({
      path: `/FeeChart/${def.name}Export`,
      role: REPORT_ROLE,
      btn: 'export',
      body: def.body,
      handler: async (b, { auth, deps, ip }) => {
        const data = await build(b, auth, deps);
        const now = deps.now();
        await audit(
          deps.database.db,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'feereport.export',
            entity: 'fee_report',
            detail: { Report: def.name, Filters: b as Row, Rows: data.Table.length },
            ip,
          },
          now,
        );
        const stamp = fmtTime(now, auth.timeZone).replace(/[-: ]/g, '').slice(0, 12);
        return xlsxExport(
          `${def.title}_${stamp}`,
          def.table.map((c) => ({
            header: c.title,
            width: 14,
            value: (r: Row) => r[c.key] as string | number | null,
            ...(/Money$/.test(c.key) ? { numFmt: '#,##0.00' } : /(Rate|Share)$/.test(c.key) ? { numFmt: '0.00%' } : {}),
          })),
          data.Table,
          def.title,
          {
            title: def.title,
            lines: [`导出人：${auth.name}\u3000导出时间：${fmtTime(now, auth.timeZone)}`],
          },
        );
      },
    }),
  ];
}

const scopeBody = z.object({ ...scopeFields });
const dateBody = z.object({ ...scopeFields, ...dateFields });

/** Fund, refund and the method tenders of a window grouped by `bucket` (a SQL expression over t). */
const tenderBuckets = (s: ReportScope, w: DateWindow | PeriodWindow, bucket: SQL) =>
  sql`select ${bucket} as k, ${money(fundMoney())} as fund, ${money(paidOutRefundMoney())} as refund,
    ${sql.join(
      TENDER_METHODS.map((m) => sql`${money(methodMoney(m.method))} as ${sql.identifier(`m${m.method}`)}`),
      sql`, `,
    )}
    from ${tenderFrom(s)} where ${tenderScope(s, w)} group by 1`;

// ---------------------------------------------------------------- 收费概览
const costOverview: ChartDef<typeof scopeBody> = {
  name: 'CostOverview',
  title: '收费概览',
  body: scopeBody,
  table: [
    { key: 'Name', title: '月份' },
    { key: 'PeriodDueMoney', title: '应收' },
    { key: 'PeriodPaidMoney', title: '实收' },
    { key: 'CollectRate', title: '收费率' },
  ],
  build: async (db, _b, s) => {
    const month = resolvePeriod({}, s);
    const months12 = resolvePeriod({ PeriodFrom: addMonths(month.from, -11), PeriodTo: month.to }, s);
    const today = resolveDates({}, s);
    const asOf = resolveAsOf({}, s);
    // Independent reads, side by side (on PostgreSQL each on a connection of its own). The 12 months are summed from
    // the journal's rollup; the arrears total is the sum of its bands, read in one pass.
    const [[k], bands, [f], byMonth] = await Promise.all([
      sqlRows<Row>(db, sql`select ${accrualColumns()} from (${accrualByRoom(s, month)}) r`),
      sqlRows<Row>(
        db,
        sql`select s.band as k, ${money(sql`sum(s.arrears)`)} as v from (${overdueBills(s, asOf)}) s group by 1`,
      ),
      sqlRows<Row>(db, sql`select ${money(fundMoney())} as v from ${tenderFrom(s)} where ${tenderScope(s, today)}`),
      sqlRows<Row>(
        db,
        sql`select j.bill_month as k, ${money(periodDueMoney(months12))} as due, ${money(periodPaidMoney(months12))} as paid
          from ${journalSource(s.cmpId, months12)} where ${journalScope(s)} and ${accrualRows(months12)}
            and j.bill_month between ${months12.from} and ${months12.to}
          group by 1`,
      ),
    ]);
    const arrearsFen = bands.reduce((sum, r) => sum + toFen(String(r.v)), 0);
    const categories = Array.from({ length: 12 }, (_, i) => addMonths(months12.from, i));
    const m = new Map(byMonth.map((r) => [String(r.k), r]));
    const table = categories.map((c) => {
      const r = m.get(c);
      const due = String(r?.due ?? '0.00');
      const paid = String(r?.paid ?? '0.00');
      return {
        Name: c,
        PeriodDueMoney: due,
        PeriodPaidMoney: paid,
        CollectRate: zero(due) ? Math.round((zero(paid) / zero(due)) * 1e4) / 1e4 : null,
      };
    });
    const kp = shapeRow(k ?? {});
    return {
      Kpis: {
        PeriodDueMoney: kp.PeriodDueMoney,
        PeriodPaidMoney: kp.PeriodPaidMoney,
        CollectRate: kp.CollectRate,
        RoomRate: kp.RoomRate,
        ArrearsMoney: fenToMoney(arrearsFen),
        TodayFundMoney: f?.v ?? '0.00',
      },
      Categories: categories,
      Series: [
        { Name: '应收', Type: 'bar', Data: table.map((r) => zero(r.PeriodDueMoney)) },
        { Name: '实收', Type: 'bar', Data: table.map((r) => zero(r.PeriodPaidMoney)) },
        { Name: '收费率', Type: 'line', Data: table.map((r) => r.CollectRate) },
        {
          Name: '欠缴账龄',
          Type: 'pie',
          Data: AGE_BANDS.map((band) => ({
            Name: band.name,
            Value: zero(bands.find((r) => Number(r.k) === band.band)?.v),
          })),
        },
      ],
      Table: table,
    };
  },
};

// ---------------------------------------------------------------- 收款趋势图
const moneyBody = dateBody.extend({ Granularity: zOptCode(1, 2, '统计粒度不正确') });
const moneyCollect: ChartDef<typeof moneyBody> = {
  name: 'MoneyCollect',
  title: '收款趋势图',
  body: moneyBody,
  table: [
    { key: 'Name', title: '日期' },
    { key: 'FundMoney', title: '资金收款' },
    { key: 'FeePaidMoney', title: '费用实收' },
    { key: 'PrepaidTopUpMoney', title: '预存充值' },
    { key: 'RefundMoney', title: '退款' },
  ],
  build: async (db, b, s) => {
    const w = resolveDates(b, s);
    const days = daysBetween(w.from, w.to) + 1;
    const gran = b.Granularity ?? (days <= REPORT_LIMITS.dailyDays ? 1 : 2);
    if (gran === 1 && days > REPORT_LIMITS.dailyDays) throw fail(REPORT_MSG.dailyDays);
    const fmt = gran === 1 ? 'YYYY-MM-DD' : 'YYYY-MM';
    const bucket = (col: SQL) => sql`to_char(${col} at time zone ${s.tz}, ${fmt})`;
    // By month the fees may be summed from the rollup (a sealed month's rows carry its first instant); by day not.
    const fees = gran === 2 ? journalSource(s.cmpId, w) : journalFrom;
    const [tenders, feeRows, topups] = await Promise.all([
      sqlRows<Row>(db, tenderBuckets(s, w, bucket(sql`t.created_at`))),
      sqlRows<Row>(
        db,
        sql`select ${bucket(sql`j.event_time`)} as k, ${money(feePaidMoney(w))} as v from ${fees}
          where ${journalScope(s)} and ${cashRows(w)} group by 1`,
      ),
      sqlRows<Row>(
        db,
        sql`select ${bucket(sql`x.created_at`)} as k, ${money(prepaidTopUpCashMoney(w))} as v from ${prepaidFrom}
          where ${prepaidScope(s)} and x.created_at >= ${w.start} and x.created_at < ${w.end} group by 1`,
      ),
    ]);
    const categories =
      gran === 1
        ? Array.from({ length: days }, (_, i) => addDays(w.from, i))
        : Array.from({ length: monthSpan(w.monthFrom, w.monthTo) }, (_, i) => addMonths(w.monthFrom, i));
    const at = (rows: Row[], key: string, f = 'v') => String(rows.find((r) => r.k === key)?.[f] ?? '0.00');
    const table = categories.map((c) => ({
      Name: c,
      FundMoney: at(tenders, c, 'fund'),
      FeePaidMoney: at(feeRows, c),
      PrepaidTopUpMoney: at(topups, c),
      RefundMoney: at(tenders, c, 'refund'),
    }));
    const series = (name: string, key: keyof (typeof table)[number]): Series => ({
      Name: name,
      Type: 'line',
      Data: table.map((r) => zero(r[key])),
    });
    return {
      Kpis: { Granularity: gran },
      Categories: categories,
      Series: [
        series('资金收款', 'FundMoney'),
        series('费用实收', 'FeePaidMoney'),
        series('预存充值', 'PrepaidTopUpMoney'),
        series('退款', 'RefundMoney'),
      ],
      Table: table,
    };
  },
};

// ---------------------------------------------------------------- 小区收费对比图
const periodBody = z.object({ ...scopeFields, ...periodFields });
const communityCollect: ChartDef<typeof periodBody> = {
  name: 'CommunityCollect',
  title: '小区收费对比图',
  body: periodBody,
  table: [
    { key: 'Name', title: '小区' },
    { key: 'PeriodDueMoney', title: '应收' },
    { key: 'PeriodPaidMoney', title: '实收' },
    { key: 'CollectRate', title: '收费率' },
  ],
  build: async (db, b, s) => {
    const a = resolvePeriod(b, s);
    const rows = await sqlRows<Row>(
      db,
      sql`select c.id as "CommunityId", c.name as "Name", ${money(sql`coalesce(x.due, 0)`)} as "PeriodDueMoney",
          ${money(sql`coalesce(x.paid, 0)`)} as "PeriodPaidMoney", ${rate(sql`coalesce(x.paid, 0)`, sql`coalesce(x.due, 0)`)} as "CollectRate"
        from communities c left join (
          select j.community_id, ${periodDueMoney(a)} as due, ${periodPaidMoney(a)} as paid
          from ${journalSource(s.cmpId, a)} where ${journalScope(s)} and ${accrualRows(a)} group by 1) x on x.community_id = c.id
        where c.cmp_id = ${s.cmpId} and c.id = any(${idList(s.communityIds)}::int[])
        order by 5 desc nulls last, c.id`,
    );
    const table = rows.map(shapeRow);
    return {
      Kpis: {},
      Categories: table.map((r) => String(r.Name)),
      Series: [
        { Name: '应收', Type: 'bar', Data: table.map((r) => zero(r.PeriodDueMoney)) },
        { Name: '实收', Type: 'bar', Data: table.map((r) => zero(r.PeriodPaidMoney)) },
        { Name: '收费率', Type: 'line', Data: table.map((r) => num(r.CollectRate)) },
      ],
      Table: table,
    };
  },
};

// ---------------------------------------------------------------- 收费项目构成图
const itemCollect: ChartDef<typeof dateBody> = {
  name: 'ItemCollect',
  title: '收费项目构成图',
  body: dateBody,
  table: [
    { key: 'CategoryName', title: '类别' },
    { key: 'Name', title: '项目' },
    { key: 'FeePaidMoney', title: '费用实收' },
    { key: 'Share', title: '占比' },
  ],
  build: async (db, b, s) => {
    const w = resolveDates(b, s);
    const rows = await sqlRows<Row>(
      db,
      sql`select i.category as "Category", ${categoryName(sql`i.category`)} as "CategoryName", i.id as "ItemId",
          max(i.item_name) as "Name", ${money(feePaidMoney(w))} as "FeePaidMoney",
          ${rate(feePaidMoney(w), sql`sum(${feePaidMoney(w)}) over ()`)} as "Share"
        from ${journalSource(s.cmpId, w)} join fee_items i on i.id = j.item_id
        where ${journalScope(s)} and ${cashRows(w)} group by i.category, i.id order by 5 desc, i.id`,
    );
    const table = rows.map(shapeRow);
    const total = table.reduce((n, r) => n + Math.round(zero(r.FeePaidMoney) * 100), 0);
    const byCat = new Map<string, number>();
    for (const r of table)
      byCat.set(
        String(r.CategoryName),
        (byCat.get(String(r.CategoryName)) ?? 0) + Math.round(zero(r.FeePaidMoney) * 100),
      );
    const top = table.slice(0, 8).map((r) => ({ Name: String(r.Name), Value: zero(r.FeePaidMoney) }));
    const rest = table.slice(8).reduce((n, r) => n + Math.round(zero(r.FeePaidMoney) * 100), 0);
    return {
      Kpis: { FeePaidMoney: (total / 100).toFixed(2) },
      Categories: [],
      Series: [
        { Name: '类别', Type: 'pie', Data: [...byCat].map(([Name, v]) => ({ Name, Value: v / 100 })) },
        { Name: '项目', Type: 'pie', Data: rest ? [...top, { Name: '其他', Value: rest / 100 }] : top },
      ],
      Table: table,
    };
  },
};

// ---------------------------------------------------------------- 收款方式构成图
const payTypeCollect: ChartDef<typeof dateBody> = {
  name: 'PayTypeCollect',
  title: '收款方式构成图',
  body: dateBody,
  table: [
    { key: 'Name', title: '收款方式' },
    { key: 'PayCount', title: '笔数' },
    { key: 'ReceivedMoney', title: '收款' },
    { key: 'RefundMoney', title: '退款' },
    { key: 'NetMoney', title: '净额' },
    { key: 'Share', title: '占比' },
  ],
  build: async (db, b, s) => {
    const w = resolveDates(b, s);
    // The window's methods and the 12 months × method to DateTo, from one grouped pass over the tenders of both: a
    // payment's tenders share one instant, so its 笔数 falls in exactly one (month, method, in window) group.
    const first = addMonths(w.monthTo, -11);
    const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
    const from = `${first}-01` < w.from ? `${first}-01` : w.from;
    const rows = await sqlRows<Row>(
      db,
      sql`with g as materialized (
          select to_char(t.created_at at time zone ${s.tz}, 'YYYY-MM') as k, t.method,
            (${within(sql`t.created_at`, w)}) as in_w, ${tenderPayCount()} as n, ${receivedMoney()} as rec,
            ${tenderRefundMoney()} as ref, ${netMoney()} as net
          from ${tenderFrom(s)} where ${tenderScope(s, boundsOf(from, w.to, s))} group by 1, 2, 3)
        select 'w' as part, g.method as "Method", null as k, sum(g.n)::int as "PayCount",
          ${money(sql`sum(g.rec)`)} as "ReceivedMoney", ${money(sql`sum(g.ref)`)} as "RefundMoney",
          ${money(sql`sum(g.net)`)} as "NetMoney", ${rate(sql`sum(g.net)`, sql`sum(sum(g.net)) over ()`)} as "Share"
        from g where g.in_w group by g.method
        union all
        select 'm', g.method, g.k, 0, null, null, ${money(sql`sum(g.net)`)}, null
        from g where g.k >= ${first} group by g.k, g.method`,
    );
    const inWindow = rows.filter((r) => r.part === 'w');
    const table = TENDER_METHODS.map((m) => {
      const r = shapeRow(inWindow.find((x) => Number(x.Method) === m.method) ?? {});
      return {
        Name: m.name,
        Method: m.method,
        MethodName: m.name,
        PayCount: Number(r.PayCount ?? 0),
        ReceivedMoney: String(r.ReceivedMoney ?? '0.00'),
        RefundMoney: String(r.RefundMoney ?? '0.00'),
        NetMoney: String(r.NetMoney ?? '0.00'),
        Share: (r.Share as number | null | undefined) ?? null,
      };
    });
    const monthNet = (mo: string, method: number) =>
      rows.find((r) => r.part === 'm' && r.k === mo && Number(r.Method) === method)?.NetMoney;
    const netFen = (rs: typeof table) => rs.reduce((n, r) => n + toFen(r.NetMoney), 0);
    const tot = {
      net: fenToMoney(netFen(table)),
      fund: fenToMoney(netFen(table.filter((r) => r.Method !== FeeTenderMethod.Prepaid))),
    };
    return {
      Kpis: { NetMoney: tot.net, FundMoney: tot.fund },
      Categories: months,
      Series: [
        { Name: '收款方式', Type: 'pie', Data: table.map((r) => ({ Name: r.Name, Value: zero(r.NetMoney) })) },
        ...TENDER_METHODS.map((m): Series => ({
          Name: m.name,
          Type: 'bar',
          Stack: '收款方式',
          Data: months.map((mo) => zero(monthNet(mo, m.method))),
        })),
      ],
      Table: table,
    };
  },
};

export const chartCallList: CallDef[] = [
  ...chartCalls(costOverview),
  ...chartCalls(moneyCollect),
  ...chartCalls(communityCollect),
  ...chartCalls(itemCollect),
  ...chartCalls(payTypeCollect),
];
