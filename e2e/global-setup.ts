import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const tmpDir = path.join(import.meta.dirname, '.tmp');
export const serverLog = path.join(tmpDir, 'server.log');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// E2E_SERVER_WAIT_MS: a machine under heavy load may need longer for the first start (migrations and the demo seed).
async function waitUntilUp(url: string, server: ChildProcess, ms = Number(process.env.E2E_SERVER_WAIT_MS ?? 60_000)) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited early; see ${serverLog}`);
    try {
      const res = await fetch(`${url}/api/user/Login`, { method: 'POST' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${ms} ms; see ${serverLog}`);
}

/** Builds what is missing, then starts the real server on a free port with a fresh embedded database. */
export default async function globalSetup() {
  const needBuild = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].some(
    (f) => !fs.existsSync(path.join(root, f)),
  );
  if (needBuild && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
    throw new Error('build failed');
  }
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const port = await freePort();
  const log = fs.openSync(serverLog, 'w');
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmpDir, 'data'),
      DEMO: '1',
      // Scheduled jobs have their own server tests; here they would add reminders in the middle of a flow.
      JOBS: '0',
      // The suite signs in before every test, all from 127.0.0.1.
      SIGNIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, server);
  process.env.E2E_BASE_URL = url;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
}
