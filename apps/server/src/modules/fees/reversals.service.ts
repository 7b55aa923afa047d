import {
  FeeBillState,
  FeeJournalEvent,
  FeeLineType,
  FeePaymentState,
  FeePrepaidTxnType,
  FeeRefundMethod,
  FeeReversalState,
  FeeReversalType,
  FeeTenderMethod,
  type FeeReversalApplyBody,
  fenToMoney,
  toFen,
} from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { requireRight } from '../../core/auth';
import { fail, forbidden, notFound } from '../../core/errors';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { notify } from '../messages/notify';
import { appendJournal, type JournalEntry } from './journal';
import { todayIn } from '../../core/dates';
import { accountFor, creditPrepaid, debitPrepaid, type MoveContext } from './prepaid-moves';
import { nextReceiptNo } from './receipt-no';

/**
 * 作废 / 退款 / 预存退款 (domain/fees.md "State machines", "Payments and balances"): a request with a reason that a
 * second person approves. Approval executes it in the same transaction and dates every negative journal, tender and
 * prepaid row at the approval, so closed days never change. A void takes every line and keeps its SF number; a
 * refund or a prepaid refund takes a TK number at approval.
 */

const HANDED_OVER = '该收款已交班，不能作废，请办理退款';

interface PaymentHead {
  id: number;
  community_id: number;
  room_id: number | null;
  state: number;
  cashier_id: number | null;
  handover_id: number | null;
  handover_state: number | null;
  receipt_no: string;
}

async function paymentHead(tx: Tx, auth: Auth, id: number, lock = false): Promise<PaymentHead> {
  const ids = await communityIdsOf(tx, auth);
  const [p] = await sqlRows<PaymentHead>(
    tx,
    sql`select p.id, p.community_id, p.room_id, p.state, p.cashier_id, p.handover_id, h.state as handover_state, p.receipt_no
        from fee_payments p left join fee_handovers h on h.id = p.handover_id
        where p.id = ${id} and p.cmp_id = ${auth.cmpId} ${lock ? sql`for update of p` : sql``}`,
  );
  if (!p || !ids.includes(p.community_id)) throw notFound('收款记录不存在');
  return p;
}

/** In a hand-over that was not returned: the money has left the cashier's drawer. */
const handedOver = (p: PaymentHead) => p.handover_id !== null && p.handover_state !== 3;

interface LineRow {
  id: number;
  line_type: number;
  bill_id: number | null;
  account_id: number | null;
  principal_money: string;
  late_fee_money: string;
  discount_money: string;
  line_money: string;
  refunded_money: string;
  late_fee_from_before: string | null;
}

const linesOf = (tx: Tx, cmpId: number, paymentId: number) =>
  sqlRows<LineRow>(
    tx,
    sql`select id, line_type, bill_id, account_id, principal_money::text, late_fee_money::text, discount_money::text,
          line_money::text, refunded_money::text, late_fee_from_before::text
        from fee_payment_lines where payment_id = ${paymentId} and cmp_id = ${cmpId} order by id`,
  );

export async function applyReversal(db: Tx, auth: Auth, now: Date, b: FeeReversalApplyBody): Promise<{ Id: number }> {
  if (b.Type === FeeReversalType.Void) requireRight(auth, 'sfgl_zsdc', 'void');
  else if (b.Type === FeeReversalType.Refund) requireRight(auth, 'sfgl_zsdc', 'refund');
  else requireRight(auth, 'sfgl_yckgl', 'refund');
  return db.transaction(async (tx) => {
    let communityId: number;
    let paymentId: number | null = null;
    let accountId: number | null = null;
    let amountFen: number;
    let lines: { PaymentLineId: number; RefundMoney: string }[] = [];
    let method: number | null = b.RefundMethod ?? null;
    if (b.Type === FeeReversalType.PrepaidRefund) {
      if (!b.AccountId) throw fail('请选择预存账户');
      if (!b.AmountMoney) throw fail('请输入退款金额');
      const ids = await communityIdsOf(tx, auth);
      const [a] = await sqlRows<{ id: number; community_id: number; balance: string }>(
        tx,
        sql`select id, community_id, balance_money::text as balance from fee_prepaid_accounts
            where id = ${b.AccountId} and cmp_id = ${auth.cmpId}`,
      );
      if (!a || !ids.includes(a.community_id)) throw notFound('预存账户不存在');
      amountFen = toFen(b.AmountMoney);
      if (amountFen > toFen(a.balance)) throw fail('退款金额不能超过预存余额');
      if (method !== FeeRefundMethod.Cash && method !== FeeRefundMethod.Transfer)
        throw fail('请选择退款方式：现金或转账');
      communityId = a.community_id;
      accountId = a.id;
    } else {
      if (!b.PaymentId) throw fail('请选择收款记录');
      const p = await paymentHead(tx, auth, b.PaymentId);
      communityId = p.community_id;
      paymentId = p.id;
      const all = await linesOf(tx, auth.cmpId, p.id);
      if (b.Type === FeeReversalType.Void) {
        if (p.state !== FeePaymentState.Normal) throw fail('该收款已作废或已退款，不能作废');
        if (handedOver(p)) throw fail(HANDED_OVER);
        amountFen = all.reduce((s, l) => s + toFen(l.line_money), 0);
        method = null;
      } else {
        if (p.state === FeePaymentState.Voided || p.state === FeePaymentState.Refunded)
          throw fail('该收款已作废或已全额退款');
        if (!b.Lines.length) throw fail('请选择退款明细');
        if (!method) throw fail('请选择退款方式');
        const byId = new Map(all.map((l) => [l.id, l]));
        for (const l of b.Lines) {
          const line = byId.get(l.PaymentLineId);
          if (!line) throw notFound('收款明细不存在');
          if (toFen(l.RefundMoney) > toFen(line.line_money) - toFen(line.refunded_money)) {
            throw fail(`退款金额不能超过可退金额¥${fenToMoney(toFen(line.line_money) - toFen(line.refunded_money))}`);
          }
        }
        lines = b.Lines;
        amountFen = b.Lines.reduce((s, l) => s + toFen(l.RefundMoney), 0);
      }
    }
    const [open] = await sqlRows<{ id: number }>(
      tx,
      sql`select id from fee_reversals where cmp_id = ${auth.cmpId} and state = 1
          and (${paymentId}::int is not null and payment_id = ${paymentId} or ${accountId}::int is not null and account_id = ${accountId})`,
    );
    if (open) throw fail('该收款已有待审批的申请');
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into fee_reversals (cmp_id, community_id, reversal_type, payment_id, account_id, lines, amount_money,
            refund_method, reason, state, applicant_id, created_by, created_at, updated_at)
          values (${auth.cmpId}, ${communityId}, ${b.Type}, ${paymentId}, ${accountId}, ${JSON.stringify(lines)}::jsonb,
            ${fenToMoney(amountFen)}, ${method}, ${b.Reason}, 1, ${auth.userId}, ${auth.userId}, ${now}, ${now})
          returning id`,
    );
    const id = row!.id;
    await auditFee(
      tx,
      auth,
      now,
      'reversal.apply',
      'fee_reversals',
      id,
      { Type: b.Type, PaymentId: paymentId, AccountId: accountId, AmountMoney: fenToMoney(amountFen) },
      b.Reason,
    );
    const kind = ['', '作废', '退款', '预存退款'][b.Type];
    await notify(tx, {
      cmpId: auth.cmpId,
      // Those who can approve it, in the payment's community: a 收费员 cannot, and is not asked to.
      roleKey: 'sfgl_zsdc',
      btn: 'approve',
      communityId,
      msgType: 3,
      title: `${auth.name}提交了${kind}申请：¥${fenToMoney(amountFen)}，请审批`,
      sourceId: id,
    });
    return { Id: id };
  });
}

interface ReversalRow {
  id: number;
  community_id: number;
  reversal_type: number;
  payment_id: number | null;
  account_id: number | null;
  lines: { PaymentLineId: number; RefundMoney: string }[];
  amount_money: string;
  refund_method: number | null;
  state: number;
  applicant_id: number | null;
  reason: string;
}

async function lockPending(tx: Tx, auth: Auth, id: number): Promise<ReversalRow> {
  const ids = await communityIdsOf(tx, auth);
  const [r] = await sqlRows<ReversalRow>(
    tx,
    sql`select id, community_id, reversal_type, payment_id, account_id, lines, amount_money::text, refund_method, state,
          applicant_id, reason
        from fee_reversals where id = ${id} and cmp_id = ${auth.cmpId} for update`,
  );
  if (!r || !ids.includes(r.community_id)) throw notFound('申请不存在');
  if (r.state !== FeeReversalState.Pending) throw fail('该申请已处理');
  return r;
}

export async function approveReversal(db: Tx, auth: Auth, now: Date, id: number) {
  return db.transaction(async (tx) => {
    const r = await lockPending(tx, auth, id);
    if (r.applicant_id === auth.userId) throw fail('不能审批本人提交的申请');
    const ctx: MoveContext = { cmpId: auth.cmpId, userId: auth.userId, at: now };
    const year = Number(todayIn(now, auth.timeZone).slice(0, 4));
    let refundNo = '';
    if (r.reversal_type !== FeeReversalType.Void) refundNo = await nextReceiptNo(tx, auth.cmpId, 'TK', year);
    if (r.reversal_type === FeeReversalType.PrepaidRefund) {
      const fen = toFen(r.amount_money);
      await debitPrepaid(
        tx,
        ctx,
        { accountId: r.account_id!, fen, txnType: FeePrepaidTxnType.Refund, reversalId: r.id, remark: refundNo },
        '预存款余额不足，不能退款',
      );
      const method = r.refund_method === FeeRefundMethod.Cash ? FeeTenderMethod.Cash : FeeTenderMethod.Bank;
      // Paid out by whoever asked for it (fee-reports.md 收费日报), like a payment's refund, not by the approver.
      await insertTenders(tx, auth, now, r.id, r.applicant_id ?? auth.userId, [{ method, fen: -fen }]);
    } else {
      const p = await paymentHead(tx, auth, r.payment_id!, true);
      const all = await linesOf(tx, auth.cmpId, p.id);
      if (r.reversal_type === FeeReversalType.Void) {
        if (handedOver(p)) throw fail(HANDED_OVER);
        await reverse(
          tx,
          auth,
          now,
          ctx,
          r,
          p,
          all.map((l) => ({ line: l, fen: toFen(l.line_money) - toFen(l.refunded_money) })),
          true,
          '',
        );
      } else {
        const byId = new Map(all.map((l) => [l.id, l]));
        const picked = r.lines.map((x) => ({ line: byId.get(x.PaymentLineId)!, fen: toFen(x.RefundMoney) }));
        for (const x of picked) {
          if (x.fen > toFen(x.line.line_money) - toFen(x.line.refunded_money))
            throw fail('退款金额超过可退金额，请驳回后重新申请');
        }
        await reverse(tx, auth, now, ctx, r, p, picked, false, refundNo);
      }
    }
    await tx.execute(sql`update fee_reversals set state = 2, approver_id = ${auth.userId}, approve_time = ${now},
        refund_no = ${refundNo}, updated_at = ${now} where id = ${r.id} and cmp_id = ${auth.cmpId}`);
    await auditFee(tx, auth, now, 'reversal.approve', 'fee_reversals', r.id, { RefundNo: refundNo }, r.reason);
    if (r.applicant_id) {
      await notify(tx, {
        cmpId: auth.cmpId,
        userIds: [r.applicant_id],
        msgType: 3,
        title: `您的申请已通过${refundNo ? `，退款单号${refundNo}` : ''}`,
        sourceId: r.id,
      });
    }
    return { Id: r.id, State: FeeReversalState.Approved, RefundNo: refundNo };
  });
}

/**
 * Undoes lines of a payment: bills lose what the lines paid (a refund takes principal before late fee), each bill's
 * journal gets its negative row, prepaid deductions and top-ups move back, and the money goes out as negative tenders.
 */
async function reverse(
  tx: Tx,
  auth: Auth,
  now: Date,
  ctx: MoveContext,
  r: ReversalRow,
  p: PaymentHead,
  picked: { line: LineRow; fen: number }[],
  isVoid: boolean,
  refundNo: string,
) {
  const journal: JournalEntry[] = [];
  const billRows: { id: number; line_id: number; paid: string; late: string; disc: string; before: string | null }[] =
    [];
  let prepaidBackFen = 0;
  for (const { line, fen } of picked) {
    if (fen <= 0) continue;
    if (line.line_type === FeeLineType.Bill) {
      const principal = Math.min(fen, toFen(line.principal_money));
      const late = fen - principal;
      const disc = isVoid ? toFen(line.discount_money) : 0;
      billRows.push({
        id: line.bill_id!,
        line_id: line.id,
        paid: fenToMoney(principal),
        late: fenToMoney(late),
        disc: fenToMoney(disc),
        before: line.late_fee_from_before,
      });
      journal.push({
        BillId: line.bill_id!,
        EventType: isVoid ? FeeJournalEvent.Voided : FeeJournalEvent.Refunded,
        PaidMoney: fenToMoney(-principal),
        LateFeeMoney: fenToMoney(-late),
        DiscountMoney: fenToMoney(-disc),
        PaymentId: p.id,
        PaymentLineId: line.id,
        ReversalId: r.id,
        ReceiptNo: refundNo || p.receipt_no,
      });
    } else if (line.line_type === FeeLineType.Prepaid && line.account_id) {
      // A top-up given back leaves the account: refused when it has been spent since.
      await debitPrepaid(
        tx,
        ctx,
        { accountId: line.account_id, fen, txnType: FeePrepaidTxnType.Reversal, paymentId: p.id, reversalId: r.id },
        '预存款余额不足，不能作废或退款',
      );
    } else if (line.line_type === FeeLineType.MeterRecharge) {
      await tx.execute(sql`update fee_meter_recharges set state = 4, updated_at = ${now}
          where payment_id = ${p.id} and cmp_id = ${auth.cmpId}`);
    }
    await tx.execute(sql`update fee_payment_lines set refunded_money = refunded_money + ${fenToMoney(fen)}::numeric, updated_at = ${now}
        where id = ${line.id} and cmp_id = ${auth.cmpId}`);
  }
  if (billRows.length) {
    await tx.execute(sql`update fee_bills b set
          paid_money = b.paid_money - x.paid,
          late_fee_paid_money = b.late_fee_paid_money - x.late,
          discount_money = b.discount_money - x.disc,
          late_fee_from = ${isVoid ? restoredLateFeeFrom(auth.timeZone, p.id) : sql`b.late_fee_from`},
          state = case when b.paid_money - x.paid > 0 then ${sql.raw(String(FeeBillState.Partial))}
                       when b.amount_money - (b.discount_money - x.disc) <= 0 then ${sql.raw(String(FeeBillState.Paid))}
                       else ${sql.raw(String(FeeBillState.Unpaid))} end,
          updated_at = ${now}
        from jsonb_to_recordset(${JSON.stringify(billRows)}::jsonb) as x(id int, line_id int, paid numeric, late numeric,
          disc numeric, before date)
        where b.id = x.id and b.cmp_id = ${auth.cmpId}`);
    await appendJournal(tx, { cmpId: auth.cmpId, userId: auth.userId, at: now }, journal);
  }

  // The money out: a void gives back every tender; a refund 原路 follows the tenders in order, else its one method.
  const totalFen = picked.reduce((s, x) => s + x.fen, 0);
  const tenders = await sqlRows<{ method: number; amount: string }>(
    tx,
    sql`select method, amount_money::text as amount from fee_payment_tenders
        where payment_id = ${p.id} and cmp_id = ${auth.cmpId} order by id`,
  );
  const out: { method: number; fen: number }[] = [];
  const method = r.refund_method;
  if (isVoid || method === FeeRefundMethod.Original) {
    let left = totalFen;
    for (const t of tenders) {
      const take = Math.min(left, toFen(t.amount));
      if (take <= 0) continue;
      out.push({ method: t.method, fen: -take });
      left -= take;
    }
  } else if (method === FeeRefundMethod.Cash) out.push({ method: FeeTenderMethod.Cash, fen: -totalFen });
  else if (method === FeeRefundMethod.Transfer) out.push({ method: FeeTenderMethod.Bank, fen: -totalFen });
  else out.push({ method: FeeTenderMethod.Prepaid, fen: -totalFen });
  // 预存款抵扣 parts (and a refund 转预存) come back into 通用 or the item's account as 冲正.
  for (const o of out.filter((x) => x.method === FeeTenderMethod.Prepaid)) prepaidBackFen += -o.fen;
  if (prepaidBackFen > 0) {
    if (!p.room_id) throw fail('该收款没有房屋，不能退回预存款');
    const accountId = await prepaidReturnAccount(tx, auth, ctx, p);
    await creditPrepaid(tx, ctx, {
      accountId,
      fen: prepaidBackFen,
      txnType: FeePrepaidTxnType.Reversal,
      paymentId: p.id,
      reversalId: r.id,
      remark: refundNo,
    });
  }
  // The takings it comes out of: the original cashier's for a void (before his hand-over), the applicant's for a refund.
  await insertTenders(tx, auth, now, r.id, isVoid ? p.cashier_id : r.applicant_id, out);

  const [left] = await sqlRows<{ left: string }>(
    tx,
    sql`select coalesce(sum(line_money - refunded_money), 0)::text as left from fee_payment_lines
        where payment_id = ${p.id} and cmp_id = ${auth.cmpId}`,
  );
  const state = isVoid
    ? FeePaymentState.Voided
    : toFen(left!.left) === 0
      ? FeePaymentState.Refunded
      : FeePaymentState.PartRefunded;
  await tx.execute(sql`update fee_payments set state = ${sql.raw(String(state))}, updated_at = ${now}
      where id = ${p.id} and cmp_id = ${auth.cmpId}`);
}

/**
 * A void undoes the payment as if it had never been (domain/fees.md "Late fee": days past max(DueDate + GraceDays,
 * LateFeeFrom)): the late-fee clock the payment restarted goes back to where it stood (`x.before`), so the late fee
 * it paid and gave back accrues again. Only while nothing moved the clock since (the bill's LateFeeFrom is still the
 * payment's day and no later payment of the bill stands): a later payment or a waiver settled those days.
 */
function restoredLateFeeFrom(timeZone: string, paymentId: number) {
  const payDay = sql`(select (pp.created_at at time zone ${timeZone})::date from fee_payments pp where pp.id = ${paymentId})`;
  return sql`case when b.late_fee_from = greatest(coalesce(x.before, ${payDay}), ${payDay})
      and not exists (select 1 from fee_payment_lines l2 join fee_payments p2 on p2.id = l2.payment_id
        where l2.bill_id = b.id and l2.id > x.line_id and p2.state <> ${sql.raw(String(FeePaymentState.Voided))})
    then x.before else b.late_fee_from end`;
}

/** The account a deduction came from (the deduction txn's), else 通用. */
async function prepaidReturnAccount(tx: Tx, auth: Auth, ctx: MoveContext, p: PaymentHead): Promise<number> {
  const [d] = await sqlRows<{ account_id: number }>(
    tx,
    sql`select account_id from fee_prepaid_txns where payment_id = ${p.id} and cmp_id = ${auth.cmpId} and txn_type = 3
        order by id limit 1`,
  );
  if (d) return d.account_id;
  return accountFor(tx, ctx, { id: p.room_id!, communityId: p.community_id }, null);
}

async function insertTenders(
  tx: Tx,
  auth: Auth,
  now: Date,
  reversalId: number,
  cashierId: number | null,
  out: { method: number; fen: number }[],
) {
  const rows = out.filter((o) => o.fen !== 0).map((o) => ({ method: o.method, amount: fenToMoney(o.fen) }));
  if (!rows.length) return;
  await tx.execute(sql`insert into fee_payment_tenders (cmp_id, reversal_id, method, amount_money, cashier_id, created_by,
        created_at, updated_at)
      select ${auth.cmpId}, ${reversalId}, t.method, t.amount, ${cashierId}, ${auth.userId}, ${now}, ${now}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(method smallint, amount numeric)`);
}

export async function rejectReversal(db: Tx, auth: Auth, now: Date, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const r = await lockPending(tx, auth, id);
    if (r.applicant_id === auth.userId) throw fail('不能审批本人提交的申请');
    await tx.execute(sql`update fee_reversals set state = 3, approver_id = ${auth.userId}, approve_time = ${now},
        reject_reason = ${reason}, updated_at = ${now} where id = ${id} and cmp_id = ${auth.cmpId}`);
    await auditFee(tx, auth, now, 'reversal.reject', 'fee_reversals', id, {}, reason);
    if (r.applicant_id) {
      await notify(tx, {
        cmpId: auth.cmpId,
        userIds: [r.applicant_id],
        msgType: 3,
        title: `您的申请已被驳回：${reason}`,
        sourceId: id,
      });
    }
    return { Id: id };
  });
}

export async function withdrawReversal(db: Tx, auth: Auth, now: Date, id: number) {
  return db.transaction(async (tx) => {
    const r = await lockPending(tx, auth, id);
    if (r.applicant_id !== auth.userId) throw forbidden('只能撤回本人提交的申请');
    await tx.execute(
      sql`update fee_reversals set state = 4, updated_at = ${now} where id = ${id} and cmp_id = ${auth.cmpId}`,
    );
    await auditFee(tx, auth, now, 'reversal.withdraw', 'fee_reversals', id, {}, '');
    return { Id: id };
  });
}

export async function auditFee(
  tx: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  now: Date,
  action: string,
  entity: string,
  id: number,
  after: Record<string, unknown>,
  reason: string,
) {
  await tx.execute(sql`insert into fee_audit_logs (cmp_id, action, entity, entity_id, after, reason, user_id, created_by,
      created_at, updated_at)
    values (${auth.cmpId}, ${action}, ${entity}, ${id}, ${JSON.stringify(after)}::jsonb, ${reason.slice(0, 200)},
      ${auth.userId}, ${auth.userId}, ${now}, ${now})`);
}
