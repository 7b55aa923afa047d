import { fenToMoney, toFen } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { billOf, billRow, count, journalMatches, requestId, roomOf, standardIn } from './desk-test-helpers';

let t: TestApp;
let admin: string;
let cashier: string;
let room: Awaited<ReturnType<typeof roomOf>>;
let std: Awaited<ReturnType<typeof standardIn>>;
const year = new Date().getFullYear();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cashier = await t.login('cashier', 'Cashier@123');
  room = await roomOf(t, '1栋-2单元-1201');
  std = await standardIn(t, room);
});
afterAll(() => t.close());

interface PayAnswer {
  PaymentId: number;
  ReceiptNo: string;
  PaidMoney: string;
  PrepaidUsedMoney: string;
  ChangeMoney: string;
  ToPrepaidMoney: string;
}

const line = (BillId: number, money: string) => ({
  BillId,
  PayMoney: money,
  LateFeeMoney: '0',
  DiscountMoney: '0',
  ExpectedMoney: money,
});

describe('收费台 search and context', () => {
  it('finds the room by 1-2-1201 and shows what it owes', async () => {
    const before = await t.api<{ ArrearsMoney: string }>('/Cashier/Context', { RoomId: room.id }, cashier);
    await billOf(t, room, std, '2026-01', '120.00', '2099-01-15');
    const owed = fenToMoney(toFen(before.data.ArrearsMoney) + 12000);
    const s = await t.api<{ RoomId: number; RoomName: string; ArrearsMoney: string }[]>(
      '/Cashier/Search',
      { Keyword: '1-2-1201' },
      cashier,
    );
    expect(s.ret).toBe(0);
    expect(s.data[0]).toMatchObject({ RoomId: room.id, RoomName: '1栋-2单元-1201', ArrearsMoney: owed });
    const c = await t.api<{ ArrearsMoney: string; Payers: unknown[]; Room: { Id: number } }>(
      '/Cashier/Context',
      { RoomId: room.id },
      cashier,
    );
    expect(c.data).toMatchObject({ ArrearsMoney: owed, Room: { Id: room.id } });
    expect(c.data.Payers[0]).toEqual(expect.objectContaining({ PayerType: 1, PayerId: room.id }));
  });

  it('asks for a keyword', async () => {
    expect(await t.api('/Cashier/Search', { Keyword: ' ' }, cashier)).toMatchObject({ ret: 400 });
  });
});

describe('FeePayment/Pay', () => {
  it('acceptance 2: two bills in cash, 500 tendered, change and the same receipt for the same RequestId', async () => {
    const a = await billOf(t, room, std, '2026-02', '223.43', '2099-02-15');
    const b = await billOf(t, room, std, '2026-03', '223.43', '2099-03-15');
    const body = {
      RequestId: requestId(),
      RoomId: room.id,
      Lines: [line(a, '223.43'), line(b, '223.43')],
      Tenders: [{ Method: 1, AmountMoney: '500' }],
      TenderedMoney: '500.00',
    };
    const r = await t.api<PayAnswer>('/FeePayment/Pay', body, cashier);
    expect(r).toMatchObject({ ret: 0, data: { PaidMoney: '446.86', ChangeMoney: '53.14', ToPrepaidMoney: '0.00' } });
    expect(r.data.ReceiptNo).toMatch(new RegExp(`^SF${year}\\d{6}$`));
    expect(await billRow(t, a)).toMatchObject({ state: 3, paid_money: '223.43' });
    expect(await journalMatches(t, a)).toBe(true);
    const payments = await count(t, 'fee_payments');
    const again = await t.api<PayAnswer>('/FeePayment/Pay', body, cashier);
    expect(again.data).toEqual(r.data);
    expect(await count(t, 'fee_payments')).toBe(payments);
    // Stored tenders are net of the change: Σ tenders = Σ lines.
    const [tn] = await sqlRows<{ s: string }>(
      t.db,
      sql`select sum(amount_money)::text as s from fee_payment_tenders where payment_id = ${r.data.PaymentId}`,
    );
    expect(tn!.s).toBe('446.86');

    const print = await t.api<{ AmountCn: string; PrintCount: number; Reprint: boolean; TotalMoney: string }>(
      '/FeePayment/Print',
      { Id: r.data.PaymentId },
      cashier,
    );
    expect(print.data).toMatchObject({ TotalMoney: '446.86', PrintCount: 1, Reprint: false });
    expect(print.data.AmountCn).toBe('肆佰肆拾陆元捌角陆分');
    const re = await t.api<{ PrintCount: number; Reprint: boolean }>(
      '/FeePayment/Reprint',
      { Id: r.data.PaymentId },
      cashier,
    );
    expect(re.data).toMatchObject({ PrintCount: 2, Reprint: true });
  });

  it('acceptance 4: 5.00 short is refused with the amount and nothing changes', async () => {
    const a = await billOf(t, room, std, '2026-04', '105.00', '2099-04-15');
    const before = [await count(t, 'fee_payments'), await count(t, 'fee_journal'), await count(t, 'fee_receipt_seqs')];
    const r = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: room.id,
        Lines: [line(a, '105.00')],
        Tenders: [{ Method: 1, AmountMoney: '100' }],
      },
      cashier,
    );
    expect(r).toMatchObject({ ret: 400, msg: '实收金额不足，还差¥5.00' });
    expect([await count(t, 'fee_payments'), await count(t, 'fee_journal'), await count(t, 'fee_receipt_seqs')]).toEqual(
      before,
    );
    expect(await billRow(t, a)).toMatchObject({ state: 1, paid_money: '0.00' });
  });

  it('a bill changed since the desk loaded it answers 409', async () => {
    const a = await billOf(t, room, std, '2026-05', '100.00', '2099-05-15');
    const r = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: room.id,
        Lines: [{ ...line(a, '100.00'), ExpectedMoney: '90.00' }],
        Tenders: [{ Method: 1, AmountMoney: '100' }],
      },
      cashier,
    );
    expect(r).toMatchObject({ ret: 409, msg: '账单已变化，请刷新后重试' });
    // The answer names the bill with today's figures, so the desk says which bill changed.
    expect(r.data).toEqual({ Changed: [{ BillId: a, State: 1, UnpaidMoney: '100.00', LateFeeMoney: '0.00' }] });
  });

  it('acceptance 3: 微信 50.00 over offers no 找零; 转预存 puts it in 通用 as 多收转入', async () => {
    const a = await billOf(t, room, std, '2026-06', '100.00', '2099-06-15');
    const base = {
      RoomId: room.id,
      Lines: [line(a, '100.00')],
      Tenders: [{ Method: 2, AmountMoney: '150.00', TradeNo: 'wx1' }],
    };
    expect(await t.api('/FeePayment/Pay', { ...base, RequestId: requestId() }, cashier)).toMatchObject({
      ret: 400,
      msg: '非现金多收金额只能转入预存款',
    });
    const r = await t.api<PayAnswer>('/FeePayment/Pay', { ...base, RequestId: requestId(), OverpayTo: 2 }, cashier);
    expect(r.data).toMatchObject({ PaidMoney: '150.00', ToPrepaidMoney: '50.00', ChangeMoney: '0.00' });
    const acc = await t.api<{ Accounts: { ItemId: number; ItemName: string; BalanceMoney: string }[] }>(
      '/Cashier/Context',
      { RoomId: room.id },
      cashier,
    );
    expect(acc.data.Accounts).toContainEqual(
      expect.objectContaining({ ItemId: 0, ItemName: '通用', BalanceMoney: '50.00' }),
    );
    const [txn] = await sqlRows<{ txn_type: number; amount_money: string }>(
      t.db,
      sql`select txn_type, amount_money::text from fee_prepaid_txns where payment_id = ${r.data.PaymentId}`,
    );
    expect(txn).toEqual({ txn_type: 2, amount_money: '50.00' });
  });

  it('uses prepaid (the item account first, then 通用) and refuses what the balance cannot cover', async () => {
    const r2 = await roomOf(t, '1栋-2单元-1202');
    await t.api(
      '/Prepaid/TopUp',
      {
        RequestId: requestId(),
        RoomId: r2.id,
        TopUps: [
          { ItemId: std.itemId, AmountMoney: '30' },
          { ItemId: 0, AmountMoney: '50' },
        ],
        Tenders: [{ Method: 1, AmountMoney: '80' }],
      },
      cashier,
    );
    const a = await billOf(t, r2, std, '2026-01', '100.00', '2099-01-15');
    const r = await t.api<PayAnswer>(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: r2.id,
        Lines: [line(a, '100.00')],
        UsePrepaid: 1,
        Tenders: [{ Method: 1, AmountMoney: '20' }],
      },
      cashier,
    );
    expect(r.data).toMatchObject({ PrepaidUsedMoney: '80.00', PaidMoney: '20.00' });
    const bal = await sqlRows<{ balance_money: string }>(
      t.db,
      sql`select balance_money::text from fee_prepaid_accounts where room_id = ${r2.id} order by id`,
    );
    expect(bal.map((b) => b.balance_money)).toEqual(['0.00', '0.00']);
    const [tender] = await sqlRows<{ method: number; amount_money: string }>(
      t.db,
      sql`select method, amount_money::text from fee_payment_tenders where payment_id = ${r.data.PaymentId} and method = 6`,
    );
    expect(tender).toEqual({ method: 6, amount_money: '80.00' });
  });

  it('takes the live late fee first and whole', async () => {
    const r3 = await roomOf(t, '1栋-2单元-1203');
    const late = await standardIn(t, r3, { lateFeeRate: '0.5' });
    t.freeze();
    // 300.00 at 0.5‰ for 60 days = 9.00 (domain/fees.md "Late fee").
    const today = new Date(t.deps.now());
    const due = new Date(today.getTime() - 60 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const a = await billOf(t, r3, late, '2026-01', '300.00', due);
    const noLate = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: r3.id,
        Lines: [line(a, '300.00')],
        Tenders: [{ Method: 1, AmountMoney: '300' }],
      },
      cashier,
    );
    expect(noLate).toMatchObject({ ret: 409 });
    const partial = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: r3.id,
        Lines: [{ BillId: a, PayMoney: '100', LateFeeMoney: '0', DiscountMoney: '0', ExpectedMoney: '309.00' }],
        Tenders: [{ Method: 1, AmountMoney: '100' }],
      },
      cashier,
    );
    expect(partial).toMatchObject({ ret: 400, msg: '请先缴清滞纳金' });
    const ok = await t.api<PayAnswer>(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: r3.id,
        Lines: [{ BillId: a, PayMoney: '100', LateFeeMoney: '9.00', DiscountMoney: '0', ExpectedMoney: '309.00' }],
        Tenders: [{ Method: 1, AmountMoney: '109' }],
      },
      cashier,
    );
    expect(ok.data).toMatchObject({ PaidMoney: '109.00' });
    // Partly paid; the late fee up to today is settled, so the rest owes none today.
    expect(await billRow(t, a)).toMatchObject({ state: 2, paid_money: '100.00', late_fee_paid_money: '9.00' });
    expect(await journalMatches(t, a)).toBe(true);
  });

  it('a counter 减免 needs its reason and is journaled', async () => {
    const a = await billOf(t, room, std, '2026-07', '100.00', '2099-07-15');
    const body = {
      RoomId: room.id,
      Lines: [{ BillId: a, PayMoney: '90', LateFeeMoney: '0', DiscountMoney: '10', ExpectedMoney: '100' }],
      Tenders: [{ Method: 1, AmountMoney: '90' }],
    };
    expect(await t.api('/FeePayment/Pay', { ...body, RequestId: requestId() }, cashier)).toMatchObject({
      ret: 400,
      msg: '减免原因需为4-200个字符',
    });
    const r = await t.api<PayAnswer>(
      '/FeePayment/Pay',
      { ...body, RequestId: requestId(), DiscountReason: '老人优惠减免' },
      cashier,
    );
    expect(r.ret).toBe(0);
    expect(await billRow(t, a)).toMatchObject({ state: 3, discount_money: '10.00', paid_money: '90.00' });
    expect(await journalMatches(t, a)).toBe(true);
  });

  it('补录 takes a PayTime up to 90 days back and posts now', async () => {
    const a = await billOf(t, room, std, '2026-08', '10.00', '2099-08-15');
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const body = { RoomId: room.id, Lines: [line(a, '10.00')], Tenders: [{ Method: 5, AmountMoney: '10' }] };
    expect(
      await t.api('/FeePayment/Pay', { ...body, RequestId: requestId(), PayTime: `${old} 10:00:00` }, admin),
    ).toMatchObject({
      ret: 400,
      msg: '实际收款日期只能补录90天内的收款',
    });
    const recent = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const r = await t.api<PayAnswer>(
      '/FeePayment/Pay',
      { ...body, RequestId: requestId(), PayTime: `${recent} 10:00:00` },
      admin,
    );
    const d = await t.api<{ Source: number; SourceName: string; PayTime: string; CreateTime: string }>(
      '/FeePayment/Detail',
      { Id: r.data.PaymentId },
      admin,
    );
    expect(d.data).toMatchObject({ Source: 3, SourceName: '补录', PayTime: `${recent} 10:00:00` });
    expect(d.data.CreateTime > d.data.PayTime).toBe(true);
  });

  it('lists the payment with its methods and summary', async () => {
    const l = await t.api<{ ReceiptNo: string; MethodNames: string; ItemSummary: string }[]>(
      '/FeePayment/List',
      { RoomId: room.id, Method: 2 },
      cashier,
    );
    // The demo's own payments of the room are listed too; ours is the 微信 one of the test item.
    expect(l.data.some((r) => r.MethodNames === '微信' && r.ItemSummary.includes('测试物业费'))).toBe(true);
  });
});

describe('Pay under concurrency', () => {
  it('20 requests for one bill with different RequestIds: exactly one succeeds', async () => {
    const r = await roomOf(t, '1栋-2单元-1301');
    const a = await billOf(t, r, std, '2026-01', '88.00', '2099-01-15');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api(
          '/FeePayment/Pay',
          {
            RequestId: requestId(),
            RoomId: r.id,
            Lines: [line(a, '88.00')],
            Tenders: [{ Method: 1, AmountMoney: '88' }],
          },
          cashier,
        ),
      ),
    );
    expect(answers.filter((x) => x.ret === 0)).toHaveLength(1);
    expect(answers.filter((x) => x.ret !== 0).every((x) => x.ret === 409 && x.msg === '账单已变化，请刷新后重试')).toBe(
      true,
    );
    expect(await billRow(t, a)).toMatchObject({ state: 3, paid_money: '88.00' });
  });

  it('the same RequestId sent 5 times at once answers one receipt', async () => {
    const r = await roomOf(t, '1栋-2单元-1302');
    const a = await billOf(t, r, std, '2026-01', '66.00', '2099-01-15');
    const body = {
      RequestId: requestId(),
      RoomId: r.id,
      Lines: [line(a, '66.00')],
      Tenders: [{ Method: 1, AmountMoney: '66' }],
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.api<PayAnswer>('/FeePayment/Pay', body, cashier)),
    );
    expect(answers.every((x) => x.ret === 0)).toBe(true);
    expect(new Set(answers.map((x) => x.data.ReceiptNo)).size).toBe(1);
    const top = {
      RequestId: requestId(),
      RoomId: r.id,
      TopUps: [{ ItemId: 0, AmountMoney: '5' }],
      Tenders: [{ Method: 1, AmountMoney: '5' }],
    };
    const tops = await Promise.all(Array.from({ length: 5 }, () => t.api<PayAnswer>('/Prepaid/TopUp', top, cashier)));
    expect(new Set(tops.map((x) => x.data.ReceiptNo)).size).toBe(1);
  });

  it('50 parallel payments take gapless receipt numbers', async () => {
    const r = await roomOf(t, '1栋-2单元-1303');
    const bills = [];
    for (let i = 1; i <= 50; i += 1)
      bills.push(
        await billOf(
          t,
          r,
          std,
          `${2030 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
          '1.00',
          '2099-01-15',
        ),
      );
    const answers = await Promise.all(
      bills.map((b) =>
        t.api<PayAnswer>(
          '/FeePayment/Pay',
          {
            RequestId: requestId(),
            RoomId: r.id,
            Lines: [line(b, '1.00')],
            Tenders: [{ Method: 1, AmountMoney: '1' }],
          },
          cashier,
        ),
      ),
    );
    expect(answers.every((x) => x.ret === 0)).toBe(true);
    const nos = await sqlRows<{ receipt_no: string }>(
      t.db,
      sql`select receipt_no from fee_payments where receipt_no like ${`SF${year}%`} order by receipt_no`,
    );
    const numbers = nos.map((n) => Number(n.receipt_no.slice(6)));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});

describe('fee payments tenancy', () => {
  it("company B cannot find, read, print or pay A's rooms and payments", async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    expect((await t.api<unknown[]>('/Cashier/Search', { Keyword: '1-2-1201' }, b)).data).toEqual([]);
    expect(await t.api('/Cashier/Context', { RoomId: room.id }, b)).toMatchObject({ ret: 404 });
    const [p] = await sqlRows<{ id: number }>(t.db, sql`select id from fee_payments limit 1`);
    expect(await t.api('/FeePayment/Detail', { Id: p!.id }, b)).toMatchObject({ ret: 404 });
    expect(await t.api('/FeePayment/Reprint', { Id: p!.id }, b)).toMatchObject({ ret: 404 });
    expect((await t.api('/FeePayment/List', {}, b)).count).toBe(0);
    const a = await billOf(t, room, std, '2026-09', '10.00', '2099-09-15');
    expect(
      await t.api(
        '/FeePayment/Pay',
        {
          RequestId: requestId(),
          RoomId: room.id,
          Lines: [line(a, '10.00')],
          Tenders: [{ Method: 1, AmountMoney: '10' }],
        },
        b,
      ),
    ).toMatchObject({ ret: 404 });
    expect(await billRow(t, a)).toMatchObject({ state: 1 });
  });
});
