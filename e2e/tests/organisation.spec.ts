import ExcelJS from 'exceljs';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiSession, callAs, mainMenu, signIn, tokenOf } from './helpers';

const loginApi = async (req: APIRequestContext, account: string, password: string) =>
  (await (await req.post('/api/user/Login', { form: { UserAccount: account, UserPwd: password } })).json()) as {
    ret: number;
    msg: string;
    data: string;
  };

async function signedInPage(browser: Browser, account: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, password);
  return page;
}

test.describe('organisation and staff (organisation.md acceptance)', () => {
  test('1. a new SiteTitle retitles 首页 at once', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/CmpManage/cmpinfo');
    await page.getByRole('button', { name: '编辑' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('网站标题').fill('阳光物业');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveTitle('企业资料 - 阳光物业');
    await page.goto('/dashboard');
    await expect(page).toHaveTitle('首页 - 阳光物业');
    // Leave the shared demo database as other specs expect it.
    const info = await callAs<Record<string, string>>(page, '/user/GetCompanyInf');
    const restore = await callAs(page, '/user/CompanyEdit', { ...info.data, SiteTitle: '邻里智慧物业' });
    expect(restore.ret).toBe(0);
  });

  test('2. departments: a second 电梯组 under 工程部 is refused; 工程部 with children cannot be deleted', async ({
    page,
  }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/CmpManage/DptList');
    await page
      .getByRole('treeitem')
      .filter({ hasText: /^工程部/ })
      .click();
    await page.getByRole('button', { name: '新增下级' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('部门名称').fill('电梯组');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer.getByText('同级下已存在同名部门')).toBeVisible();
    await drawer.getByLabel('部门名称').fill('电梯二组');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByRole('treeitem').filter({ hasText: /^电梯二组/ })).toBeVisible();

    await page
      .getByRole('treeitem')
      .filter({ hasText: /^工程部/ })
      .click();
    await page
      .getByRole('button', { name: /删\s*除/ })
      .first()
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('该部门下还有下级部门，不能删除')).toBeVisible();
  });

  test('3. a 前台 position grants exactly 房间 and 住户 (新增 only)', async ({ page, browser }) => {
    await signIn(page, 'admin', 'Admin@123');
    const rights = JSON.stringify([
      { RoleKey: 'fcgl_fjgl', Btn: '' },
      { RoleKey: 'zhgl_zhgl', Btn: 'add' },
    ]);
    const pos = await callAs<number>(page, '/Position/Save', {
      Id: 0,
      Name: '前台',
      Remark: '前台接待',
      Rights: rights,
    });
    expect(pos.ret, pos.msg).toBe(0);
    const tree = await callAs<{ Id: number; DptName: string; children?: unknown[] }[]>(page, '/user/GetTreeCompany');
    const dptId = (tree.data[0]!.children as { Id: number }[])[0]!.Id;
    const staff = await callAs(page, '/user/StaffSave', {
      Id: 0,
      UserAccount: 'qiantai01',
      UserName: '前台小王',
      Phone: '13900000301',
      DptId: dptId,
      PositionIds: JSON.stringify([pos.data]),
      AllCommunity: 1,
      Password: 'Front2026',
      ConfirmPwd: 'Front2026',
    });
    expect(staff.ret, staff.msg).toBe(0);

    const front = await signedInPage(browser, 'qiantai01', 'Front2026');
    const menu = mainMenu(front);
    await expect(menu.getByText('首页')).toBeVisible();
    // A group with one visible screen is shown as that screen (spec §2): 房产管理 › 房间管理 becomes 房间管理.
    await expect(menu.getByText('房间管理')).toBeVisible();
    await expect(menu.getByText('住户管理')).toBeVisible();
    for (const hidden of ['收费管理', '员工管理', '企业管理', '车辆管理'])
      await expect(menu.getByText(hidden)).toHaveCount(0);
    const info = await callAs<{ Access: string[]; Buttons: { CtlName: string; Btn: string }[] }>(
      front,
      '/user/GetInfo',
    );
    expect(info.data.Buttons.find((b) => b.CtlName === 'zhgl_zhgl')?.Btn).toBe('add');
    // A screen the position does not hold answers 403 on the server, whatever the browser shows.
    expect((await callAs(front, '/user/StaffList')).ret).toBe(403);
    await front.context().close();
  });

  test('4. kefu1 without 员工管理 cannot create an account', async ({ request }) => {
    const asKefu = await apiSession(request, { account: 'kefu1', password: 'Linli@123' });
    const r = await asKefu('/user/StaffSave', {
      Id: 0,
      UserAccount: 'sneaky01',
      UserName: '越权',
      Phone: '13900000302',
      DptId: 1,
      PositionIds: '[1]',
      Password: 'Sneaky2026',
      ConfirmPwd: 'Sneaky2026',
    });
    expect(r.ret).toBe(403);
    const asAdmin = await apiSession(request, { account: 'admin', password: 'Admin@123' });
    const list = await asAdmin<{ UserAccount: string }[]>('/user/StaffList', { Keyword: 'sneaky01' });
    expect(list.count).toBe(0);
  });

  test('5. the staff form shows the mobile rule and the taken-account message', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/personnel/management');
    await page.getByRole('button', { name: '新增' }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('手机').fill('1381234');
    await drawer.getByLabel('姓名').click();
    await expect(drawer.getByText('手机号格式不正确，请重新输入')).toBeVisible();
    await drawer.getByLabel('登录账号').fill('admin');
    await drawer.getByLabel('手机').fill('13900000303');
    await drawer.getByLabel('姓名').fill('重名测试');
    // Under load a click can land while the dropdown is still opening: pick until the field shows the choice.
    const choose = async (label: string, option: string) => {
      await expect(async () => {
        await drawer.getByLabel(label).click();
        await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click({ timeout: 3000 });
        // A click on the title closes a multiple select's dropdown; Esc there would ask to leave the drawer.
        await drawer.locator('.ant-drawer-title').click();
        await expect(
          drawer
            .locator('.ant-form-item')
            .filter({ hasText: label })
            .getByText(option)
            .filter({ visible: true })
            .first(),
        ).toBeVisible({
          timeout: 2000,
        });
      }).toPass({ timeout: 30_000 });
    };
    await choose('部门', '总经办');
    await choose('岗位', '客服专员');
    await drawer.getByRole('switch').click();
    await drawer.getByLabel('密码', { exact: true }).fill('Taken2026');
    await drawer.getByLabel('确认密码').fill('Taken2026');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer.getByText('该登录账号已被使用')).toBeVisible();
  });

  test('6. five wrong passwords lock baoan1; 解锁 lets him in again', async ({ page, request }) => {
    for (let i = 0; i < 5; i++) await loginApi(request, 'baoan1', 'wrong-pass-1');
    expect((await loginApi(request, 'baoan1', 'Linli@123')).ret).toBe(423);
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/personnel/management');
    const row = page.getByRole('row').filter({ hasText: 'baoan1' });
    await expect(row.getByText('已锁定')).toBeVisible();
    await row.getByRole('button', { name: '解锁' }).click();
    await expect(page.getByText('已解锁')).toBeVisible();
    expect((await loginApi(request, 'baoan1', 'Linli@123')).ret).toBe(0);
  });

  test('7. disabling kefu1 ends his live session with the login-expired dialog', async ({ page, browser }) => {
    const kefu = await signedInPage(browser, 'kefu1', 'Linli@123');
    await signIn(page, 'admin', 'Admin@123');
    const list = await callAs<{ Id: number; UserAccount: string }[]>(page, '/user/StaffList', {
      Keyword: 'kefu1',
    });
    const id = list.data.find((u) => u.UserAccount === 'kefu1')!.Id;
    expect((await callAs(page, '/user/StaffSetState', { Id: id, State: 0 })).ret).toBe(0);

    // The open console learns of it at once (its socket is closed and the next call answers 401).
    await expect(kefu.locator('.ant-modal-confirm-title')).toHaveText('login expired');
    // Several calls fail together when a session ends; the person sees one dialog, not a stack.
    await expect(kefu.locator('.ant-modal-confirm')).toHaveCount(1);
    expect((await callAs(kefu, '/user/GetInfo')).ret).toBe(401);
    await kefu.context().close();
    expect((await callAs(page, '/user/StaffSetState', { Id: id, State: 1 })).ret).toBe(0);
  });

  test('9. an archive fills the birth date from the ID number; 办理离职 can disable the account', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto('/personnel/createArchives');
    await page.getByLabel('身份证号').fill('110101199003071234');
    await page.getByLabel('姓名').first().click();
    await expect(page.getByLabel('出生日期')).toHaveValue('1990-03-07');

    await page.goto('/personnel/archives');
    // The demo file whose contract ends in 20 days is flagged in orange.
    const end = page.getByRole('row').filter({ hasText: '李晓梅' }).locator('[data-warn="1"]');
    await expect(end).toHaveCSS('color', 'rgb(250, 140, 22)');

    const files = await callAs<{ Id: number; Name: string }[]>(page, '/Archives/GetList', { Keyword: '李晓梅' });
    const file = files.data[0]!;
    const left = await callAs(page, '/Archives/Leave', {
      Id: file.Id,
      LeaveDate: new Date().toISOString().slice(0, 10),
      LeaveReason: '个人原因',
      DisableAccount: 1,
    });
    expect(left.ret, left.msg).toBe(0);
    expect((await loginApi(page.request, 'kefu1', 'Linli@123')).msg).toBe('账号已停用，请联系管理员');
    const exported = await page.request.post('/api/Archives/Export', {
      form: { Keyword: '李晓梅' },
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(exported.headers()['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported.body()) as unknown as ArrayBuffer);
    const rows: string[] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).join('|')));
    expect(rows.find((r) => r.includes('李晓梅'))).toContain('离职');

    // Put kefu1 back for the specs that sign in with it.
    const staff = await callAs<{ Id: number; UserAccount: string }[]>(page, '/user/StaffList', {
      Keyword: 'kefu1',
    });
    const kefuId = staff.data.find((u) => u.UserAccount === 'kefu1')!.Id;
    expect((await callAs(page, '/user/StaffSetState', { Id: kefuId, State: 1 })).ret).toBe(0);
  });
});
