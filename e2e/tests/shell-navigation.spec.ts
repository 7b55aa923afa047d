import { expect, test } from './fixtures';
import { accounts, callAs, mainMenu, signIn, tagTab, tokenOf } from './helpers';

test.describe('shell and navigation', () => {
  test('a limited account sees only the menu groups it may open', async ({ page }) => {
    await signIn(page, accounts.cashier.account, accounts.cashier.password);
    const menu = mainMenu(page);
    await expect(menu.getByRole('menuitem', { name: '首页' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '收费管理' })).toBeVisible();
    const topLevel = menu.locator(':scope > li[role="menuitem"], :scope > li > [role="menuitem"]');
    // 消息中心 needs no right: every signed-in person has messages.
    await expect(topLevel).toHaveText([/首页/, /收费管理/, /消息中心/]);
    await expect(menu.getByRole('menuitem', { name: '员工管理' })).toHaveCount(0);
    // A screen outside his Access is refused, not shown.
    await page.goto('/personnel/management');
    await expect(page).toHaveURL(/\/401$/);
  });

  test("with DEMO on, 切换角色 signs in as the cashier with the cashier's password and ends the admin's session", async ({
    page,
  }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
    const adminToken = await tokenOf(page);
    await page.goto('/personnel/management');
    // The staff list arriving shifts the page; a submenu opened before that can close under the pointer.
    await page.waitForLoadState('networkidle');
    await expect(async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '切换角色' }).hover();
      await page.getByRole('menuitem', { name: 'cashier' }).click({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: '切换角色' });
    const password = dialog.getByLabel('cashier 的密码');
    // Being signed in as admin is no key to another account: its own password is asked for.
    await password.fill(accounts.admin.password);
    await dialog.getByRole('button', { name: /切\s*换/ }).click();
    await expect(dialog.getByText(/账号或密码错误，还可尝试\d次/)).toBeVisible();
    await expect(page).toHaveURL(/\/personnel\/management$/);
    await password.fill(accounts.cashier.password);
    await dialog.getByRole('button', { name: /切\s*换/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tagTab(page, '员工管理')).toHaveCount(0);
    const menu = mainMenu(page);
    await expect(menu.getByRole('menuitem', { name: '收费管理' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '员工管理' })).toHaveCount(0);
    expect((await callAs<{ UserAccount: string }>(page, '/user/GetInfo')).data.UserAccount).toBe('cashier');
    const old = await page.request.post('/api/user/GetInfo', { headers: { authorization: `Bearer ${adminToken}` } });
    expect(((await old.json()) as { ret: number }).ret).toBe(401);
  });

  test('the administrator sees every group', async ({ page }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
    for (const group of ['收费管理', '员工管理', '房产管理', '物业服务']) {
      await expect(mainMenu(page).getByRole('menuitem', { name: group })).toBeVisible();
    }
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the font size choice is applied and survives a reload', async ({ page }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
    const settingsButton = page.getByRole('button', { name: /设置$/ });
    await expect(settingsButton).not.toHaveClass(/ant-btn-lg/);
    await page.getByRole('button', { name: '切换字体大小' }).click();
    await page.getByRole('menuitem', { name: '普通' }).click();
    await expect(page.getByText('切换尺寸成功')).toBeVisible();
    await expect(settingsButton).toHaveClass(/ant-btn-lg/);
    await page.reload();
    await expect(settingsButton).toHaveClass(/ant-btn-lg/);
    expect((await page.context().cookies()).find((c) => c.name === 'size')?.value).toBe('default');
    await page.getByRole('button', { name: '切换字体大小' }).click();
    await page.getByRole('menuitem', { name: '迷你' }).click();
    await expect(settingsButton).toHaveClass(/ant-btn-sm/);
  });

  test('a session revoked elsewhere brings the login-expired dialog; re-login goes to /login', async ({ page }) => {
    await signIn(page, accounts.service.account, accounts.service.password);
    await page.getByRole('link', { name: /^消息，\d+ 条未读$/ }).click();
    await expect(page).toHaveURL(/\/news\/index$/);
    // Another device signs this session out; the open page hears of it (its channel is closed, the next call fails).
    const token = await tokenOf(page);
    expect((await callAs(page, '/user/Logout')).ret).toBe(0);
    const dialog = page.getByRole('dialog').filter({ hasText: 'login expired' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('login has expired, you may stay on this page or log in again');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/news\/index$/);
    // Staying is allowed; the next call is refused again, and re-login ends the session here too.
    await page.getByRole('tab', { name: '未读' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 're-login' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await page.context().cookies()).some((c) => c.name === 'Admin-Token' && c.value === token)).toBe(false);
  });

  test('on a phone-wide window the sidebar is closed and opens as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await expect(page.getByRole('complementary', { name: '侧边栏' })).toHaveCount(0);
    await expect(mainMenu(page)).toBeHidden();
    await page.getByRole('button', { name: '展开菜单' }).click();
    const menu = mainMenu(page);
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: '消息中心' }).click();
    await expect(page).toHaveURL(/\/news\/index$/);
    await expect(menu).toBeHidden();
  });

  test('a wide window shrinking below 992 px closes the sidebar', async ({ page }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await expect(page.getByRole('complementary', { name: '侧边栏' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('complementary', { name: '侧边栏' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
  });
});
