import { FeePaymentSource, fenToMoney, toFen } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../core/errors';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { notify } from '../messages/notify';
import { lateFeeSql } from './late-fee';
import { pay } from './pay';

const JOB_TIME_ZONE = 'Asia/Shanghai';

interface DueBill {
  id: number;
  cmp_id: number;
  room_id: number;
  unpaid: string;
  late_fee: string;
}

/**
 * 02:00 自动抵扣 (domain/fees.md "Jobs and events"): owing bills of AutoDeduct standards with BillDate ≤ today are
 * paid from prepaid, oldest first per room, each with its own receipt (Source 自动抵扣, cashier 系统, in no
 * hand-over). A bill is paid only when the balances cover all of it; a room stops at the first it cannot. The
 * RequestId is the run's day and the bill, so a rerun of the day pays nothing twice.
 */
export const autoDeductJob: JobDef = {
  name: 'fee.auto-deduct',
  schedule: { dailyAt: '02:00' },
  async run(deps, { runKey, now, cmpId }) {
    const db = deps.database.db;
    const today =
      runKey.length === 10 ? runKey : new Intl.DateTimeFormat('en-CA', { timeZone: JOB_TIME_ZONE }).format(now);
    const bills = await sqlRows<DueBill>(
      db,
      sql`select b.id, b.cmp_id, b.room_id, (b.amount_money - b.discount_money - b.paid_money)::text as unpaid,
            ${lateFeeSql(sql`b`, sql`s`, sql`${today}::date`)}::text as late_fee
          from fee_bills b join fee_standards s on s.id = b.standard_id
          where s.auto_deduct and ${cmpIs(cmpId, sql`b.cmp_id`)} and b.state in (1, 2) and b.bill_date <= ${today}::date and b.room_id is not null
            and exists (select 1 from fee_prepaid_accounts a where a.room_id = b.room_id and a.balance_money > 0)
          order by b.cmp_id, b.room_id, b.due_date, b.id`,
    );
    const stopped = new Set<number>();
    const paid = new Map<number, { count: number; fen: number }>();
    for (const b of bills) {
      if (stopped.has(b.room_id)) continue;
      const money = fenToMoney(toFen(b.unpaid) + toFen(b.late_fee));
      try {
        const r = await pay(db, {
          cmpId: b.cmp_id,
          userId: null,
          timeZone: JOB_TIME_ZONE,
          now: deps.now(),
          scope: null,
          requestId: `auto-deduct:${today}:${b.id}`,
          roomId: b.room_id,
          lines: [
            { BillId: b.id, PayMoney: b.unpaid, LateFeeMoney: b.late_fee, DiscountMoney: '0.00', ExpectedMoney: money },
          ],
          topUps: [],
          usePrepaid: true,
          tenders: [],
          overpayTo: 1,
          source: FeePaymentSource.AutoDeduct,
        });
        const s = paid.get(b.cmp_id) ?? { count: 0, fen: 0 };
        paid.set(b.cmp_id, { count: s.count + 1, fen: s.fen + toFen(r.PrepaidUsedMoney) });
      } catch (err) {
        // Not covered (or changed meanwhile): this room waits for its next top-up; the others go on.
        if (!(err instanceof ApiError)) throw err;
        stopped.add(b.room_id);
      }
    }
    for (const [c, s] of paid) {
      await db.transaction((tx) =>
        notify(tx, {
          cmpId: c,
          roleKey: 'sfgl_jft',
          msgType: 2,
          title: `自动抵扣完成：${s.count}笔 ¥${fenToMoney(s.fen)}`,
        }),
      );
    }
    const total = [...paid.values()].reduce((a, s) => ({ count: a.count + s.count, fen: a.fen + s.fen }), {
      count: 0,
      fen: 0,
    });
    return { Paid: total.count, Money: fenToMoney(total.fen), Stopped: stopped.size };
  },
};
