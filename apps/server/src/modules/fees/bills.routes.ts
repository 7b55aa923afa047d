import {
  FEE_BILL_SOURCE,
  FEE_BILL_STATE,
  FEE_PAYER_TYPE,
  FeeBillAddTempBody,
  FeeBillAdjustBody,
  FeeBillDiscountBody,
  FeeBillPrepayBody,
  FeeBillReasonBody,
  feeName,
  zDate,
  zFlag,
  zOptionalText,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { call, Page } from '../../core/calls';
import { todayIn } from '../../core/dates';
import { anyId, likeText, optionalInt } from '../../core/filters';
import { pageOf, pagingFields } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { addTempBill, adjustBill, cancelBill, discountBill, prepayBills, restoreBill } from './bills.service';
import { lateFeeSql, overdueDaysSql } from './late-fee';

export const BillListBody = z.object({
  ...pagingFields,
  CommunityId: optionalInt(),
  BuildingId: optionalInt(),
  RoomId: optionalInt(),
  PayerType: optionalInt(),
  PayerId: optionalInt(),
  ItemId: optionalInt(),
  StandardId: optionalInt(),
  RunId: optionalInt(),
  State: optionalInt(),
  Unpaid: zFlag().optional(),
  PeriodFrom: zOptionalText(7, '开始账期'),
  PeriodTo: zOptionalText(7, '结束账期'),
  AsOfDate: zDate('计算日期'),
  Keyword: zOptionalText(50, '关键字'),
});
type BillFilter = z.infer<typeof BillListBody>;

/** The filter of FeeBill/List on the fee_bills alias `b`. */
export async function billWhere(db: Tx, auth: Auth, f: Omit<BillFilter, 'PgIndex' | 'PgSize'>): Promise<SQL> {
  const scope = await communityIdsOf(db, auth);
  const c: SQL[] = [sql`b.cmp_id = ${auth.cmpId}`, anyId(sql`b.community_id`, scope)];
  const eqf = (col: string, v: number | undefined) => v !== undefined && c.push(sql`${sql.raw(col)} = ${v}`);
  eqf('b.community_id', f.CommunityId);
  eqf('b.building_id', f.BuildingId);
  eqf('b.room_id', f.RoomId);
  eqf('b.payer_type', f.PayerType);
  eqf('b.payer_id', f.PayerId);
  eqf('b.item_id', f.ItemId);
  eqf('b.standard_id', f.StandardId);
  eqf('b.run_id', f.RunId);
  eqf('b.state', f.State);
  if (f.Unpaid === true) c.push(sql`b.state in (1, 2)`);
  if (f.PeriodFrom) c.push(sql`b.period >= ${f.PeriodFrom}`);
  if (f.PeriodTo) c.push(sql`b.period <= ${f.PeriodTo}`);
  if (f.Keyword) c.push(sql`b.payer_name ilike ${likeText(f.Keyword)}`);
  return sql.join(c, sql` and `);
}

export interface BillRow {
  Id: number;
  [k: string]: unknown;
}

/** Bill rows with the live late fee as of `asOf`, in the list order (DueDate, Id). */
export async function billRows(db: Tx, where: SQL, asOf: string, page?: { limit: number; offset: number }) {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select b.id, b.community_id, c.name as community_name, b.building_id, b.room_id, b.payer_type, b.payer_id,
        b.payer_name, b.item_id, i.item_name, b.standard_id, s.standard_name, b.period,
        to_char(b.period_start, 'YYYY-MM-DD') as period_start, to_char(b.period_end, 'YYYY-MM-DD') as period_end,
        to_char(b.bill_date, 'YYYY-MM-DD') as bill_date, to_char(b.due_date, 'YYYY-MM-DD') as due_date,
        b.quantity::text, b.unit_price::text, b.amount_money::text, b.discount_money::text, b.paid_money::text,
        b.late_fee_paid_money::text, (b.amount_money - b.discount_money - b.paid_money)::numeric(14,2)::text as unpaid_money,
        ${lateFeeSql(sql`b`, sql`s`, sql`${asOf}::date`)}::text as late_fee_money,
        ${overdueDaysSql(sql`b`, sql`${asOf}::date`)} as overdue_days,
        b.state, b.source, b.run_id, b.remark, b.created_at
      from fee_bills b
      join fee_items i on i.id = b.item_id
      join fee_standards s on s.id = b.standard_id
      join communities c on c.id = b.community_id
      where ${where}
      order by b.due_date, b.id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    Id: Number(r.id),
    CommunityId: Number(r.community_id),
    CommunityName: r.community_name as string,
    BuildingId: Number(r.building_id ?? 0),
    RoomId: Number(r.room_id ?? 0),
    RoomName: Number(r.payer_type) === 1 ? (r.payer_name as string) : '',
    PayerType: Number(r.payer_type),
    PayerTypeName: feeName(FEE_PAYER_TYPE, Number(r.payer_type)),
    PayerId: Number(r.payer_id),
    PayerName: r.payer_name as string,
    ItemId: Number(r.item_id),
    ItemName: r.item_name as string,
    StandardId: Number(r.standard_id),
    StandardName: r.standard_name as string,
    Period: r.period as string,
    PeriodStart: r.period_start as string,
    PeriodEnd: r.period_end as string,
    BillDate: r.bill_date as string,
    DueDate: r.due_date as string,
    Quantity: r.quantity as string,
    UnitPrice: r.unit_price as string,
    AmountMoney: r.amount_money as string,
    DiscountMoney: r.discount_money as string,
    PaidMoney: r.paid_money as string,
    LateFeePaidMoney: r.late_fee_paid_money as string,
    UnpaidMoney: r.unpaid_money as string,
    LateFeeMoney: r.late_fee_money as string,
    OverdueDays: Number(r.overdue_days),
    State: Number(r.state),
    StateName: feeName(FEE_BILL_STATE, Number(r.state)),
    Source: Number(r.source),
    SourceName: feeName(FEE_BILL_SOURCE, Number(r.source)),
    RunId: Number(r.run_id ?? 0),
    Remark: r.remark as string,
    CreateTime: fmtTime(r.created_at as string),
  }));
}

/** Bills (domain/fees.md "Bills and the desk"): the list and the counter's bill actions on sfgl_jft. */
export const feeBillCalls = [
  call({
    path: '/FeeBill/List',
    role: 'sfgl_jft',
    reads: true,
    body: BillListBody,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const asOf = f.AsOfDate ?? todayIn(deps.now(), auth.timeZone);
      const where = await billWhere(db, auth, f);
      const page = pageOf(f);
      const [rows, [t]] = await Promise.all([
        billRows(db, where, asOf, page),
        sqlRows<{ n: number; amount: string; unpaid: string }>(
          db,
          sql`select count(*)::int as n, coalesce(sum(b.amount_money), 0)::text as amount,
            coalesce(sum(b.amount_money - b.discount_money - b.paid_money) filter (where b.state in (1, 2)), 0)::text as unpaid
            from fee_bills b where ${where}`,
        ),
      ]);
      return new Page(rows, Number(t?.n ?? 0), { AmountMoney: t?.amount ?? '0', UnpaidMoney: t?.unpaid ?? '0' });
    },
  }),
  call({
    path: '/FeeBill/Discount',
    role: 'sfgl_jft',
    btn: 'discount',
    body: FeeBillDiscountBody,
    okMsg: '减免成功',
    handler: (b, { deps, auth }) => deps.database.db.transaction((t) => discountBill(t, auth, b, deps.now())),
  }),
  call({
    path: '/FeeBill/Adjust',
    role: 'sfgl_jft',
    btn: 'edit',
    body: FeeBillAdjustBody,
    okMsg: '调整成功',
    handler: (b, { deps, auth }) => deps.database.db.transaction((t) => adjustBill(t, auth, b, deps.now())),
  }),
  call({
    path: '/FeeBill/Cancel',
    role: 'sfgl_jft',
    btn: 'del',
    body: FeeBillReasonBody,
    okMsg: '已取消',
    handler: (b, { deps, auth }) => deps.database.db.transaction((t) => cancelBill(t, auth, b, deps.now())),
  }),
  call({
    path: '/FeeBill/Restore',
    role: 'sfgl_jft',
    btn: 'del',
    body: FeeBillReasonBody,
    okMsg: '已恢复',
    handler: (b, { deps, auth }) => deps.database.db.transaction((t) => restoreBill(t, auth, b, deps.now())),
  }),
  call({
    path: '/FeeBill/Prepay',
    role: 'sfgl_jft',
    btn: 'addbill',
    body: FeeBillPrepayBody,
    handler: (b, { deps, auth }) => deps.database.db.transaction((t) => prepayBills(t, auth, b, deps.now())),
  }),
  call({
    path: '/FeeBill/AddTemp',
    role: 'sfgl_jft',
    btn: 'addbill',
    body: FeeBillAddTempBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth }) => deps.database.db.transaction((t) => addTempBill(t, auth, b, deps.now())),
  }),
];
