import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import { applyReversal, approveReversal } from '../../modules/fees/reversals.service';
import type { Tx } from '../client';

/**
 * The cashier side of the fee demo (fees.md "Demo data"), after the demo bills exist: 85 % of the bills due before
 * today paid by cashier and cashier2 with every method (set-based: payments, lines, tenders, journal and bills in a
 * few statements, receipt numbers gapless per year in time order), 20 prepaid accounts topped up at the desk over the
 * 14 months, one void applied by cashier2 and approved by caiwu1, one refund pending. The past takings are handed over
 * and confirmed; what is taken today waits for today's hand-over.
 */
export async function seedDemoFeePayments(db: Tx, cmpId: number, today: string, now: Date): Promise<void> {
  const people = await sqlRows<{ id: number; account: string; name: string }>(
    db,
    sql`select id, account, name from users where cmp_id = ${cmpId} and account in ('cashier', 'cashier2', 'caiwu1')`,
  );
  const id = (a: string) => people.find((p) => p.account === a)?.id;
  const [c1, c2, fin] = [id('cashier'), id('cashier2'), id('caiwu1')];
  if (!c1 || !c2 || !fin) return;

  await db.transaction(async (tx) => {
    // Payments come after their bill's 出账 (dated on its BillDate at 01:00 by the fees demo), as at a real desk.
    await tx.execute(sql`create temp table demo_pay on commit drop as
      select b.id as bill_id, b.cmp_id, b.community_id, b.room_id, b.payer_type, b.payer_id, b.payer_name,
        (b.amount_money - b.discount_money - b.paid_money) as money,
        greatest((b.due_date - (b.id % 12)::int)::timestamp at time zone 'Asia/Shanghai' + make_interval(hours => 9 + b.id % 8),
          b.bill_date::timestamp at time zone 'Asia/Shanghai' + interval '2 hours') as pay_time,
        case when b.id % 2 = 0 then ${c1}::int else ${c2}::int end as cashier_id,
        (b.id % 5 + 1)::smallint as method
      from fee_bills b
      where b.cmp_id = ${cmpId} and b.state = 1 and b.due_date < ${today}::date
        and (b.amount_money - b.discount_money) > 0 and abs(hashtext('demo' || b.id)) % 100 < 85
        -- A few rooms pay nothing, so the 金额分级 report has rooms in its upper bands.
        and coalesce(b.room_id, 0) % 29 <> 7`);
    await tx.execute(
      sql`alter table demo_pay add column n int, add column yr int, add column payment_id int, add column line_id int`,
    );
    // 20 rooms of the second community top up 通用 at cashier2's desk (SF receipts): two today (the void and the
    // pending refund below take them), the others spread over the demo's 14 months, so 预存款汇总 has a 期初.
    await tx.execute(sql`create temp table demo_topup on commit drop as
      select r.id as room_id, r.cmp_id, r.community_id, coalesce(o.name, '') as payer_name,
        (200 + (r.k % 5) * 200)::numeric(14,2) as money, (r.k % 5 + 1)::smallint as method, ${c2}::int as cashier_id,
        case when r.k < 2 then ${now}::timestamptz
          else (${today}::date - (400 - (r.k - 2) * 21))::timestamp at time zone 'Asia/Shanghai'
            + make_interval(hours => 9 + r.k % 8, mins => r.k * 7 % 60) end as pay_time,
        r.k >= 2 as handed, 0 as n, 0 as yr, 0 as payment_id, 0 as account_id
      from (select r.*, (row_number() over (order by c.id desc, r.id) - 1)::int as k
            from rooms r join communities c on c.id = r.community_id
            where r.cmp_id = ${cmpId} and r.status in (2, 3) order by c.id desc, r.id limit 20) r
      left join residents o on o.id = r.owner_resident_id`);
    // Receipt numbers follow the payment time within each year, bills and top-ups alike.
    await tx.execute(sql`create temp table demo_no on commit drop as
      select kind, key, yr, row_number() over (partition by yr order by pay_time, kind, key)::int as n
      from (select 'b' as kind, bill_id as key, pay_time from demo_pay
            union all select 't', room_id, pay_time from demo_topup) u,
        lateral (select extract(year from u.pay_time at time zone 'Asia/Shanghai')::int as yr) y`);
    // Numbers already taken this year (none on a fresh demo) come first.
    await tx.execute(sql`update demo_no d set n = d.n + coalesce((select last_no from fee_receipt_seqs s
      where s.cmp_id = ${cmpId} and s.prefix = 'SF' and s.year = d.yr), 0)`);
    await tx.execute(
      sql`update demo_pay d set n = x.n, yr = x.yr from demo_no x where x.kind = 'b' and x.key = d.bill_id`,
    );
    await tx.execute(
      sql`update demo_topup d set n = x.n, yr = x.yr from demo_no x where x.kind = 't' and x.key = d.room_id`,
    );
    await tx.execute(sql`with ins as (
        insert into fee_payments (cmp_id, community_id, receipt_no, request_id, room_id, payer_type, payer_id, payer_name,
          pay_time, cashier_id, source, due_money, paid_money, tendered_money, print_count, created_by, created_at, updated_at)
        select cmp_id, community_id, 'SF' || yr || lpad(n::text, 6, '0'), 'demo-' || bill_id, room_id, payer_type, payer_id,
          payer_name, pay_time, cashier_id, 1, money, money, money, 1, cashier_id, pay_time, pay_time
        from demo_pay returning id, request_id)
      update demo_pay d set payment_id = ins.id from ins where ins.request_id = 'demo-' || d.bill_id`);
    await tx.execute(sql`with ins as (
        insert into fee_payment_lines (cmp_id, payment_id, line_type, bill_id, principal_money, line_money, created_by,
          created_at, updated_at)
        select d.cmp_id, d.payment_id, 1, d.bill_id, d.money, d.money, d.cashier_id, d.pay_time, d.pay_time from demo_pay d
        returning id, bill_id)
      update demo_pay d set line_id = ins.id from ins where ins.bill_id = d.bill_id`);
    await tx.execute(sql`insert into fee_payment_tenders (cmp_id, payment_id, method, amount_money, trade_no, cashier_id,
        created_by, created_at, updated_at)
      select cmp_id, payment_id, method, money, case when method = 1 then '' else 'T' || payment_id end, cashier_id,
        cashier_id, pay_time, pay_time from demo_pay`);
    await tx.execute(sql`insert into fee_journal (cmp_id, bill_id, community_id, building_id, room_id, item_id, bill_month,
        due_date, event_time, event_type, paid_money, payment_id, payment_line_id, receipt_no, created_by, created_at, updated_at)
      select b.cmp_id, b.id, b.community_id, b.building_id, b.room_id, b.item_id, to_char(b.bill_date, 'YYYY-MM'), b.due_date,
        d.pay_time, 5, d.money, d.payment_id, d.line_id, 'SF' || d.yr || lpad(d.n::text, 6, '0'), d.cashier_id, d.pay_time, d.pay_time
      from demo_pay d join fee_bills b on b.id = d.bill_id`);
    // As Pay: the late-fee clock restarts on the day paid, and each payment leaves its audit row.
    await tx.execute(sql`update fee_bills b set paid_money = b.paid_money + d.money, state = 3, updated_at = d.pay_time,
        late_fee_from = (d.pay_time at time zone 'Asia/Shanghai')::date
      from demo_pay d where b.id = d.bill_id and b.cmp_id = ${cmpId}`);
    await tx.execute(sql`insert into fee_audit_logs (cmp_id, action, entity, entity_id, after, reason, user_id, created_by,
        created_at, updated_at)
      select cmp_id, 'pay', 'fee_payments', payment_id, jsonb_build_object('PaymentId', payment_id, 'PaidMoney', money::text),
        '', cashier_id, cashier_id, pay_time, pay_time from demo_pay`);
    // The top-ups, as Pay writes a 预存 充值: payment, 预存 line into the room's new 通用 account, tender, 充值 txn.
    await tx.execute(sql`with ins as (
        insert into fee_payments (cmp_id, community_id, receipt_no, request_id, room_id, payer_type, payer_id, payer_name,
          pay_time, cashier_id, source, due_money, paid_money, tendered_money, print_count, created_by, created_at, updated_at)
        select cmp_id, community_id, 'SF' || yr || lpad(n::text, 6, '0'), 'demo-topup-' || room_id, room_id, 1, room_id,
          payer_name, pay_time, cashier_id, 1, money, money, money, 1, cashier_id, pay_time, pay_time
        from demo_topup returning id, room_id)
      update demo_topup d set payment_id = ins.id from ins where ins.room_id = d.room_id`);
    await tx.execute(sql`with ins as (
        insert into fee_prepaid_accounts (cmp_id, community_id, room_id, item_id, balance_money, last_txn_time,
          created_by, created_at, updated_at)
        select cmp_id, community_id, room_id, null, money, pay_time, cashier_id, pay_time, pay_time from demo_topup
        returning id, room_id)
      update demo_topup d set account_id = ins.id from ins where ins.room_id = d.room_id`);
    await tx.execute(sql`insert into fee_payment_lines (cmp_id, payment_id, line_type, account_id, principal_money,
        line_money, created_by, created_at, updated_at)
      select cmp_id, payment_id, 2, account_id, money, money, cashier_id, pay_time, pay_time from demo_topup`);
    await tx.execute(sql`insert into fee_payment_tenders (cmp_id, payment_id, method, amount_money, trade_no, cashier_id,
        created_by, created_at, updated_at)
      select cmp_id, payment_id, method, money, case when method = 1 then '' else 'T' || payment_id end, cashier_id,
        cashier_id, pay_time, pay_time from demo_topup`);
    await tx.execute(sql`insert into fee_prepaid_txns (cmp_id, account_id, txn_type, amount_money, balance_after_money,
        payment_id, remark, created_by, created_at, updated_at)
      select cmp_id, account_id, 1, money, money, payment_id, '', cashier_id, pay_time, pay_time from demo_topup`);
    await tx.execute(sql`insert into fee_audit_logs (cmp_id, action, entity, entity_id, after, reason, user_id, created_by,
        created_at, updated_at)
      select cmp_id, 'pay', 'fee_payments', payment_id, jsonb_build_object('PaymentId', payment_id, 'PaidMoney', money::text),
        '', cashier_id, cashier_id, pay_time, pay_time from demo_topup`);
    await tx.execute(sql`insert into fee_receipt_seqs (cmp_id, prefix, year, last_no)
      select ${cmpId}, 'SF', yr, max(n) from demo_no group by yr
      on conflict (cmp_id, prefix, year) do update set last_no = greatest(fee_receipt_seqs.last_no, excluded.last_no)`);
    // The demo's past takings are handed over and confirmed, so every cashier's drawer starts with today's only.
    await tx.execute(sql`with taken as (
          select cashier_id, pay_time, money, method from demo_pay
          union all select cashier_id, pay_time, money, method from demo_topup where handed),
        h as (
        insert into fee_handovers (cmp_id, cashier_id, from_time, to_time, payment_count, total_money, cash_money,
          wechat_money, alipay_money, pos_money, bank_money, counted_cash_money, state, confirmer_id, confirm_time,
          created_by, created_at, updated_at)
        select ${cmpId}, cashier_id, min(pay_time), max(pay_time), count(*), sum(money),
          coalesce(sum(money) filter (where method = 1), 0), coalesce(sum(money) filter (where method = 2), 0),
          coalesce(sum(money) filter (where method = 3), 0), coalesce(sum(money) filter (where method = 4), 0),
          coalesce(sum(money) filter (where method = 5), 0), coalesce(sum(money) filter (where method = 1), 0), 2,
          ${fin}, ${now}, cashier_id, max(pay_time), max(pay_time)
        from taken
        group by cashier_id returning id, cashier_id, to_time)
      update fee_payments p set handover_id = h.id from h
      where p.cashier_id = h.cashier_id and p.cmp_id = ${cmpId} and p.request_id like 'demo-%' and p.pay_time <= h.to_time`);
  });

  // One void (cashier applies, caiwu1 approves) and one refund pending, on today's top-ups (not yet handed over).
  const recent = await sqlRows<{ id: number }>(
    db,
    sql`select id from fee_payments where cmp_id = ${cmpId} and handover_id is null and cashier_id = ${c2}
        and request_id like 'demo-topup-%' order by room_id limit 2`,
  );
  if (recent.length < 2) return;
  // The seed acts as these people (the rights are the demo positions'; scope is every community).
  const as = (userId: number, name: string) =>
    ({
      cmpId,
      userId,
      name,
      timeZone: 'Asia/Shanghai',
      isAdmin: true,
      allCommunity: true,
      access: [],
      buttons: new Map(),
    }) as unknown as Auth;
  const cashier = as(c2, '林收银');
  const v = await applyReversal(db, cashier, now, {
    Type: 1,
    PaymentId: recent[0]!.id,
    Lines: [],
    Reason: '收错房号，重新收取',
  });
  await approveReversal(db, as(fin, '钱会计'), now, v.Id);
  // One refund made a day after its payment (fee-reports.md "Demo data"): the newest demo bill payment, refunded
  // today in cash by cashier and approved by caiwu1, so today's 收费明细表 shows its TK row and that day stays as it was.
  const [last] = await sqlRows<{ id: number; line_id: number; line_money: string }>(
    db,
    sql`select p.id, l.id as line_id, l.line_money::text from fee_payments p join fee_payment_lines l on l.payment_id = p.id
        where p.cmp_id = ${cmpId} and p.request_id like 'demo-%' and p.request_id not like 'demo-topup-%'
        order by p.created_at desc, p.id desc limit 1`,
  );
  if (last) {
    const r = await applyReversal(db, as(c1, '陈收银'), now, {
      Type: 2,
      PaymentId: last.id,
      Lines: [{ PaymentLineId: last.line_id, RefundMoney: last.line_money }],
      RefundMethod: 2,
      Reason: '业主已通过其他方式缴纳，退回',
    });
    await approveReversal(db, as(fin, '钱会计'), now, r.Id);
  }
  const [line] = await sqlRows<{ id: number; line_money: string }>(
    db,
    sql`select id, line_money::text from fee_payment_lines where payment_id = ${recent[1]!.id} order by id limit 1`,
  );
  await applyReversal(db, cashier, now, {
    Type: 2,
    PaymentId: recent[1]!.id,
    Lines: [{ PaymentLineId: line!.id, RefundMoney: '100.00' }],
    RefundMethod: 2,
    Reason: '业主多充，退回部分',
  });
}
