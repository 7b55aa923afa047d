// `npm run bench`: every measured call next to the same SQL run raw on the same database in the same run, then the
// room export's peak memory and a bounded load run, on PGlite and (when DATABASE_URL is set) on PostgreSQL. Measures
// only; nothing here asserts a time. The table goes to stdout and every figure to bench/.out/latest.json.
import os from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { outboxSms } from '../apps/server/src/core/sms';
import { type Kind, openBenchDatabase } from './lib/bench-db';
import { sqlRecorder } from './lib/capture';
import { LARGE_ADMIN, seedLargeCompany, shapeFor } from './lib/large-company';
import { loadRun } from './lib/load';
import { header, record, writeResult } from './lib/report';
import { rssOf, signIn, startServer } from './lib/server-process';
import { formBody, round, timeIt, timePair } from './lib/stats';

const N = Number(process.env.BENCH_N ?? 200);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 100_000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const kinds: Kind[] = process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

type Body = Record<string, string | number>;

async function post(url: string, path: string, body: Body, token?: string) {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: formBody(body),
  });
  const json = (await res.json()) as { ret: number; msg: string; data: unknown };
  if (json.ret !== 0) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** The measured calls of the latency table: each is also run as the raw SQL it sends. */
const calls: { name: string; path: string; body: Body }[] = [
  { name: 'user/GetInfo', path: '/user/GetInfo', body: {} },
  { name: 'SysMessage/MessageCount', path: '/SysMessage/MessageCount', body: {} },
  { name: 'Room/List 20 rows', path: '/Room/List', body: { PgIndex: 1, PgSize: 20 } },
  { name: 'Room/List page 200', path: '/Room/List', body: { PgIndex: 200, PgSize: 20 } },
  { name: 'Room/List RoomNo %101%', path: '/Room/List', body: { PgIndex: 1, PgSize: 20, RoomNo: '101' } },
  { name: 'Room/List owner search', path: '/Room/List', body: { PgIndex: 1, PgSize: 20, OwnerKey: '业主4242' } },
  { name: 'Resident/List 20 rows', path: '/Resident/List', body: { PgIndex: 1, PgSize: 20 } },
  { name: 'Resident/List name search', path: '/Resident/List', body: { PgIndex: 1, PgSize: 20, Name: '业主777' } },
];

async function benchOne(kind: Kind) {
  const bdb = await openBenchDatabase(kind);
  try {
    const t0 = performance.now();
    const large = await seedLargeCompany(bdb.database.db, shapeFor(ROOMS));
    record({
      db: kind,
      name: 'seed large company',
      extra: { rooms: large.rooms, residents: large.residents, seconds: round((performance.now() - t0) / 1000, 1) },
    });

    // Latency: the call through HTTP on loopback next to the SQL it sends, run raw on the same connection.
    const deps = {
      config: bdb.config,
      database: bdb.database,
      sms: outboxSms(bdb.database, { info: () => {} }),
      now: () => new Date(),
    };
    const app = await buildApp(deps, { logger: false, rateLimitMax: 100_000 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const recorder = sqlRecorder(bdb.database);
    record({
      db: kind,
      name: 'user/Login (argon2id)',
      api: await timeIt(Math.min(N, 50), () => signIn(url, 'admin', 'Admin@123')),
    });
    const token = await signIn(url, LARGE_ADMIN.account, LARGE_ADMIN.password);
    for (const c of calls) {
      const statements = await recorder.capture(() => post(url, c.path, c.body, token));
      const [api, raw] = await timePair(
        N,
        () => post(url, c.path, c.body, token),
        () => recorder.runRaw(statements),
      );
      record({
        db: kind,
        name: c.name,
        api,
        raw,
        ratio: round(api.p50 / raw.p50),
        extra: { statements: statements.length },
      });
    }
    const sample = (await post(url, '/Room/List', { PgIndex: 1, PgSize: 20 }, token)) as { Id: number }[];
    await app.close();
    await bdb.release();

    // The export and the load run use the built server as production runs it, in processes of its own.
    const server = await startServer(bdb.env);
    try {
      const exportToken = await signIn(server.url, LARGE_ADMIN.account, LARGE_ADMIN.password);
      const before = rssOf(server.pid);
      let peak = before.rss;
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(server.pid).rss)), 50);
      const e0 = performance.now();
      const res = await fetch(`${server.url}/api/Room/Export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${exportToken}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      clearInterval(timer);
      record({
        db: kind,
        name: `Room/Export ${large.rooms} rows`,
        extra: {
          seconds: round((performance.now() - e0) / 1000, 1),
          MB: round(bytes / 2 ** 20, 1),
          'rss before MiB': before.rss,
          'peak rss MiB': peak,
          'VmHWM MiB': rssOf(server.pid).peak,
        },
      });
      await loadSuite(
        kind,
        server.url,
        exportToken,
        sample.map((r) => r.Id),
        1,
      );
    } finally {
      await server.stop();
    }
    if (kind === 'pg') {
      const cluster = await startServer(bdb.env, os.cpus().length);
      try {
        const token2 = await signIn(cluster.url, LARGE_ADMIN.account, LARGE_ADMIN.password);
        await loadSuite(
          kind,
          cluster.url,
          token2,
          sample.map((r) => r.Id),
          os.cpus().length,
        );
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await bdb.drop();
  }
}

async function loadSuite(kind: Kind, url: string, token: string, roomIds: number[], processes: number) {
  const tag = `${processes} proc`;
  await loadRun({
    db: kind,
    name: `load Room/List 20 rows, ${tag}`,
    url,
    token,
    mix: [{ path: '/Room/List', body: { PgIndex: 1, PgSize: 20 } }],
    connections: 50,
    seconds: LOAD_SECONDS,
  });
  await loadRun({
    db: kind,
    name: `load mix list/get/search, ${tag}`,
    url,
    token,
    mix: [
      { path: '/Room/List', body: { PgIndex: 1, PgSize: 20 } },
      ...roomIds.slice(0, 4).map((Id) => ({ path: '/Room/Get', body: { Id } })),
      { path: '/Resident/List', body: { PgIndex: 1, PgSize: 20 } },
      { path: '/Room/List', body: { PgIndex: 3, PgSize: 20, RoomNo: '1201' } },
      { path: '/SysMessage/MessageCount', body: {} },
    ],
    connections: 50,
    seconds: LOAD_SECONDS,
  });
}

console.info(`bench: ${os.cpus().length} cores; databases: ${kinds.join(', ')}; ${ROOMS} rooms; n=${N}`);
header();
for (const kind of kinds) await benchOne(kind);
console.info(`result: ${writeResult()}`);
