import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { resolveToken } from '../../core/auth';
import { addDays, todayIn } from '../../core/dates';
import { billOf, requestId, roomOf, standardIn } from '../fees/desk-test-helpers';
import { costDetailsReport } from './cost-details';
import { reportQuery, reportRows } from './report-kit';

/**
 * The rules of fee-reports README "Rules the domain file leaves open": 收费明细表 pages by posting order with a capped
 * count; a 收费项目 filter splits every tender column by the lines it paid (预存款抵扣 by the bills its deductions
 * paid), so 资金收款 of an item paid from 通用 prepaid is no fresh money; 收费日报 退款 is money paid out (a refund
 * 转预存 is none); the annual 收费率 is Pc ÷ Rc under both bases.
 */
let t: TestApp;
let admin: string;
let cashier: string;
let finance: string;
type Row = Record<string, string | number | null>;
const fen = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const today = () => todayIn(t.deps.now(), 'Asia/Shanghai');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cashier = await t.login('cashier', 'Cashier@123');
  finance = await t.login('caiwu1', 'Linli@123');
});
afterAll(() => t.close());

const ok = async <T>(path: string, body: Record<string, unknown>, token = admin) => {
  const r = await t.api<T>(path, body, token);
  if (r.ret !== 0) throw new Error(`${path}: ${r.msg}`);
  return r;
};
const sum = async (call: string, body: Record<string, unknown> = {}) =>
  (await ok<Row>(`/FeeReport/${call}Sum`, body)).data;
type Room = Awaited<ReturnType<typeof roomOf>>;
const pay = async (
  room: Room,
  bills: { id: number; money: string }[],
  tenders: { Method: number; AmountMoney: string }[],
  usePrepaid = false,
) =>
  (
    await ok<{ PaymentId: number }>(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: room.id,
        Lines: bills.map((b) => ({
          BillId: b.id,
          PayMoney: b.money,
          LateFeeMoney: 0,
          DiscountMoney: 0,
          ExpectedMoney: b.money,
        })),
        UsePrepaid: usePrepaid,
        Tenders: tenders,
      },
      cashier,
    )
  ).data.PaymentId;
/** The change of each money field of `calls` across `act`. */
async function moved(calls: [string, Record<string, unknown>][], act: () => Promise<unknown>) {
  const before = await Promise.all(calls.map(([c, b]) => sum(c, b)));
  await act();
  const after = await Promise.all(calls.map(([c, b]) => sum(c, b)));
  return after.map((a, i) =>
    Object.fromEntries(
      Object.keys(a)
        .filter((k) => /Money$/.test(k))
        .map((k) => [k, fen(a[k]) - fen(before[i]![k])]),
    ),
  );
}

describe('收费明细表 paging', () => {
  it('pages follow the posting order without gaps or repeats, and the count stops at the cap', async () => {
    const body = { DateFrom: addDays(today(), -60), DateTo: today() };
    const auth = (await resolveToken(t.deps, admin))!;
    const q = await reportQuery(costDetailsReport, body as never, auth, t.deps);
    const generic = { ...costDetailsReport, page: undefined };
    const all = await reportRows(generic, q, { limit: 200, offset: 0 });
    expect(all.rows.length).toBeGreaterThan(24);
    const paged: Record<string, unknown>[] = [];
    for (let offset = 0; offset < 24; offset += 6) {
      const p = await reportRows(costDetailsReport, q, { limit: 6, offset });
      paged.push(...p.rows);
    }
    const key = (r: Record<string, unknown>) =>
      `${r.EntryType}:${r.ReceiptNo}:${r.BillId}:${r.ItemName}:${r.PaidMoney}`;
    expect(paged.map(key)).toEqual(all.rows.slice(0, 24).map(key));
    for (let i = 1; i < paged.length; i += 1)
      expect(String(paged[i - 1]!.EventTime) >= String(paged[i]!.EventTime)).toBe(true);

    const small = { ...costDetailsReport, page: { ...costDetailsReport.page!, cap: 10 } };
    const capped = await reportRows(small, q, { limit: 5, offset: 0 });
    expect(capped).toMatchObject({ count: 10, countMore: true });
    const far = await reportRows(small, q, { limit: 5, offset: 10 });
    expect(far.count).toBe(15);
    const exact = await reportRows(small, { ...q, body: { ...q.body, ExactCount: 1 } }, { limit: 5, offset: 0 });
    expect(exact.countMore).toBeUndefined();
    const full = await ok<unknown[]>('/FeeReport/CostDetailsList', { ...body, PgSize: 20, ExactCount: 1 });
    expect(exact.count).toBe(full.count);
    expect(full.count).toBeGreaterThanOrEqual(all.rows.length);
  });
});

describe('a 收费项目 filter on the tender columns', () => {
  let room: Room;
  let x: Awaited<ReturnType<typeof standardIn>>;
  let y: Awaited<ReturnType<typeof standardIn>>;
  beforeAll(async () => {
    room = await roomOf(t, '1栋-1单元-701');
    x = await standardIn(t, room, { name: '规则测试甲费' });
    y = await standardIn(t, room, { name: '规则测试乙费' });
  });

  it('收费日报 and 收款方式汇总表 split a mixed payment by its lines, in the order the tenders were taken', async () => {
    const bx = await billOf(t, room, x, '2099-01', '200.00', '2099-01-15');
    const by = await billOf(t, room, y, '2099-01', '160.00', '2099-01-15');
    const day = { Date: today() };
    const range = { DateFrom: today(), DateTo: today() };
    const [dx, dy, dall, mx, cx] = await moved(
      [
        ['Daily', { ...day, ItemIds: [x.itemId] }],
        ['Daily', { ...day, ItemIds: [y.itemId] }],
        ['Daily', day],
        ['PaymentMethodCollect', { ...range, ItemIds: [x.itemId] }],
        ['CostCollect', { ...range, ItemIds: [x.itemId] }],
      ],
      () =>
        pay(
          room,
          [
            { id: bx, money: '200.00' },
            { id: by, money: '160.00' },
          ],
          [
            { Method: 1, AmountMoney: '300.00' },
            { Method: 2, AmountMoney: '60.00' },
          ],
        ),
    );
    expect(dx).toMatchObject({ CashMoney: 20000, WechatMoney: 0, TotalMoney: 20000, FundMoney: 20000 });
    expect(dy).toMatchObject({ CashMoney: 10000, WechatMoney: 6000, TotalMoney: 16000, FundMoney: 16000 });
    expect(dall).toMatchObject({ CashMoney: 30000, WechatMoney: 6000, TotalMoney: 36000 });
    expect(mx).toMatchObject({ NetMoney: 20000, FundMoney: 20000 });
    expect(cx).toMatchObject({ FeePaidMoney: 20000, FundMoney: 20000 });
  });

  it('a bill paid from 通用 prepaid is 预存抵扣 of its item, not fresh money, in every cash report', async () => {
    await ok(
      '/Prepaid/TopUp',
      {
        RequestId: requestId(),
        RoomId: room.id,
        TopUps: [{ ItemId: 0, AmountMoney: '150.00' }],
        Tenders: [{ Method: 1, AmountMoney: '150.00' }],
      },
      cashier,
    );
    const bx = await billOf(t, room, x, '2099-02', '120.00', '2099-02-15');
    const range = { DateFrom: today(), DateTo: today(), ItemIds: [x.itemId] };
    const [cc, daily, pm] = await moved(
      [
        ['CostCollect', range],
        ['Daily', { Date: today(), ItemIds: [x.itemId] }],
        ['PaymentMethodCollect', range],
      ],
      () => pay(room, [{ id: bx, money: '120.00' }], [], true),
    );
    // 费用实收 of the item rises; its 预存抵扣 (from 通用) takes it back out of 资金收款.
    expect(cc).toMatchObject({ FeePaidMoney: 12000, PrepaidTopUpMoney: 0, PrepaidUsedMoney: 12000, FundMoney: 0 });
    expect(daily).toMatchObject({ PrepaidUsedMoney: 12000, TotalMoney: 12000, FundMoney: 0, CashMoney: 0 });
    expect(pm).toMatchObject({ NetMoney: 12000, FundMoney: 0 });
  });
});

describe('收费日报 退款', () => {
  it('is money paid out: a refund 转预存 nets 预存款抵扣 only, and every report still adds up', async () => {
    const room = await roomOf(t, '1栋-1单元-702');
    const std = await standardIn(t, room);
    const bill = await billOf(t, room, std, '2099-03', '100.00', '2099-03-15');
    const paymentId = await pay(room, [{ id: bill, money: '100.00' }], [{ Method: 1, AmountMoney: '100.00' }]);
    const detail = await ok<{ Lines: { Id: number }[] }>('/FeePayment/Detail', { Id: paymentId }, cashier);
    const refund = async (money: string, method: number) => {
      const a = await ok<{ Id: number }>(
        '/FeeReversal/Apply',
        {
          Type: 2,
          PaymentId: paymentId,
          Lines: [{ PaymentLineId: detail.data.Lines[0]!.Id, RefundMoney: money }],
          RefundMethod: method,
          Reason: '规则测试退款',
        },
        cashier,
      );
      await ok('/FeeReversal/Approve', { Id: a.data.Id }, finance);
    };
    const range = { DateFrom: today(), DateTo: today() };
    const calls: [string, Record<string, unknown>][] = [
      ['Daily', { Date: today() }],
      ['PaymentMethodCollect', range],
      ['CostDetails', range],
      ['CostCollect', range],
    ];
    const [toPrepaid, methods, details, collect] = await moved(calls, () => refund('40.00', 4));
    expect(toPrepaid).toMatchObject({ RefundMoney: 0, PrepaidUsedMoney: -4000, TotalMoney: -4000, FundMoney: 0 });
    // Daily = 收款方式汇总 = 收费明细 = 收费汇总 (费用实收 + 预存充值 + 电表充值).
    expect(methods!.NetMoney).toBe(-4000);
    expect(details!.PaidMoney).toBe(-4000);
    expect(collect!.FeePaidMoney! + collect!.PrepaidTopUpMoney! + collect!.MeterTopUpMoney!).toBe(-4000);
    expect(collect!.FundMoney).toBe(0);
    const [cash] = await moved(calls.slice(0, 1), () => refund('10.00', 2));
    expect(cash).toMatchObject({ RefundMoney: 1000, CashMoney: -1000, TotalMoney: -1000, FundMoney: -1000 });
  });
});

describe('annual 收费率', () => {
  it('is 实收 ÷ 应收 of the year’s bills under 按收款日期 too; 全年应收/欠缴 are the year’s bills under both', async () => {
    const room = await roomOf(t, '1栋-1单元-801');
    const std = await standardIn(t, room, { name: '规则测试年度费' });
    const year = Number(today().slice(0, 4));
    const old = await billOf(t, room, std, `${year - 1}-12`, '100.00', `${year - 1}-12-15`);
    const now = await billOf(t, room, std, today().slice(0, 7), '200.00', '2099-12-31');
    // An unpaid bill of the year, so the rate is not 1.
    const other = today().slice(0, 7) === `${year}-12` ? `${year}-11` : `${year}-12`;
    await billOf(t, room, std, other, '50.00', '2099-12-31');
    await pay(
      room,
      [
        { id: old, money: '100.00' },
        { id: now, money: '200.00' },
      ],
      [{ Method: 1, AmountMoney: '300.00' }],
    );
    const body = { Year: year, Measure: 2, ItemIds: [std.itemId] };
    const accrual = await ok<Row[]>('/FeeReport/AnnulItemList', { ...body, Basis: 1 });
    const cash = await ok<Row[]>('/FeeReport/AnnulItemList', { ...body, Basis: 2 });
    expect(accrual.data).toHaveLength(1);
    expect(accrual.data[0]).toMatchObject({ YearDueMoney: '250.00', YearPaidMoney: '200.00', CollectRate: 0.8 });
    expect(cash.data[0]).toMatchObject({
      YearDueMoney: '250.00',
      YearPaidMoney: '300.00',
      YearArrearsMoney: accrual.data[0]!.YearArrearsMoney!,
      CollectRate: 0.8,
    });
    expect(await sum('AnnulItem', { ...body, Basis: 2 })).toMatchObject({ YearPaidMoney: '300.00', CollectRate: 0.8 });
  });
});
