import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, signIn, tagTab } from './helpers';

const strip = (page: Page) => page.getByRole('navigation', { name: '标签页' }).getByRole('tab');

/** Opens a page by its address and waits until its tab is the active one and the page has loaded. */
async function visit(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(tagTab(page, title)).toHaveAttribute('aria-selected', 'true');
  await page.waitForLoadState('networkidle');
}

/**
 * Right-clicks a tab, picks an entry of its menu and waits for `done`; again if a re-render closed the menu under the
 * pointer, or if the click landed while the long page under the menu scrolled (seen: the click reported done and
 * nothing closed).
 */
async function tabAction(page: Page, title: string, action: string, done: () => Promise<void>) {
  await expect(async () => {
    await tagTab(page, title).click({ button: 'right' });
    // A menu still fading out from an earlier try may be on the page too: the newest one is last.
    await page.getByRole('menuitem', { name: action, exact: true }).last().click({ timeout: 2_000 });
    await done();
  }).toPass({ timeout: 20_000 });
}

const quickly = { timeout: 3_000 };

test.describe('tab strip', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, accounts.admin.account, accounts.admin.password);
  });

  test('each visited page gets one tab; 关闭其他 keeps 首页 and the chosen one', async ({ page }) => {
    await visit(page, '/personalCenter/index', '个人中心');
    await visit(page, '/news/index', '消息中心');
    await visit(page, '/CmpManage/cmpinfo', '企业资料');
    await visit(page, '/news/index', '消息中心');
    await expect(strip(page)).toHaveText(['首页', '个人中心', '消息中心', '企业资料']);
    await expect(tagTab(page, '消息中心')).toHaveAttribute('aria-selected', 'true');

    await tabAction(page, '个人中心', '关闭其他', () => expect(strip(page)).toHaveText(['首页', '个人中心'], quickly));
    await expect(strip(page)).toHaveText(['首页', '个人中心']);
    await expect(page).toHaveURL(/\/personalCenter\/index$/);
  });

  test('closing the active tab goes to the last remaining one', async ({ page }) => {
    await visit(page, '/personalCenter/index', '个人中心');
    await visit(page, '/news/index', '消息中心');
    await visit(page, '/CmpManage/cmpinfo', '企业资料');
    await expect(tagTab(page, '企业资料')).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: '关闭企业资料' }).click();
    await expect(strip(page)).toHaveText(['首页', '个人中心', '消息中心']);
    await expect(page).toHaveURL(/\/news\/index$/);
    await expect(tagTab(page, '消息中心')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: '未读' })).toBeVisible();
    // The list arriving shifts the layout, and a context menu opened before that moves away under the pointer.
    await page.waitForLoadState('networkidle');

    await tabAction(page, '消息中心', '关闭', () => expect(strip(page)).toHaveText(['首页', '个人中心'], quickly));
    await expect(strip(page)).toHaveText(['首页', '个人中心']);
    await expect(page).toHaveURL(/\/personalCenter\/index$/);
  });

  test('首页 cannot be closed, not even by 关闭所有', async ({ page }) => {
    await visit(page, '/personalCenter/index', '个人中心');
    await expect(page.getByRole('button', { name: '关闭首页' })).toHaveCount(0);
    await tagTab(page, '首页').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: '刷新' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveCount(0);
    await tabAction(page, '首页', '关闭所有', () => expect(strip(page)).toHaveText(['首页'], quickly));
    await expect(strip(page)).toHaveText(['首页']);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('刷新 reloads the page in place and keeps its tab', async ({ page }) => {
    await visit(page, '/personalCenter/index', '个人中心');
    await visit(page, '/news/index', '消息中心');
    await tagTab(page, '个人中心').click();
    await expect(page).toHaveURL(/\/personalCenter\/index$/);
    const name = page.getByRole('textbox', { name: '姓名' });
    await expect(name).toHaveValue('系统管理员');
    await name.fill('未保存的输入');
    await tabAction(page, '个人中心', '刷新', () => expect(name).toHaveValue('系统管理员', quickly));
    await expect(page).toHaveURL(/\/personalCenter\/index$/);
    // The page was mounted afresh: the unsaved input is gone, the tab and its neighbours stay.
    await expect(name).toHaveValue('系统管理员');
    await expect(strip(page)).toHaveText(['首页', '个人中心', '消息中心']);
    await expect(tagTab(page, '个人中心')).toHaveAttribute('aria-selected', 'true');
  });

  test('a page keeps its state while another tab is in front', async ({ page }) => {
    await visit(page, '/personalCenter/index', '个人中心');
    const name = page.getByRole('textbox', { name: '姓名' });
    await name.fill('还没保存');
    await tagTab(page, '首页').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await tagTab(page, '个人中心').click();
    await expect(name).toHaveValue('还没保存');
  });
});
