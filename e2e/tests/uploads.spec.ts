import { expect, test } from './fixtures';
import { accounts, signIn } from './helpers';

/**
 * Issue 10: the face library shows the demo photos (real small JPEGs drawn at start), which the browser loads with
 * the session cookie; the same link opened without a session is refused.
 */
test('the face library shows the demo photos to its company and nobody else', async ({ page, browser, baseURL }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/uploads/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await signIn(page, accounts.admin.account, accounts.admin.password);
  await page.goto('/household/facedata');
  const photo = page.locator('.ant-table-row img').first();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  expect(failed).toEqual([]);

  const src = (await photo.getAttribute('src'))!;
  expect(src).toMatch(/^\/uploads\//);
  const stranger = await browser.newContext();
  try {
    const res = await stranger.request.get(new URL(src, baseURL).toString());
    expect(res.status()).toBe(401);
  } finally {
    await stranger.close();
  }
});
