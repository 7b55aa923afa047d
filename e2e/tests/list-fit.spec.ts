import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/**
 * At 1440 px (the config's viewport) a list's key columns are seen without scrolling sideways: the less important
 * ones start hidden (列设置 shows them), so the table is no wider than its box, and the pager is not below the fold.
 */
const LISTS = [
  { path: '/personnel/management', keys: ['负责小区', '状态'] },
  { path: '/household/facedata', keys: ['房屋', '同步'] },
  { path: '/housemanage/houselist', keys: ['状态', '住户数'] },
  { path: '/chargemanage/payrec', keys: ['实收', '方式', '收款人', '状态'] },
];

async function layout(page: Page, keys: string[]) {
  const table = page.locator('.ant-table').filter({ visible: true }).first();
  await expect(table.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const head = table.locator('.ant-table-thead');
  const right = async (title: string) => (await head.locator('th', { hasText: title }).first().boundingBox())!;
  const actions = await right('操作');
  const cells = await Promise.all(keys.map(async (k) => ({ k, box: await right(k) })));
  const body = table.locator('.ant-table-body');
  const overflow = await body.evaluate((el) => el.scrollWidth - el.clientWidth);
  return { actionsLeft: actions.x, cells, overflow };
}

test.describe('lists fit 1440 px', () => {
  for (const list of LISTS)
    test(`${list.path}: ${list.keys.join('、')} are seen without scrolling`, async ({ page }) => {
      await signIn(page, 'admin', 'Admin@123');
      await page.goto(list.path);
      const { actionsLeft, cells, overflow } = await layout(page, list.keys);
      for (const { k, box } of cells) expect(box.x + box.width, k).toBeLessThanOrEqual(actionsLeft + 1);
      expect(overflow).toBeLessThanOrEqual(1);
      // …and its pager is on screen: the page is no taller than the window.
      const pager = page.locator('.ant-pagination').filter({ visible: true }).first();
      const box = (await pager.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    });
});
