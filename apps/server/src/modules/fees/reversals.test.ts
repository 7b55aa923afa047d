import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { clerkWith } from '../properties/test-helpers';
import { billOf, billRow, count, journalMatches, requestId, roomOf, standardIn } from './desk-test-helpers';

let t: TestApp;
let admin: string;
let cashier: string;
let finance: string;
let room: Awaited<ReturnType<typeof roomOf>>;
let std: Awaited<ReturnType<typeof standardIn>>;
const year = new Date().getFullYear();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cashier = await t.login('cashier', 'Cashier@123');
  finance = await t.login('caiwu1', 'Linli@123');
  room = await roomOf(t, '1栋-1单元-501');
  std = await standardIn(t, room);
});
afterAll(() => t.close());

const payBills = async (bills: [number, string][], tenders = [{ Method: 1, AmountMoney: '' }], token = cashier) => {
  const total = bills.reduce((s, [, m]) => s + Math.round(Number(m) * 100), 0);
  const r = await t.api<{ PaymentId: number; ReceiptNo: string }>(
    '/FeePayment/Pay',
    {
      RequestId: requestId(),
      RoomId: room.id,
      Lines: bills.map(([BillId, m]) => ({ BillId, PayMoney: m, LateFeeMoney: 0, DiscountMoney: 0, ExpectedMoney: m })),
      Tenders: tenders.map((x) => ({ ...x, AmountMoney: x.AmountMoney || (total / 100).toFixed(2) })),
    },
    token,
  );
  if (r.ret !== 0) throw new Error(r.msg);
  return r.data;
};

interface Detail {
  State: number;
  StateName: string;
  ReceiptNo: string;
  Lines: { Id: number; RefundableMoney: string }[];
  Reversals: { RefundNo: string; StateName: string }[];
}

describe('作废', () => {
  it('acceptance 5: self-approval is refused; finance approves; the payment is 已作废 and its bills 未缴', async () => {
    const a = await billOf(t, room, std, '2026-01', '100.00', '2099-01-15');
    const b = await billOf(t, room, std, '2026-02', '100.00', '2099-02-15');
    const p = await payBills([
      [a, '100.00'],
      [b, '100.00'],
    ]);
    expect(await t.api('/FeeReversal/Apply', { Type: 1, PaymentId: p.PaymentId, Reason: '短' }, cashier)).toMatchObject(
      {
        ret: 400,
        msg: '原因需为4-200个字符',
      },
    );
    const apply = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 1, PaymentId: p.PaymentId, Reason: '收错房号了' },
      cashier,
    );
    expect(apply.ret).toBe(0);
    // The list shows the open request beside the state, which stays 正常 until the approval.
    const pending = await t.api<{ StateName: string; PendingType: number; PendingName: string }[]>(
      '/FeePayment/List',
      { Keyword: p.ReceiptNo },
      cashier,
    );
    expect(pending.data).toEqual([
      expect.objectContaining({ StateName: '正常', PendingType: 1, PendingName: '作废待审批' }),
    ]);
    expect(
      await t.api('/FeeReversal/Apply', { Type: 1, PaymentId: p.PaymentId, Reason: '再申请一次' }, cashier),
    ).toMatchObject({
      msg: '该收款已有待审批的申请',
    });
    // 收费员 holds no `approve`; whoever does cannot approve his own request.
    expect(await t.api('/FeeReversal/Approve', { Id: apply.data.Id }, cashier)).toMatchObject({ ret: 403 });
    // 交班 waits for the void.
    expect(
      await t.api('/FeeHandover/Submit', { ToTime: '2099-01-01 00:00:00', CountedCashMoney: '0' }, cashier),
    ).toMatchObject({
      msg: '有待审批的作废申请，请先处理',
    });
    expect(await t.api('/FeeReversal/Withdraw', { Id: apply.data.Id, Type: 1 }, cashier)).toMatchObject({ ret: 0 });
    const own = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 1, PaymentId: p.PaymentId, Reason: '财务代为申请' },
      finance,
    );
    expect(await t.api('/FeeReversal/Approve', { Id: own.data.Id }, finance)).toMatchObject({
      ret: 400,
      msg: '不能审批本人提交的申请',
    });
    const ok = await t.api<{ State: number; RefundNo: string }>('/FeeReversal/Approve', { Id: own.data.Id }, admin);
    expect(ok.data).toMatchObject({ State: 2, RefundNo: '' });
    const d = await t.api<Detail>('/FeePayment/Detail', { Id: p.PaymentId }, admin);
    expect(d.data).toMatchObject({ State: 2, StateName: '已作废', ReceiptNo: p.ReceiptNo });
    expect(await billRow(t, a)).toMatchObject({ state: 1, paid_money: '0.00' });
    expect(await journalMatches(t, a)).toBe(true);
    const [tn] = await sqlRows<{ s: string }>(
      t.db,
      sql`select sum(amount_money)::text as s from fee_payment_tenders where reversal_id = ${own.data.Id}`,
    );
    expect(tn!.s).toBe('-200.00');
    const list = await t.api<{ ReceiptNo: string; StateName: string }[]>(
      '/FeePayment/List',
      { Keyword: p.ReceiptNo },
      admin,
    );
    expect(list.data).toEqual([
      expect.objectContaining({ ReceiptNo: p.ReceiptNo, StateName: '已作废', PendingType: 0, PendingName: '' }),
    ]);
  });

  it('reject and withdraw close a request without touching the money', async () => {
    const a = await billOf(t, room, std, '2026-03', '50.00', '2099-03-15');
    const p = await payBills([[a, '50.00']]);
    const r1 = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 1, PaymentId: p.PaymentId, Reason: '测试驳回申请' },
      cashier,
    );
    expect(await t.api('/FeeReversal/Withdraw', { Id: r1.data.Id }, admin)).toMatchObject({ ret: 403 });
    expect(await t.api('/FeeReversal/Reject', { Id: r1.data.Id, Reason: '理由不充分' }, admin)).toMatchObject({
      ret: 0,
    });
    const r2 = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 1, PaymentId: p.PaymentId, Reason: '测试撤回申请' },
      cashier,
    );
    expect(await t.api('/FeeReversal/Withdraw', { Id: r2.data.Id }, cashier)).toMatchObject({ ret: 0 });
    expect(await t.api('/FeeReversal/Approve', { Id: r2.data.Id }, admin)).toMatchObject({ msg: '该申请已处理' });
    expect(await billRow(t, a)).toMatchObject({ state: 3 });
    const l = await t.api<{ StateName: string; RejectReason: string }[]>(
      '/FeeReversal/List',
      { PaymentId: p.PaymentId },
      admin,
    );
    expect(l.data.map((x) => x.StateName)).toEqual(['已撤回', '已驳回']);
  });
});

describe('交班 and 退款', () => {
  it('acceptance 6: after 交班 a void is refused; a one-line refund gets a TK number today', async () => {
    const a = await billOf(t, room, std, '2026-04', '80.00', '2099-04-15');
    const b = await billOf(t, room, std, '2026-05', '70.00', '2099-05-15');
    const p = await payBills(
      [
        [a, '80.00'],
        [b, '70.00'],
      ],
      [
        { Method: 1, AmountMoney: '100' },
        { Method: 2, AmountMoney: '50' },
      ],
    );
    const pre = await t.api<{ ToTime: string; CashMoney: string; WechatMoney: string; TotalMoney: string }>(
      '/FeeHandover/Preview',
      {},
      cashier,
    );
    expect(pre.ret).toBe(0);
    expect(pre.data.WechatMoney).toBe('50.00');
    const sub = await t.api<{ Id: number; DiffMoney: string }>(
      '/FeeHandover/Submit',
      { ToTime: pre.data.ToTime, CountedCashMoney: pre.data.CashMoney },
      cashier,
    );
    expect(sub.data.DiffMoney).toBe('0.00');
    expect(
      await t.api('/FeeReversal/Apply', { Type: 1, PaymentId: p.PaymentId, Reason: '交班后作废' }, cashier),
    ).toMatchObject({
      msg: '该收款已交班，不能作废，请办理退款',
    });
    const d = await t.api<Detail>('/FeePayment/Detail', { Id: p.PaymentId }, cashier);
    const first = d.data.Lines[0]!;
    expect(
      await t.api(
        '/FeeReversal/Apply',
        {
          Type: 2,
          PaymentId: p.PaymentId,
          RefundMethod: 2,
          Reason: '多退',
          Lines: [{ PaymentLineId: first.Id, RefundMoney: '80.01' }],
        },
        cashier,
      ),
    ).toMatchObject({ ret: 400, msg: '原因需为4-200个字符' });
    expect(
      await t.api(
        '/FeeReversal/Apply',
        {
          Type: 2,
          PaymentId: p.PaymentId,
          RefundMethod: 2,
          Reason: '业主多缴退款',
          Lines: [{ PaymentLineId: first.Id, RefundMoney: '80.01' }],
        },
        cashier,
      ),
    ).toMatchObject({ ret: 400, msg: '退款金额不能超过可退金额¥80.00' });
    const ap = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      {
        Type: 2,
        PaymentId: p.PaymentId,
        RefundMethod: 2,
        Reason: '业主多缴退款',
        Lines: [{ PaymentLineId: first.Id, RefundMoney: '80.00' }],
      },
      cashier,
    );
    const ok = await t.api<{ RefundNo: string }>('/FeeReversal/Approve', { Id: ap.data.Id }, admin);
    // The demo has refunds of its own (fee-reports demo day): the number is the next one, whatever it is.
    expect(ok.data.RefundNo).toMatch(new RegExp(`^TK${year}\\d{6}$`));
    const after = await t.api<Detail>('/FeePayment/Detail', { Id: p.PaymentId }, cashier);
    expect(after.data).toMatchObject({ StateName: '部分退款' });
    expect(after.data.Lines[0]!.RefundableMoney).toBe('0.00');
    expect(after.data.Reversals[0]).toMatchObject({ RefundNo: ok.data.RefundNo, StateName: '已通过' });
    expect(await billRow(t, a)).toMatchObject({ state: 1, paid_money: '0.00' });
    expect(await journalMatches(t, a)).toBe(true);
    const [j] = await sqlRows<{ event_type: number; receipt_no: string; paid_money: string }>(
      t.db,
      sql`select event_type, receipt_no, paid_money::text from fee_journal where reversal_id = ${ap.data.Id}`,
    );
    expect(j).toEqual({ event_type: 7, receipt_no: ok.data.RefundNo, paid_money: '-80.00' });
    // The refund is on the cashier's next hand-over, dated today.
    const next = await t.api<{ RefundMoney: string; CashMoney: string }>('/FeeHandover/Preview', {}, cashier);
    expect(next.data).toMatchObject({ RefundMoney: '80.00', CashMoney: '-80.00' });
    expect(await t.api('/FeeHandover/Confirm', { Id: sub.data.Id }, admin)).toMatchObject({ ret: 0 });
    const hl = await t.api<{ StateName: string }[]>('/FeeHandover/List', {}, admin);
    expect(hl.data[0]).toMatchObject({ StateName: '已确认' });
  });

  it('预存退款 leaves the account with a TK number; more than the balance is refused', async () => {
    await t.api(
      '/Prepaid/TopUp',
      {
        RequestId: requestId(),
        RoomId: room.id,
        TopUps: [{ ItemId: 0, AmountMoney: '100' }],
        Tenders: [{ Method: 1, AmountMoney: '100' }],
      },
      cashier,
    );
    const acc = await t.api<{ Id: number; BalanceMoney: string; TopUpMoney: string }[]>(
      '/Prepaid/AccountList',
      { RoomId: room.id },
      cashier,
    );
    const account = acc.data.find((x) => x.BalanceMoney === '100.00')!;
    expect(account.TopUpMoney).toBe('100.00');
    expect(
      await t.api(
        '/FeeReversal/Apply',
        { Type: 3, AccountId: account.Id, AmountMoney: '100.01', RefundMethod: 2, Reason: '业主搬走退款' },
        cashier,
      ),
    ).toMatchObject({
      msg: '退款金额不能超过预存余额',
    });
    const ap = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 3, AccountId: account.Id, AmountMoney: '40', RefundMethod: 3, Reason: '业主搬走退款' },
      cashier,
    );
    const ok = await t.api<{ RefundNo: string }>('/FeeReversal/Approve', { Id: ap.data.Id }, admin);
    expect(ok.data.RefundNo).toMatch(new RegExp(`^TK${year}\\d{6}$`));
    const txns = await t.api<{ TxnTypeName: string; AmountMoney: string; BalanceAfterMoney: string }[]>(
      '/Prepaid/TxnList',
      { AccountId: account.Id },
      cashier,
    );
    expect(txns.data[0]).toMatchObject({ TxnTypeName: '退款', AmountMoney: '-40.00', BalanceAfterMoney: '60.00' });
    // The cash goes out of the applicant's takings (his 收费日报 row and 交班), not the approver's.
    const paidBy = await sqlRows<{ account: string }>(
      t.db,
      sql`select u.account from fee_payment_tenders pt join users u on u.id = pt.cashier_id where pt.reversal_id = ${ap.data.Id}`,
    );
    expect(paidBy.map((r) => r.account)).toEqual(['cashier']);
  });
});

describe('permissions and tenancy', () => {
  it('acceptance 10: a position without `void` gets 403 and nothing changes', async () => {
    const clerk = await clerkWith(t, admin, [
      { RoleKey: 'sfgl_zsdc', Btn: 'export' },
      { RoleKey: 'sfgl_jft', Btn: 'pay' },
    ]);
    const a = await billOf(t, room, std, '2026-06', '10.00', '2099-06-15');
    const p = await payBills([[a, '10.00']]);
    const before = await count(t, 'fee_reversals');
    expect(
      await t.api('/FeeReversal/Apply', { Type: 1, PaymentId: p.PaymentId, Reason: '无权作废测试' }, clerk),
    ).toMatchObject({ ret: 403 });
    expect(await t.api('/FeeReversal/Approve', { Id: 1 }, clerk)).toMatchObject({ ret: 403 });
    expect(await count(t, 'fee_reversals')).toBe(before);
  });
});
