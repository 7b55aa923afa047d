// `npm run bench`: every measured call next to the same SQL run raw on the same database in the same run, then the
// room export's peak memory and a bounded load run, on PGlite and (when DATABASE_URL is set) on PostgreSQL. Measures
// only; nothing here asserts a time. The table goes to stdout and every figure to bench/.out/latest.json.
import os from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { outboxSms } from '../apps/server/src/core/sms';
import { type BenchDatabase, type Kind, openBenchDatabase } from './lib/bench-db';
import { accessBench } from './lib/access-bench';
import { sqlRecorder } from './lib/capture';
import { seedLargeAttendance } from './lib/large-attendance';
import { LARGE_ADMIN, seedLargeCompany, shapeFor } from './lib/large-company';
import { loadRun } from './lib/load';
import { payUnderLoad, seedDeskBills } from './lib/fee-desk';
import { benchFees } from './lib/fees-bench';
import { benchReports, measureReportExport } from './lib/reports-bench';
import { header, record, writeResult } from './lib/report';
import { memoryDuring, signIn, startServer } from './lib/server-process';
import { rawInsertSelect, sendBody, smsSetup, timedExpand } from './lib/sms';
import { formBody, round, timeIt, timePair } from './lib/stats';

const N = Number(process.env.BENCH_N ?? 200);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 100_000);
const ATT_PEOPLE = Number(process.env.BENCH_ATT_PEOPLE ?? 1000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const kinds: Kind[] =
  (process.env.BENCH_DBS?.split(',') as Kind[] | undefined) ??
  (process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite']);
/** BENCH_PARTS picks parts of the run; all by default. */
const ALL_PARTS = 'demo-load,latency,access,sms,fees,desk,export,load,reports';
const parts = new Set((process.env.BENCH_PARTS ?? ALL_PARTS).split(','));
const LARGE_PARTS = ALL_PARTS.split(',').filter((p) => p !== 'demo-load');

type Body = Record<string, string | number>;

async function post(url: string, path: string, body: Body, token?: string, retry = true): Promise<unknown> {
  // A keep-alive socket the server closed while the bench seeded (minutes) fails once: ask again on a new one.
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: formBody(body),
  }).catch((e: unknown) => {
    if (retry) return null;
    throw e;
  });
  if (!res) return post(url, path, body, token, false);
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
  { name: 'Attendance/PunchList 20 rows', path: '/Attendance/PunchList', body: { PgIndex: 1, PgSize: 20 } },
  { name: 'Attendance/PunchList 迟到', path: '/Attendance/PunchList', body: { PgIndex: 1, PgSize: 20, State: 2 } },
  { name: 'Attendance/LogList 20 rows', path: '/Attendance/LogList', body: { PgIndex: 1, PgSize: 20 } },
  {
    name: 'Attendance/StatMonth 20 rows',
    path: '/Attendance/StatMonth',
    body: { PgIndex: 1, PgSize: 20, Month: thisMonth() },
  },
  { name: 'ParkingLot/List', path: '/ParkingLot/List', body: { PgIndex: 1, PgSize: 20 } },
  { name: 'ParkingSpace/List 20 rows', path: '/ParkingSpace/List', body: { PgIndex: 1, PgSize: 20 } },
  {
    name: 'ParkingSpace/List 业主/车牌',
    path: '/ParkingSpace/List',
    body: { PgIndex: 1, PgSize: 20, Keyword: '业主4242' },
  },
  { name: 'Vehicle/List 20 rows', path: '/Vehicle/List', body: { PgIndex: 1, PgSize: 20 } },
  { name: 'Vehicle/List 30天内到期', path: '/Vehicle/List', body: { PgIndex: 1, PgSize: 20, ValidState: 2 } },
  { name: 'Vehicle/List plate contains', path: '/Vehicle/List', body: { PgIndex: 1, PgSize: 20, Plate: 'BC12' } },
];

function thisMonth() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);
}

/**
 * #11's load goal is judged on the demo company (a few hundred rooms): the built server on the freshly seeded
 * database, before the large company exists, with 1 process and (PostgreSQL) one per core. PGlite has one opener.
 */
async function demoLoad(kind: Kind, bdb: BenchDatabase) {
  await bdb.release();
  for (const processes of kind === 'pg' ? [1, os.cpus().length] : [1]) {
    const server = await startServer(bdb.env, processes);
    try {
      const token = await signIn(server.url, 'admin', 'Admin@123');
      const sample = (await post(server.url, '/Room/List', { PgIndex: 1, PgSize: 20 }, token)) as { Id: number }[];
      await loadSuite(
        kind,
        server.url,
        token,
        sample.map((r) => r.Id),
        `demo, ${processes} proc`,
      );
    } finally {
      await server.stop();
    }
  }
  await bdb.reopen();
}

type Post = (path: string, body: Body) => Promise<unknown>;
type Recorder = ReturnType<typeof sqlRecorder>;

/** A call through HTTP next to the SQL it sends, run raw on the same connection. */
async function pair(kind: Kind, recorder: Recorder, send: Post, c: { name: string; path: string; body: Body }, n = N) {
  const statements = await recorder.capture(() => send(c.path, c.body));
  const [api, raw] = await timePair(
    n,
    () => send(c.path, c.body),
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

async function benchOne(kind: Kind) {
  const bdb = await openBenchDatabase(kind);
  try {
    if (parts.has('demo-load')) await demoLoad(kind, bdb);
    if (!LARGE_PARTS.some((p) => parts.has(p))) return;
    const t0 = performance.now();
    const large = await seedLargeCompany(bdb.database.db, shapeFor(ROOMS));
    record({
      db: kind,
      name: 'seed large company',
      extra: {
        rooms: large.rooms,
        residents: large.residents,
        spaces: large.spaces,
        vehicles: large.vehicles,
        seconds: round((performance.now() - t0) / 1000, 1),
      },
    });

    // Latency: the call through HTTP on loopback next to the SQL it sends, run raw on the same connection.
    const deps = {
      // The device calls are measured past the 20 requests/s a device may make (access-bench.ts).
      config: { ...bdb.config, deviceRateLimit: 1_000_000 },
      database: bdb.database,
      sms: outboxSms(bdb.database, { info: () => {} }),
      now: () => new Date(),
    };
    const app = await buildApp(deps, { logger: false, rateLimitMax: 100_000 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const recorder = sqlRecorder(bdb.database);
    const token = await signIn(url, LARGE_ADMIN.account, LARGE_ADMIN.password);
    const send: Post = (path, body) => post(url, path, body, token);
    if (parts.has('latency')) {
      const a0 = performance.now();
      const att = await seedLargeAttendance(bdb.database.db, large.cmpId, ATT_PEOPLE, 60);
      record({
        db: kind,
        name: 'seed attendance',
        extra: { people: ATT_PEOPLE, ...att, seconds: round((performance.now() - a0) / 1000, 1) },
      });
      record({
        db: kind,
        name: 'user/Login (argon2id)',
        api: await timeIt(Math.min(N, 50), () => signIn(url, 'admin', 'Admin@123')),
      });
      for (const c of calls) await pair(kind, recorder, send, c);
    }
    if (parts.has('access')) await accessBench(kind, url, recorder, N);
    const smsIds = parts.has('sms') ? await smsSetup(bdb.database, large.cmpId) : null;
    if (smsIds) {
      // SMS group send to ~10,000 residents: Send (an immediate batch writes its records, charges and queues in one
      // transaction) + the background run's expansion step, next to the raw INSERT … SELECT of the same rows.
      const raw = await rawInsertSelect(bdb.database, large.cmpId, smsIds.communityIds[0]!);
      const s0 = performance.now();
      const sent = (await send('/Sms/Send', sendBody(smsIds, smsIds.communityIds[0]!))) as { BatchId: number };
      const sendMs = performance.now() - s0;
      const expanded = await timedExpand(deps, large.cmpId, sent.BatchId);
      const queueMs = round(sendMs + expanded.ms, 1);
      record({
        db: kind,
        name: `Sms/Send to ${raw.rows} recipients`,
        extra: {
          'send ms': round(sendMs, 1),
          'expand ms': expanded.ms,
          'queue ms': queueMs,
          'raw insert-select ms': raw.ms,
          'raw rows': raw.rows,
          ratio: round(queueMs / raw.ms, 2),
        },
      });
    }
    // 收费台: Search and Context next to their SQL here; Pay under 20 concurrent cashiers later, against the built server
    // in a process of its own (20 clients in this process would bill their own CPU to the server's latency). Pay
    // writes, so it has no raw replay: its receipt numbers and RequestIds are unique.
    const payBills = parts.has('desk') ? await seedDeskBills(bdb.database.db, Math.max(200, N), '压测收费台费') : [];
    if (parts.has('desk')) {
      const deskBills = await seedDeskBills(bdb.database.db, 20, '压测收费台查询');
      const deskRoom = deskBills[0]!;
      const deskKey = deskRoom.full_name.replace(/栋-|单元-/g, '-');
      await pair(kind, recorder, send, {
        name: `Cashier/Search ${deskKey}`,
        path: '/Cashier/Search',
        body: { Keyword: deskKey },
      });
      await pair(kind, recorder, send, {
        name: 'Cashier/Search owner name',
        path: '/Cashier/Search',
        body: { Keyword: '业主4242' },
      });
      await pair(kind, recorder, send, {
        name: 'Cashier/Context',
        path: '/Cashier/Context',
        body: { RoomId: deskRoom.room_id },
      });
    }
    const sample = (await send('/Room/List', { PgIndex: 1, PgSize: 20 })) as { Id: number }[];
    const roomIds = sample.map((r) => r.Id);
    // Last on this app: its raw half runs for a minute without HTTP, past the server's keep-alive.
    if (parts.has('fees')) await benchFees(kind, deps, bdb.database, send);
    // Issue 15: every report of part B next to its raw SQL, over a 12-month fee history of the large company.
    const reportExport = parts.has('reports')
      ? await benchReports(kind, bdb.database, (c) => pair(kind, recorder, send, c))
      : null;
    await app.close();
    await bdb.release();
    if (!['export', 'load', 'reports', 'desk'].some((p) => parts.has(p))) return;

    // The export and the load run use the built server as production runs it, in processes of its own.
    const server = await startServer(bdb.env);
    try {
      const serverToken = await signIn(server.url, LARGE_ADMIN.account, LARGE_ADMIN.password);
      if (payBills.length)
        record({
          db: kind,
          name: 'FeePayment/Pay, 20 concurrent cashiers',
          api: await payUnderLoad((path, body) => post(server.url, path, body, serverToken), payBills, 20),
        });
      if (parts.has('export')) {
        await measureExport(kind, server, serverToken, large.rooms);
        if (smsIds) await smsInServer(kind, server, serverToken, smsIds);
      }
      if (reportExport) await measureReportExport(kind, server, serverToken, reportExport);
      if (parts.has('load')) await loadSuite(kind, server.url, serverToken, roomIds, 'large, 1 proc');
    } finally {
      await server.stop();
    }
    if (kind === 'pg' && parts.has('load')) {
      const cluster = await startServer(bdb.env, os.cpus().length);
      try {
        const token2 = await signIn(cluster.url, LARGE_ADMIN.account, LARGE_ADMIN.password);
        await loadSuite(kind, cluster.url, token2, roomIds, `large, ${os.cpus().length} proc`);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await bdb.drop();
  }
}

/** The SMS group send in the server process: peak RSS until every record is handed to the outbox. */
async function smsInServer(
  kind: Kind,
  server: { url: string; pid: number; memoryFile: string },
  token: string,
  smsIds: Awaited<ReturnType<typeof smsSetup>>,
) {
  const q0 = performance.now();
  const { result: queuedMs, memory } = await memoryDuring(server, async () => {
    const batch = (await post(server.url, '/Sms/Send', sendBody(smsIds, smsIds.communityIds[1]!), token)) as {
      BatchId: number;
    };
    let queued = 0;
    for (;;) {
      const p = (await post(server.url, '/Sms/BatchProgress', { BatchId: batch.BatchId }, token)) as {
        Total: number;
        Done: number;
        State: number;
      };
      if (!queued && p.Done > 0) queued = performance.now() - q0;
      if (p.State === 3 || performance.now() - q0 > 300_000) return queued;
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  record({
    db: kind,
    name: 'Sms group send in server process',
    extra: {
      'first hand-over s': round(queuedMs / 1000, 1),
      'all handed over s': round((performance.now() - q0) / 1000, 1),
      ...memory,
    },
  });
}

/** The room export of the whole large company: its time, size and the server process's peak resident set. */
async function measureExport(
  kind: Kind,
  server: { url: string; pid: number; memoryFile: string },
  token: string,
  rooms: number,
) {
  const e0 = performance.now();
  const { result: bytes, memory } = await memoryDuring(server, async () => {
    const res = await fetch(`${server.url}/api/Room/Export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    return (await res.arrayBuffer()).byteLength;
  });
  record({
    db: kind,
    name: `Room/Export ${rooms} rows`,
    extra: { seconds: round((performance.now() - e0) / 1000, 1), MB: round(bytes / 2 ** 20, 1), ...memory },
  });
}

async function loadSuite(kind: Kind, url: string, token: string, roomIds: number[], tag: string) {
  await loadRun({
    db: kind,
    name: `load Room/List 20, ${tag}`,
    url,
    token,
    mix: [{ path: '/Room/List', body: { PgIndex: 1, PgSize: 20 } }],
    connections: 50,
    seconds: LOAD_SECONDS,
  });
  await loadRun({
    db: kind,
    name: `load mix, ${tag}`,
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
