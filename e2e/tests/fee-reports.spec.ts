import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { accounts, apiSession, callAs, mainMenu, signIn, tableRow } from './helpers';

/**
 * 收费报表 (domain/fee-reports.md acceptance 1, 2, 3, 6 and 9): the 合计 of 应缴明细表 against every page and the
 * xlsx, 物业费月度统计表's rates, a 181-365天 bill leaving 欠缴账龄分析表 and 欠缴明细表 once paid at 收费台, a top-up
 * and a deduction through the prepaid reports, and the report key and its `export` button.
 */
type Api = Awaited<ReturnType<typeof apiSession>>;

const fen = (text: string | null) => {
  const t = (text ?? '').replace(/[,¥\s]/g, '');
  if (!t || t === '-') return 0;
  const neg = t.startsWith('-');
  const [i = '0', d = ''] = t.replace('-', '').split('.');
  const v = Number(i) * 100 + Number(`${d}00`.slice(0, 2));
  return neg ? -v : v;
};
const rateText = (num: number, den: number) =>
  den === 0 ? '-' : `${(Math.floor((num * 20000 + den) / (2 * den)) / 100).toFixed(2)}%`;
const shanghaiToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** The visible report's body cells of one field (each cell is classed col-<Field>). */
const cells = (page: Page, field: string) =>
  page.locator(`.ant-table-tbody tr.ant-table-row td.col-${field}`).filter({ visible: true }).allTextContents();
const sumCell = (page: Page, field: string) =>
  page.locator(`.report-sum-row td.col-${field}`).filter({ visible: true }).first();

/** Waits for the report's list answer after an action (a page, a 查询). */
async function afterList(page: Page, name: string, action: () => Promise<unknown>) {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/FeeReport/${name}List`));
  await action();
  await answer;
  await expect(page.locator('.ant-table .ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
}

async function openReport(page: Page, name: string, path: string, query = '') {
  await afterList(page, name, () => page.goto(`/chargemanage/chargerec/${path}${query}`));
}

const link = (body: Record<string, unknown>) => `?f=${encodeURIComponent(JSON.stringify(body))}`;

test('acceptance 1: the 应缴明细表 合计 equals every page at 200 a page, and the xlsx 合计 row equals the screen', async ({
  page,
}) => {
  await signIn(page, accounts.admin.account, accounts.admin.password);
  await page.goto('/chargemanage/chargerec');
  await afterList(page, 'Yjmx', () => page.getByRole('link', { name: /^应缴明细表/ }).click());
  await afterList(page, 'Yjmx', async () => {
    await page.locator('.ant-pagination-options .ant-select').filter({ visible: true }).click();
    await page.getByText('200 条/页').click();
  });
  const fields = ['AmountMoney', 'DiscountMoney', 'DueMoney', 'PaidMoney', 'LateFeeMoney', 'UnpaidMoney'];
  const totals = Object.fromEntries(fields.map((f) => [f, 0]));
  let rows = 0;
  for (;;) {
    for (const f of fields) for (const c of await cells(page, f)) totals[f]! += fen(c);
    rows += (await cells(page, 'DueMoney')).length;
    const next = page.locator('.ant-pagination-next').filter({ visible: true });
    if ((await next.getAttribute('aria-disabled')) === 'true') break;
    await afterList(page, 'Yjmx', () => next.click());
  }
  await expect(page.getByText(`共 ${rows} 条`)).toBeVisible();
  expect(rows).toBeGreaterThan(200);
  const screen: Record<string, number> = {};
  for (const f of fields) {
    screen[f] = fen(await sumCell(page, f).textContent());
    expect(screen[f], f).toBe(totals[f]);
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^应缴明细表_\d{12}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0]!;
  let header: string[] = [];
  let total: ExcelJS.Row | null = null;
  ws.eachRow((row) => {
    const texts = (row.values as unknown[]).map((v) => String(v ?? ''));
    if (texts.includes('应收') && texts.includes('未收')) header = texts;
    if (texts.includes('合计') && header.length) total = row;
  });
  expect(total, 'the xlsx has a 合计 row').not.toBeNull();
  const titles: Record<string, string> = {
    AmountMoney: '计费',
    DiscountMoney: '优惠',
    DueMoney: '应收',
    PaidMoney: '实收',
    LateFeeMoney: '滞纳金',
    UnpaidMoney: '未收',
  };
  for (const f of fields) {
    const v = (total as unknown as ExcelJS.Row).getCell(header.indexOf(titles[f]!)).value;
    expect(Math.round(Number(v) * 100), f).toBe(screen[f]);
  }
});

test('acceptance 2: 物业费月度统计表 last month, each 收费率 is 本月实收 ÷ 本月应收 and the 合计 rate Σ÷Σ', async ({
  page,
}) => {
  await signIn(page, accounts.admin.account, accounts.admin.password);
  const [y, m] = shanghaiToday().split('-').map(Number) as [number, number];
  const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  await openReport(page, 'Yjzl', 'yjzl');
  await afterList(page, 'Yjzl', async () => {
    const month = page.getByRole('textbox', { name: '月份' }).filter({ visible: true });
    await month.click();
    await month.fill(last);
    await month.press('Enter');
    await page
      .getByRole('button', { name: /查\s*询/ })
      .filter({ visible: true })
      .click();
  });
  const due = (await cells(page, 'PeriodDueMoney')).map(fen);
  const paid = (await cells(page, 'PeriodPaidMoney')).map(fen);
  const rates = await cells(page, 'CollectRate');
  expect(due.length).toBeGreaterThan(1);
  due.forEach((d, i) => expect(rates[i], `row ${i + 1}`).toBe(rateText(paid[i]!, d)));
  const sumDue = due.reduce((a, b) => a + b, 0);
  const sumPaid = paid.reduce((a, b) => a + b, 0);
  // The 合计 row comes from its own call (…Sum), which may answer after the list.
  await expect.poll(async () => fen(await sumCell(page, 'PeriodDueMoney').textContent())).toBe(sumDue);
  await expect.poll(async () => fen(await sumCell(page, 'PeriodPaidMoney').textContent())).toBe(sumPaid);
  await expect(sumCell(page, 'CollectRate')).toHaveText(rateText(sumPaid, sumDue));
});

test('acceptance 3: a bill 181-365 days overdue leaves 欠缴账龄分析表 and 欠缴明细表 once paid at 收费台', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, accounts.admin);
  type Bill = { RoomId: number; RoomName: string; CommunityName: string; BuildingName: string; ArrearsMoney: string };
  const list = await admin<Bill[]>('/FeeReport/QjmxList', {
    AgeBand: 4,
    MinOverdueDays: 200,
    SortField: 'OverdueDays',
    SortOrder: 'asc',
    PgIndex: 1,
    PgSize: 20,
  });
  expect(list.ret, list.msg).toBe(0);
  const bill = list.data[0]!;
  const roomBand = await admin<Bill[]>('/FeeReport/QjmxList', {
    Keyword: bill.RoomName,
    AgeBand: 4,
    PgIndex: 1,
    PgSize: 200,
  });
  const roomFen = roomBand.data.filter((b) => b.RoomId === bill.RoomId).reduce((a, b) => a + fen(b.ArrearsMoney), 0);

  await signIn(page, accounts.admin.account, accounts.admin.password);
  await openReport(page, 'QjhzScfj', 'qjhzscfj');
  const group = `${bill.CommunityName} ${bill.BuildingName}`;
  const band = () => tableRow(page, group).locator('td.col-Age181To365Money');
  const before = fen(await band().textContent());
  await openReport(page, 'Qjmx', 'qjmx', link({ Keyword: bill.RoomName }));
  await expect(tableRow(page, bill.RoomName)).toBeVisible();

  await page.goto(`/chargemanage/paycost?roomId=${bill.RoomId}`);
  const due = page.locator('.fee-pay-panel .ant-descriptions-item-content').nth(3);
  // 应付 shows ¥0.00 until the room's bills arrive.
  await expect(due).toHaveText(/^¥(?!0\.00$)[\d,.]+$/);
  await page.getByRole('textbox', { name: '收款金额1' }).fill((await due.textContent())!.replace(/[¥,\s]/g, ''));
  await page.getByRole('button', { name: '收款 (F9)' }).click();
  await expect(page.getByRole('dialog', { name: /收款收据/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await openReport(page, 'QjhzScfj', 'qjhzscfj');
  await expect.poll(async () => fen(await band().textContent())).toBe(before - roomFen);
  await openReport(page, 'Qjmx', 'qjmx', link({ Keyword: bill.RoomName }));
  await expect(tableRow(page, bill.RoomName)).toHaveCount(0);
});

/** A 阳光花园 3栋 room with no prepaid money at all, so its 预存款汇总表 row starts at 0. */
async function quietRoom(admin: Api) {
  const busy = await admin<{ RoomId: number }[]>('/FeeReport/YckHzList', { GroupBy: 5, PgIndex: 1, PgSize: 200 });
  const taken = new Set(busy.data.map((r) => r.RoomId));
  const rooms = await admin<{ RoomId: number; RoomName: string; CommunityName: string }[]>('/Cashier/Search', {
    Keyword: '3栋',
  });
  const room = rooms.data.find((r) => r.CommunityName === '阳光花园' && !taken.has(r.RoomId))!;
  const cm = await admin<{ Id: number; Name: string }[]>('/Community/Options');
  const communityId = cm.data.find((c) => c.Name === '阳光花园')!.Id;
  const buildings = await admin<{ Id: number; Name: string }[]>('/Building/Options', { CommunityId: communityId });
  return { ...room, communityId, buildingId: buildings.data.find((b) => b.Name === '3栋')!.Id };
}

test('acceptance 6: top up 1000 and deduct 223.43; the three prepaid reports show +1000, 223.43 and 期初 + 776.57', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, accounts.admin);
  const room = await quietRoom(admin);
  const rid = () => `e2e-rep-${Date.now()}-${Math.random()}`;
  const top = await admin('/Prepaid/TopUp', {
    RequestId: rid(),
    RoomId: room.RoomId,
    TopUps: JSON.stringify([{ ItemId: 0, AmountMoney: '1000.00' }]),
    Tenders: JSON.stringify([{ Method: 1, AmountMoney: '1000.00' }]),
  });
  expect(top.ret, top.msg).toBe(0);
  const item = await admin<{ Id: number }>('/FeeItem/Save', {
    ItemName: `报表抵扣${Date.now() % 100000}`,
    Category: 11,
    Kind: 2,
    PayerType: 1,
  });
  const std = await admin<{ Id: number }>('/FeeStandard/Save', {
    ItemId: item.data.Id,
    CommunityId: room.communityId,
    StandardName: '报表抵扣',
    PriceMethod: 3,
    FixedMoney: '223.43',
  });
  expect(std.ret, std.msg).toBe(0);
  const made = await admin('/FeeBill/AddTemp', {
    PayerType: 1,
    PayerId: room.RoomId,
    StandardId: std.data.Id,
    AmountMoney: '223.43',
  });
  expect(made.ret, made.msg).toBe(0);
  const bills = await admin<{ Id: number; ItemId: number }[]>('/FeeBill/List', { RoomId: room.RoomId, Unpaid: 'true' });
  const billId = bills.data.find((b) => b.ItemId === item.data.Id)!.Id;
  const paid = await admin('/FeePayment/Pay', {
    RequestId: rid(),
    RoomId: room.RoomId,
    UsePrepaid: 'true',
    Lines: JSON.stringify([
      { BillId: billId, PayMoney: '223.43', LateFeeMoney: '0', DiscountMoney: '0', ExpectedMoney: '223.43' },
    ]),
    Tenders: JSON.stringify([]),
  });
  expect(paid.ret, paid.msg).toBe(0);

  await signIn(page, accounts.admin.account, accounts.admin.password);
  await openReport(page, 'YckYcmx', 'yckycmx');
  await expect(tableRow(page, room.RoomName).locator('td.col-AmountMoney')).toHaveText('1000.00');
  await openReport(page, 'YckDkmx', 'yckdkmx');
  await expect(tableRow(page, room.RoomName).locator('td.col-DeductMoney')).toHaveText('223.43');
  await openReport(
    page,
    'YckHz',
    'yckhz',
    link({ CommunityIds: [room.communityId], BuildingId: room.buildingId, GroupBy: 5 }),
  );
  const row = tableRow(page, room.RoomName);
  await expect(row.locator('td.col-TopUpMoney')).toHaveText('1000.00');
  await expect(row.locator('td.col-DeductMoney')).toHaveText('223.43');
  const opening = fen(await row.locator('td.col-OpeningMoney').textContent());
  expect(fen(await row.locator('td.col-ClosingMoney').textContent())).toBe(opening + 77657);
});

test('acceptance 9: no sfgl_sfbb, no reports; sfgl_sfbb without export, no 导出 and YjmxExport 403', async ({
  page,
  browser,
}) => {
  await signIn(page, accounts.cashier.account, accounts.cashier.password);
  await mainMenu(page).getByText('收费管理').click();
  await expect(mainMenu(page).getByRole('menuitem', { name: '收费台' })).toBeVisible();
  await expect(mainMenu(page).getByRole('menuitem', { name: '收费报表' })).toHaveCount(0);
  await page.goto('/chargemanage/chargerec/yjmx');
  await expect(page).toHaveURL(/\/404$/);
  expect((await callAs(page, '/FeeReport/YjmxList', { PgIndex: 1, PgSize: 20 })).ret).toBe(403);

  const ctx = await browser.newContext();
  const boss = await ctx.newPage();
  await signIn(boss, accounts.admin.account, accounts.admin.password);
  const run = Date.now() % 100000;
  const tree = await callAs<{ children: { Id: number }[] }[]>(boss, '/user/GetTreeCompany');
  const position = await callAs<{ Id: number } | number>(boss, '/Position/Save', {
    Name: `报表只看${run}`,
    Rights: JSON.stringify([
      { RoleKey: 'sfgl', Btn: '' },
      { RoleKey: 'sfgl_sfbb', Btn: 'print,confirm' },
    ]),
  });
  expect(position.ret, position.msg).toBe(0);
  const account = `bb${run}`;
  const staff = await callAs(boss, '/user/StaffSave', {
    UserAccount: account,
    UserName: '报表员',
    Phone: `136${String(run).padStart(5, '0')}003`.slice(0, 11),
    Gender: 1,
    DptId: tree.data[0]!.children[0]!.Id,
    PositionIds: JSON.stringify([typeof position.data === 'number' ? position.data : position.data.Id]),
    AllCommunity: 1,
    Password: 'Linli@2025',
    ConfirmPwd: 'Linli@2025',
  });
  expect(staff.ret, staff.msg).toBe(0);
  await ctx.close();

  const viewer = await browser.newContext();
  const clerk = await viewer.newPage();
  await signIn(clerk, account, 'Linli@2025');
  await openReport(clerk, 'Yjmx', 'yjmx');
  await expect(clerk.locator('td.col-DueMoney').first()).toBeVisible();
  await expect(clerk.getByRole('button', { name: '导出' })).toHaveCount(0);
  expect((await callAs(clerk, '/FeeReport/YjmxExport', {})).ret).toBe(403);
  await viewer.close();
});
