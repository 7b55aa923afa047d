import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addDays, todayIn } from '../../core/dates';
import { billOf, requestId, roomOf, standardIn } from '../fees/desk-test-helpers';
import { addMonths, lastDayOf } from './filters';

/** Fee reports moved by the fee calls: ageing leaves a band when paid, a refund counts on its approval day. */
let t: TestApp;
let admin: string;
let cashier: string;
let finance: string;
let room: Awaited<ReturnType<typeof roomOf>>;
let std: Awaited<ReturnType<typeof standardIn>>;
const fen = (v: unknown) => Math.round(Number(v) * 100);
const today = () => todayIn(t.deps.now(), 'Asia/Shanghai');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cashier = await t.login('cashier', 'Cashier@123');
  finance = await t.login('caiwu1', 'Linli@123');
  room = await roomOf(t, '1栋-1单元-501');
  std = await standardIn(t, room);
});
afterAll(() => t.close());

const pay = async (billId: number, money: string, tenders = [{ Method: 1, AmountMoney: money }]) => {
  const r = await t.api<{ PaymentId: number }>(
    '/FeePayment/Pay',
    {
      RequestId: requestId(),
      RoomId: room.id,
      Lines: [{ BillId: billId, PayMoney: money, LateFeeMoney: 0, DiscountMoney: 0, ExpectedMoney: money }],
      Tenders: tenders,
    },
    cashier,
  );
  if (r.ret !== 0) throw new Error(r.msg);
  return r.data.PaymentId;
};
const sum = async (call: string, body: Record<string, unknown> = {}) => {
  const r = await t.api<Record<string, string | number>>(`/FeeReport/${call}Sum`, body, admin);
  if (r.ret !== 0) throw new Error(r.msg);
  return r.data;
};

describe('fee reports follow the fee calls', () => {
  it('a bill 200 days overdue is in 181-365 and leaves it, and qjmx, when paid at the desk', async () => {
    const due = addDays(today(), -200);
    const bill = await billOf(t, room, std, due.slice(0, 7), '321.45', due);
    const before = await sum('QjhzScfj');
    const listed = await t.api<{ BillId: number; AgeBand: number; OverdueDays: number }[]>(
      '/FeeReport/QjmxList',
      { Keyword: '1栋-1单元-501', PgSize: 200 },
      admin,
    );
    const row = listed.data.find((r) => r.BillId === bill);
    expect(row).toMatchObject({ AgeBand: 4, OverdueDays: 200 });
    await pay(bill, '321.45', [
      { Method: 1, AmountMoney: '300.00' },
      { Method: 2, AmountMoney: '21.45' },
    ]);
    const after = await sum('QjhzScfj');
    expect(fen(before.Age181To365Money) - fen(after.Age181To365Money)).toBe(32145);
    expect(fen(before.TotalMoney) - fen(after.TotalMoney)).toBe(32145);
    const again = await t.api<{ BillId: number }[]>(
      '/FeeReport/QjmxList',
      { Keyword: '1栋-1单元-501', PgSize: 200 },
      admin,
    );
    expect(again.data.some((r) => r.BillId === bill)).toBe(false);
  });

  it('a payment moves 收费日报, 收款方式构成图 and 收款趋势图 by exactly its tenders, and they agree', async () => {
    const d0 = await sum('Daily');
    const bill = await billOf(t, room, std, '2099-01', '360.00', '2099-01-15');
    await pay(bill, '360.00', [
      { Method: 1, AmountMoney: '300.00' },
      { Method: 2, AmountMoney: '60.00' },
    ]);
    const d1 = await sum('Daily');
    expect(fen(d1.CashMoney) - fen(d0.CashMoney)).toBe(30000);
    expect(fen(d1.WechatMoney) - fen(d0.WechatMoney)).toBe(6000);
    expect(fen(d1.TotalMoney) - fen(d0.TotalMoney)).toBe(36000);
    const pie = await t.api<{ Series: { Name: string; Data: { Value: number }[] }[]; Kpis: { NetMoney: string } }>(
      '/FeeChart/PayTypeCollect',
      {},
      admin,
    );
    const slices = pie.data.Series.find((s) => s.Name === '收款方式')!.Data;
    expect(Math.round(slices.reduce((n, s) => n + s.Value, 0) * 100)).toBe(fen(d1.TotalMoney));
    expect(pie.data.Kpis.NetMoney).toBe(d1.TotalMoney);
    // Over a window of months, every method's figures are 收款方式汇总表's, and each month's bar its month's net.
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const span = { DateFrom: `${addMonths(today.slice(0, 7), -5)}-16`, DateTo: today };
    const long = await t.api<{
      Categories: string[];
      Series: { Name: string; Data: number[] }[];
      Table: Record<string, unknown>[];
    }>('/FeeChart/PayTypeCollect', span, admin);
    const byMethod = await t.api<Record<string, unknown>[]>('/FeeReport/PaymentMethodCollectList', span, admin);
    const pick = (r: Record<string, unknown>) =>
      [r.Method, r.PayCount, r.ReceivedMoney, r.RefundMoney, r.NetMoney, r.Share].join('|');
    expect(long.data.Table.filter((r) => r.PayCount).map(pick)).toEqual(
      byMethod.data.filter((r) => r.PayCount).map(pick),
    );
    const month = long.data.Categories[long.data.Categories.length - 3]!;
    const whole = await t.api<{ Method: number; NetMoney: string }[]>(
      '/FeeReport/PaymentMethodCollectList',
      { DateFrom: `${month}-01`, DateTo: lastDayOf(month) },
      admin,
    );
    const bars = ['现金', '微信', '支付宝', 'POS刷卡', '银行转账', '预存款抵扣'].map((name) =>
      Math.round(long.data.Series.find((x) => x.Name === name)!.Data[long.data.Categories.length - 3]! * 100),
    );
    expect(bars).toEqual([1, 2, 3, 4, 5, 6].map((m) => fen(whole.data.find((r) => r.Method === m)?.NetMoney ?? '0')));
    expect(bars.some((v) => v > 0)).toBe(true);
    const trend = await t.api<{ Table: { FundMoney: string; FeePaidMoney: string; PrepaidTopUpMoney: string }[] }>(
      '/FeeChart/MoneyCollect',
      {},
      admin,
    );
    expect(trend.data.Table.reduce((n, r) => n + fen(r.FundMoney), 0)).toBe(fen(d1.FundMoney));
    // 资金收款 = 费用实收 + 预存充值 + 电表充值 − 预存抵扣 (no meter top-ups here).
    const jf = await sum('Jfxm');
    const row = trend.data.Table[0]!;
    expect(fen(row.FundMoney)).toBe(fen(jf.FeePaidMoney) + fen(row.PrepaidTopUpMoney) - fen(d1.PrepaidUsedMoney));
  });

  it('a refund approved the next day counts on that day under its applicant; the payment day stays', async () => {
    const day1 = today();
    const bill = await billOf(t, room, std, '2099-02', '150.00', '2099-02-15');
    const pid = await pay(bill, '150.00');
    const d1 = await sum('Daily', { Date: day1 });
    t.advance(86_400_000);
    const day2 = today();
    const detail = await t.api<{ Lines: { Id: number }[] }>('/FeePayment/Detail', { Id: pid }, admin);
    const apply = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      {
        Type: 2,
        PaymentId: pid,
        Lines: [{ PaymentLineId: detail.data.Lines[0]!.Id, RefundMoney: '150.00' }],
        RefundMethod: 2,
        Reason: '业主搬离退款',
      },
      cashier,
    );
    expect(apply.ret, apply.msg).toBe(0);
    const ok = await t.api('/FeeReversal/Approve', { Id: apply.data.Id }, finance);
    expect(ok.ret, ok.msg).toBe(0);
    expect(await sum('Daily', { Date: day1 })).toEqual(d1);
    const rows = await t.api<{ CashierName: string; RefundMoney: string; CashMoney: string }[]>(
      '/FeeReport/DailyList',
      { Date: day2 },
      admin,
    );
    const mine = rows.data.find((r) => r.RefundMoney === '150.00');
    expect(mine).toMatchObject({ CashMoney: '-150.00' });
    const jf = await sum('Jfxm', { DateFrom: day2, DateTo: day2 });
    expect(jf.RefundMoney).toBe('150.00');
    expect(jf.FeePaidMoney).toBe('-150.00');
  });

  it('the overview and the other charts answer their shape', async () => {
    for (const c of ['CostOverview', 'MoneyCollect', 'CommunityCollect', 'ItemCollect', 'PayTypeCollect']) {
      const r = await t.api<{ Kpis: object; Categories: string[]; Series: unknown[]; Table: unknown[] }>(
        `/FeeChart/${c}`,
        {},
        admin,
      );
      expect(r.ret, `${c} ${r.msg}`).toBe(0);
      expect(Array.isArray(r.data.Categories) && Array.isArray(r.data.Series) && Array.isArray(r.data.Table)).toBe(
        true,
      );
    }
    const long = await t.api(
      '/FeeChart/MoneyCollect',
      { DateFrom: '2026-01-01', DateTo: '2026-06-30', Granularity: 1 },
      admin,
    );
    expect(long.msg).toBe('按日统计不能超过92天');
  });
});
