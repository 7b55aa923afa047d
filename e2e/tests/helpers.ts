import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Download, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

const serverLog = path.join(import.meta.dirname, '../.tmp/server.log');

/** Without an SMS gateway the server writes each message to its log; this reads the newest code for a phone. */
export function lastSmsCode(phone: string): string {
  const lines = fs
    .readFileSync(serverLog, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"sms outbox"'));
  for (const line of lines.reverse()) {
    const entry = JSON.parse(line) as { sms?: { phone: string; content: string } };
    if (entry.sms?.phone === phone) return /(\d{6})/.exec(entry.sms.content)![1]!;
  }
  throw new Error(`no SMS to ${phone} in the server log`);
}

/** The demo accounts (apps/server/src/db/seed/demo-org.ts). */
export const accounts = {
  admin: { account: 'admin', password: 'Admin@123', phone: '13800000001' },
  cashier: { account: 'cashier', password: 'Cashier@123', phone: '13800000002' },
  service: { account: 'service', password: 'Service@123', phone: '13800000003' },
} as const;

export async function signIn(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** The session token the page holds (cookie Admin-Token). */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('the page has no Admin-Token cookie');
  return cookie.value;
}

/** Calls the API as the page's user, form-encoded like the console does; returns the envelope. */
export async function callAs<T = unknown>(page: Page, call: string, body: Record<string, string | number> = {}) {
  const res = await page.request.post(`/api${call}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    form: body,
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { ret: number; msg: string; data: T; count?: number };
}

/** The top bar's message link, named '消息，N 条未读'. */
export const messageLink = (page: Page) => page.getByRole('link', { name: /^消息，\d+ 条未读$/ });

export async function unreadBadge(page: Page): Promise<number> {
  const name = (await messageLink(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? Number.NaN);
}

/** The main menu in the sidebar (desktop) or the drawer (mobile). */
export const mainMenu = (page: Page) => page.getByRole('menu', { name: '主菜单' });

/** The tab strip's tab for a title (the strip is a tablist inside navigation '标签页'). */
export const tagTab = (page: Page, title: string) =>
  page.getByRole('navigation', { name: '标签页' }).getByRole('tab', { name: title, exact: true });

/** A session of its own for arranging data through the API (a second device of the same person). */
export async function apiSession(request: APIRequestContext, who: { account: string; password: string }) {
  const login = await request.post('/api/user/Login', { form: { UserAccount: who.account, UserPwd: who.password } });
  const token = ((await login.json()) as { data: string }).data;
  return async <T = unknown>(call: string, body: Record<string, string | number> = {}) => {
    const res = await request.post(`/api${call}`, { headers: { authorization: `Bearer ${token}` }, form: body });
    expect(res.ok()).toBe(true);
    return (await res.json()) as { ret: number; msg: string; data: T; count?: number };
  };
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Picks an option of an antd select found by its accessible name inside `scope`, and waits until the select shows
 * it. A page that re-renders while its options load can close the dropdown under the pointer, so the whole
 * open-and-choose step is retried until the choice sticks. After a navigation, wait for the new page first: until
 * React commits it, the old page's select with the same name is still the one on screen.
 */
export async function pick(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  const want = typeof option === 'string' ? exactly(option) : option;
  const box = scope.getByRole('combobox', { name: label, exact: true }).filter({ visible: true }).first();
  const shown = box.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select-content ")][1]');
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  try {
    await expect(async () => {
      await box.click();
      await options.filter({ hasText: want, visible: true }).first().click({ timeout: 3_000 });
      await expect(shown).toHaveText(want, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  } catch (error) {
    // What was on screen, for a failure seen only in a CI log.
    const seen = {
      selects: await scope.getByRole('combobox', { name: label, exact: true }).count(),
      visible: await box.count(),
      shown: await shown.allTextContents().catch(() => []),
      options: await options.allTextContents().catch(() => []),
      url: page.url(),
    };
    throw new Error(`pick ${label} → ${String(option)} failed; on screen: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/** The data rows of a downloaded xlsx as {header: text}. */
export async function readDownload(download: Download): Promise<Record<string, string>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0]!;
  const headers: string[] = [];
  ws.getRow(1).eachCell((c, i) => (headers[i] = String(c.text)));
  const out: Record<string, string>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const rec: Record<string, string> = {};
    headers.forEach((h, i) => (rec[h] = String(row.getCell(i).text ?? '')));
    out.push(rec);
  });
  return out;
}

// Pages of other open tabs stay mounted (hidden): only what is visible counts.
export const tableRow = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text, visible: true }).first();
export const seen = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });
