import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, apiSession, callAs, seen, signIn, tableRow } from './helpers';

/**
 * Issue 13, SMS (domain/sms-attendance.md "Acceptance" 1–4): preview and send to one building, the batch completes
 * and the ledger shows its deduction; a 0000 number fails 空号 and is refunded; a scheduled batch cancelled is
 * refunded; a top-up confirmed with its 流水号, and 403 without the button.
 */

const balance = async (page: Page) => (await callAs<{ Balance: number }>(page, '/SmsRecharge/Balance')).data.Balance;

/** The form's labels carry the required mark and colon ('* 签名 :'): find controls by the label's word. */
async function choose(page: Page, label: string, option: string) {
  await expect(async () => {
    await page.getByRole('combobox', { name: new RegExp(`^\\W*${label}\\W*$`) }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option, visible: true })
      .first()
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function chooseTemplate(page: Page, vars: Record<string, string>) {
  await choose(page, '签名', '【邻里物业】');
  await choose(page, '模板', '停水通知（通知）');
  for (const [name, value] of Object.entries(vars))
    await page.getByRole('textbox', { name: new RegExp(`^\\W*${name}\\W*$`) }).fill(value);
}

async function previewNumbers(page: Page) {
  await page.getByRole('button', { name: /预\s*览/ }).click();
  const panel = page.getByTestId('sms-preview');
  await expect(panel).toBeVisible();
  const cell = async (label: string) =>
    (
      await panel
        .locator('.ant-descriptions-item-label', { hasText: label })
        .locator('xpath=following-sibling::td[1]')
        .innerText()
    ).trim();
  return {
    total: Number(await cell('接收人数')),
    segments: Number(await cell('合计条数')),
    cost: await cell('预计费用'),
  };
}

async function send(page: Page) {
  await page
    .getByRole('button', { name: /发\s*送/ })
    .filter({ visible: true })
    .last()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /发\s*送/ })
    .click();
  await expect(seen(page, /已提交，批次号 DX\d+/)).toBeVisible();
}

test('acceptance 1 and 2: a building is previewed, sent and charged; 0000 fails 空号 and is refunded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, accounts.admin.account, accounts.admin.password);
  const start = await balance(page);
  await page.goto('/sms/sendgroupmsg');
  await expect(page.getByTestId('sms-balance')).toContainText(start.toLocaleString('en-US'));
  await page.getByText('按楼栋', { exact: true }).click();
  await page.getByRole('combobox', { name: /楼栋/ }).click();
  const tree = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await tree.locator('.ant-select-tree-treenode', { hasText: '阳光花园' }).locator('.ant-select-tree-switcher').click();
  await tree.locator('.ant-select-tree-treenode', { hasText: /^2栋$/ }).locator('.ant-select-tree-checkbox').click();
  await page.keyboard.press('Escape');
  await chooseTemplate(page, { 日期: '12月5日' });
  const p = await previewNumbers(page);
  expect(p.total).toBeGreaterThan(0);
  expect(p.segments).toBeGreaterThanOrEqual(p.total);
  expect(p.cost).toBe(`¥${((p.segments * 8) / 100).toFixed(2)}`);
  await expect(page.getByTestId('sms-preview')).toContainText(
    '【邻里物业】尊敬的住户：因管网维修，阳光花园将于12月5日停水',
  );
  await send(page);
  // The batch completes on the job queue; its records turn 成功 on the log channel's receipts.
  await page.getByRole('tab', { name: '群发任务' }).click();
  await expect(async () => {
    await page
      .getByRole('button', { name: /查\s*询/ })
      .filter({ visible: true })
      .first()
      .click();
    await expect(tableRow(page, '停水通知')).toContainText('已完成', { timeout: 2_000 });
    await expect(tableRow(page, '停水通知')).toContainText(`${p.total} / 0 / 0`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await balance(page)).toBe(start - p.segments);
  await page.goto('/sms/chargereclist');
  await page.getByRole('tab', { name: '余额明细' }).click();
  await expect(tableRow(page, '发送扣减')).toContainText(`-${p.segments}`);

  // Acceptance 2: a typed number ending 0000.
  await page.goto('/sms/sendgroupmsg');
  await page.getByText('手动输入', { exact: true }).click();
  await page.getByLabel('手机号').fill('13955550000\n13955551111\n12345');
  await chooseTemplate(page, { 日期: '12月6日' });
  const q = await previewNumbers(page);
  expect(q.total).toBe(2);
  await expect(page.getByTestId('sms-preview')).toContainText('无效号码 1 个');
  await send(page);
  await page.goto('/sms/sendreclist');
  await page.getByLabel('手机号').fill('13955550000');
  await expect(async () => {
    await page
      .getByRole('button', { name: /查\s*询/ })
      .filter({ visible: true })
      .first()
      .click();
    // Found by the full number, listed masked.
    await expect(tableRow(page, '139****0000')).toContainText('空号', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.goto('/sms/chargereclist');
  await page.getByRole('tab', { name: '余额明细' }).click();
  await expect(tableRow(page, '失败退回')).toContainText('+1');
});

test('acceptance 3: a batch scheduled for tomorrow and cancelled comes back as 取消退回', async ({ page }) => {
  await signIn(page, accounts.admin.account, accounts.admin.password);
  const start = await balance(page);
  await page.goto('/sms/sendgroupmsg');
  await page.getByText('手动输入', { exact: true }).click();
  await page.getByLabel('手机号').fill('13955552222');
  await chooseTemplate(page, { 日期: '12月8日' });
  await page.getByText('定时发送', { exact: true }).click();
  const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  const picker = page.getByPlaceholder('请选择日期');
  await picker.click();
  await picker.fill(`${tomorrow} 09:00`);
  await page.keyboard.press('Enter');
  await previewNumbers(page);
  await send(page);
  expect(await balance(page)).toBe(start - 1);
  await page.getByRole('tab', { name: '群发任务' }).click();
  const row = tableRow(page, `${tomorrow} 09:00`);
  await expect(row).toContainText('待发送');
  await row.getByRole('button', { name: '取消发送' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '取消发送' }).click();
  await expect(row).toContainText('已取消');
  expect(await balance(page)).toBe(start);
});

test('acceptance 4: 1000条 ordered and confirmed with a 流水号; confirm without the button is 403', async ({
  page,
  request,
}) => {
  await signIn(page, accounts.admin.account, accounts.admin.password);
  const start = await balance(page);
  await page.goto('/sms/chargereclist');
  await page.getByRole('button', { name: '充值', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '短信充值' });
  await dialog.getByText('1000条 ¥80').click();
  await dialog.getByText('对公转账').click();
  await dialog.getByRole('button', { name: '下单' }).click();
  const order = tableRow(page, '待支付');
  await expect(order).toContainText('1000条 ¥80');
  const orderNo = (await order.locator('td').first().innerText()).trim();
  await order.getByRole('button', { name: '确认到账' }).click();
  const confirm = page.getByRole('dialog', { name: /确认到账/ });
  await confirm.getByRole('button', { name: '确认到账' }).click();
  await expect(confirm.getByText('请输入流水号')).toBeVisible();
  await confirm.getByLabel('流水号').fill('BANK-E2E-001');
  await confirm.getByRole('button', { name: '确认到账' }).click();
  await expect(tableRow(page, orderNo)).toContainText('已支付');
  await expect(page.getByTestId('sms-balance')).toContainText((start + 1000).toLocaleString('en-US'));
  const service = await apiSession(request, accounts.service);
  const pending = await callAs<{ Id: number }>(page, '/SmsRecharge/Add', { Package: 1, PayMethod: 1 });
  expect((await service('/SmsRecharge/Confirm', { Id: pending.data.Id, PayRef: 'X' })).ret).toBe(403);
  expect(await balance(page)).toBe(start + 1000);
});
