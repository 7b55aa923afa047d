import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { billOf, billRow, requestId, roomOf, standardIn } from './desk-test-helpers';

/**
 * Pay takes its SF number after the money commits (receipt-no.ts): the company's counter row is never held for a
 * whole payment, the numbers stay gapless, and a payment left unnumbered is numbered when its RequestId comes again.
 */
let t: TestApp;
let cashier: string;
let room: Awaited<ReturnType<typeof roomOf>>;
let std: Awaited<ReturnType<typeof standardIn>>;
const year = new Date().getFullYear();

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('cashier', 'Cashier@123');
  room = await roomOf(t, '1栋-2单元-1401');
  std = await standardIn(t, room);
});
afterAll(() => t.close());

const payBody = (billId: number, money: string) => ({
  RequestId: requestId(),
  RoomId: room.id,
  Lines: [{ BillId: billId, PayMoney: money, LateFeeMoney: '0', DiscountMoney: '0', ExpectedMoney: money }],
  Tenders: [{ Method: 1, AmountMoney: money }],
});

const lastNo = async () => {
  const [r] = await sqlRows<{ last_no: number }>(
    t.db,
    sql`select last_no from fee_receipt_seqs where cmp_id = ${room.cmp_id} and prefix = 'SF' and year = ${year}`,
  );
  return r?.last_no ?? 0;
};

describe('receipt numbers after the commit', () => {
  it('the payment, its journal and its answer carry the next number', async () => {
    const before = await lastNo();
    const a = await billOf(t, room, std, '2031-01', '12.00', '2099-01-15');
    const r = await t.api<{ PaymentId: number; ReceiptNo: string }>('/FeePayment/Pay', payBody(a, '12.00'), cashier);
    expect(r.ret).toBe(0);
    expect(r.data.ReceiptNo).toBe(`SF${year}${String(before + 1).padStart(6, '0')}`);
    const nos = await sqlRows<{ receipt_no: string }>(
      t.db,
      sql`select receipt_no from fee_journal where payment_id = ${r.data.PaymentId}
          union all select receipt_no from fee_payments where id = ${r.data.PaymentId}`,
    );
    expect(nos.map((n) => n.receipt_no)).toEqual([r.data.ReceiptNo, r.data.ReceiptNo]);
  });

  it('a payment committed without its number is numbered when its RequestId comes again', async () => {
    const a = await billOf(t, room, std, '2031-02', '13.00', '2099-02-15');
    const body = payBody(a, '13.00');
    const first = await t.api<{ PaymentId: number; ReceiptNo: string }>('/FeePayment/Pay', body, cashier);
    // As if the process had died between the commit and the numbering.
    await t.db.execute(
      sql`update fee_payments set receipt_no = ${`~SF${year}0123456789ab`} where id = ${first.data.PaymentId}`,
    );
    await t.db.execute(sql`update fee_journal set receipt_no = '' where payment_id = ${first.data.PaymentId}`);
    await t.db.execute(
      sql`update fee_receipt_seqs set last_no = last_no - 1 where cmp_id = ${room.cmp_id} and prefix = 'SF' and year = ${year}`,
    );
    const again = await t.api<{ PaymentId: number; ReceiptNo: string }>('/FeePayment/Pay', body, cashier);
    expect(again.data).toMatchObject({ PaymentId: first.data.PaymentId, ReceiptNo: first.data.ReceiptNo });
    const third = await t.api<{ ReceiptNo: string }>('/FeePayment/Pay', body, cashier);
    expect(third.data.ReceiptNo).toBe(first.data.ReceiptNo);
  });

  it('the minute sweep numbers a payment whose RequestId never came again', async () => {
    const a = await billOf(t, room, std, '2031-04', '15.00', '2099-04-15');
    const first = await t.api<{ PaymentId: number; ReceiptNo: string }>(
      '/FeePayment/Pay',
      payBody(a, '15.00'),
      cashier,
    );
    // As if the process had died between the commit and the numbering, two minutes ago.
    await t.db.execute(
      sql`update fee_payments set receipt_no = ${`~SF${year}0123456789cd`}, created_at = now() - interval '2 minutes'
        where id = ${first.data.PaymentId}`,
    );
    await t.db.execute(sql`update fee_journal set receipt_no = '' where payment_id = ${first.data.PaymentId}`);
    await t.db.execute(
      sql`update fee_receipt_seqs set last_no = last_no - 1 where cmp_id = ${room.cmp_id} and prefix = 'SF' and year = ${year}`,
    );
    const admin = await t.login('admin', 'Admin@123');
    const run = await t.api<{ Result: unknown }>('/Job/Run', { Name: 'fee.receipt-sweep' }, admin);
    expect(run.ret).toBe(0);
    const nos = await sqlRows<{ receipt_no: string }>(
      t.db,
      sql`select receipt_no from fee_journal where payment_id = ${first.data.PaymentId}
          union all select receipt_no from fee_payments where id = ${first.data.PaymentId}`,
    );
    expect(nos.map((n) => n.receipt_no)).toEqual([first.data.ReceiptNo, first.data.ReceiptNo]);
  });

  it.runIf(onPostgres())('a twin that waited on the bill lock answers the first answer, not the 409', async () => {
    const a = await billOf(t, room, std, '2031-05', '16.00', '2099-05-15');
    const body = payBody(a, '16.00');
    const pool = t.deps.database.pool!;
    const holder = await pool.connect();
    try {
      // Both twins queue on the bill's lock; the second reads the first answer with a snapshot older than its commit.
      await holder.query('begin');
      await holder.query('select id from fee_bills where id = $1 for update', [a]);
      const one = t.api<{ PaymentId: number; ReceiptNo: string }>('/FeePayment/Pay', body, cashier);
      const two = t.api<{ PaymentId: number; ReceiptNo: string }>('/FeePayment/Pay', body, cashier);
      let waiting = 0;
      for (let i = 0; i < 50 && waiting < 2; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        const [w] = await sqlRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        waiting = w!.n;
      }
      expect(waiting).toBe(2);
      await holder.query('commit');
      const [r1, r2] = await Promise.all([one, two]);
      expect([r1.ret, r2.ret]).toEqual([0, 0]);
      expect(r2.data).toEqual(r1.data);
      const rows = await sqlRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from fee_payments where request_id = ${body.RequestId}`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
  });

  it.runIf(onPostgres())('the money commits while another payment holds the counter row', async () => {
    const pool = t.deps.database.pool!;
    const before = await lastNo();
    const a = await billOf(t, room, std, '2031-03', '14.00', '2099-03-15');
    const holder = await pool.connect();
    try {
      // Another payment's numbering in flight: the counter row is locked until it commits.
      await holder.query('begin');
      await holder.query(
        `select last_no from fee_receipt_seqs where cmp_id = $1 and prefix = 'SF' and year = $2 for update`,
        [room.cmp_id, year],
      );
      const paying = t.api<{ ReceiptNo: string }>('/FeePayment/Pay', payBody(a, '14.00'), cashier);
      // The bill is settled (committed, visible to others) although the counter is still taken.
      let state = 0;
      for (let i = 0; i < 50 && state !== 3; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        state = (await billRow(t, a)).state;
      }
      expect(state).toBe(3);
      await holder.query('commit');
      const r = await paying;
      expect(r.data.ReceiptNo).toBe(`SF${year}${String(before + 1).padStart(6, '0')}`);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
  });
});
