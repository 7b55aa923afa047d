import {
  CashierContextBody,
  CashierSearchBody,
  FeeIdBody,
  FeePayBody,
  FeePaymentListBody,
  FeePaymentSource,
  fenToMoney,
  moneyToChinese,
  PrepaidTopUpBody,
  toFen,
} from '@linli/shared';
import { sql } from 'drizzle-orm';
import { type AuthedContext, call, defineCalls, Page } from '../../core/calls';
import type { Auth } from '../../core/auth';
import { requireRight } from '../../core/auth';
import { xlsxExport } from '../../core/excel';
import { notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { sqlRows } from '../../core/sql-rows';
import { cashierContext, cashierSearch } from './desk.service';
import { pay, type PayRequest } from './pay';
import { paymentDetail, paymentExportRows, paymentList } from './payments-query';

type PayBody = Omit<PayRequest, 'cmpId' | 'userId' | 'timeZone' | 'now' | 'scope' | 'source'>;

/** The desk's bodies, read into the one Pay transaction. */
export async function payAs(ctx: AuthedContext, body: PayBody, source?: number) {
  const { auth, deps } = ctx;
  return pay(deps.database.db, {
    ...body,
    cmpId: auth.cmpId,
    userId: auth.userId,
    timeZone: auth.timeZone,
    now: deps.now(),
    scope: auth,
    source: source ?? (body.payTime ? FeePaymentSource.Backfill : FeePaymentSource.Desk),
  });
}

type PayInput = typeof FeePayBody._output;
export const payBodyOf = (
  b: Omit<PayInput, 'Lines' | 'TopUps'> & Partial<Pick<PayInput, 'Lines' | 'TopUps'>>,
): PayBody => ({
  requestId: b.RequestId,
  roomId: b.RoomId ?? null,
  payerType: b.PayerType,
  payerId: b.PayerId,
  payerName: b.PayerName,
  lines: b.Lines ?? [],
  topUps: b.TopUps ?? [],
  usePrepaid: b.UsePrepaid,
  tenders: b.Tenders,
  tenderedMoney: b.TenderedMoney,
  overpayTo: b.OverpayTo,
  payTime: b.PayTime,
  discountReason: b.DiscountReason,
  remark: b.Remark,
});

/** The receipt of a payment with its print count; `mayReprint` guards a second print (补打). */
export async function printReceipt(auth: Auth, ctx: AuthedContext, id: number, mayReprint: () => void) {
  const db = ctx.deps.database.db;
  const detail = await paymentDetail(db, auth, id);
  if (detail.PrintCount > 0) mayReprint();
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`update fee_payments set print_count = print_count + 1, updated_at = ${ctx.deps.now()}
        where id = ${id} and cmp_id = ${auth.cmpId} returning print_count as n`,
  );
  if (!row) throw notFound('收款记录不存在');
  const totalFen = detail.Lines.reduce((s, l) => s + toFen(l.LineMoney), 0);
  return {
    ...detail,
    PrintCount: row.n,
    TotalMoney: fenToMoney(totalFen),
    AmountCn: moneyToChinese({ fen: totalFen }),
    Reprint: row.n > 1,
  };
}

export const paymentCalls = defineCalls(
  call({
    path: '/Cashier/Search',
    role: 'sfgl_jft',
    reads: true,
    body: CashierSearchBody,
    handler: async (b, { auth, deps }) => cashierSearch(deps.database.db, auth, b.Keyword),
  }),
  call({
    path: '/Cashier/Context',
    role: 'sfgl_jft',
    reads: true,
    body: CashierContextBody,
    handler: async (b, { auth, deps }) => cashierContext(deps.database.db, auth, b),
  }),
  call({
    path: '/Cashier/Payments',
    role: 'sfgl_jft',
    reads: true,
    body: FeePaymentListBody,
    handler: async (b, { auth, deps }) => {
      if (!b.RoomId) return new Page([], 0);
      const r = await paymentList(deps.database.db, auth, b, pageOf(b));
      return new Page(r.rows, r.count);
    },
  }),
  call({
    path: '/FeePayment/Pay',
    role: 'sfgl_jft',
    btn: 'pay',
    body: FeePayBody,
    handler: async (b, ctx) => {
      if (b.Lines.some((l) => toFen(l.DiscountMoney) > 0)) requireRight(ctx.auth, 'sfgl_jft', 'discount');
      // 补录 (a past PayTime) is a 收款记录 action.
      if (b.PayTime) requireRight(ctx.auth, 'sfgl_zsdc', 'add');
      return payAs(ctx, payBodyOf(b));
    },
  }),
  call({
    path: '/Prepaid/TopUp',
    role: 'sfgl_yckgl',
    btn: 'topup',
    body: PrepaidTopUpBody,
    handler: async (b, ctx) => payAs(ctx, { ...payBodyOf(b), lines: [], usePrepaid: false }),
  }),
  call({
    path: '/FeePayment/List',
    role: 'sfgl_zsdc',
    reads: true,
    body: FeePaymentListBody,
    handler: async (b, { auth, deps }) => {
      const r = await paymentList(deps.database.db, auth, b, pageOf(b));
      return new Page(r.rows, r.count, { PaidMoney: r.paid });
    },
  }),
  call({
    path: '/FeePayment/Detail',
    reads: true,
    body: FeeIdBody,
    handler: async (b, { auth, deps }) => {
      if (!auth.access.includes('sfgl_jft') && !auth.access.includes('sfgl_zsdc')) requireRight(auth, 'sfgl_zsdc');
      return paymentDetail(deps.database.db, auth, b.Id);
    },
  }),
  call({
    path: '/FeePayment/Export',
    role: 'sfgl_zsdc',
    btn: 'export',
    body: FeePaymentListBody,
    handler: async (b, { auth, deps }) =>
      xlsxExport(
        '收款记录',
        [
          { header: '收据号', value: (r) => r.ReceiptNo, width: 16 },
          { header: '时间', value: (r) => r.PayTime, width: 20 },
          { header: '房号', value: (r) => r.RoomName, width: 18 },
          { header: '交款人', value: (r) => r.PayerName },
          { header: '项目摘要', value: (r) => r.ItemSummary, width: 24 },
          { header: '应收', value: (r) => r.DueMoney, numFmt: '0.00' },
          { header: '减免', value: (r) => r.DiscountMoney, numFmt: '0.00' },
          { header: '滞纳金', value: (r) => r.LateFeeMoney, numFmt: '0.00' },
          { header: '预存抵扣', value: (r) => r.PrepaidUsedMoney, numFmt: '0.00' },
          { header: '实收', value: (r) => r.PaidMoney, numFmt: '0.00' },
          { header: '方式', value: (r) => r.MethodNames },
          { header: '收款人', value: (r) => r.CashierName },
          { header: '来源', value: (r) => r.SourceName },
          { header: '状态', value: (r) => r.StateName },
          { header: '打印次数', value: (r) => r.PrintCount },
        ],
        paymentExportRows(deps.database.db, auth, b),
      ),
  }),
  call({
    path: '/FeePayment/Print',
    role: 'sfgl_jft',
    btn: 'pay',
    body: FeeIdBody,
    // The receipt printed right after Pay; a second print is a 补打 and needs `print`.
    handler: async (b, ctx) => printReceipt(ctx.auth, ctx, b.Id, () => requireRight(ctx.auth, 'sfgl_jft', 'print')),
  }),
  call({
    path: '/FeePayment/Reprint',
    role: 'sfgl_zsdc',
    btn: 'print',
    body: FeeIdBody,
    handler: async (b, ctx) => printReceipt(ctx.auth, ctx, b.Id, () => {}),
  }),
);
