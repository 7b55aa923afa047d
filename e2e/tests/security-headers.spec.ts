import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts } from './helpers';

/** Every CSP violation the page reports, by event and by console message. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/Content Security Policy/i.test(e.message)) seen.push(e.message);
  });
  await page.exposeFunction('__cspViolation', (v: string) => void seen.push(v));
  // A string: the script runs in the page, where document exists (this project's Node types have no DOM).
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`,
  });
  return seen;
}

test('the login page and 首页 run under the Content-Security-Policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/login');
  // The policy must be there, or a page without violations would prove nothing.
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
  await page.getByPlaceholder('请输入账号').fill(accounts.admin.account);
  await page.getByPlaceholder('请输入密码').fill(accounts.admin.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
