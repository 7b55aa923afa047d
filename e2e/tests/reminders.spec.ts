import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, callAs, messageLink, signIn, unreadBadge } from './helpers';

/**
 * The demo installation's /SysMessage/DemoPush gives the administrator a reminder of his own, through the same
 * notify() every module uses: stored, then pushed over /socket/ as 'show' (or 'voice').
 */
async function push(page: Page, reminder: { MsgType: number; Title: string; SourceId?: number; Voice?: number }) {
  const r = await callAs(page, '/SysMessage/DemoPush', { SourceId: 0, ...reminder });
  expect(r.ret, r.msg).toBe(0);
}

const popup = (page: Page) => page.getByRole('region', { name: '消息提醒' });
const reminderItem = (page: Page, title: string) => popup(page).getByRole('listitem').filter({ hasText: title });

/** Resolves once the console's reminder channel is open and has told the server who it is. */
async function channelReady(page: Page) {
  const ws = await page.waitForEvent('websocket', { predicate: (w) => w.url().endsWith('/socket/') });
  await ws.waitForEvent('framesent', { predicate: (f) => /^\d+$/.test(String(f.payload)) });
  return ws;
}

/** Each channel the page opens goes through a route that passes everything on and that the test can close. */
const routed = new WeakMap<Page, WebSocketRoute[]>();
async function liveSocket(page: Page): Promise<WebSocketRoute> {
  const list = routed.get(page) ?? [];
  expect(list.length).toBeGreaterThan(0);
  return list.at(-1)!;
}

test.describe('reminders', () => {
  test.beforeEach(async ({ page }) => {
    const list: WebSocketRoute[] = [];
    routed.set(page, list);
    await page.routeWebSocket(/\/socket\/$/, (ws) => {
      ws.connectToServer();
      list.push(ws);
    });
    const ready = channelReady(page);
    await signIn(page, accounts.admin.account, accounts.admin.password);
    await ready;
  });

  test('a reminder pushed while the page is open appears in the popup and raises the badge', async ({ page }) => {
    const before = await unreadBadge(page);
    await push(page, { MsgType: 4, Title: '3栋502报修：厨房水管漏水', SourceId: 7 });
    await expect(reminderItem(page, '3栋502报修：厨房水管漏水')).toBeVisible();
    await expect(messageLink(page)).toHaveAttribute('aria-label', `消息，${before + 1} 条未读`);
    await expect(popup(page).getByRole('link', { name: '查看更多' })).toBeVisible();
    // 收起 keeps only the title bar, off the rows' actions below it; 展开 brings the list back.
    await popup(page).getByRole('button', { name: '收起消息提醒' }).click();
    await expect(reminderItem(page, '3栋502报修：厨房水管漏水')).toBeHidden();
    expect((await popup(page).boundingBox())!.height).toBeLessThan(60);
    await popup(page).getByRole('button', { name: '展开消息提醒' }).click();
    await expect(reminderItem(page, '3栋502报修：厨房水管漏水')).toBeVisible();
    await popup(page).getByRole('button', { name: '关闭消息提醒' }).click();
    await expect(popup(page)).toBeHidden();
  });

  test('opening a 公告 reminder marks it read and goes to the notice with its id', async ({ page }) => {
    const before = await unreadBadge(page);
    await push(page, { MsgType: 6, Title: '小区公告：周六停水', SourceId: 12 });
    const item = reminderItem(page, '小区公告：周六停水');
    await expect(item).toBeVisible();
    await expect(messageLink(page)).toHaveAttribute('aria-label', `消息，${before + 1} 条未读`);
    await item.getByRole('button', { name: '小区公告：周六停水' }).click();
    await expect(page).toHaveURL(/\/propertyServices\/notice\?id=12$/);
    await expect(messageLink(page)).toHaveAttribute('aria-label', `消息，${before} 条未读`);
    await expect(reminderItem(page, '小区公告：周六停水')).toHaveCount(0);
  });

  test('ignoring a reminder removes it and the badge drops', async ({ page }) => {
    const before = await unreadBadge(page);
    await push(page, { MsgType: 5, Title: '投诉：夜间施工噪音' });
    await push(page, { MsgType: 2, Title: '收到缴费：1栋101 物业费' });
    await expect(reminderItem(page, '收到缴费：1栋101 物业费')).toBeVisible();
    await expect(messageLink(page)).toHaveAttribute('aria-label', `消息，${before + 2} 条未读`);
    await reminderItem(page, '投诉：夜间施工噪音').getByRole('button', { name: '忽略' }).click();
    await expect(reminderItem(page, '投诉：夜间施工噪音')).toHaveCount(0);
    await expect(reminderItem(page, '收到缴费：1栋101 物业费')).toBeVisible();
    await expect(messageLink(page)).toHaveAttribute('aria-label', `消息，${before + 1} 条未读`);
  });

  test('the popup closes when the last reminder is gone', async ({ page }) => {
    await callAs(page, '/SysMessage/UpdateMsgState', { Id: 0, Tp: 1 });
    await push(page, { MsgType: 1, Title: '系统：密码将于7天后过期' });
    const item = reminderItem(page, '系统：密码将于7天后过期');
    await expect(item).toBeVisible();
    // A type without a screen is only marked read.
    await item.getByRole('button', { name: '系统：密码将于7天后过期' }).click();
    await expect(popup(page)).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(messageLink(page)).toHaveAttribute('aria-label', '消息，0 条未读');
  });

  test('a dropped channel reconnects within about 5 s and reminders arrive again', async ({ page }) => {
    // The server end of the channel goes away (as when a server process restarts).
    const live = await liveSocket(page);
    const reconnected = channelReady(page);
    const dropped = Date.now();
    await live.close({ code: 1012, reason: 'service restart' });
    await reconnected;
    const took = Date.now() - dropped;
    expect(took).toBeGreaterThanOrEqual(4_500);
    expect(took).toBeLessThan(8_000);
    await push(page, { MsgType: 4, Title: '重连之后的报修提醒' });
    await expect(reminderItem(page, '重连之后的报修提醒')).toBeVisible();
  });
});
