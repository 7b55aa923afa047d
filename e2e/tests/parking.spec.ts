import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, callAs, pick, readDownload, seen, signIn, tableRow, tokenOf } from './helpers';

/**
 * Issue 12 part 1, parking (domain/parking-access.md "Acceptance" 1, 2, 6, 7, 8, 9): plate validation with the 绿
 * chip, space capacity, the 30天内到期 view and its 08:00 reminder, the 月租 export read back, the lot delete
 * refusal and the 车位管理 rights. Every test makes its own data on the shared database.
 */

const run = String(Date.now()).slice(-4);
const shanghaiDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + offsetDays * 864e5));

type Lot = { Id: number; Name: string };
async function lotId(page: Page, name: string) {
  const lots = await callAs<Lot[]>(page, '/ParkingLot/Options');
  return lots.data.find((l) => l.Name === name)!.Id;
}

/** A resident with a room in 阳光花园 (by list order), for 业主 pickers. */
async function owner(page: Page, index: number) {
  const list = await callAs<{ Id: number; Name: string; Mobile: string }[]>(page, '/Resident/List', {
    PgIndex: index,
    PgSize: 1,
  });
  return list.data[0]!;
}

async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

test.beforeEach(async ({ page }) => {
  await signIn(page, accounts.admin.account, accounts.admin.password);
});

test('1. 粤B1234 is refused; 粤BD12345 as 月租 with dates saves with a 绿 chip', async ({ page }) => {
  const o = await owner(page, 3);
  await page.goto('/car/vehicle/create');
  await pick(page, page, '车场', '阳光花园 地上停车场');
  await page.getByLabel('车牌号', { exact: true }).fill('粤B1234');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(seen(page, '请输入正确的车牌号')).toBeVisible();
  await page.getByLabel('车牌号', { exact: true }).fill('粤bd12345');
  await expect(page.locator('[data-plate-color="3"]').filter({ hasText: '粤BD12345' })).toBeVisible();
  await page.getByRole('combobox', { name: '业主', exact: true }).fill(o.Name);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: o.Name })
    .first()
    .click();
  await pickDate(page, '开始日期', shanghaiDay(0));
  await pickDate(page, '结束日期', shanghaiDay(200));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/car\/vehicle$/);
  await page.getByRole('textbox', { name: '车牌', exact: true }).filter({ visible: true }).fill('粤BD12345');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(seen(page, '共 1 条')).toBeVisible();
  const row = tableRow(page, '粤BD12345');
  await expect(row.locator('[data-plate-color="3"]')).toHaveText('粤BD12345');
  await expect(row).toContainText('月租');
  await expect(row).toContainText('200天');
});

test('2. a second vehicle on a 普通 space is refused; a 子母 space takes 2', async ({ page }) => {
  const ground = await lotId(page, '地上停车场');
  const spaces = await callAs<{ Id: number; SpaceNo: string; Plates: string[]; OwnerResidentId: number }[]>(
    page,
    '/ParkingSpace/Options',
    { LotId: ground },
  );
  const single = spaces.data.find((s) => s.SpaceNo === 'A-006')!;
  const twin = spaces.data.find((s) => s.SpaceNo === 'A-002')!;
  await page.goto('/car/vehicle/create');
  await pick(page, page, '车场', '阳光花园 地上停车场');
  await page.getByLabel('车牌号', { exact: true }).fill(`粤B2${run}`);
  await page.getByRole('radio', { name: '临时' }).check();
  await page.getByLabel('车主姓名', { exact: true }).fill('访客');
  await pick(page, page, '车位', /^A-006（/);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(seen(page, `该车位已绑定车辆 ${single.Plates[0]}`)).toBeVisible();
  await expect(page).toHaveURL(/vehicle\/create/);

  // 子母 A-002 already holds one: a second is taken, a third refused.
  const second = await callAs(page, '/Vehicle/Save', {
    Id: 0,
    LotId: ground,
    Plate: `粤B3${run}`,
    VehicleType: 3,
    SpaceId: twin.Id,
  });
  expect(second.ret).toBe(0);
  const third = await callAs(page, '/Vehicle/Save', {
    Id: 0,
    LotId: ground,
    Plate: `粤B4${run}`,
    VehicleType: 3,
    SpaceId: twin.Id,
  });
  expect(third.msg).toMatch(/^该车位已绑定车辆 /);
});

test('6. a 月租 card ending in 5 days is under 30天内到期, and the 08:00 job reminds (MsgType 15)', async ({
  page,
}) => {
  const ground = await lotId(page, '地上停车场');
  const o = await owner(page, 4);
  const plate = `粤B5${run}`;
  const saved = await callAs(page, '/Vehicle/Save', {
    Id: 0,
    LotId: ground,
    Plate: plate,
    VehicleType: 1,
    OwnerResidentId: o.Id,
    ValidStart: shanghaiDay(-360),
    ValidEnd: shanghaiDay(5),
  });
  expect(saved.ret).toBe(0);
  await page.goto('/car/vehicle');
  await pick(page, page, '月卡', '30天内到期');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = tableRow(page, plate);
  await expect(row).toBeVisible();
  await expect(row).toContainText('5天');
  const job = await callAs(page, '/Job/Run', { Name: 'parking.card-expiry' });
  expect(job.ret).toBe(0);
  const msgs = await callAs<{ Title: string; MsgType: number }[]>(page, '/SysMessage/MessageList', {
    PgIndex: 1,
    PgSize: 50,
  });
  expect(msgs.data.find((m) => m.Title.startsWith('月卡到期提醒：地上停车场'))).toMatchObject({ MsgType: 15 });
});

test('7. vehicles filtered to 月租 export exactly the listed count', async ({ page }) => {
  const count = (await callAs(page, '/Vehicle/List', { VehicleType: 1, PgSize: 1 })).count!;
  expect(count).toBeGreaterThanOrEqual(50);
  await page.goto('/car/vehicle');
  await pick(page, page, '类型', '月租');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(seen(page, `共 ${count} 条`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const rows = await readDownload(await download);
  expect(rows).toHaveLength(count);
  expect(new Set(rows.map((r) => r['车辆类型']))).toEqual(new Set(['月租']));
});

test('8. deleting 地下车库 is refused while it has spaces', async ({ page }) => {
  await page.goto('/car/parking');
  await expect(tableRow(page, '地下车库')).toContainText('免费30分钟，首1小时6.00元，之后3.00元/小时，每日封顶40.00元');
  await tableRow(page, '地下车库').getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(seen(page, '该车场下存在车位，不能删除')).toBeVisible();
  await expect(tableRow(page, '地下车库')).toBeVisible();
});

test('9. cwcl_cwgl without add: no 新增, and ParkingSpace/Save with Id 0 answers 403', async ({ page, browser }) => {
  const tree = await callAs<{ children: { Id: number }[] }[]>(page, '/user/GetTreeCompany');
  const position = await callAs<{ Id: number } | number>(page, '/Position/Save', {
    Name: `车位管理员${run}`,
    Rights: JSON.stringify([
      { RoleKey: 'cwcl', Btn: '' },
      { RoleKey: 'cwcl_cwgl', Btn: 'edit,del,export' },
    ]),
  });
  expect(position.ret).toBe(0);
  const positionId = typeof position.data === 'number' ? position.data : position.data.Id;
  const account = `cw${run}`;
  const staff = await callAs(page, '/user/StaffSave', {
    UserAccount: account,
    UserName: '车位管理员',
    Phone: `135${run}0001`.slice(0, 11),
    Gender: 1,
    DptId: tree.data[0]!.children[0]!.Id,
    PositionIds: JSON.stringify([positionId]),
    AllCommunity: 1,
    Password: 'Linli@2025',
    ConfirmPwd: 'Linli@2025',
  });
  expect(staff.ret).toBe(0);
  const ctx = await browser.newContext();
  const clerk = await ctx.newPage();
  await signIn(clerk, account, 'Linli@2025');
  await clerk.goto('/car/place');
  await expect(tableRow(clerk, 'A-001')).toBeVisible();
  await expect(tableRow(clerk, 'A-001').getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(clerk.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await expect(clerk.getByRole('button', { name: '批量新增' })).toHaveCount(0);
  const res = await clerk.request.post('/api/ParkingSpace/Save', {
    headers: { authorization: `Bearer ${await tokenOf(clerk)}` },
    form: { Id: 0, LotId: 1, SpaceNo: 'X-1', SpaceType: 1, Status: 1 },
  });
  expect(((await res.json()) as { ret: number }).ret).toBe(403);
  await ctx.close();
});
