import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { SmsMessage, SmsProvider } from '../src/core/sms';
import { type Database, openPg, openPglite } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { type FaceSendResult, type FaceTask, failure } from '../src/modules/residents/face-device';
import { adminQuery, urlForDatabase } from './pg-admin';

export interface Envelope<T = unknown> {
  ret: number;
  msg: string;
  data: T;
  count?: number;
}

export const onPostgres = () => inject('template').kind === 'pg';

async function cloneTemplate(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const tpl = inject('template');
  if (tpl.kind === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([fs.readFileSync(tpl.file)]) });
    return { database, drop: async () => {} };
  }
  const name = `linli_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(tpl.baseUrl, `create database ${name} template ${tpl.name}`);
  const url = urlForDatabase(tpl.baseUrl, name);
  const database = openPg(url, 4);
  return { database, url, drop: () => adminQuery(tpl.baseUrl, `drop database if exists ${name} with (force)`) };
}

/** A fresh app on a fresh copy of the seeded database, with a movable clock and a recording SMS gateway. */
export async function createTestApp(opts: { rateLimitMax?: number; env?: NodeJS.ProcessEnv } = {}) {
  const { database, url, drop } = await cloneTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linli-test-'));
  const sent: SmsMessage[] = [];
  const sms: SmsProvider = { name: 'test', send: async (m) => void sent.push(m) };
  let offsetMs = 0;
  // A frozen clock stands still (advance still moves it): tests of rates and expiries then count exactly.
  let frozenAt: number | null = null;
  // The fake access device: records every face task; answers done, queued (device pulls later) or an error code.
  const faceTasks: FaceTask[] = [];
  let faceAnswer: 'done' | 'queued' | string = 'done';
  const faceDevices = {
    name: 'fake',
    send: async (task: FaceTask): Promise<FaceSendResult> => {
      faceTasks.push(task);
      return faceAnswer === 'done' || faceAnswer === 'queued' ? { state: faceAnswer } : failure(faceAnswer);
    },
  };
  // Tests sign in far more often than a person; the per-address and per-account limits have their own tests.
  const rateLimitMax = opts.rateLimitMax ?? 10_000;
  const config = {
    ...loadConfig(opts.env ?? {}),
    dataDir,
    logLevel: 'silent',
    webDist: path.join(dataDir, 'no-web'),
    signInRateLimit: rateLimitMax,
  };
  const deps: AppDeps = {
    config,
    database,
    sms,
    faceDevices,
    now: () => new Date((frozenAt ?? Date.now()) + offsetMs),
  };
  const app = await buildApp(deps, { logger: false, rateLimitMax });
  await app.ready();

  async function api<T = unknown>(
    call: string,
    body: Record<string, unknown> | string = {},
    token?: string,
  ): Promise<Envelope<T>> {
    const form = typeof body === 'string' ? body : new URLSearchParams(stringify(body)).toString();
    const res = await app.inject({
      method: 'POST',
      url: `/api${call}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: form,
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    return res.json() as Envelope<T>;
  }

  async function login(account: string, password: string): Promise<string> {
    const r = await api<string>('/user/Login', { UserAccount: account, UserPwd: password });
    if (r.ret !== 0) throw new Error(`login ${account} failed: ${r.msg}`);
    return r.data;
  }

  /** The newest code the SMS gateway carried to this phone. */
  function lastCode(phone: string): string {
    const m = [...sent].reverse().find((s) => s.phone === phone);
    const code = m && /(\d{6})/.exec(m.content)?.[1];
    if (!code) throw new Error(`no code was sent to ${phone}`);
    return code;
  }

  const extraApps: { close(): Promise<unknown> }[] = [];
  /** Another server process on the same PostgreSQL database (scale-out), sharing nothing but the database. */
  async function secondApp() {
    if (!url) throw new Error('a second app needs PostgreSQL');
    const db2 = openPg(url, 2);
    const app2 = await buildApp({ ...deps, database: db2 }, { logger: false });
    extraApps.push({
      close: async () => {
        await app2.close();
        await db2.close();
      },
    });
    return app2;
  }

  return {
    app,
    deps,
    secondApp,
    db: database.db,
    sent,
    /** The fake face device: its tasks, and what it answers next ('done', 'queued' or a code such as 'NO_FACE'). */
    faceDevice: {
      tasks: faceTasks,
      answer: (a: 'done' | 'queued' | string) => {
        faceAnswer = a;
      },
    },
    api,
    login,
    lastCode,
    /** Stops the app's clock where it is; `advance` still moves it. */
    freeze: () => {
      frozenAt ??= Date.now();
    },
    advance: (ms: number) => {
      offsetMs += ms;
    },
    async close() {
      for (const a of extraApps) await a.close();
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function stringify(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]),
  );
}
