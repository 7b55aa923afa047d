import { FEE_PAYMENT_SOURCE, FEE_PAYMENT_STATE, FEE_TENDER_METHOD, feeName, jsonArray } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idList } from '../../core/filters';
import { sqlRows } from '../../core/sql-rows';
import { cashEntries, cashEntryOrder, cashEntryTotals, natureOf } from './cash-entries';
import {
  type DateWindow,
  dateFields,
  pageFields,
  type ReportScope,
  resolveDates,
  scopeFields,
  zOptCode,
} from './filters';
import { money } from './measures';
import type { ReportDef, ReportQuery } from './report-kit';

/**
 * 收费明细表 costdetails (fee-reports.md "Report shapes"): one row per payment line plus the negative 冲回 and 退款
 * rows (cash entries, cash-entries.ts), so Σ PaidMoney = Σ tenders of the window. Paged; the kit's 合计 sums the
 * same rows over every page.
 *
 * A page (the default order, newest first, or 收款时间 either way) reads only what it shows: the filtered entries'
 * keys in (posting time, source, id) order, which the sources stream from their indexes (migration 0017
 * fee_journal_cash_idx for the journal's cash rows), cut to the page, and only those rows get their names, receipts
 * and tender text. The count stops at LIST_COUNT_CAP like every long list (countMore; ExactCount=1 counts all).
 * Another sort column sorts the whole filtered set, as before.
 */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const costDetailsBody = z.object({
  ...scopeFields,
  ...dateFields,
  ...pageFields,
  Methods: jsonArray(z.coerce.number().int().min(1, '收款方式不正确').max(6, '收款方式不正确'), { max: 6 }).optional(),
  /** 0 = 系统 (自动抵扣). */
  CashierId: z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.number({ error: '收款人不正确' }).int('收款人不正确').min(0, '收款人不正确').optional(),
  ),
  Source: zOptCode(1, 3),
  State: zOptCode(1, 4),
  ReceiptNo: z.preprocess((v) => (blank(v) ? undefined : String(v).trim()), z.string().max(30).optional()),
});
type Body = z.infer<typeof costDetailsBody>;

/** A SQL array of names, code 1 first (SQL arrays start at 1; the shared code lists hold '' at 0). */
const names = (words: readonly string[]) => sql.raw(`(array[${words.map((w) => `'${w}'`).join(',')}])`);
const ENTRY = names(['收款', '冲回', '退款']);
const NATURE = names(['当期', '追欠', '预收', '预存', '电表']);
const METHOD = names(FEE_TENDER_METHOD.slice(1));
const SOURCE = names(FEE_PAYMENT_SOURCE.slice(1));
const STATE = names(FEE_PAYMENT_STATE.slice(1));

/** The export's filter line: the window and every filter on the entries, named as the screen names them. */
async function filterText({ db, body: b, filters: c, scope }: ReportQuery<Body, DateWindow>): Promise<string[]> {
  let cashier = '';
  if (b.CashierId === 0) cashier = '系统';
  else if (b.CashierId !== undefined) {
    const [u] = await sqlRows<{ name: string }>(
      db,
      sql`select name from users where id = ${b.CashierId} and cmp_id = ${scope.cmpId}`,
    );
    cashier = u?.name ?? String(b.CashierId);
  }
  return [
    `收款日期：${c.from}至${c.to}`,
    ...(b.Methods?.length ? [`方式：${b.Methods.map((m) => feeName(FEE_TENDER_METHOD, m)).join('、')}`] : []),
    ...(cashier ? [`收款人：${cashier}`] : []),
    ...(b.Source ? [`来源：${feeName(FEE_PAYMENT_SOURCE, b.Source)}`] : []),
    ...(b.State ? [`状态：${feeName(FEE_PAYMENT_STATE, b.State)}`] : []),
    ...(b.ReceiptNo ? [`收据号：${b.ReceiptNo}`] : []),
  ];
}
/** '现金300.00+微信60.00'. */
const tenderText = sql`string_agg(${METHOD}[t.method] || abs(t.amount_money)::text, '+' order by t.id)`;
const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
/** The tenders of an entry: its payment's on 收款, its request's on 冲回/退款. */
const tendersOf = (e: SQL) =>
  sql`case when ${e}.reversal_id is null then t.payment_id = ${e}.payment_id else t.reversal_id = ${e}.reversal_id end`;

/** The entries (a `cashEntries` query) that pass the body's filters, every column. */
const passing = (b: Body, entries: SQL) => sql`select e.* from ${entries} e
    left join fee_payments p on p.id = e.payment_id left join fee_reversals r on r.id = e.reversal_id
    where ${where(b)}`;
/** The entries of the window that pass the body's filters. */
const filtered = (b: Body, c: DateWindow, s: ReportScope): SQL => passing(b, cashEntries({ scope: s, dates: c }));

const entryFiltered = (b: Body) =>
  b.CashierId !== undefined || !!b.Source || !!b.State || !!b.ReceiptNo || !!b.Methods?.length;

function where(b: Body): SQL {
  const w: SQL[] = [sql`true`];
  if (b.CashierId !== undefined)
    w.push(b.CashierId === 0 ? sql`e.cashier_id is null` : sql`e.cashier_id = ${b.CashierId}`);
  if (b.Source) w.push(sql`p.source = ${b.Source}`);
  if (b.State) w.push(sql`p.state = ${b.State}`);
  if (b.ReceiptNo) {
    const like = `%${b.ReceiptNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(sql`(p.receipt_no ilike ${like} or r.refund_no ilike ${like})`);
  }
  if (b.Methods?.length)
    w.push(
      sql`exists (select 1 from fee_payment_tenders t where t.method = any(${idList(b.Methods)}::int[]) and ${tendersOf(sql`e`)})`,
    );
  return sql.join(w, sql` and `);
}

/**
 * The rows of the entries `e` (a query over `cashEntries`, already filtered or one page of it) with their names,
 * receipts and tender text. The tender text is aggregated once for the entries' receipts and requests (a hash join),
 * not per row.
 */
function wideRows(e: SQL, c: DateWindow, s: ReportScope): SQL {
  return sql`
    with e as (${e}),
    mp as (select t.payment_id, ${tenderText} as txt from fee_payment_tenders t
      where t.payment_id in (select payment_id from e where reversal_id is null) group by t.payment_id),
    mr as (select t.reversal_id, ${tenderText} as txt from fee_payment_tenders t
      where t.reversal_id in (select reversal_id from e) group by t.reversal_id)
    select e.k as "__k", e.event_time as "__t", e.src as "__src", e.sid as "__sid",
      ${time(sql`e.event_time`, s.tz)} as "EventTime",
     coalesce(${time(sql`p.pay_time`, s.tz)}, '') as "PayTime", e.entry_type as "EntryType",
      ${ENTRY}[e.entry_type] as "EntryTypeName",
      case when e.entry_type = 3 then coalesce(r.refund_no, '') else coalesce(p.receipt_no, '') end as "ReceiptNo",
      case when e.entry_type = 1 then '' else coalesce(p.receipt_no, '') end as "OrigReceiptNo",
      coalesce(e.payment_id, 0) as "PaymentId", coalesce(e.bill_id, 0) as "BillId",
      e.community_id as "CommunityId", coalesce(cm.name, '') as "CommunityName",
      coalesce(e.building_id, 0) as "BuildingId", coalesce(e.room_id, 0) as "RoomId",
      coalesce(rm.full_name, b.payer_name, '') as "RoomName", coalesce(p.payer_name, o.name, '') as "PayerName",
      coalesce(e.item_id, 0) as "ItemId",
      coalesce(i.item_name, case e.line_type when 2 then '预存款' when 3 then '电表充值' else '' end) as "ItemName",
      coalesce(b.period, '') as "Period", coalesce(e.bill_month, '') as "BillMonth",
      ${natureOf(sql`e`, c)} as "Nature", ${NATURE}[${natureOf(sql`e`, c)}] as "NatureName",
      ${money(sql`e.principal`)} as "PrincipalMoney", ${money(sql`e.late_fee`)} as "LateFeeMoney",
      ${money(sql`e.discount`)} as "DiscountMoney", ${money(sql`e.paid`)} as "PaidMoney",
      coalesce(case when e.reversal_id is null then mp.txt else mr.txt end, '') as "MethodText",
      coalesce(e.cashier_id, 0) as "CashierId", coalesce(u.name, '系统') as "CashierName",
      coalesce(p.source, 0) as "Source", coalesce(${SOURCE}[p.source], '') as "SourceName",
      coalesce(p.state, 0) as "State", coalesce(${STATE}[p.state], '') as "StateName"
    from e
    left join mp on e.reversal_id is null and mp.payment_id = e.payment_id
    left join mr on mr.reversal_id = e.reversal_id
    left join fee_payments p on p.id = e.payment_id
    left join fee_reversals r on r.id = e.reversal_id
    left join communities cm on cm.id = e.community_id
    left join rooms rm on rm.id = e.room_id
    left join residents o on o.id = rm.owner_resident_id
    left join fee_items i on i.id = e.item_id
    left join fee_bills b on b.id = e.bill_id
    left join users u on u.id = e.cashier_id
    `;
}

/** One page in entry order: the keys first (cheap, index-ordered), then the page's rows in full. */
function pageRows(q: ReportQuery<Body, DateWindow>, page: { limit: number; offset: number }): SQL | null {
  const { body: b, filters: c, scope: s } = q;
  const field = typeof b.SortField === 'string' ? b.SortField : '';
  const sorted = costDetailsReport.columns.some((col) => col.key === field);
  if (sorted && field !== 'EventTime') return null;
  const desc = !sorted || /^desc/i.test(String(b.SortOrder ?? ''));
  const dir = desc ? sql`desc` : sql`asc`;
  const only = sql`select pg.src, pg.sid from pg`;
  // Each source's first offset + limit passing entries, from its index; the page is cut from their union.
  const top = { n: page.offset + page.limit, desc, filter: (entries: SQL) => passing(b, entries) };
  return sql`with pg as materialized (select e.src, e.sid from ${cashEntries({ scope: s, dates: c, top })} e
      order by ${cashEntryOrder(sql`e`, desc)} limit ${page.limit} offset ${page.offset})
    select * from (${wideRows(sql`select * from ${cashEntries({ scope: s, dates: c, only })} e`, c, s)}) r
    order by r."__t" ${dir}, r."__src" ${dir}, r."__sid" ${dir}`;
}

export const costDetailsReport: ReportDef<typeof costDetailsBody, DateWindow> = {
  name: 'CostDetails',
  title: '收费明细表',
  body: costDetailsBody,
  paged: true,
  resolve: (b, scope) => resolveDates(b, scope),
  rows: ({ body, filters: c, scope: s }) => wideRows(filtered(body, c, s), c, s),
  // Without a filter on the entries themselves (收款人, 来源, 状态, 收据号, 方式) the 合计 is every entry's money, summed.
  sumRows: ({ body, filters: c, scope: s }) => sql`select ${money(sql`e.principal`)} as "PrincipalMoney",
      ${money(sql`e.late_fee`)} as "LateFeeMoney", ${money(sql`e.discount`)} as "DiscountMoney",
      ${money(sql`e.paid`)} as "PaidMoney"
    from (${entryFiltered(body) ? filtered(body, c, s) : cashEntryTotals({ scope: s, dates: c })}) e`,
  order: sql`r."__t" desc, r."__src" desc, r."__sid" desc`,
  page: {
    rows: pageRows,
    count: ({ body, filters: c, scope: s }) => filtered(body, c, s),
  },
  columns: [
    { key: 'EventTime', title: '收款时间', width: 20 },
    { key: 'ReceiptNo', title: '收据号', width: 16 },
    { key: 'EntryTypeName', title: '类型' },
    { key: 'OrigReceiptNo', title: '原收据号', width: 16 },
    { key: 'CommunityName', title: '小区' },
    { key: 'RoomName', title: '房号', width: 16 },
    { key: 'PayerName', title: '交款人' },
    { key: 'ItemName', title: '项目' },
    { key: 'Period', title: '账期' },
    { key: 'NatureName', title: '性质' },
    { key: 'PrincipalMoney', title: '本金' },
    { key: 'LateFeeMoney', title: '滞纳金' },
    { key: 'DiscountMoney', title: '优惠' },
    { key: 'PaidMoney', title: '实收' },
    { key: 'MethodText', title: '方式', width: 24 },
    { key: 'CashierName', title: '收款人' },
    { key: 'SourceName', title: '来源' },
    { key: 'StateName', title: '状态' },
    { key: 'PayTime', title: '补录收款时间', width: 20 },
  ],
  filterText,
};
