import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, apiSession, pick, signIn, tableRow } from './helpers';

/**
 * The cashier side of fees (domain/fees.md acceptance 2, 3, 4, 5, 6, 8, 9, 10): paying at the desk with the keyboard
 * only and printing the receipt, 转预存, the short tender, a void approved by finance, a refund after 交班,
 * auto-deduct, SMS dunning and the missing `void` key. Bills are one-off 临时收费 bills made through the API, so the
 * flows do not depend on the demo's bill runs.
 */
type Api = Awaited<ReturnType<typeof apiSession>>;

const fen = (m: string) => Math.round(Number(m.replace(/[^\d.-]/g, '')) * 100);
const money = (f: number) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;

async function tempStandard(admin: Api, community = '阳光花园'): Promise<number> {
  const name = `临时费${Date.now() % 100000}`;
  const item = await admin<{ Id: number }>('/FeeItem/Save', { ItemName: name, Category: 11, Kind: 2, PayerType: 1 });
  expect(item.ret, item.msg).toBe(0);
  const cm = await admin<{ Id: number; Name: string }[]>('/Community/Options');
  const sun = cm.data.find((c) => c.Name === community)!;
  const std = await admin<{ Id: number }>('/FeeStandard/Save', {
    ItemId: item.data.Id,
    CommunityId: sun.Id,
    StandardName: name,
    PriceMethod: 3,
    FixedMoney: '100',
  });
  expect(std.ret, std.msg).toBe(0);
  return std.data.Id;
}

async function roomId(api: Api, key: string): Promise<number> {
  const r = await api<{ RoomId: number }[]>('/Cashier/Search', { Keyword: key });
  return r.data[0]!.RoomId;
}

async function addBill(api: Api, standardId: number, room: number, amount: string) {
  const r = await api('/FeeBill/AddTemp', { PayerType: 1, PayerId: room, StandardId: standardId, AmountMoney: amount });
  expect(r.ret).toBe(0);
}

/** 应付 as the pay panel shows it. */
async function payable(page: Page): Promise<number> {
  const cell = page.locator('.fee-pay-panel .ant-descriptions-item-content').nth(3);
  await expect(cell).toContainText('¥');
  // The panel shows ¥0.00 until the room's bills have loaded and been picked: every flow here pays a bill it made.
  await expect(cell).not.toHaveText('¥0.00');
  return fen((await cell.textContent()) ?? '');
}

test('acceptance 2 and 4: the keyboard finds the room, refuses a short tender, pays in cash and prints the receipt', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, accounts.admin);
  const std = await tempStandard(admin);
  const room = await roomId(admin, '1-2-1201');
  await addBill(admin, std, room, '223.43');
  await addBill(admin, std, room, '223.43');

  await signIn(page, accounts.cashier.account, accounts.cashier.password);
  await page.goto('/chargemanage/paycost');
  // The browser's print dialog is counted instead of opened (the page's globalThis is its window).
  await page.evaluate(() => {
    const w = globalThis as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => void (w.printed += 1);
  });
  await expect(page.getByRole('searchbox', { name: '查找房屋' })).toBeVisible();
  await page.keyboard.press('F2');
  await expect(page.getByRole('searchbox', { name: '查找房屋' })).toBeFocused();
  await page.keyboard.type('1-2-1201');
  await page.keyboard.press('Enter');
  const amount = page.getByRole('textbox', { name: '收款金额1' });
  await expect(amount).toBeFocused();
  const due = await payable(page);
  expect(due).toBeGreaterThanOrEqual(44686);

  // 5.00 short: the panel says so and 收款 stays disabled; Enter does nothing.
  await page.keyboard.type(money(due - 500));
  await expect(page.getByText('实收金额不足，还差¥5.00')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /收款收据/ })).toHaveCount(0);

  const tendered = due + 5314;
  await page.keyboard.press('Control+A');
  await page.keyboard.type(money(tendered));
  await expect(page.getByText(`找零 ¥53.14`)).toBeVisible();
  await page.keyboard.press('Enter');
  const receipt = page.getByRole('dialog', { name: /收款收据/ });
  await expect(receipt).toContainText(/No\.：SF\d{10}/);
  await expect(receipt).toContainText(`合计：¥${money(due)}`);
  await expect(receipt).toContainText('人民币（大写）：');
  await expect(receipt).toContainText('第1次打印');
  await expect(page.getByRole('button', { name: '打印 (Enter)', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByText('没有待缴账单')).toBeVisible();
});

test('the bills fill the window and show every column at 1440×900 without a sideways scroll', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, accounts.admin);
  // A room that has paid nothing for a year: more bills than the window holds.
  const owing = await admin<{ RoomId: number }[]>('/Dunning/ArrearsList', { MinMonths: 12, PgIndex: 1, PgSize: 1 });
  expect(owing.data.length).toBe(1);
  await signIn(page, accounts.cashier.account, accounts.cashier.password);
  await page.goto(`/chargemanage/paycost?roomId=${owing.data[0]!.RoomId}`);
  const table = page.locator('.fee-desk .ant-table').filter({ visible: true }).first();
  await expect(table.locator('.ant-table-tbody tr.ant-table-row').nth(5)).toBeVisible();
  const body = table.locator('.ant-table-body');
  const size = await body.evaluate((el) => ({
    sideways: el.scrollWidth - el.clientWidth,
    down: el.scrollHeight - el.clientHeight,
    bottom: el.getBoundingClientRect().bottom,
  }));
  expect(size.sideways).toBeLessThanOrEqual(1);
  expect(size.down).toBeGreaterThan(0);
  const height = page.viewportSize()!.height;
  expect(size.bottom).toBeLessThanOrEqual(height);
  expect(size.bottom).toBeGreaterThan(height - 60);
  const box = (await table.boundingBox())!;
  for (const title of ['项目', '账期', '应收', '滞纳金', '逾期', '本次缴纳']) {
    const th = (await table.locator('.ant-table-thead th', { hasText: title }).first().boundingBox())!;
    expect(th.x + th.width, title).toBeLessThanOrEqual(box.x + box.width + 1);
  }
});

test('acceptance 3: 微信 50.00 over offers no 找零 and lands in 通用 as 多收转入', async ({ page, request }) => {
  const admin = await apiSession(request, accounts.admin);
  const std = await tempStandard(admin);
  const room = await roomId(admin, '1-2-1202');
  await addBill(admin, std, room, '100.00');
  await signIn(page, accounts.cashier.account, accounts.cashier.password);
  await page.goto('/chargemanage/paycost');
  await expect(page.getByRole('searchbox', { name: '查找房屋' })).toBeVisible();
  await page.keyboard.press('F2');
  await expect(page.getByRole('searchbox', { name: '查找房屋' })).toBeFocused();
  await page.keyboard.type('1-2-1202');
  await page.keyboard.press('Enter');
  const due = await payable(page);
  await pick(page, page, '支付方式1', '微信');
  await page.getByRole('textbox', { name: '收款金额1' }).fill(money(due + 5000));
  await expect(page.getByText('非现金多收金额只能转入预存款')).toBeVisible();
  await expect(page.getByRole('radio', { name: /找零/ })).toBeDisabled();
  await page.getByRole('radio', { name: '转预存' }).check();
  await page.getByRole('button', { name: '收款 (F9)' }).click();
  await expect(page.getByRole('dialog', { name: /收款收据/ })).toBeVisible();
  const cashier = await apiSession(request, accounts.cashier);
  const txns = await cashier<{ TxnTypeName: string; AmountMoney: string; ItemName: string }[]>('/Prepaid/TxnList', {
    RoomId: room,
  });
  expect(txns.data[0]).toMatchObject({ TxnTypeName: '多收转入', AmountMoney: '50.00', ItemName: '通用' });
});

test('acceptance 5 and 6: a void needs finance; after 交班 only a refund, which gets a TK number', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, accounts.admin);
  const cashier = await apiSession(request, accounts.cashier);
  const finance = await apiSession(request, { account: 'caiwu1', password: 'Linli@123' });
  // 翠湖天地's 6栋 has no demo bills: the flow pays exactly the bill it made.
  const std = await tempStandard(admin, '翠湖天地');
  const room = await roomId(admin, '6-1-301');
  await addBill(admin, std, room, '120.00');
  const bills = await cashier<{ Id: number; UnpaidMoney: string; LateFeeMoney: string }[]>('/FeeBill/List', {
    RoomId: room,
    Unpaid: 'true',
  });
  const payAll = async () => {
    const total = bills.data.reduce((s, b) => s + fen(b.UnpaidMoney) + fen(b.LateFeeMoney), 0);
    const r = await cashier<{ PaymentId: number; ReceiptNo: string }>('/FeePayment/Pay', {
      RequestId: `e2e-${Date.now()}-${Math.random()}`,
      RoomId: room,
      Lines: JSON.stringify(
        bills.data.map((b) => ({
          BillId: b.Id,
          PayMoney: b.UnpaidMoney,
          LateFeeMoney: b.LateFeeMoney,
          DiscountMoney: '0',
          ExpectedMoney: money(fen(b.UnpaidMoney) + fen(b.LateFeeMoney)),
        })),
      ),
      Tenders: JSON.stringify([{ Method: 1, AmountMoney: money(total) }]),
    });
    expect(r.ret).toBe(0);
    return r.data;
  };
  const p = await payAll();

  // The cashier asks for the void on 收款记录; he cannot approve it himself; finance does.
  await signIn(page, accounts.cashier.account, accounts.cashier.password);
  await page.goto('/chargemanage/payrec');
  await page.getByPlaceholder('收据号/房号/交款人').fill(p.ReceiptNo);
  await page.keyboard.press('Enter');
  await tableRow(page, p.ReceiptNo).getByRole('button', { name: '作废' }).click();
  await page.getByRole('textbox', { name: '作废原因' }).fill('收错房号了');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('已提交作废申请，等待审批')).toBeVisible();
  // Until finance decides, the row says so and offers no second request.
  await expect(tableRow(page, p.ReceiptNo)).toContainText('作废待审批');
  await expect(tableRow(page, p.ReceiptNo).getByRole('button', { name: '作废' })).toHaveCount(0);
  const pending = await cashier<{ Id: number }[]>('/FeeReversal/List', { PaymentId: p.PaymentId, State: 1 });
  const id = pending.data[0]!.Id;
  expect((await cashier('/FeeReversal/Approve', { Id: id })).ret).toBe(403);
  expect((await admin('/FeeReversal/Approve', { Id: id })).ret).toBe(0);
  const d = await cashier<{ StateName: string; ReceiptNo: string }>('/FeePayment/Detail', { Id: p.PaymentId });
  expect(d.data).toMatchObject({ StateName: '已作废', ReceiptNo: p.ReceiptNo });

  // Paid again and handed over: a void is refused; a one-line refund is approved with a TK number.
  const again = await payAll();
  const preview = await cashier<{ ToTime: string; CashMoney: string }>('/FeeHandover/Preview');
  expect(
    (await cashier('/FeeHandover/Submit', { ToTime: preview.data.ToTime, CountedCashMoney: preview.data.CashMoney }))
      .ret,
  ).toBe(0);
  const voidAfter = await cashier('/FeeReversal/Apply', { Type: 1, PaymentId: again.PaymentId, Reason: '交班后作废' });
  expect(voidAfter.msg).toBe('该收款已交班，不能作废，请办理退款');
  const detail = await cashier<{ Lines: { Id: number; LineMoney: string }[] }>('/FeePayment/Detail', {
    Id: again.PaymentId,
  });
  const line = detail.data.Lines[0]!;
  const apply = await cashier<{ Id: number }>('/FeeReversal/Apply', {
    Type: 2,
    PaymentId: again.PaymentId,
    RefundMethod: 2,
    Reason: '业主多缴退款',
    Lines: JSON.stringify([{ PaymentLineId: line.Id, RefundMoney: line.LineMoney }]),
  });
  const ok = await finance<{ RefundNo: string }>('/FeeReversal/Approve', { Id: apply.data.Id });
  expect(ok.data.RefundNo).toMatch(/^TK\d{10}$/);
  await page.reload();
  await page.getByPlaceholder('收据号/房号/交款人').fill(again.ReceiptNo);
  await page.keyboard.press('Enter');
  await expect(tableRow(page, again.ReceiptNo)).toContainText('已退款');
});

test('acceptance 8 and 9: auto-deduct from ¥1000 prepaid; SMS dunning skips rooms reminded today', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, accounts.admin);
  const run = await admin<{ State: number }>('/Job/Run', { Name: 'fee.auto-deduct' });
  expect(run.ret).toBe(0);
  const first = await admin<{ Sent: number; Skipped: number; Failed: number }>('/Dunning/SendSms', {
    All: 'true',
    MinMonths: 3,
  });
  const second = await admin<{ Sent: number; Skipped: number }>('/Dunning/SendSms', { All: 'true', MinMonths: 3 });
  if (first.ret === 0) expect(second.data).toMatchObject({ Sent: 0, Skipped: first.data.Sent });
  await signIn(page, accounts.cashier.account, accounts.cashier.password);
  await page.goto('/chargemanage/nopay');
  await page.getByRole('tab', { name: '催缴记录' }).click();
  if (first.ret === 0 && first.data.Sent > 0)
    await expect(page.getByRole('cell', { name: '短信' }).first()).toBeVisible();
});

test('acceptance 10: a position without `void` sees no 作废 and Apply answers 403', async ({ page, request }) => {
  const admin = await apiSession(request, accounts.admin);
  const name = `只读收款${Date.now() % 100000}`;
  const tree = await admin<{ children: { Id: number }[] }[]>('/user/GetTreeCompany');
  const pos = await admin<{ Id: number } | number>('/Position/Save', {
    Name: name,
    Rights: JSON.stringify([
      { RoleKey: 'sfgl', Btn: '' },
      { RoleKey: 'sfgl_zsdc', Btn: 'export,print' },
    ]),
  });
  expect(pos.ret, pos.msg).toBe(0);
  const account = `ro${Date.now() % 100000}`;
  const staff = await admin('/user/StaffSave', {
    UserAccount: account,
    UserName: '只读员',
    Phone: `136${String(Date.now() % 1e8).padStart(8, '0')}`,
    Gender: 1,
    DptId: tree.data[0]!.children[0]!.Id,
    PositionIds: JSON.stringify([typeof pos.data === 'number' ? pos.data : pos.data.Id]),
    AllCommunity: 1,
    Password: 'Clerk2026',
    ConfirmPwd: 'Clerk2026',
  });
  expect(staff.ret, staff.msg).toBe(0);
  const std = await tempStandard(admin, '翠湖天地');
  const room = await roomId(admin, '6-1-302');
  await addBill(admin, std, room, '10.00');
  const [bill] = (await admin<{ Id: number }[]>('/FeeBill/List', { RoomId: room, Unpaid: 'true' })).data;
  const paid = await admin('/FeePayment/Pay', {
    RequestId: `e2e-ro-${Date.now()}`,
    RoomId: room,
    Lines: JSON.stringify([
      { BillId: bill!.Id, PayMoney: '10.00', LateFeeMoney: '0', DiscountMoney: '0', ExpectedMoney: '10.00' },
    ]),
    Tenders: JSON.stringify([{ Method: 1, AmountMoney: '10' }]),
  });
  expect(paid.ret, paid.msg).toBe(0);
  await signIn(page, account, 'Clerk2026');
  await page.goto('/chargemanage/payrec');
  await expect(page.getByRole('button', { name: '补打' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '作废' })).toHaveCount(0);
  const clerk = await apiSession(request, { account, password: 'Clerk2026' });
  const list = await clerk<{ Id: number }[]>('/FeePayment/List');
  expect(
    (await clerk('/FeeReversal/Apply', { Type: 1, PaymentId: list.data[0]!.Id, Reason: '无权作废测试' })).ret,
  ).toBe(403);
});
