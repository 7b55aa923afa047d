import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, type CallDef, Page } from '../../core/calls';
import { idList } from '../../core/filters';
import { type DateWindow, dateFields, resolveDates, scopeFields, zOptCode } from './filters';
import {
  fundMoney,
  int,
  methodMoney,
  money,
  netMoney,
  rate,
  receivedMoney,
  TENDER_METHODS,
  tenderCommunity,
  tenderFrom,
  tenderPayCount,
  tenderRefundMoney,
  tenderScope,
} from './measures';
import {
  REPORT_ROLE,
  type ReportColumn,
  type ReportDef,
  reportExport,
  reportQuery,
  reportRows,
  reportSum,
} from './report-kit';

/**
 * 收款方式汇总表 paymentmethodcollect (fee-reports.md "Report shapes"): the window's tenders. Pivot 0: a row per method
 * (预存款抵扣 included) with PayCount, ReceivedMoney, RefundMoney, NetMoney and Share; the 合计 adds FundMoney (资金合计).
 * Pivot 1 小区 / 2 日期: a row per community or day with the six method fields, TotalMoney and FundMoney. One name,
 * three shapes: the calls pick the definition by Pivot.
 */
export const methodCollectBody = z.object({ ...scopeFields, ...dateFields, Pivot: zOptCode(1, 2, '透视方式不正确') });
type Def = ReportDef<typeof methodCollectBody, DateWindow>;

const byMethod: Def = {
  name: 'PaymentMethodCollect',
  title: '收款方式汇总表',
  body: methodCollectBody,
  resolve: (b, scope) => resolveDates(b, scope),
  // One pass over the window's tenders grouped by method (a scan per method took 6× as long on a year).
  rows: ({ filters: c, scope: s }) => sql`
    select m.method as "Method", (${sql.raw(`array[${TENDER_METHODS.map((x) => `'${x.name}'`).join(',')}]`)})[m.method] as "MethodName",
      coalesce(x.pay_count, 0) as "PayCount", ${money(sql`coalesce(x.received, 0)`)} as "ReceivedMoney",
      ${money(sql`coalesce(x.refund, 0)`)} as "RefundMoney", ${money(sql`coalesce(x.net, 0)`)} as "NetMoney",
      ${rate(sql`coalesce(x.net, 0)`, sql`sum(coalesce(x.net, 0)) over ()`)} as "Share"
    from generate_series(1, 6) m(method)
    left join (select t.method, ${int(tenderPayCount(sql`t.amount_money > 0`))} as pay_count, ${receivedMoney()} as received,
        ${tenderRefundMoney()} as refund, ${netMoney()} as net
      from ${tenderFrom(s)} where ${tenderScope(s, c)} group by t.method) x on x.method = m.method`,
  order: sql`r."Method"`,
  columns: [
    { key: 'MethodName', title: '收款方式' },
    { key: 'PayCount', title: '笔数', kind: 'num' },
    { key: 'ReceivedMoney', title: '收款' },
    { key: 'RefundMoney', title: '退款' },
    { key: 'NetMoney', title: '净额' },
    { key: 'Share', title: '占比' },
  ],
  rates: { Share: ['NetMoney', 'NetMoney'] },
  sumExtra: ({ filters: c, scope: s }) => ({
    // A receipt paid in two methods is one 笔 in the 合计.
    PayCount: int(
      sql`(select ${tenderPayCount(sql`t.amount_money > 0`)} from ${tenderFrom(s)} where ${tenderScope(s, c)})`,
    ),
    FundMoney: money(sql`coalesce(sum(r."NetMoney"::numeric) filter (where r."Method" <> 6), 0)`),
  }),
};

const pivotColumns: ReportColumn[] = [
  ...TENDER_METHODS.map((m) => ({ key: m.field, title: m.name })),
  { key: 'TotalMoney', title: '合计' },
  { key: 'FundMoney', title: '资金合计' },
];
const pivotFigures = sql.join(
  [
    ...TENDER_METHODS.map((m) => sql`${money(methodMoney(m.method))} as ${sql.identifier(m.field)}`),
    sql`${money(netMoney())} as "TotalMoney"`,
    sql`${money(fundMoney())} as "FundMoney"`,
  ],
  sql`, `,
);
/** The pivot's figures of a group without tenders are zeros, not nulls. */
const pivotPick = sql.raw(
  [...TENDER_METHODS.map((m) => m.field), 'TotalMoney', 'FundMoney']
    .map((f) => `coalesce(x."${f}", '0.00') as "${f}"`)
    .join(', '),
);

const byCommunity: Def = {
  ...byMethod,
  rows: ({ filters: c, scope: s }) => sql`
    select cm.id as "CommunityId", cm.name as "CommunityName", ${pivotPick}
    from communities cm left join (select ${tenderCommunity} as community_id, ${pivotFigures} from ${tenderFrom(s)}
      where ${tenderScope(s, c)} group by 1) x on x.community_id = cm.id
    where cm.cmp_id = ${s.cmpId} and cm.id = any(${idList(s.communityIds)}::int[])`,
  order: sql`r."CommunityId"`,
  columns: [{ key: 'CommunityName', title: '小区' }, ...pivotColumns],
  rates: {},
  sumExtra: undefined,
};

const byDay: Def = {
  ...byMethod,
  rows: ({ filters: c, scope: s }) => sql`
    select to_char(d.day, 'YYYY-MM-DD') as "Date", ${pivotPick}
    from generate_series(${c.from}::date, ${c.to}::date, interval '1 day') d(day)
    left join (select (t.created_at at time zone ${s.tz})::date as day, ${pivotFigures} from ${tenderFrom(s)}
      where ${tenderScope(s, c)} group by 1) x on x.day = d.day`,
  order: sql`r."Date"`,
  columns: [{ key: 'Date', title: '日期' }, ...pivotColumns],
  rates: {},
  sumExtra: undefined,
};

export const methodCollectDef = (pivot: number | undefined): Def =>
  pivot === 1 ? byCommunity : pivot === 2 ? byDay : byMethod;

export const methodCollectCalls: CallDef[] = [
  call({
    path: '/FeeReport/PaymentMethodCollectList',
    role: REPORT_ROLE,
    reads: true,
    body: methodCollectBody,
    handler: async (b, { auth, deps }) => {
      const def = methodCollectDef(b.Pivot);
      const { rows, count } = await reportRows(def, await reportQuery(def, b, auth, deps), null);
      return new Page(rows, count);
    },
  }),
  call({
    path: '/FeeReport/PaymentMethodCollectSum',
    role: REPORT_ROLE,
    reads: true,
    body: methodCollectBody,
    handler: async (b, { auth, deps }) => {
      const def = methodCollectDef(b.Pivot);
      return reportSum(def, await reportQuery(def, b, auth, deps));
    },
  }),
  call({
    path: '/FeeReport/PaymentMethodCollectExport',
    role: REPORT_ROLE,
    btn: 'export',
    body: methodCollectBody,
    handler: async (b, { auth, deps, ip }) => {
      const def = methodCollectDef(b.Pivot);
      return reportExport(def, await reportQuery(def, b, auth, deps), deps, ip);
    },
  }),
];
