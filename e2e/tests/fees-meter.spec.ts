import { expect, test } from './fixtures';

/**
 * 电表充值 (domain/fees.md "电表充值 electric"): finance tops up a prepaid meter with the keyboard, the receipt
 * prints, the top-up waits 待写表, and 写表成功 makes it 已写表.
 */
test('recharge a prepaid meter, see it 待写表, confirm it 已写表', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('caiwu1');
  await page.getByPlaceholder('请输入密码').fill('Linli@123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/chargemanage/electric');
  await page.evaluate(() => {
    const w = globalThis as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => void (w.printed += 1);
  });
  const row = page.getByRole('row', { name: /DB000003/ });
  await expect(row).toContainText('0.5283');
  await row.getByRole('button', { name: '充值' }).click();

  // The amount has the focus; 52.83 ÷ 0.5283 = 100 度; cash 60 gives 7.17 back; Enter takes the money.
  await expect(page.getByRole('textbox', { name: '充值金额' })).toBeFocused();
  await page.keyboard.type('52.83');
  await expect(page.getByText('100.00 度')).toBeVisible();
  await page.getByRole('textbox', { name: '实收金额' }).fill('60');
  await expect(page.getByText('找零 ¥7.17')).toBeVisible();
  await page.keyboard.press('Enter');

  const receipt = page.getByRole('dialog', { name: '收款收据' });
  await expect(receipt).toContainText('电表充值');
  await expect(receipt).toContainText('伍拾贰元捌角叁分');
  const receiptNo = (await receipt
    .getByText(/SF\d{10}/)
    .first()
    .textContent())!.match(/SF\d{10}/)![0];
  // The dialog focuses 打印 once it is shown; Enter before that would land elsewhere.
  await expect(page.getByRole('button', { name: '打印 (Enter)', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();

  await page.getByRole('tab', { name: '充值记录' }).click();
  const rec = page.getByRole('row', { name: new RegExp(receiptNo) });
  await expect(rec).toContainText('待写表');
  await expect(rec).toContainText('100.00');
  await rec.getByRole('button', { name: '写表成功' }).click();
  await expect(rec).toContainText('已写表');
  await expect(rec.getByRole('button', { name: '写表成功' })).toHaveCount(0);
});
