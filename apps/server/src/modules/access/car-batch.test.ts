import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { carPassRecords, vehicles } from '../../db/schema';
import * as carBatch from './car-batch';
import { deviceOf, laneBySn, type PushAnswer, shanghai } from './test-helpers';

/**
 * A batch of car events with distinct plates lands set-based (car-batch.ts); one event per request goes through
 * car-passage.ts. The same story told both ways must leave the same records.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.freeze();
});
afterAll(() => t.close());

const at = (minutesAgo: number) => shanghai(new Date(t.deps.now().getTime() - minutesAgo * 60_000));

/** Each plate's part in the story, as [step, type, minutes ago, extra fields]. */
const STORY: Record<string, [number, 'CarIn' | 'CarOut', number, Record<string, unknown>?][]> = {
  // An entry without exit, then a second entry: the first closes as 无出场记录.
  A: [
    [1, 'CarIn', 300],
    [2, 'CarIn', 100],
  ],
  // An exit without entry (无入场记录), then its entry arrives late and merges: 30 minutes, 5.00.
  B: [
    [3, 'CarOut', 10],
    [4, 'CarIn', 40],
  ],
  // In 2 h 30, out paying 9.00 by 微信.
  C: [
    [1, 'CarIn', 150],
    [3, 'CarOut', 0, { PaidMoney: '9.00', PayMethod: 2 }],
  ],
  // A registered 月租 car: in and out free as 月卡.
  M: [
    [1, 'CarIn', 120],
    [3, 'CarOut', 5],
  ],
  // A 月租 card that lapsed: charged as 临时.
  X: [
    [1, 'CarIn', 200],
    [3, 'CarOut', 2],
  ],
  // Plain entries that keep every step a batch of more than one.
  E: [[2, 'CarIn', 100]],
  F: [[4, 'CarIn', 30]],
  // An exit without entry of a registered car.
  N: [[4, 'CarOut', 20]],
  O: [[4, 'CarOut', 15]],
};
const LANE = { CarIn: 'HK-CAR-0001', CarOut: 'HK-CAR-0002' } as const;

async function registerLike(plates: string[], validEnd: string) {
  const lane = await laneBySn(t, LANE.CarIn);
  const [model] = await t.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.lotId, lane.lotId!), eq(vehicles.vehicleType, 1), eq(vehicles.status, 1)))
    .limit(1);
  for (const plate of plates) {
    const { id: _id, ...row } = model!;
    await t.db.insert(vehicles).values({ ...row, plate, validEnd, isDeleted: false });
  }
}

/** Tells the story for plates `prefix`+letter, each step as one batch per lane or as one request per event. */
async function tell(prefix: string, batched: boolean) {
  const plate = (who: string) => `粤B${prefix}${who}01`;
  for (const step of [1, 2, 3, 4]) {
    for (const type of ['CarIn', 'CarOut'] as const) {
      const events = Object.entries(STORY).flatMap(([who, parts]) =>
        parts
          .filter(([s, ty]) => s === step && ty === type)
          .map(([, , ago, extra]) => ({
            EventId: `${prefix}-${who}-${step}`,
            EventType: type,
            OccurTime: at(ago),
            Plate: plate(who),
            ...extra,
          })),
      );
      if (!events.length) continue;
      const posts = batched ? [events] : events.map((e) => [e]);
      for (const Events of posts) {
        const r = await deviceOf(t, LANE[type])<PushAnswer>('PushEvents', { Events });
        expect(r.data.Accepted, JSON.stringify(r.data)).toBe(Events.length);
      }
    }
  }
  const rows = await t.db
    .select()
    .from(carPassRecords)
    .where(inArray(carPassRecords.plate, Object.keys(STORY).map(plate)));
  return Object.fromEntries(
    Object.keys(STORY).map((who) => [
      who,
      rows
        .filter((r) => r.plate === plate(who))
        .sort((a, b) => a.id - b.id)
        .map((r) => ({
          state: r.state,
          reason: r.abnormalReason,
          vehicle: r.vehicleId === null ? null : 'registered',
          type: r.vehicleType,
          in: r.inTime?.toISOString() ?? null,
          out: r.outTime?.toISOString() ?? null,
          rec: r.recTime.toISOString(),
          inLane: r.inLaneId,
          outLane: r.outLaneId,
          minutes: r.durationMinutes,
          fee: r.feeMoney,
          paid: r.paidMoney,
          method: r.payMethod,
        })),
    ]),
  );
}

describe('PushEvents: a batch of distinct plates', () => {
  it('leaves the same records set-based as event by event', async () => {
    const future = '2099-12-31';
    const lapsed = shanghai(new Date(t.deps.now().getTime() - 3 * 86_400_000)).slice(0, 10);
    await registerLike(['粤BS1M01', '粤BB1M01', '粤BS1N01', '粤BB1N01'], future);
    await registerLike(['粤BS1X01', '粤BB1X01'], lapsed);
    const inBatch = vi.spyOn(carBatch, 'carInBatch');
    const outBatch = vi.spyOn(carBatch, 'carOutBatch');
    const single = await tell('S1', false);
    expect(inBatch).not.toHaveBeenCalled();
    const batched = await tell('B1', true);
    // Steps 1, 2 and 4 send entries, steps 3 and 4 exits, each as one batch that landed without falling back.
    expect([inBatch.mock.calls.length, outBatch.mock.calls.length]).toEqual([3, 2]);
    const settled = [...inBatch.mock.settledResults, ...outBatch.mock.settledResults].map((r) => r.type);
    expect(settled).toEqual(Array(5).fill('fulfilled'));
    vi.restoreAllMocks();
    expect(batched).toEqual(single);
    // The story itself, so both paths cannot agree on something wrong.
    expect(single.A!.map((r) => [r.state, r.reason])).toEqual([
      [3, '无出场记录'],
      [1, ''],
    ]);
    expect(single.B).toMatchObject([{ state: 2, reason: '', minutes: 30, fee: '5.00' }]);
    expect(single.C).toMatchObject([{ state: 2, minutes: 150, fee: '9.00', paid: '9.00', method: 2 }]);
    expect(single.M).toMatchObject([{ state: 2, vehicle: 'registered', type: 1, fee: '0.00', method: 5 }]);
    expect(single.X).toMatchObject([{ state: 2, vehicle: 'registered', type: 3 }]);
    expect(Number(single.X![0]!.fee)).toBeGreaterThan(0);
    expect(single.O).toMatchObject([{ state: 3, reason: '无入场记录', vehicle: null, type: 3, method: 0 }]);
    expect(single.N).toMatchObject([{ state: 3, reason: '无入场记录', vehicle: 'registered', in: null }]);
  });
});
