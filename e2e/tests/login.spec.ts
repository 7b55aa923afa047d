import { expect, test } from './fixtures';
import { accounts, lastSmsCode } from './helpers';

test.describe('sign-in', () => {
  test('a page opened without a session goes to /login with the path to come back to', async ({ page }) => {
    await page.goto('/personalCenter/index?tab=password');
    await expect(page).toHaveURL(/\/login\?redirect=\/personalCenter\/index/);
    await page.getByPlaceholder('请输入账号').fill(accounts.admin.account);
    await page.getByPlaceholder('请输入密码').fill(accounts.admin.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/personalCenter\/index\?tab=password$/);
    await expect(page.getByRole('tab', { name: '修改密码', selected: true })).toBeVisible();
  });

  test('account and password lead to 首页', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await page.getByPlaceholder('请输入账号').fill(`  ${accounts.admin.account} `);
    await page.getByPlaceholder('请输入密码').fill(accounts.admin.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('首页 - 邻里智慧物业');
    await expect(page.getByRole('button', { name: '用户菜单' })).toContainText('系统管理员');
  });

  test('phone and the SMS code lead to 首页', async ({ page }) => {
    const { phone } = accounts.cashier;
    await page.goto('/login');
    await page.getByRole('tab', { name: '手机验证码' }).click();
    await page.getByPlaceholder('请输入手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+秒后重新获取/ })).toBeDisabled();
    let code = '';
    await expect
      .poll(() => {
        try {
          code = lastSmsCode(phone);
        } catch {
          code = '';
        }
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: '用户菜单' })).toContainText('陈收银');
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('请输入账号').fill('service');
    await page.getByPlaceholder('请输入密码').fill('wrong-password1');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText(/账号或密码错误，还可尝试\d次/)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
