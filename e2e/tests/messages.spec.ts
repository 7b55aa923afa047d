import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, apiSession, messageLink, pick, signIn } from './helpers';

type Api = Awaited<ReturnType<typeof apiSession>>;

/** Empties the administrator's message list, then gives him these messages (newest last). */
async function arrange(api: Api, messages: { MsgType: number; Title: string; SourceId?: number }[]) {
  const all = await api<{ Id: number }[]>('/SysMessage/MessageList', { PgIndex: 1, PgSize: 500 });
  if (all.data.length) await api('/SysMessage/Delete', { Ids: JSON.stringify(all.data.map((m) => m.Id)) });
  for (const m of messages) {
    const r = await api('/SysMessage/DemoPush', { SourceId: 0, Content: `${m.Title}，请及时处理。`, ...m });
    expect(r.ret, r.msg).toBe(0);
  }
}

/** The visible tab of the message centre (the others stay mounted, hidden). */
const panel = (page: Page) => page.getByRole('tabpanel');
const table = (page: Page) => panel(page).getByRole('table');
const row = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });
const badge = (page: Page, n: number) => expect(messageLink(page)).toHaveAttribute('aria-label', `消息，${n} 条未读`);

test.describe('消息中心', () => {
  let api: Api;
  test.beforeEach(async ({ request }) => {
    api = await apiSession(request, accounts.admin);
  });

  test('lists messages by read state and type; opening one marks it read and goes to its screen', async ({ page }) => {
    await arrange(api, [
      { MsgType: 4, Title: '报修：5栋电梯异响' },
      { MsgType: 6, Title: '公告：周日消防演练', SourceId: 5 },
      { MsgType: 1, Title: '系统：密码即将过期' },
    ]);
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await badge(page, 3);
    await messageLink(page).click();
    await expect(page).toHaveURL(/\/news\/index$/);
    await expect(panel(page).getByText('共 3 条')).toBeVisible();

    // Through the helper that retries until the choice sticks: a bare click on the option was once lost (CI, the
    // dropdown stayed open on 公告 with nothing chosen).
    await pick(page, page, '消息类型', '公告');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(row(page, '公告：周日消防演练')).toContainText('未读');

    // A type without a screen shows its text where it is.
    await page.getByRole('tab', { name: '未读' }).click();
    await row(page, '系统：密码即将过期').getByRole('button', { name: '系统：密码即将过期' }).click();
    const dialog = page.getByRole('dialog', { name: '系统：密码即将过期' });
    await expect(dialog).toContainText('系统：密码即将过期，请及时处理。');
    await badge(page, 2);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row(page, '系统：密码即将过期')).toHaveCount(0);

    await row(page, '公告：周日消防演练').getByRole('button', { name: '公告：周日消防演练' }).click();
    await expect(page).toHaveURL(/\/propertyServices\/notice\?id=5$/);
    await badge(page, 1);
  });

  test('marks chosen messages read, then all; deletes several after confirming', async ({ page }) => {
    await arrange(api, [
      { MsgType: 2, Title: '缴费：1栋101 物业费' },
      { MsgType: 5, Title: '投诉：垃圾未清运' },
      { MsgType: 19, Title: '巡更：东区漏签' },
    ]);
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await page.goto('/news/index');
    await badge(page, 3);

    await row(page, '投诉：垃圾未清运').getByRole('checkbox').check();
    await page.getByRole('button', { name: '标记已读' }).first().click();
    await expect(row(page, '投诉：垃圾未清运')).toContainText('已读');
    await badge(page, 2);

    await page.getByRole('button', { name: '全部已读' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
    await badge(page, 0);
    await page.getByRole('tab', { name: '已读' }).click();
    await expect(panel(page).getByText('共 3 条')).toBeVisible();

    await page.getByRole('tab', { name: '全部' }).click();
    await row(page, '缴费：1栋101 物业费').getByRole('checkbox').check();
    await row(page, '巡更：东区漏签').getByRole('checkbox').check();
    await page.getByRole('button', { name: '删除（2）' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '删除选中的 2 条消息？' });
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(panel(page).getByText('共 3 条')).toBeVisible();
    await page.getByRole('button', { name: '删除（2）' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(panel(page).getByText('共 1 条')).toBeVisible();
    await expect(row(page, '投诉：垃圾未清运')).toBeVisible();
  });

  test('pages through a long list', async ({ page }) => {
    await arrange(
      api,
      Array.from({ length: 23 }, (_, i) => ({ MsgType: 4, Title: `报修单 ${String(i + 1).padStart(2, '0')}` })),
    );
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await page.goto('/news/index');
    await expect(panel(page).getByText('共 23 条')).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(21);
    await expect(row(page, '报修单 23')).toBeVisible();
    await page.getByRole('listitem', { name: '2' }).click();
    await expect(table(page).getByRole('row')).toHaveCount(4);
    await expect(row(page, '报修单 01')).toBeVisible();
    // Kept alive: back from another page, the list is still on page 2.
    await page.getByRole('navigation', { name: '标签页' }).getByRole('tab', { name: '首页' }).click();
    await page.getByRole('navigation', { name: '标签页' }).getByRole('tab', { name: '消息中心' }).click();
    await expect(row(page, '报修单 01')).toBeVisible();
  });
});
