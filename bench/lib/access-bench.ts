import type { Kind } from './bench-db';
import type { sqlRecorder } from './capture';
import { record } from './report';
import { latencyOf, round, timePair } from './stats';

/**
 * Issue 12's device calls: Verify's latency next to its raw SQL, and PushEvents' throughput with batches of 20
 * CarIn/CarOut events from 4 car lanes at once, next to the same statements replayed raw. The demo lanes' keys are
 * 'demo-' + SN; the server runs with the per-device limit lifted (DEVICE_RATE_LIMIT), or 4 devices could never pass
 * 4 × 20 × 20 = 1,600 events/s.
 */
const CAR_LANES = ['HK-CAR-0001', 'HK-CAR-0002', 'DH-CAR-0003', 'DH-CAR-0004'];
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

async function device(url: string, sn: string, action: string, body: unknown) {
  const res = await fetch(`${url}/api/DeviceGateway/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-sn': sn, 'x-device-key': `demo-${sn}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ret: number; msg: string; data: { Accepted?: number } };
  if (json.ret !== 0) throw new Error(`${action}: ${json.msg}`);
  return json.data;
}

const shanghaiNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
const plateOf = (n: number) =>
  `粤${LETTERS[n % 24]}${LETTERS[Math.floor(n / 24) % 24]}${String(n % 10000).padStart(4, '0')}`;

function batch(tag: string, from: number, laneIndex: number) {
  // Entry lanes send CarIn, exit lanes CarOut (most of them out-only 异常 records: the costlier path).
  const type = laneIndex % 2 === 0 ? 'CarIn' : 'CarOut';
  const time = shanghaiNow();
  return {
    Events: Array.from({ length: 20 }, (_, i) => ({
      EventId: `${tag}-${from + i}`,
      EventType: type,
      OccurTime: time,
      Plate: plateOf(from + i),
    })),
  };
}

export async function accessBench(kind: Kind, url: string, recorder: ReturnType<typeof sqlRecorder>, n: number) {
  // Verify: a registered plate at 东门入口, as a barrier asks before it opens.
  const verify = { Kind: 'Plate', Plate: '粤BD0130' };
  const statements = await recorder.capture(() => device(url, 'HK-CAR-0001', 'Verify', verify));
  const [api, raw] = await timePair(
    n,
    () => device(url, 'HK-CAR-0001', 'Verify', verify),
    () => recorder.runRaw(statements),
  );
  record({
    db: kind,
    name: 'DeviceGateway/Verify plate',
    api,
    raw,
    ratio: round(api.p50 / raw.p50),
    extra: { statements: statements.length },
  });

  // PushEvents: 4 devices, each posting batches of 20 one after another, for `batches` batches each.
  const batches = Math.max(5, Math.round(n / 4));
  const run = Date.now().toString(36);
  const samples: number[] = [];
  const t0 = performance.now();
  let accepted = 0;
  await Promise.all(
    CAR_LANES.map(async (sn, li) => {
      for (let b = 0; b < batches; b++) {
        const s0 = performance.now();
        const r = await device(url, sn, 'PushEvents', batch(`${run}-${li}`, (li * batches + b) * 20 + 1000 * li, li));
        samples.push(performance.now() - s0);
        accepted += r.Accepted ?? 0;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  // The raw side: one batch's statements as the server sent them, replayed 4-wide the same number of times (the
  // replayed inserts meet their own unique keys after the first round, so this is the statements' floor).
  const one = await recorder.capture(() => device(url, CAR_LANES[0]!, 'PushEvents', batch(`${run}-cap`, 900_000, 0)));
  const r0 = performance.now();
  await Promise.all(
    CAR_LANES.map(async () => {
      for (let b = 0; b < batches; b++) await recorder.runRaw(one);
    }),
  );
  const rawSeconds = (performance.now() - r0) / 1000;
  record({
    db: kind,
    name: 'DeviceGateway/PushEvents 4×20',
    api: latencyOf(samples),
    // Time per event through the server over time per event of the same statements replayed raw.
    ratio: round(seconds / accepted / (rawSeconds / (CAR_LANES.length * batches * 20))),
    extra: {
      'events/s': Math.round(accepted / seconds),
      'raw events/s': Math.round((CAR_LANES.length * batches * 20) / rawSeconds),
      events: accepted,
      'statements/batch': one.length,
    },
  });
}
