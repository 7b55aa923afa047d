import {
  FeeBillState,
  FeeJournalEvent,
  FeeLineType,
  FeeOverpayTo,
  FeePrepaidTxnType,
  FeeTenderMethod,
  fenToMoney,
  toFen,
  type FeePayLine,
} from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { ApiError, fail, isUniqueViolation, notFound, RET } from '../../core/errors';
import { todayIn } from '../../core/dates';
import { scopeIdsSql } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { PREPARED, type Tx } from '../../db/client';
import { emitFeePaid } from './fee-paid-events';
import { lateFeeSql } from './late-fee';
import { accountFor, creditPrepaid, debitPrepaid, type MoveContext } from './prepaid-moves';
import { isPendingReceiptNo, pendingReceiptNo, takeReceiptNo } from './receipt-no';

/**
 * FeePayment/Pay (domain/fees.md "Payments and balances"), the one money transaction of the desk, 补录, 预存 充值,
 * 电表充值 and 自动抵扣: lock the bills FOR UPDATE in Id order, check what the desk showed (ExpectedMoney), take the
 * next SF number, then write the payment, its lines and tenders, the bills, the journal, the prepaid moves and the
 * audit row. A repeated RequestId answers the first answer. Amounts are summed in integer fen.
 */
export interface PayRequest {
  cmpId: number;
  /** The cashier; null = 系统 (auto-deduct). */
  userId: number | null;
  timeZone: string;
  now: Date;
  /** The cashier's session, whose communities bound the bills and the room; null = every community of the company. */
  scope: Auth | null;
  requestId: string;
  roomId: number | null;
  payerType?: number | undefined;
  payerId?: number | undefined;
  payerName?: string | undefined;
  lines: FeePayLine[];
  topUps: { ItemId: number; AmountMoney: string }[];
  usePrepaid: boolean;
  tenders: { Method: number; AmountMoney: string; TradeNo?: string | undefined }[];
  tenderedMoney?: string | undefined;
  overpayTo: number;
  /** 补录: 'YYYY-MM-DD HH:mm:ss' in the company's zone, ≤ 90 days back. */
  payTime?: string | undefined;
  source: number;
  discountReason?: string | undefined;
  remark?: string | undefined;
  /** 电表充值: the meter line (LineType 3) and its FeeMeterRecharge row. */
  recharge?: {
    meterId: number;
    communityId: number;
    roomId: number | null;
    fen: number;
    unitPrice: string;
    kwh: string;
  };
}

export interface PayAnswer {
  PaymentId: number;
  ReceiptNo: string;
  PaidMoney: string;
  PrepaidUsedMoney: string;
  ChangeMoney: string;
  ToPrepaidMoney: string;
  RechargeId?: number;
  Kwh?: string;
}

interface LockedBill {
  id: number;
  community_id: number;
  room_id: number | null;
  payer_type: number;
  payer_id: number;
  payer_name: string;
  item_id: number;
  category: number;
  state: number;
  period_start: string;
  period_end: string;
  unpaid: string;
  late_fee: string;
  late_fee_from: string | null;
  /** The bill's community is one the caller serves. */
  in_scope: boolean;
}

const MAX_BACKFILL_DAYS = 90;

export async function pay(db: Tx, req: PayRequest): Promise<PayAnswer> {
  let answer: PayAnswer;
  try {
    answer = await db.transaction((tx) => payIn(tx, req));
  } catch (err) {
    // Two requests with one RequestId and no bill to serialise them (a 充值): the unique index decides.
    // A twin that committed while this one waited on the bill locks changed the bills (the 409), and its commit is
    // newer than the snapshot the first-answer lookup read: a statement of its own sees it.
    if (isUniqueViolation(err, 'fee_payments_request_uq') || (err instanceof ApiError && err.ret === RET.CONFLICT)) {
      const first = await answerOf(db, req.cmpId, req.requestId);
      if (first) return numbered(db, req.cmpId, first);
    }
    throw err;
  }
  // The SF number is taken once the money has committed (receipt-no.ts): the company's counter row is held for one
  // statement instead of the whole payment, so concurrent cashiers do not queue behind each other's transactions.
  return numbered(db, req.cmpId, answer);
}

/** The answer with its receipt number: a payment committed but not yet numbered (a lost process) is numbered now. */
async function numbered(db: Tx, cmpId: number, a: PayAnswer): Promise<PayAnswer> {
  if (!isPendingReceiptNo(a.ReceiptNo)) return a;
  return { ...a, ReceiptNo: await takeReceiptNo(db, cmpId, a.PaymentId, a.ReceiptNo) };
}

async function payIn(tx: Tx, req: PayRequest): Promise<PayAnswer> {
  const today = todayIn(req.now, req.timeZone);
  const billIds = req.lines.map((l) => l.BillId);
  if (new Set(billIds).size !== billIds.length) throw fail('同一账单不能重复收款');
  // The locks and, in the same round trip, the first answer of the RequestId, the payer's room and its prepaid
  // accounts. A twin that committed while this statement waited on a lock is not in its snapshot, but it changed
  // the bills: the 409 below, and pay() answers the twin's answer then.
  const seen = await lockAndRead(tx, req, billIds, today);
  if (seen.first) return seen.first;
  const bills = seen.bills;

  if (!req.lines.length && !req.topUps.length && !req.recharge) throw fail('请选择要缴纳的账单');
  const room = seen.room;
  const byId = new Map(bills.map((b) => [b.id, b]));

  // Every line the desk showed with other figures than the bill has now: the 409 names them with today's figures,
  // so the desk can say which bills changed (a payment elsewhere, a 减免, the late fee of a new day).
  const changed = req.lines.flatMap((l) => {
    const b = byId.get(l.BillId);
    if (!b || !b.in_scope) return [];
    const open = b.state === FeeBillState.Unpaid || b.state === FeeBillState.Partial;
    if (open && toFen(l.ExpectedMoney) === toFen(b.unpaid) + toFen(b.late_fee)) return [];
    return [{ BillId: b.id, State: b.state, UnpaidMoney: open ? b.unpaid : '0.00', LateFeeMoney: b.late_fee }];
  });
  if (changed.length) throw new ApiError(RET.CONFLICT, '账单已变化，请刷新后重试', { Changed: changed });

  let principalFen = 0;
  let lateFen = 0;
  let discountFen = 0;
  const planned = req.lines.map((l) => {
    const b = byId.get(l.BillId);
    if (!b || !b.in_scope) throw notFound('账单不存在');
    if (room && b.room_id !== room.id) throw fail('账单不属于该房屋');
    const unpaid = toFen(b.unpaid);
    const live = toFen(b.late_fee);
    const payFen = toFen(l.PayMoney);
    const lateFenLine = toFen(l.LateFeeMoney);
    const discFen = toFen(l.DiscountMoney);
    if (payFen + discFen > unpaid) throw fail('本次缴纳不能超过未缴金额');
    // The late fee is paid first and whole: a part of it would restart the clock on money still owed.
    if (lateFenLine > live) throw fail('滞纳金不能超过应计滞纳金');
    if ((payFen > 0 || lateFenLine > 0) && lateFenLine !== live) throw fail('请先缴清滞纳金');
    if (payFen + lateFenLine + discFen === 0) throw fail('本次缴纳金额不能为0');
    principalFen += payFen;
    lateFen += lateFenLine;
    discountFen += discFen;
    return { line: l, bill: b, payFen, lateFen: lateFenLine, discFen };
  });
  if (discountFen > 0 && (req.discountReason ?? '').trim().length < 4) throw fail('减免原因需为4-200个字符');
  const topUpFen = req.topUps.reduce((s, t) => s + toFen(t.AmountMoney), 0);
  if (req.topUps.length && !room) throw fail('请选择房屋');
  const rechargeFen = req.recharge?.fen ?? 0;

  const ctx: MoveContext = { cmpId: req.cmpId, userId: req.userId, at: req.now };
  // 预存抵扣: each bill from its item's account first, then from 通用.
  const accounts = seen.accounts;
  const left = new Map(accounts.map((a) => [a.id, toFen(a.balance)]));
  const debits: { accountId: number; billId: number; fen: number }[] = [];
  for (const p of planned) {
    let need = p.payFen + p.lateFen;
    for (const acc of [accounts.find((a) => a.item_id === p.bill.item_id), accounts.find((a) => a.item_id === null)]) {
      if (!acc || need === 0) continue;
      const take = Math.min(need, left.get(acc.id) ?? 0);
      if (take <= 0) continue;
      left.set(acc.id, (left.get(acc.id) ?? 0) - take);
      debits.push({ accountId: acc.id, billId: p.bill.id, fen: take });
      need -= take;
    }
  }
  const prepaidFen = debits.reduce((s, d) => s + d.fen, 0);

  const payableFen = principalFen + lateFen + topUpFen + rechargeFen - prepaidFen;
  const tenders = req.tenders.map((t) => ({ ...t, fen: toFen(t.AmountMoney) })).filter((t) => t.fen > 0);
  const tenderedFen = tenders.reduce((s, t) => s + t.fen, 0);
  if (req.tenderedMoney !== undefined && toFen(req.tenderedMoney) !== tenderedFen) {
    throw fail('实收金额与各支付方式合计不一致');
  }
  if (tenderedFen < payableFen) throw fail(`实收金额不足，还差¥${fenToMoney(payableFen - tenderedFen)}`);
  const excessFen = tenderedFen - payableFen;
  let changeFen = 0;
  let toPrepaidFen = 0;
  if (excessFen > 0) {
    const nonCashFen = tenders.filter((t) => t.Method !== FeeTenderMethod.Cash).reduce((s, t) => s + t.fen, 0);
    if (req.overpayTo === FeeOverpayTo.Prepaid) {
      if (!room) throw fail('请选择房屋');
      toPrepaidFen = excessFen;
    } else if (nonCashFen > payableFen) {
      throw fail('非现金多收金额只能转入预存款');
    } else changeFen = excessFen;
  }

  const payTime = req.payTime ? await backfillTime(tx, req.payTime, req.timeZone, req.now) : req.now;
  const year = Number(today.slice(0, 4));
  // The number is taken after the commit (see pay()): until then the row carries a placeholder naming its year.
  const placeholder = pendingReceiptNo('SF', year);
  const dueFen = principalFen + discountFen + topUpFen + toPrepaidFen + rechargeFen;
  const paidFen = tenderedFen - changeFen;
  const communityId = room?.communityId ?? bills[0]?.community_id ?? req.recharge?.communityId ?? null;
  const payerName = req.payerName || room?.ownerName || bills[0]?.payer_name || '';

  // Lines: the bills, the top-ups, the overpayment into 通用, the meter top-up.
  const topUpAccounts = [];
  for (const t of req.topUps) {
    topUpAccounts.push({ accountId: await accountFor(tx, ctx, room!, t.ItemId || null), fen: toFen(t.AmountMoney) });
  }
  const overpayAccount = toPrepaidFen > 0 ? await accountFor(tx, ctx, room!, null) : null;
  const lineRows = [
    ...planned.map((p) => ({
      line_type: FeeLineType.Bill,
      bill_id: p.bill.id,
      account_id: null as number | null,
      principal: fenToMoney(p.payFen),
      late: fenToMoney(p.lateFen),
      discount: fenToMoney(p.discFen),
      money: fenToMoney(p.payFen + p.lateFen),
      late_fee_from_before: p.bill.late_fee_from,
    })),
    ...topUpAccounts.map((t) => prepaidLine(t.accountId, t.fen)),
    ...(overpayAccount ? [prepaidLine(overpayAccount, toPrepaidFen)] : []),
    ...(req.recharge ? [{ ...prepaidLine(null, rechargeFen), line_type: FeeLineType.MeterRecharge }] : []),
  ];

  // Tenders are stored net of change (Σ tenders = Σ lines): the change comes out of the cash handed over.
  let changeLeft = changeFen;
  const kept = [...tenders].reverse().map((t) => {
    if (t.Method !== FeeTenderMethod.Cash || changeLeft === 0) return t;
    const back = Math.min(changeLeft, t.fen);
    changeLeft -= back;
    return { ...t, fen: t.fen - back };
  });
  const tenderRows = kept
    .reverse()
    .filter((t) => t.fen > 0)
    .map((t) => ({ method: t.Method, amount: fenToMoney(t.fen), trade_no: t.TradeNo ?? '' }));
  if (prepaidFen > 0)
    tenderRows.push({ method: FeeTenderMethod.Prepaid, amount: fenToMoney(prepaidFen), trade_no: '' });

  const money = {
    PaidMoney: fenToMoney(paidFen),
    PrepaidUsedMoney: fenToMoney(prepaidFen),
    ChangeMoney: fenToMoney(changeFen),
    ToPrepaidMoney: fenToMoney(toPrepaidFen),
  };
  const settleRows = planned.map((p) => ({
    id: p.bill.id,
    pay: fenToMoney(p.payFen),
    late: fenToMoney(p.lateFen),
    disc: fenToMoney(p.discFen),
  }));
  // The journal (journal.ts conventions): a counter 减免 rides on its own 减免 row, the money on a 收款 row.
  const journalRows = planned.flatMap((p) => [
    ...(p.discFen > 0
      ? [
          {
            bill_id: p.bill.id,
            event_type: FeeJournalEvent.Discounted,
            disc: fenToMoney(p.discFen),
            paid: '0',
            late: '0',
          },
        ]
      : []),
    ...(p.payFen + p.lateFen > 0
      ? [
          {
            bill_id: p.bill.id,
            event_type: FeeJournalEvent.Paid,
            disc: '0',
            paid: fenToMoney(p.payFen),
            late: fenToMoney(p.lateFen),
          },
        ]
      : []),
  ]);
  // One statement writes the payment, its lines and tenders, settles the bills (a payment restarts the late-fee
  // clock on what is still owed: its late fee up to today is paid), appends their journal rows and the audit row:
  // one round trip inside the transaction instead of one per table.
  const [written] = await sqlRows<{ id: number; settled: number; journaled: number }>(
    tx,
    sql`${PREPARED}with p as (
          insert into fee_payments (cmp_id, community_id, receipt_no, request_id, room_id, payer_type, payer_id,
            payer_name, pay_time, cashier_id, source, due_money, discount_money, late_fee_money, prepaid_used_money,
            paid_money, tendered_money, change_money, to_prepaid_money, discount_reason, remark, created_by,
            created_at, updated_at)
          values (${req.cmpId}, ${communityId}, ${placeholder}, ${req.requestId}, ${room?.id ?? null},
            ${req.payerType ?? (room ? 1 : (bills[0]?.payer_type ?? 1))}, ${req.payerId ?? room?.id ?? bills[0]?.payer_id ?? 0},
            ${payerName}, ${payTime}, ${req.userId}, ${req.source}, ${fenToMoney(dueFen)}, ${fenToMoney(discountFen)},
            ${fenToMoney(lateFen)}, ${fenToMoney(prepaidFen)}, ${fenToMoney(paidFen)}, ${fenToMoney(tenderedFen)},
            ${fenToMoney(changeFen)}, ${fenToMoney(toPrepaidFen)}, ${req.discountReason ?? ''}, ${req.remark ?? ''},
            ${req.userId}, ${req.now}, ${req.now})
          returning id),
        l as (
          insert into fee_payment_lines (cmp_id, payment_id, line_type, bill_id, account_id, principal_money,
            late_fee_money, discount_money, line_money, late_fee_from_before, created_by, created_at, updated_at)
          select ${req.cmpId}, p.id, l.line_type, l.bill_id, l.account_id, l.principal, l.late, l.discount, l.money,
                 l.late_fee_from_before, ${req.userId}, ${req.now}, ${req.now}
          from p, jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as l(line_type smallint, bill_id int,
                 account_id int, principal numeric, late numeric, discount numeric, money numeric,
                 late_fee_from_before date)
          returning id, bill_id),
        t as (
          insert into fee_payment_tenders (cmp_id, payment_id, method, amount_money, trade_no, cashier_id, created_by,
            created_at, updated_at)
          select ${req.cmpId}, p.id, t.method, t.amount, t.trade_no, ${req.userId}, ${req.userId}, ${req.now}, ${req.now}
          from p, jsonb_to_recordset(${JSON.stringify(tenderRows)}::jsonb) as t(method smallint, amount numeric,
                 trade_no text)),
        u as (
          update fee_bills b set
            paid_money = b.paid_money + r.pay,
            discount_money = b.discount_money + r.disc,
            late_fee_paid_money = b.late_fee_paid_money + r.late,
            late_fee_from = case when r.pay > 0 or r.late > 0
              then greatest(coalesce(b.late_fee_from, ${today}::date), ${today}::date) else b.late_fee_from end,
            state = case when b.amount_money - b.discount_money - r.disc - b.paid_money - r.pay <= 0 then ${sql.raw(String(FeeBillState.Paid))}
                         when b.paid_money + r.pay > 0 then ${sql.raw(String(FeeBillState.Partial))}
                         else ${sql.raw(String(FeeBillState.Unpaid))} end,
            updated_at = ${req.now}
          from jsonb_to_recordset(${JSON.stringify(settleRows)}::jsonb) as r(id int, pay numeric, late numeric, disc numeric)
          where b.id = r.id and b.cmp_id = ${req.cmpId}
          returning b.id, b.cmp_id, b.community_id, b.building_id, b.room_id, b.item_id, b.bill_date, b.due_date),
        j as (
          insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month, due_date,
            event_time, created_by, created_at, updated_at, event_type, amount_money, discount_money, paid_money,
            late_fee_money, payment_id, payment_line_id, reversal_id, receipt_no)
          select u.cmp_id, u.id, u.community_id, u.building_id, u.room_id, u.item_id, to_char(u.bill_date, 'YYYY-MM'),
                 u.due_date, ${req.now}, ${req.userId}, ${req.now}, ${req.now}, e.event_type, 0, e.disc, e.paid, e.late,
                 p.id, l.id, null, ${placeholder}
          from jsonb_to_recordset(${JSON.stringify(journalRows)}::jsonb) as e(bill_id int, event_type smallint,
                 disc numeric, paid numeric, late numeric)
          join u on u.id = e.bill_id cross join p left join l on l.bill_id = e.bill_id
          returning 1),
        a as (
          insert into fee_audit_logs (cmp_id, action, entity, entity_id, after, reason, user_id, created_by,
            created_at, updated_at)
          select ${req.cmpId}, 'pay', 'fee_payments', p.id,
                 jsonb_build_object('PaymentId', p.id) || ${JSON.stringify({ ...money, Lines: lineRows, Tenders: tenderRows })}::jsonb,
                 ${req.discountReason ?? ''}, ${req.userId}, ${req.userId}, ${req.now}, ${req.now}
          from p)
        select p.id, (select count(*)::int from u) as settled, (select count(*)::int from j) as journaled from p`,
  );
  const paymentId = written!.id;
  // Every bill was locked above: a count short of the plan is a bug, and the transaction rolls back.
  if (written!.settled !== settleRows.length || written!.journaled !== journalRows.length)
    throw new Error('pay: bills or journal rows not written');

  for (const d of debits.sort((a, b) => a.accountId - b.accountId || a.billId - b.billId)) {
    await debitPrepaid(tx, ctx, { ...d, txnType: FeePrepaidTxnType.Deduct, paymentId });
  }
  for (const t of topUpAccounts) await creditPrepaid(tx, ctx, { ...t, txnType: FeePrepaidTxnType.TopUp, paymentId });
  if (overpayAccount) {
    await creditPrepaid(tx, ctx, {
      accountId: overpayAccount,
      fen: toPrepaidFen,
      txnType: FeePrepaidTxnType.Overpay,
      paymentId,
    });
  }

  const answer: PayAnswer = { PaymentId: paymentId, ReceiptNo: placeholder, ...money };
  if (req.recharge) {
    const r = req.recharge;
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into fee_meter_recharges (cmp_id, community_id, meter_id, room_id, payment_id, amount_money, unit_price,
            kwh, created_by, created_at, updated_at)
          values (${req.cmpId}, ${r.communityId}, ${r.meterId}, ${r.roomId}, ${paymentId}, ${fenToMoney(r.fen)},
            ${r.unitPrice}, ${r.kwh}, ${req.userId}, ${req.now}, ${req.now})
          returning id`,
    );
    answer.RechargeId = row!.id;
    answer.Kwh = r.kwh;
  }

  const parking = planned.filter(
    (p) => p.bill.category === 5 && p.bill.payer_type === 3 && p.payFen + p.discFen === toFen(p.bill.unpaid),
  );
  await emitFeePaid(tx, {
    cmpId: req.cmpId,
    paymentId,
    userId: req.userId,
    timeZone: req.timeZone,
    now: req.now,
    bills: parking.map((p) => ({
      BillId: p.bill.id,
      PayerType: p.bill.payer_type,
      PayerId: p.bill.payer_id,
      PeriodStart: p.bill.period_start,
      PeriodEnd: p.bill.period_end,
    })),
  });
  return answer;
}

function prepaidLine(accountId: number | null, fen: number) {
  const money = fenToMoney(fen);
  return {
    line_type: FeeLineType.Prepaid as number,
    bill_id: null,
    account_id: accountId,
    principal: money,
    late: '0',
    discount: '0',
    money,
    late_fee_from_before: null as string | null,
  };
}

interface PayerRoom {
  id: number;
  communityId: number;
  ownerName: string;
}

/**
 * One statement: lock the bills FOR UPDATE in Id order, and read the first answer of the RequestId, the payer's room
 * (the request's, else the one room of every bill) and, for 预存抵扣, its accounts with money.
 */
async function lockAndRead(tx: Tx, req: PayRequest, ids: number[], today: string) {
  const inScope = (column: ReturnType<typeof sql>) =>
    req.scope ? sql`(${column} in ${scopeIdsSql(req.scope)})` : sql`true`;
  const [row] = await sqlRows<{
    bills: LockedBill[];
    first: (PayAnswer & { RechargeId: number | null; Kwh: string | null }) | null;
    room: { id: number; community_id: number; owner_name: string; in_scope: boolean } | null;
    accounts: { id: number; item_id: number | null; balance: string }[];
    room_id: number | null;
  }>(
    tx,
    sql`${PREPARED}with locked as (
          select b.id, b.community_id, b.room_id, b.payer_type, b.payer_id, b.payer_name, b.item_id, i.category,
                 b.state, b.period_start::text, b.period_end::text,
                 (b.amount_money - b.discount_money - b.paid_money)::text as unpaid, b.late_fee_from::text,
                 ${lateFeeSql(sql`b`, sql`s`, sql`${today}::date`)}::text as late_fee,
                 ${inScope(sql`b.community_id`)} as in_scope
          from fee_bills b
          join fee_standards s on s.id = b.standard_id
          join fee_items i on i.id = b.item_id
          where b.cmp_id = ${req.cmpId} and b.id = any(${`{${ids.join(',')}}`}::int[])
          order by b.id
          for update of b),
        payer as (
          select coalesce(${req.roomId}::int, (select min(room_id) from locked
            having count(*) > 0 and count(*) = count(room_id) and count(distinct room_id) = 1)) as room_id)
        select
          coalesce((select json_agg(l order by l.id) from locked l), '[]') as bills,
          (select row_to_json(a) from (${answerSql(req.cmpId, req.requestId)}) a) as first,
          (select row_to_json(r) from (
             select r.id, r.community_id, coalesce(p.name, '') as owner_name, ${inScope(sql`r.community_id`)} as in_scope
             from rooms r left join residents p on p.id = r.owner_resident_id
             where r.id = (select room_id from payer) and r.cmp_id = ${req.cmpId}) r) as room,
          coalesce((select json_agg(x order by x.id) from (
             select id, item_id, balance_money::text as balance from fee_prepaid_accounts
             where ${req.usePrepaid} and cmp_id = ${req.cmpId} and room_id = (select room_id from payer)
               and balance_money > 0) x), '[]') as accounts,
          (select room_id from payer) as room_id`,
  );
  const bills = row!.bills;
  const first = row!.first ? answerView(row!.first) : null;
  if (first) return { first, bills, room: null, accounts: [] };
  if (!row!.room_id) return { first: null, bills, room: null, accounts: [] };
  const room = row!.room;
  if (!room || !room.in_scope) throw notFound('房屋不存在');
  const payer: PayerRoom = { id: room.id, communityId: room.community_id, ownerName: room.owner_name };
  return { first: null, bills, room: payer, accounts: row!.accounts };
}

async function backfillTime(tx: Tx, text: string, tz: string, now: Date): Promise<Date> {
  const [row] = await sqlRows<{ t: Date | string }>(tx, sql`select (${text}::timestamp at time zone ${tz}) as t`);
  const t = new Date(row!.t);
  if (t.getTime() > now.getTime()) throw fail('实际收款日期不能晚于现在');
  if (now.getTime() - t.getTime() > MAX_BACKFILL_DAYS * 86_400_000) throw fail('实际收款日期只能补录90天内的收款');
  return t;
}

const answerSql = (cmpId: number, requestId: string) =>
  sql`select p.id as "PaymentId", p.receipt_no as "ReceiptNo", p.paid_money::text as "PaidMoney",
        p.prepaid_used_money::text as "PrepaidUsedMoney", p.change_money::text as "ChangeMoney",
        p.to_prepaid_money::text as "ToPrepaidMoney", r.id as "RechargeId", r.kwh::text as "Kwh"
      from fee_payments p left join fee_meter_recharges r on r.payment_id = p.id
      where p.cmp_id = ${cmpId} and p.request_id = ${requestId}`;

function answerView(p: PayAnswer & { RechargeId: number | null; Kwh: string | null }): PayAnswer {
  const { RechargeId, Kwh, ...answer } = p;
  return RechargeId ? { ...answer, RechargeId, Kwh: Kwh ?? '0.00' } : answer;
}

/** The first answer of a RequestId, or null. */
export async function answerOf(db: Tx, cmpId: number, requestId: string): Promise<PayAnswer | null> {
  const [p] = await sqlRows<PayAnswer & { RechargeId: number | null; Kwh: string | null }>(
    db,
    answerSql(cmpId, requestId),
  );
  return p ? answerView(p) : null;
}
