import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Peak and current resident set of a process, in MiB, from /proc (Linux). */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

export interface MemorySample {
  /** Resident set, V8 heap in use and memory outside it (Buffers …), MiB. */
  rss: number;
  heapUsed: number;
  external: number;
}

function probeSample(file: string): MemorySample | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as MemorySample;
  } catch {
    return null; // not written yet, or caught half-written
  }
}

/**
 * The server's memory while `fn` runs: the probe's sample (memory-probe.mjs) at the highest resident set, beside
 * /proc's, and the process's lifetime peak (VmHWM).
 */
export async function memoryDuring<T>(server: { pid: number; memoryFile: string }, fn: () => Promise<T>) {
  const before = rssOf(server.pid).rss;
  let peak: MemorySample = probeSample(server.memoryFile) ?? { rss: before, heapUsed: 0, external: 0 };
  let peakRss = before;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.pid).rss);
    const s = probeSample(server.memoryFile);
    if (s && s.rss >= peak.rss) peak = s;
  }, 20);
  try {
    const result = await fn();
    return {
      result,
      memory: {
        'rss before MiB': before,
        'peak rss MiB': peakRss,
        'heap at peak MiB': peak.heapUsed,
        'external at peak MiB': peak.external,
        'VmHWM MiB': rssOf(server.pid).peak,
      },
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The built server as production runs it: `processes` > 1 runs that many behind one port with node:cluster (the
 * way to run N processes on one PostgreSQL database without a proxy). Only the first runs the scheduled jobs.
 */
export async function startServer(env: Record<string, string>, processes = 1) {
  if (!fs.existsSync(serverMain)) throw new Error('build the server first: npm run build -w @linli/server');
  const port = await freePort();
  const memoryFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'linli-bench-memory-')), 'sample.json');
  const args = [
    ...SERVER_NODE_FLAGS,
    '--import',
    pathToFileURL(path.join(import.meta.dirname, 'memory-probe.mjs')).href,
    processes > 1 ? path.join(import.meta.dirname, 'cluster.mjs') : serverMain,
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...env,
      BENCH_MEMORY_FILE: memoryFile,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: '0',
      BENCH_PROCESSES: String(processes),
      SIGNIN_RATE_LIMIT: '100000',
      // No schedules: a fresh process runs every hourly job at once, which would be measured as the server's latency.
      JOBS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/user/Login`, { method: 'POST' })
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    memoryFile,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(path.dirname(memoryFile), { recursive: true, force: true });
    },
  };
}

export async function signIn(url: string, account: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/user/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ UserAccount: account, UserPwd: password }),
  });
  const json = (await res.json()) as { ret: number; msg: string; data: string };
  if (json.ret !== 0) throw new Error(`sign-in ${account}: ${json.msg}`);
  return json.data;
}
