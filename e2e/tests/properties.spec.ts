import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, callAs, mainMenu, pick, readDownload, seen, signIn, tableRow, tokenOf } from './helpers';

/**
 * Issue 6, properties (domain/properties.md "Acceptance"): 小区, 楼宇 with 生成房间, the 房态图, the building + room
 * import with its preview and error report, room form errors, filtered export read back, meters, handover with slot
 * capacity, and button/menu rights. Every test makes its own data (names carry a run suffix) on the shared database.
 */

const run = String(Date.now()).slice(-5);
const HEADERS = [
  '小区名称',
  '楼宇名称',
  '单元',
  '楼层',
  '房号',
  '房间类型',
  '建筑面积',
  '套内面积',
  '户型',
  '收费系数',
  '房间状态',
  '交房日期',
  '业主姓名',
  '业主手机',
  '业主身份证',
];
type Row = Partial<Record<(typeof HEADERS)[number], string | number>>;

async function xlsxOf(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('房间');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(HEADERS.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Imports rows through the API (preview + commit) and answers the commit's figures. */
async function importByApi(page: Page, rows: Row[]) {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const pre = await page.request.post('/api/Room/ImportPreview', {
    headers,
    multipart: {
      Mode: '1',
      file: {
        name: 'rooms.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await xlsxOf(rows),
      },
    },
  });
  const preview = (await pre.json()) as { ret: number; data: { ImportId: number; Summary: { Error: number } } };
  expect(preview.ret).toBe(0);
  expect(preview.data.Summary.Error).toBe(0);
  const done = await callAs(page, '/Room/ImportCommit', { ImportId: preview.data.ImportId });
  expect(done.ret).toBe(0);
}

async function roomByNo(page: Page, buildingName: string, roomNo: string) {
  const { Id } = await buildingId(page, buildingName);
  const list = await callAs<{ Id: number; BuildingName: string; RoomNo: string; HandoverDate: string }[]>(
    page,
    '/Room/List',
    { BuildingId: Id, RoomNo: roomNo, PgSize: 100 },
  );
  return list.data.find((r) => r.BuildingName === buildingName && r.RoomNo === roomNo)!;
}

async function buildingId(page: Page, name: string) {
  const list = await callAs<{ Id: number; CommunityId: number; Name: string }[]>(page, '/Building/List', {
    Keyword: name,
  });
  return list.data.find((b) => b.Name === name)!;
}

const shanghaiDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + offsetDays * 864e5));

test.describe('properties', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
  });

  test('1. a new community, a building of 2 units × 6 floors and 2 rooms a floor: 24 rooms, a grey 6 × 2 board', async ({
    page,
  }) => {
    const name = `测试小区${run}`;
    await page.goto('/housemanage/communityaddedit');
    await page.getByLabel('小区名称', { exact: true }).fill(name);
    await page.getByLabel('省', { exact: true }).fill('浙江省');
    await page.getByLabel('市', { exact: true }).fill('杭州市');
    await page.getByLabel('区', { exact: true }).fill('拱墅区');
    await page.getByLabel('详细地址', { exact: true }).fill('测试路1号');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/housemanage\/communitylist$/);
    await expect(tableRow(page, name)).toBeVisible();

    await page.goto('/housemanage/buildingaddedit');
    await pick(page, page, '小区', name);
    await page.getByLabel('楼宇名称', { exact: true }).fill('1栋');
    await page.getByLabel('地上层数', { exact: true }).fill('6');
    await page.getByRole('button', { name: '添加单元' }).click();
    await expect(page.getByLabel('第2行单元名称')).toHaveValue('2单元');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/housemanage\/buildinglist$/);
    await expect(tableRow(page, name)).toBeVisible();

    await pick(page, page, '小区', name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(seen(page, '共 1 条')).toBeVisible();
    await tableRow(page, '1栋').getByRole('button', { name: '生成房间' }).click();
    const dialog = page.getByRole('dialog', { name: /生成房间/ });
    await expect(dialog.getByLabel('结束楼层')).toHaveValue('6');
    await expect(dialog.getByLabel('每层户数')).toHaveValue('2');
    await dialog.getByRole('button', { name: /预\s*览/ }).click();
    await expect(dialog.getByRole('status')).toHaveText('将生成 24 间');
    await dialog.getByRole('button', { name: '确认生成' }).click();
    await expect(seen(page, '已生成 24 间')).toBeVisible();
    await expect(tableRow(page, '1栋')).toContainText('24');

    await tableRow(page, '1栋').getByRole('button', { name: '房态图' }).click();
    const board = page.getByRole('region', { name: '1栋房态图' });
    await expect(board.getByRole('button')).toHaveCount(24);
    await expect(board.locator('tbody tr')).toHaveCount(6);
    await expect(board.locator('thead th')).toHaveText(['楼层', '1单元', '2单元']);
    await expect(board.getByRole('group', { name: '图例' })).toContainText('未售 24');
    const colours = await board
      .getByRole('button')
      .evaluateAll((cells) => [
        ...new Set(cells.map((c) => (c as unknown as { style: { background: string } }).style.background)),
      ]);
    expect(colours).toEqual(['rgb(191, 191, 191)']);

    await page.getByText('列表', { exact: true }).click();
    await expect(seen(page, '共 24 条')).toBeVisible();
  });

  test('2. 阳光花园 cannot be deleted while it has buildings', async ({ page }) => {
    await page.goto('/housemanage/communitylist');
    await tableRow(page, '阳光花园').getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(seen(page, '该小区下存在楼宇，不能删除')).toBeVisible();
    await expect(tableRow(page, '阳光花园')).toBeVisible();
  });

  test('3. importing 10 rows with a zero area and a duplicate: preview 8/2, 8 rooms, a 2-row error report', async ({
    page,
  }) => {
    const building = `导入楼${run}`;
    const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({
      小区名称: '阳光花园',
      楼宇名称: building,
      单元: '1单元',
      楼层: 1 + Math.floor(i / 4),
      房号: String(101 + 100 * Math.floor(i / 4) + (i % 4)),
      房间类型: '住宅',
      建筑面积: '89.50',
    }));
    rows[3]!.建筑面积 = '0'; // sheet row 5
    rows[7] = { ...rows[1]! }; // sheet row 9 repeats row 3
    await page.goto('/housemanage/buildinglist');
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入楼宇房间' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '房间.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxOf(rows),
    });
    await dialog.getByRole('button', { name: '上传并预览' }).click();
    const stats = dialog.getByRole('group', { name: '预览统计' });
    await expect(stats).toContainText('总行数10');
    await expect(stats).toContainText('正确8');
    await expect(stats).toContainText('错误2');
    await expect(dialog.getByText('第5行：建筑面积必须大于0')).toBeVisible();
    await expect(dialog.getByText('第9行：房号与第3行重复')).toBeVisible();

    await dialog.getByRole('button', { name: '确认导入8条正确数据' }).click();
    await expect(seen(page, /导入成功：新增8间/)).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: '导入进度' })).toBeVisible();
    const reportDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载错误报告' }).click();
    const report = await readDownload(await reportDownload);
    expect(report).toHaveLength(2);
    expect(report.map((r) => r['错误原因'])).toEqual(['第5行：建筑面积必须大于0', '第9行：房号与第3行重复']);
    await dialog.getByRole('button', { name: '完成' }).click();

    const { Id, CommunityId } = await buildingId(page, building);
    await page.goto(`/housemanage/houselist?communityId=${CommunityId}&buildingId=${Id}`);
    await expect(seen(page, '共 8 条')).toBeVisible();
  });

  test('importing 1,000 rooms: preview, commit with a progress bar, all on the 房态图', async ({ page }) => {
    test.setTimeout(180_000);
    const building = `千户楼${run}`;
    const rows: Row[] = [];
    for (let unit = 1; unit <= 4; unit++)
      for (let floor = 1; floor <= 25; floor++)
        for (let seq = 1; seq <= 10; seq++)
          rows.push({
            小区名称: '阳光花园',
            楼宇名称: building,
            单元: `${unit}单元`,
            楼层: floor,
            房号: String(floor * 100 + seq),
            房间类型: '住宅',
            建筑面积: seq % 2 ? '89.50' : '126.80',
            户型: '3室2厅2卫',
          });
    await page.goto('/housemanage/houselist');
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入楼宇房间' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '千户.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxOf(rows),
    });
    await dialog.getByRole('button', { name: '上传并预览' }).click();
    const stats = dialog.getByRole('group', { name: '预览统计' });
    await expect(stats).toContainText('总行数1,000', { timeout: 60_000 });
    await expect(stats).toContainText('错误0');
    await expect(stats).toContainText('新增房间1,000');
    await expect(stats).toContainText('新增楼宇1');
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await expect(dialog.getByRole('progressbar', { name: '导入进度' })).toBeVisible();
    await expect(seen(page, /导入成功：新增1000间/)).toBeVisible({ timeout: 120_000 });

    const { Id, CommunityId } = await buildingId(page, building);
    await page.goto(`/housemanage/houselist?view=board&communityId=${CommunityId}&buildingId=${Id}`);
    const board = page.getByRole('region', { name: `${building}房态图` });
    await expect(board.getByRole('group', { name: '图例' })).toContainText('共 1000 间', { timeout: 30_000 });
    await expect(board.getByRole('button')).toHaveCount(1000);
    await expect(board.locator('tbody tr')).toHaveCount(25);
    await expect(board.getByRole('button', { name: '4单元-2510' })).toBeVisible();
  });

  test('4. the room form: 套内面积 over 建筑面积 and a duplicate number are refused on their fields', async ({
    page,
  }) => {
    await page.goto('/housemanage/house/houseaddedit');
    await pick(page, page, '小区', '阳光花园');
    await pick(page, page, '楼宇', '1栋');
    await pick(page, page, '单元', '1单元');
    await page.getByLabel('楼层', { exact: true }).fill('12');
    await page.getByLabel('房号', { exact: true }).fill('1201');
    await page.getByLabel('建筑面积（㎡）', { exact: true }).fill('90');
    await page.getByLabel('套内面积（㎡）', { exact: true }).fill('100');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('套内面积不能大于建筑面积')).toBeVisible();

    await page.getByLabel('套内面积（㎡）', { exact: true }).fill('70');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('该单元已存在房号 1201').first()).toBeVisible();
    await expect(page).toHaveURL(/houseaddedit/);
  });

  test('5. the list filtered to 已出租 exports exactly those rooms', async ({ page }) => {
    await page.goto('/housemanage/houselist');
    await pick(page, page, '状态', '已出租');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const total = seen(page, /^共 \d+ 条$/);
    await expect(total).toBeVisible();
    await expect(tableRow(page, '1栋')).toContainText('已出租');
    const count = Number(/\d+/.exec((await total.textContent()) ?? '')![0]);
    expect(count).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    const rows = await readDownload(await download);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r['房间状态']))).toEqual(new Set(['已出租']));
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['小区名称', '楼宇名称', '房号', '建筑面积']));
  });

  test('6. meter DB-0001 bound to one room is refused for a second, naming the first', async ({ page }) => {
    const building = `仪表楼${run}`;
    await importByApi(
      page,
      ['101', '102'].map((no) => ({
        小区名称: '阳光花园',
        楼宇名称: building,
        单元: '1单元',
        楼层: 1,
        房号: no,
        房间类型: '住宅',
        建筑面积: '89.50',
      })),
    );
    const meterNo = `DB-0001`;
    const { Id, CommunityId } = await buildingId(page, building);
    await page.goto(`/housemanage/houselist?communityId=${CommunityId}&buildingId=${Id}`);
    await tableRow(page, `${building}-1单元-101`).getByRole('button', { name: '绑定仪表' }).click();
    const dialog = page.getByRole('dialog', { name: /绑定仪表/ });
    await dialog.getByRole('button', { name: '新增并绑定' }).click();
    const form = page.getByRole('dialog', { name: /新增并绑定/ });
    await expect(form.getByRole('combobox', { name: '仪表类型' })).toBeVisible();
    await form.getByLabel('表号', { exact: true }).fill(meterNo);
    await form.getByLabel('初始读数', { exact: true }).fill('100');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(seen(page, '绑定成功')).toBeVisible();
    const bound = page.getByRole('dialog', { name: /绑定仪表/ });
    await expect(tableRow(page, meterNo)).toContainText('电表');
    await expect(tableRow(page, meterNo)).toContainText('100.00');
    await bound
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    // On the second room both ways to bind the same number are refused, naming the first room on the field.
    const named = `表号 ${meterNo} 已绑定 ${building}-1单元-101`;
    await tableRow(page, `${building}-1单元-102`).getByRole('button', { name: '绑定仪表' }).click();
    await page
      .getByRole('dialog', { name: /绑定仪表/ })
      .getByRole('button', { name: '新增并绑定' })
      .click();
    const again = page.getByRole('dialog', { name: /新增并绑定/ });
    await again.getByLabel('表号', { exact: true }).fill(meterNo);
    await again.getByRole('button', { name: /确\s*定/ }).click();
    await expect(again.getByText(named, { exact: true })).toBeVisible();

    await again.getByRole('button', { name: /返\s*回/ }).click();
    await page
      .getByRole('dialog', { name: /绑定仪表/ })
      .getByRole('button', { name: '绑定已有表' })
      .click();
    const existing = page.getByRole('dialog', { name: /绑定已有表/ });
    await existing.getByRole('combobox', { name: '仪表', exact: true }).fill(meterNo);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `${meterNo}（已绑定 ${building}-1单元-101）`, visible: true })
      .click();
    await existing.getByLabel('绑定时读数', { exact: true }).fill('100');
    await existing.getByRole('button', { name: /确\s*定/ }).click();
    await expect(existing.getByText(named, { exact: true })).toBeVisible();
    const second = await roomByNo(page, building, '102');
    expect((await callAs<unknown[]>(page, '/Meter/ByRoom', { RoomId: second.Id })).data).toHaveLength(0);
  });

  test('7. handover: a full slot is refused; confirm, 签到, 办理交房 with reading 120', async ({ page }) => {
    test.setTimeout(120_000);
    const building = `交房楼${run}`;
    await importByApi(
      page,
      ['101', '102'].map((no, i) => ({
        小区名称: '翠湖天地',
        楼宇名称: building,
        单元: '1单元',
        楼层: 1,
        房号: no,
        房间类型: '住宅',
        建筑面积: '95.00',
        业主姓名: `交房业主${i + 1}`,
        业主手机: `137${run}${String(i + 1).padStart(3, '0')}`,
      })),
    );
    const roomA = await roomByNo(page, building, '101');
    const lake = (await buildingId(page, building)).CommunityId;
    const saved = await callAs(page, '/Meter/Save', {
      CommunityId: lake,
      MeterType: 2,
      MeterNo: `DB-H${run}`,
      InitialReading: '100',
      RoomId: roomA.Id,
    });
    expect(saved.ret).toBe(0);
    const tomorrow = shanghaiDay(1);

    await page.goto('/housemanage/reservationlist');
    await pick(page, page, '预约小区', '翠湖天地');
    await page.getByRole('tab', { name: '时段设置' }).click();
    await expect(page.getByLabel('第1个时段开始')).toHaveValue('09:00');
    await page.getByLabel('第1个时段容量').fill('1');
    await page.getByRole('checkbox', { name: '周日' }).check();
    await page.getByRole('button', { name: '保存时段设置' }).click();
    await expect(seen(page, '保存成功')).toBeVisible();

    await page.getByRole('tab', { name: '预约列表' }).click();
    const book = async (roomNo: string) => {
      await page.getByRole('button', { name: '代客预约' }).click();
      const dialog = page.getByRole('dialog', { name: '代客预约' });
      await pick(page, page, '楼宇', building);
      await pick(page, page, '单元', '1单元');
      await pick(page, page, '房间', `${building}-1单元-${roomNo}`);
      await dialog.getByLabel('预约日期').fill(tomorrow);
      await dialog.getByLabel('预约日期').press('Enter');
      return dialog;
    };
    let dialog = await book('101');
    await pick(page, page, '时段', '09:00-10:00（剩余 1）');
    await dialog.getByRole('button', { name: '提交预约' }).click();
    await expect(seen(page, /预约成功/)).toBeVisible();

    dialog = await book('102');
    await pick(page, page, '时段', '09:00-10:00（已约满）');
    await dialog.getByRole('button', { name: '提交预约' }).click();
    await expect(dialog.getByText('该时段已约满，请选择其他时段')).toBeVisible();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    await page.getByLabel('关键字').fill(`${building}-1单元-101`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = tableRow(page, `${building}-1单元-101`);
    await expect(row).toContainText('已确认');
    await row.getByRole('button', { name: '签到' }).click();
    await expect(row).toContainText('已签到');
    await row.getByRole('button', { name: '办理交房' }).click();
    const handover = page.getByRole('dialog', { name: /办理交房/ });
    await handover.getByLabel(`电表DB-H${run}读数`).fill('120');
    await handover.getByRole('checkbox', { name: '业主已签字确认' }).check();
    await handover.getByRole('button', { name: '完成交房' }).click();
    await expect(seen(page, '办理成功')).toBeVisible();
    await expect(row).toContainText('已交房');

    const after = await roomByNo(page, building, '101');
    expect(after.HandoverDate).toBe(shanghaiDay(0));
    const meters = await callAs<{ MeterNo: string; LastReading: string }[]>(page, '/Meter/ByRoom', {
      RoomId: roomA.Id,
    });
    expect(meters.data.find((m) => m.MeterNo === `DB-H${run}`)!.LastReading).toBe('120.00');
  });

  test('8. fcgl_fjgl with add,edit: no 绑定仪表, Meter/Bind answers 403, no 交房预约 menu', async ({
    page,
    browser,
  }) => {
    const tree = await callAs<{ children: { Id: number }[] }[]>(page, '/user/GetTreeCompany');
    const dptId = tree.data[0]!.children[0]!.Id;
    const position = await callAs<{ Id: number } | number>(page, '/Position/Save', {
      Name: `房间录入${run}`,
      Rights: JSON.stringify([
        { RoleKey: 'fcgl', Btn: '' },
        { RoleKey: 'fcgl_fjgl', Btn: 'add,edit' },
      ]),
    });
    expect(position.ret).toBe(0);
    const positionId = typeof position.data === 'number' ? position.data : position.data.Id;
    const account = `fj${run}`;
    const staff = await callAs(page, '/user/StaffSave', {
      UserAccount: account,
      UserName: '房间录入员',
      Phone: `136${run}001`.slice(0, 11),
      Gender: 1,
      DptId: dptId,
      PositionIds: JSON.stringify([positionId]),
      AllCommunity: 1,
      Password: 'Linli@2025',
      ConfirmPwd: 'Linli@2025',
    });
    expect(staff.ret).toBe(0);

    const ctx = await browser.newContext();
    const clerk = await ctx.newPage();
    await signIn(clerk, account, 'Linli@2025');
    await clerk.goto('/housemanage/houselist');
    await expect(tableRow(clerk, '1栋-1单元-101')).toBeVisible();
    await expect(tableRow(clerk, '1栋-1单元-101').getByRole('button', { name: '编辑' })).toBeVisible();
    await expect(clerk.getByRole('button', { name: '绑定仪表' })).toHaveCount(0);
    await expect(mainMenu(clerk).getByRole('menuitem', { name: '交房预约' })).toHaveCount(0);
    const res = await clerk.request.post('/api/Meter/Bind', {
      headers: { authorization: `Bearer ${await tokenOf(clerk)}` },
      form: { MeterId: 1, RoomId: 1, Reading: '1' },
    });
    expect(((await res.json()) as { ret: number }).ret).toBe(403);
    await ctx.close();
  });

  test('xmjl1 sees only 翠湖天地 in lists and pickers', async ({ browser }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, 'xmjl1', 'Linli@123');
    await page.goto('/housemanage/communitylist');
    await expect(seen(page, '共 1 条')).toBeVisible();
    await expect(tableRow(page, '翠湖天地')).toBeVisible();
    await page.goto('/housemanage/houselist');
    await page.getByRole('combobox', { name: '小区', exact: true }).click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect(options).toHaveText(['翠湖天地']);
    await ctx.close();
  });
});
