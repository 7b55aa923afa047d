import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import { lateFeeSql } from '../../modules/fees/late-fee';
import { pay } from '../../modules/fees/pay';
import { applyReversal, approveReversal } from '../../modules/fees/reversals.service';
import { handoverPreview, submitHandover } from '../../modules/fees/fee-handover';
import type { Tx } from '../client';

/**
 * The fee reports' demo day (fee-reports.md "Demo data"), through the real desk calls so every report reconciles:
 * today both cashiers collect old arrears (追欠) with several methods, a room pays a bill from its prepaid balance
 * (预存抵扣), and a payment taken yesterday is refunded today (it counts on today's 收费日报, not yesterday's).
 * cashier2 then hands today's takings over and they wait for finance (待确认); cashier's stay open (未交班).
 */
export async function seedDemoDeskDay(db: Tx, cmpId: number, sunny: number, today: string, now: Date): Promise<void> {
  const people = await sqlRows<{ id: number; account: string; name: string }>(
    db,
    sql`select id, account, name from users where cmp_id = ${cmpId} and account in ('cashier', 'cashier2', 'caiwu1')`,
  );
  const id = (a: string) => people.find((p) => p.account === a)?.id;
  const [c1, c2, fin] = [id('cashier'), id('cashier2'), id('caiwu1')];
  if (!c1 || !c2 || !fin) return;
  const yesterday = new Date(now.getTime() - 86_400_000);
  /** The room's unpaid overdue bills with what the desk would ask on `day` (principal + live late fee). */
  const owed = (roomId: number, day: string) =>
    sqlRows<{ id: number; unpaid: string; late: string }>(
      db,
      sql`select b.id, (b.amount_money - b.discount_money - b.paid_money)::text as unpaid,
            ${lateFeeSql(sql`b`, sql`s`, sql`${day}::date`)}::text as late
          from fee_bills b join fee_standards s on s.id = b.standard_id
          where b.cmp_id = ${cmpId} and b.room_id = ${roomId} and b.state = 1 and b.due_date < ${today}::date
          order by b.due_date, b.id`,
    );
  const rooms = await sqlRows<{ room_id: number }>(
    db,
    sql`select b.room_id from fee_bills b where b.cmp_id = ${cmpId} and b.community_id = ${sunny} and b.state = 1
          and b.due_date < ${today}::date and b.room_id is not null
        group by b.room_id having count(*) between 2 and 6 order by b.room_id limit 4`,
  );
  if (rooms.length < 4) return;
  const lineOf = (b: { id: number; unpaid: string; late: string }) => ({
    BillId: b.id,
    PayMoney: b.unpaid,
    LateFeeMoney: b.late,
    DiscountMoney: '0',
    ExpectedMoney: (Number(b.unpaid) + Number(b.late)).toFixed(2),
  });
  const total = (bills: { unpaid: string; late: string }[]) =>
    (
      bills.reduce((n, b) => n + Math.round(Number(b.unpaid) * 100) + Math.round(Number(b.late) * 100), 0) / 100
    ).toFixed(2);
  const base = {
    cmpId,
    timeZone: 'Asia/Shanghai',
    scope: null,
    overpayTo: 1,
    source: 1,
    topUps: [],
    usePrepaid: false,
  };

  // 追欠 today: cashier in cash, cashier2 in WeChat + cash.
  const a = await owed(rooms[0]!.room_id, today);
  await pay(db, {
    ...base,
    userId: c1,
    now,
    requestId: `demo-day-${rooms[0]!.room_id}`,
    roomId: rooms[0]!.room_id,
    lines: a.map(lineOf),
    tenders: [{ Method: 1, AmountMoney: total(a) }],
  });
  const b = await owed(rooms[1]!.room_id, today);
  const bt = Math.round(Number(total(b)) * 100);
  await pay(db, {
    ...base,
    userId: c2,
    now,
    requestId: `demo-day-${rooms[1]!.room_id}`,
    roomId: rooms[1]!.room_id,
    lines: b.map(lineOf),
    tenders: [
      { Method: 2, AmountMoney: ((bt - 5000) / 100).toFixed(2) },
      { Method: 1, AmountMoney: '50.00' },
    ],
  });

  // 预存抵扣: a top-up, then a bill paid from the balance.
  const c = await owed(rooms[2]!.room_id, today);
  await pay(db, {
    ...base,
    userId: c2,
    now,
    requestId: `demo-day-topup-${rooms[2]!.room_id}`,
    roomId: rooms[2]!.room_id,
    lines: [],
    topUps: [{ ItemId: 0, AmountMoney: '1000.00' }],
    tenders: [{ Method: 3, AmountMoney: '1000.00' }],
  });
  await pay(db, {
    ...base,
    userId: c2,
    now,
    requestId: `demo-day-deduct-${rooms[2]!.room_id}`,
    roomId: rooms[2]!.room_id,
    lines: [lineOf(c[0]!)],
    usePrepaid: true,
    tenders: [],
  });

  // Paid yesterday, refunded today (applied by cashier, approved by caiwu1).
  const day1 = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(yesterday);
  const d = await owed(rooms[3]!.room_id, day1);
  const p = await pay(db, {
    ...base,
    userId: c1,
    now: yesterday,
    requestId: `demo-day-refund-${rooms[3]!.room_id}`,
    roomId: rooms[3]!.room_id,
    lines: [lineOf(d[0]!)],
    tenders: [{ Method: 1, AmountMoney: total([d[0]!]) }],
  });
  const [line] = await sqlRows<{ id: number; line_money: string }>(
    db,
    sql`select id, line_money::text from fee_payment_lines where payment_id = ${p.PaymentId} order by id limit 1`,
  );
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
  const r = await applyReversal(db, as(c1, '收银员'), now, {
    Type: 2,
    PaymentId: p.PaymentId,
    Lines: [{ PaymentLineId: line!.id, RefundMoney: line!.line_money }],
    RefundMethod: 2,
    Reason: '重复缴费，退回现金',
  });
  await approveReversal(db, as(fin, '钱会计'), now, r.Id);

  // 交班 as the desk does it: the preview's window, the cash counted as expected.
  const second = as(c2, people.find((x) => x.id === c2)!.name);
  const pv = await handoverPreview(db, second, now);
  await submitHandover(db, second, now, { ToTime: pv.ToTime, CountedCashMoney: pv.CashMoney, Remark: '' });
}
