// Weighs what a browser downloads to show /login: every JS and CSS response, gzip-compressed (level 9), summed.
// ARCHITECTURE.md: the login page should weigh no more than a bare Vite + React + antd 6 page (213 KiB).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error('build first: npm run build');
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linli-weight-'));
const port = 20000 + (process.pid % 20000);
const server = spawn(process.execPath, [main], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});

try {
  const url = `http://127.0.0.1:${port}/login`;
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const sizes: { file: string; gzip: number }[] = [];
  page.on('response', async (res) => {
    const u = new URL(res.url());
    if (!/\.(js|css)$/.test(u.pathname)) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    sizes.push({ file: u.pathname, gzip: gzipSync(body, { level: 9 }).length });
  });
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByPlaceholder('请输入账号').waitFor();
  const shown = performance.now() - t0;
  await browser.close();
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  for (const s of sizes.sort((a, b) => b.gzip - a.gzip))
    console.info(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KiB  ${s.file}`);
  console.info(
    `login page: ${sizes.length} files, ${(total / 1024).toFixed(1)} KiB gzip JS+CSS, form shown after ${shown.toFixed(0)} ms`,
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
