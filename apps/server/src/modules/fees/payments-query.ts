import {
  FEE_LINE_TYPE,
  FEE_PAYMENT_SOURCE,
  FEE_PAYMENT_STATE,
  FEE_REFUND_METHOD,
  FEE_REVERSAL_STATE,
  FEE_REVERSAL_TYPE,
  FEE_TENDER_METHOD,
  type FeePaymentListBody,
  feeName,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { notFound } from '../../core/errors';
import { likeText } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/** 收款记录 rows (domain/fees.md "Payments and reversals"): newest first; CreateTime is the posting time. */
export interface PaymentRow {
  Id: number;
  ReceiptNo: string;
  PayTime: string;
  CreateTime: string;
  CommunityId: number;
  RoomId: number;
  RoomName: string;
  PayerName: string;
  ItemSummary: string;
  DueMoney: string;
  DiscountMoney: string;
  LateFeeMoney: string;
  PrepaidUsedMoney: string;
  PaidMoney: string;
  TenderedMoney: string;
  ChangeMoney: string;
  ToPrepaidMoney: string;
  MethodNames: string;
  CashierId: number;
  CashierName: string;
  Source: number;
  SourceName: string;
  State: number;
  StateName: string;
  /** The open (待审批) request on the payment: 1 作废 2 退款, 0 none; one at most (fee_reversals_open_payment_uq). */
  PendingType: number;
  PendingName: string;
  HandoverId: number;
  PrintCount: number;
  DiscountReason: string;
  Remark: string;
}

const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

function rowSelect(tz: string): SQL {
  return sql`select p.id as "Id", p.receipt_no as "ReceiptNo", ${time(sql`p.pay_time`, tz)} as "PayTime",
      ${time(sql`p.created_at`, tz)} as "CreateTime", coalesce(p.community_id, 0) as "CommunityId",
      coalesce(p.room_id, 0) as "RoomId", coalesce(r.full_name, '') as "RoomName", p.payer_name as "PayerName",
      coalesce((select string_agg(distinct coalesce(i.item_name, case l.line_type when 3 then '电表充值' else '预存款' end), '、')
        from fee_payment_lines l left join fee_bills b on b.id = l.bill_id left join fee_items i on i.id = b.item_id
        where l.payment_id = p.id), '') as "ItemSummary",
      p.due_money::text as "DueMoney", p.discount_money::text as "DiscountMoney", p.late_fee_money::text as "LateFeeMoney",
      p.prepaid_used_money::text as "PrepaidUsedMoney", p.paid_money::text as "PaidMoney",
      p.tendered_money::text as "TenderedMoney", p.change_money::text as "ChangeMoney",
      p.to_prepaid_money::text as "ToPrepaidMoney",
      coalesce((select string_agg(distinct t.method::text, ',') from fee_payment_tenders t where t.payment_id = p.id), '') as "Methods",
      coalesce(p.cashier_id, 0) as "CashierId", coalesce(u.name, '系统') as "CashierName", p.source as "Source",
      p.state as "State", coalesce(p.handover_id, 0) as "HandoverId", p.print_count as "PrintCount",
      coalesce((select v.reversal_type from fee_reversals v where v.payment_id = p.id and v.state = 1), 0) as "PendingType",
      p.discount_reason as "DiscountReason", p.remark as "Remark"
    from fee_payments p
    left join rooms r on r.id = p.room_id
    left join users u on u.id = p.cashier_id`;
}

const view = (r: PaymentRow & { Methods: string }): PaymentRow => {
  const { Methods, ...row } = r;
  return {
    ...row,
    MethodNames: Methods.split(',')
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b)
      .map((m) => feeName(FEE_TENDER_METHOD, m))
      .join('、'),
    SourceName: feeName(FEE_PAYMENT_SOURCE, r.Source),
    StateName: feeName(FEE_PAYMENT_STATE, r.State),
    PendingName: r.PendingType ? `${feeName(FEE_REVERSAL_TYPE, r.PendingType)}待审批` : '',
  };
};

async function whereOf(db: Tx, auth: Auth, f: Partial<FeePaymentListBody>): Promise<SQL> {
  const ids = await communityIdsOf(db, auth);
  const tz = auth.timeZone;
  const parts: SQL[] = [sql`p.cmp_id = ${auth.cmpId}`, sql`p.community_id = any(${`{${ids.join(',')}}`}::int[])`];
  if (f.CommunityId) parts.push(sql`p.community_id = ${f.CommunityId}`);
  if (f.RoomId) parts.push(sql`p.room_id = ${f.RoomId}`);
  if (f.CashierId) parts.push(sql`p.cashier_id = ${f.CashierId}`);
  if (f.Source) parts.push(sql`p.source = ${f.Source}`);
  if (f.State) parts.push(sql`p.state = ${f.State}`);
  if (f.Method)
    parts.push(sql`exists (select 1 from fee_payment_tenders t where t.payment_id = p.id and t.method = ${f.Method})`);
  if (f.DateFrom) parts.push(sql`p.pay_time >= (${f.DateFrom}::date::timestamp at time zone ${tz})`);
  if (f.DateTo) parts.push(sql`p.pay_time < ((${f.DateTo}::date + 1)::timestamp at time zone ${tz})`);
  if (f.Keyword) {
    const kw = likeText(f.Keyword);
    parts.push(sql`(p.receipt_no ilike ${kw} or p.payer_name ilike ${kw} or r.full_name ilike ${kw})`);
  }
  return sql.join(parts, sql` and `);
}

export async function paymentList(db: Tx, auth: Auth, f: FeePaymentListBody, page: { limit: number; offset: number }) {
  const where = await whereOf(db, auth, f);
  const rows = await sqlRows<PaymentRow & { Methods: string }>(
    db,
    sql`${rowSelect(auth.timeZone)} where ${where} order by p.pay_time desc, p.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [c] = await sqlRows<{ n: number; paid: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(p.paid_money), 0)::text as paid
        from fee_payments p left join rooms r on r.id = p.room_id where ${where}`,
  );
  return { rows: rows.map(view), count: c?.n ?? 0, paid: c?.paid ?? '0.00' };
}

export async function* paymentExportRows(db: Tx, auth: Auth, f: FeePaymentListBody): AsyncGenerator<PaymentRow> {
  const where = await whereOf(db, auth, f);
  for (let offset = 0; ; offset += 1000) {
    const rows = await sqlRows<PaymentRow & { Methods: string }>(
      db,
      sql`${rowSelect(auth.timeZone)} where ${where} order by p.pay_time desc, p.id desc limit 1000 offset ${offset}`,
    );
    for (const r of rows) yield view(r);
    if (rows.length < 1000) return;
  }
}

export interface PaymentDetail extends PaymentRow {
  Lines: {
    Id: number;
    LineType: number;
    LineTypeName: string;
    BillId: number;
    AccountId: number;
    ItemName: string;
    Period: string;
    Quantity: string;
    UnitPrice: string;
    PrincipalMoney: string;
    LateFeeMoney: string;
    DiscountMoney: string;
    LineMoney: string;
    RefundedMoney: string;
    RefundableMoney: string;
  }[];
  Tenders: {
    Id: number;
    Method: number;
    MethodName: string;
    AmountMoney: string;
    TradeNo: string;
    ReversalId: number;
  }[];
  Reversals: {
    Id: number;
    Type: number;
    TypeName: string;
    State: number;
    StateName: string;
    AmountMoney: string;
    RefundMethod: number;
    RefundMethodName: string;
    RefundNo: string;
    Reason: string;
    ApplyTime: string;
    ApproveTime: string;
  }[];
}

/** Detail {Id}: the row, its lines (+ RefundableMoney), its tenders (the reversals' negative ones too) and requests. */
export async function paymentDetail(db: Tx, auth: Auth, id: number): Promise<PaymentDetail> {
  const where = await whereOf(db, auth, {});
  const [row] = await sqlRows<PaymentRow & { Methods: string }>(
    db,
    sql`${rowSelect(auth.timeZone)} where ${where} and p.id = ${id}`,
  );
  if (!row) throw notFound('收款记录不存在');
  // UnitPrice is the price a bill was priced by (the standard's, kept on the bill); a 阶梯 bill, a 公式 without a
  // price and a 预存 line have none and answer '' (the receipt prints '-').
  const lines = await sqlRows<PaymentDetail['Lines'][number]>(
    db,
    sql`select l.id as "Id", l.line_type as "LineType", coalesce(l.bill_id, 0) as "BillId",
          coalesce(l.account_id, 0) as "AccountId",
          coalesce(i.item_name, ai.item_name, case when l.line_type = 2 then '预存款（通用）' else '电表充值' end) as "ItemName",
          coalesce(b.period, '') as "Period", coalesce(b.quantity, mr.kwh, 0)::text as "Quantity",
          case when l.line_type = 3 then coalesce(mr.unit_price::text, '')
               when b.unit_price > 0 and bs.price_method <> 5 then b.unit_price::text else '' end as "UnitPrice",
          l.principal_money::text as "PrincipalMoney", l.late_fee_money::text as "LateFeeMoney",
          l.discount_money::text as "DiscountMoney", l.line_money::text as "LineMoney",
          l.refunded_money::text as "RefundedMoney", (l.line_money - l.refunded_money)::text as "RefundableMoney"
        from fee_payment_lines l
        left join fee_bills b on b.id = l.bill_id
        left join fee_standards bs on bs.id = b.standard_id
        left join fee_items i on i.id = b.item_id
        left join fee_prepaid_accounts a on a.id = l.account_id
        left join fee_items ai on ai.id = a.item_id
        -- a 电表充值 line shows its 度数 and 电价
        left join fee_meter_recharges mr on l.line_type = 3 and mr.payment_id = l.payment_id
        where l.payment_id = ${id} and l.cmp_id = ${auth.cmpId}
        order by l.id`,
  );
  const tenders = await sqlRows<PaymentDetail['Tenders'][number]>(
    db,
    sql`select t.id as "Id", t.method as "Method", t.amount_money::text as "AmountMoney", t.trade_no as "TradeNo",
          coalesce(t.reversal_id, 0) as "ReversalId"
        from fee_payment_tenders t
        where t.cmp_id = ${auth.cmpId}
          and (t.payment_id = ${id} or t.reversal_id in (select id from fee_reversals where payment_id = ${id}))
        order by t.id`,
  );
  const reversals = await sqlRows<PaymentDetail['Reversals'][number]>(
    db,
    sql`select v.id as "Id", v.reversal_type as "Type", v.state as "State", v.amount_money::text as "AmountMoney",
          coalesce(v.refund_method, 0) as "RefundMethod", v.refund_no as "RefundNo", v.reason as "Reason",
          ${time(sql`v.created_at`, auth.timeZone)} as "ApplyTime",
          coalesce(${time(sql`v.approve_time`, auth.timeZone)}, '') as "ApproveTime"
        from fee_reversals v where v.payment_id = ${id} and v.cmp_id = ${auth.cmpId} order by v.id`,
  );
  return {
    ...view(row),
    Lines: lines.map((l) => ({ ...l, LineTypeName: feeName(FEE_LINE_TYPE, l.LineType) })),
    Tenders: tenders.map((t) => ({ ...t, MethodName: feeName(FEE_TENDER_METHOD, t.Method) })),
    Reversals: reversals.map((v) => ({
      ...v,
      TypeName: feeName(FEE_REVERSAL_TYPE, v.Type),
      StateName: feeName(FEE_REVERSAL_STATE, v.State),
      RefundMethodName: feeName(FEE_REFUND_METHOD, v.RefundMethod),
    })),
  };
}
