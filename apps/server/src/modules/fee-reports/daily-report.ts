import { FEE_HANDOVER_STATE } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, type CallDef } from '../../core/calls';
import { fmtTime } from '../../core/time';
import { cashierCond, zCashier } from './cash-reports';
import { dateFields, type DateWindow, resolveDates, scopeFields } from './filters';
import {
  fundMoney,
  methodMoney,
  money,
  netMoney,
  paidOutRefundMoney,
  prepaidFrom,
  prepaidScope,
  prepaidTopUpCashMoney,
  TENDER_METHODS,
  tenderFrom,
  tenderPayCount,
  tenderScope,
  voidCount,
} from './measures';
import { cashierName, nameOf, timeText } from './places';
import { REPORT_ROLE, type ReportDef, reportCalls, reportQuery, reportRows, reportSum } from './report-kit';

/**
 * 收费日报 (Daily): a row per cashier per day over the tenders, by posting time. Method columns and TotalMoney are
 * NET (the day's tenders less the refunds and 冲回 posted that day), so DailySum equals the 收款方式汇总 per method.
 * RefundMoney (退款) is the money paid out that day, as the hand-over counts it (measures.ts `paidOutRefundMoney`):
 * a refund 转预存 or a reversed 预存款抵扣 goes back into prepaid (冲正) and only nets the 预存款抵扣 column. Under a
 * 收费项目/类别 filter every column is the item's share of the tenders (measures.ts `tenderFrom`). A reversal counts on its approval day under its tenders' cashier (the applicant
 * of a refund, the original cashier of a void); 自动抵扣 is cashier 0 '系统'. Each row holds its payments and
 * reversals as Children. Hand-over sign-off uses FeeHandover/Confirm and Return.
 */

const dayOf = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD')`;
const DailyBody = z.object({
  ...scopeFields,
  ...dateFields,
  Date: dateFields.DateFrom,
  CashierId: zCashier(),
});
type DailyBody = z.infer<typeof DailyBody>;
interface DailyFilters {
  dates: DateWindow;
}

/** Whose takings a prepaid txn is: its reversal's tenders' cashier, else its payment's cashier. */
const txnCashier = sql`coalesce((select xt.cashier_id from fee_payment_tenders xt where xt.reversal_id = x.reversal_id limit 1),
  (select xp.cashier_id from fee_payments xp where xp.id = x.payment_id))`;

const methodColumns = () =>
  sql.join(
    TENDER_METHODS.map((m) => sql`${money(methodMoney(m.method))} as ${sql.identifier(m.field)}`),
    sql`, `,
  );

export const daily: ReportDef<typeof DailyBody, DailyFilters> = {
  name: 'Daily',
  title: '收费日报',
  body: DailyBody,
  // One day (Date) wins over DateFrom/DateTo.
  resolve: (b, s) => ({ dates: resolveDates(b.Date ? { DateFrom: b.Date, DateTo: b.Date } : b, s) }),
  rows: ({ body: b, filters: f, scope }) => {
    const tz = scope.tz;
    const cond = cashierCond(sql`t.cashier_id`, b.CashierId);
    const xcond = cashierCond(txnCashier, b.CashierId);
    return sql`with d as (
        select ${dayOf(sql`t.created_at`, tz)} as day, coalesce(t.cashier_id, 0) as cashier_id,
          ${tenderPayCount()} as pay_count, ${methodColumns()}, ${money(netMoney())} as "TotalMoney",
          ${money(paidOutRefundMoney())} as "RefundMoney", ${voidCount()} as void_count,
          ${money(fundMoney())} as "FundMoney",
          max(p.handover_id) filter (where t.payment_id is not null) as handover_id,
          bool_or(t.payment_id is not null and p.handover_id is null and t.cashier_id is not null) as open
        from ${tenderFrom(scope)}
        where ${tenderScope(scope, f.dates)} ${cond ? sql`and ${cond}` : sql``}
        group by 1, 2),
      pt as (
        select ${dayOf(sql`x.created_at`, tz)} as day, coalesce(${txnCashier}, 0) as cashier_id,
          ${prepaidTopUpCashMoney(f.dates)} as topup
        from ${prepaidFrom}
        where ${prepaidScope(scope)} and ${xcond ?? sql`true`}
          and x.created_at >= ${f.dates.start} and x.created_at < ${f.dates.end}
        group by 1, 2)
      select d.day || ':' || d.cashier_id as "RowKey", d.day as "Date", d.cashier_id as "CashierId",
        ${cashierName(sql`nullif(d.cashier_id, 0)`)} as "CashierName", d.pay_count::int as "PayCount",
        ${sql.join(
          TENDER_METHODS.map((m) => sql`d.${sql.identifier(m.field)}`),
          sql`, `,
        )}, d."TotalMoney", ${money(sql`coalesce(pt.topup, 0)`)} as "PrepaidTopUpMoney", d."RefundMoney",
        d.void_count::int as "VoidCount", d."FundMoney",
        coalesce(d.handover_id, 0) as "HandoverId",
        (case when d.open or h.id is null then 0 else h.state end)::int as "HandoverState",
        ${nameOf(['未交班', ...FEE_HANDOVER_STATE.slice(1)], sql`case when d.open or h.id is null then 0 else h.state end`)} as "HandoverStateName",
        h.counted_cash_money::text as "CountedCashMoney", h.diff_money::text as "DiffMoney"
      from d left join pt on pt.day = d.day and pt.cashier_id = d.cashier_id
      left join fee_handovers h on h.id = d.handover_id`;
  },
  order: sql`r."Date", r."CashierId"`,
  children: {
    parentKey: 'RowKey',
    rows: ({ body: b, filters: f, scope }) => {
      const cond = cashierCond(sql`t.cashier_id`, b.CashierId);
      return sql`select ${dayOf(sql`min(t.created_at)`, scope.tz)} || ':' || coalesce(max(t.cashier_id), 0) as "__parent",
          t.payment_id as "PaymentId", t.reversal_id as "ReversalId",
          (case when t.reversal_id is null then 1 when max(rv.reversal_type) = 1 then 2 else 3 end)::int as "EntryType",
          (case when t.reversal_id is null then '收款' when max(rv.reversal_type) = 1 then '冲回' else '退款' end) as "EntryTypeName",
          coalesce(nullif(max(rv.refund_no), ''), max(p.receipt_no), '') as "ReceiptNo",
          ${timeText(sql`min(t.created_at)`, scope.tz)} as "EventTime",
          coalesce((select rr.full_name from rooms rr where rr.id = max(p.room_id)), max(p.payer_name), '') as "RoomName",
          ${methodColumns()}, ${money(netMoney())} as "TotalMoney"
        from ${tenderFrom(scope)}
        where ${tenderScope(scope, f.dates)} ${cond ? sql`and ${cond}` : sql``}
        group by ${dayOf(sql`t.created_at`, scope.tz)}, coalesce(t.cashier_id, 0), t.payment_id, t.reversal_id`;
    },
    order: sql`r."EventTime", r."PaymentId", r."ReversalId"`,
  },
  columns: [
    { key: 'Date', title: '日期' },
    { key: 'CashierName', title: '收款人' },
    { key: 'PayCount', title: '笔数' },
    ...TENDER_METHODS.map((m) => ({ key: m.field, title: m.name })),
    { key: 'TotalMoney', title: '合计' },
    { key: 'PrepaidTopUpMoney', title: '其中预存充值' },
    { key: 'RefundMoney', title: '退款' },
    { key: 'VoidCount', title: '作废笔数' },
    { key: 'FundMoney', title: '资金净收' },
    { key: 'HandoverStateName', title: '交班状态' },
    { key: 'CountedCashMoney', title: '实点现金' },
    { key: 'DiffMoney', title: '长短款' },
  ],
};

/** DailyList/Sum/Export, and DailyPrint (`print`): the rows, their 合计 and the A4 sheet's heading. */
export const dailyCalls: CallDef[] = [
  ...reportCalls(daily),
  call({
    path: '/FeeReport/DailyPrint',
    role: REPORT_ROLE,
    btn: 'print',
    body: DailyBody,
    handler: async (b, { auth, deps }) => {
      const q = await reportQuery(daily, b, auth, deps);
      const { rows } = await reportRows(daily, q, null);
      const sum = await reportSum(daily, q);
      return {
        Title: '收费日报',
        DateFrom: q.filters.dates.from,
        DateTo: q.filters.dates.to,
        PrintedBy: auth.name,
        PrintTime: fmtTime(deps.now(), auth.timeZone),
        Rows: rows,
        Sum: sum,
      };
    },
  }),
];
