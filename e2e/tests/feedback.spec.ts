import { expect, test } from './fixtures';
import { accounts, signIn } from './helpers';

/** A valid 1×1 PNG, made here so the test carries no binary fixture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('意见反馈', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, accounts.service.account, accounts.service.password);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '意见反馈' }).click();
  });

  test('asks for the text and refuses a file that is not jpg, png or bmp', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: '意见反馈' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('客服热线');
    await expect(dialog.getByRole('link', { name: '在线客服' })).toHaveAttribute('target', '_blank');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog.getByText('请输入反馈内容')).toBeVisible();
    await dialog.getByPlaceholder('请描述您遇到的问题或建议，我们会尽快处理').fill('   ');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog.getByText('请输入反馈内容')).toBeVisible();

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(page.getByText('上传的图片格式不对，要求为jpg,png,bmp格式!')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
  });

  test('sends the text with a picture, says 提交成功 and starts empty next time', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: '意见反馈' });
    const text = dialog.getByPlaceholder('请描述您遇到的问题或建议，我们会尽快处理');
    await text.fill('收费页面的打印按钮有时没有反应');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '意见反馈' }).click();
    await expect(text).toHaveValue('');
    await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(0);
  });
});
