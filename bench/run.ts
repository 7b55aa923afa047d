// `npm run bench`: latency of the hot calls on a fresh, seeded database, through real HTTP on loopback.
// Measures only; nothing here asserts a time. Set DATABASE_URL to measure on PostgreSQL instead of PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { outboxSms } from '../apps/server/src/core/sms';
import { openDatabase } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { adminQuery, urlForDatabase } from '../apps/server/test/pg-admin';

const N = Number(process.env.BENCH_N ?? 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linli-bench-'));
// The bench signs in as one account 100 times a minute: lift the per-account limit too (SIGNIN_RATE_LIMIT's role).
const config = { ...loadConfig(), dataDir, logLevel: 'silent', port: 0, signInRateLimit: 100_000 };
// On PostgreSQL the bench gets a throwaway database of its own; it never writes into the one DATABASE_URL names.
const baseUrl = config.databaseUrl;
const benchDb = `linli_bench_${process.pid}`;
if (baseUrl) {
  await adminQuery(baseUrl, `create database ${benchDb}`);
  config.databaseUrl = urlForDatabase(baseUrl, benchDb);
}
const database = await openDatabase(config);
await seedIfEmpty(database.db);
const deps = { config, database, sms: outboxSms(database, { info: () => {} }), now: () => new Date() };
// The bench signs in 100 times from one address: lift the per-IP limit that guards real sign-ins.
const app = await buildApp(deps, { logger: false, rateLimitMax: 100_000 });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

async function call(name: string, body: Record<string, string>, token?: string) {
  const res = await fetch(`${url}/api${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(body),
  });
  const json = (await res.json()) as { ret: number; data: unknown };
  if (json.ret !== 0) throw new Error(`${name}: ${JSON.stringify(json)}`);
  return json.data;
}

async function measure(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, n); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.info(`${label.padEnd(28)} n=${String(n).padEnd(5)} p50=${q(0.5)} ms  p95=${q(0.95)} ms  max=${q(1)} ms`);
}

console.info(`database: ${database.kind}; ${os.cpus().length} cores`);
const token = (await call('/user/Login', { UserAccount: 'admin', UserPwd: 'Admin@123' })) as string;
await measure('user/Login (argon2id)', Math.min(N, 100), () =>
  call('/user/Login', { UserAccount: 'cashier', UserPwd: 'Cashier@123' }),
);
await measure('user/GetInfo', N, () => call('/user/GetInfo', {}, token));
await measure('SysMessage/MessageCount', N, () => call('/SysMessage/MessageCount', {}, token));
await measure('MyDeskTop/GetRoleFunction', N, () => call('/MyDeskTop/GetRoleFunction', {}, token));

await app.close();
await database.close();
if (baseUrl) await adminQuery(baseUrl, `drop database if exists ${benchDb} with (force)`);
fs.rmSync(dataDir, { recursive: true, force: true });
