import { DeviceEventBody, MSG_EVENT_TIME } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { DeviceAuth } from '../../core/device-auth';
import { todayIn } from '../../core/dates';
import { sqlRows } from '../../core/sql-rows';
import { parseApiTime } from '../../core/time';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { carInBatch, carOutBatch, type KeyedCarEvent } from './car-batch';
import { carIn, carOut, type LaneContext, loadLane } from './car-passage';
import { type CardAtLane, checkCard, checkFace } from './card-check';
import { decodePhoto, storePhoto } from './device-photos';

/**
 * PushEvents (parking-access.md "Device calls"): up to 20 events in OccurTime order, idempotent by (LaneId, EventId).
 * A malformed event is rejected alone with its reason; the rest still lands. A batch lands in one transaction; only
 * when that fails does each event get its own savepoint (the domain file's rule), so a fault stays the event's own.
 */

export interface EventResult {
  EventId: string;
  Status: 'accepted' | 'duplicate' | 'rejected';
  Reason: string;
  RecordId: number | null;
}

const WEEK_MS = 7 * 24 * 3600_000;
const AHEAD_MS = 5 * 60_000;
const METHOD = { CardSwipe: 1, FaceOpen: 2, QrOpen: 3, RemoteOpen: 4 } as const;

interface Ready {
  e: DeviceEventBody;
  at: Date;
  photo: Buffer | null;
  index: number;
}

/** Checks an event on its own: its shape, its time and what its type needs, before anything is written. */
function prepare(raw: unknown, index: number, lane: LaneContext, now: Date): Ready | EventResult {
  const id = typeof raw === 'object' && raw && 'EventId' in raw ? String((raw as { EventId: unknown }).EventId) : '';
  const reject = (Reason: string): EventResult => ({
    EventId: id.slice(0, 64),
    Status: 'rejected',
    Reason,
    RecordId: null,
  });
  const parsed = DeviceEventBody.safeParse(raw);
  if (!parsed.success) return reject(parsed.error.issues[0]?.message ?? '事件格式不正确');
  const e = parsed.data;
  const at = parseApiTime(e.OccurTime, lane.timeZone);
  if (!at || at.getTime() < now.getTime() - WEEK_MS || at.getTime() > now.getTime() + AHEAD_MS)
    return reject(MSG_EVENT_TIME);
  if (e.EventType === 'CarIn' || e.EventType === 'CarOut') {
    if (lane.kind !== 1 || !lane.lotId) return reject('该通道不是车行通道');
    if (!e.Plate) return reject('缺少车牌号');
  }
  if (e.EventType === 'CardSwipe' && !e.CardNo) return reject('缺少卡号');
  const photo = decodePhoto(e.Photo);
  if (typeof photo === 'string') return reject(photo);
  return { e, at, photo, index };
}

async function passRecord(tx: Tx, lane: LaneContext, r: Ready, photoPath: string): Promise<number> {
  const { e, at } = r;
  const method = METHOD[e.EventType as keyof typeof METHOD];
  const today = todayIn(at, lane.timeZone);
  const face = { cmpId: lane.cmpId, residentId: e.ResidentId, communityId: lane.communityId };
  let who: CardAtLane = { cardId: null, residentId: null, personName: '', roomText: '', deny: null, validTo: null };
  if (e.EventType === 'CardSwipe')
    who = await checkCard(tx, { cmpId: lane.cmpId, laneId: lane.id, cardNo: e.CardNo, today });
  else if (e.EventType === 'FaceOpen') who = await checkFace(tx, face);
  // A remote open is the guard's decision: the person (when the device names one) is recorded, never judged.
  else if (e.ResidentId) who = { ...(await checkFace(tx, face)), deny: null };
  const opened = e.EventType === 'RemoteOpen' || e.Opened;
  const deny = opened ? '' : e.DenyReason || who.deny || '';
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`insert into card_pass_records (cmp_id, community_id, lane_id, direction, method, card_no, card_id, resident_id,
        person_name, room_text, result, deny_reason, photo_path, occur_time)
      values (${lane.cmpId}, ${lane.communityId}, ${lane.id}, ${lane.direction}, ${method}, ${e.CardNo}, ${who.cardId},
        ${who.residentId}, ${who.personName.slice(0, 30)}, ${who.roomText.slice(0, 100)}, ${opened ? 1 : 2},
        ${deny.slice(0, 50)}, ${photoPath}, ${at})
      returning id`,
  );
  return Number(row!.id);
}

type Payload = Record<string, unknown>;

function payloadOf(e: DeviceEventBody, photo: string): Payload {
  return {
    Plate: e.Plate,
    CardNo: e.CardNo,
    ResidentId: e.ResidentId ?? null,
    Opened: e.Opened,
    DenyReason: e.DenyReason ?? '',
    PaidMoney: e.PaidMoney ?? null,
    PayMethod: e.PayMethod,
    Photo: photo,
  };
}

/** What an accepted event writes: a car passage (CarIn/CarOut) or a person's pass record. */
function landRecord(tx: Tx, lane: LaneContext, r: Ready, photo: string): Promise<number> {
  const { e } = r;
  const car = { plate: e.Plate, at: r.at, photo, paidMoney: e.PaidMoney, payMethod: e.PayMethod };
  if (e.EventType === 'CarIn') return carIn(tx, lane, car);
  if (e.EventType === 'CarOut') return carOut(tx, lane, car);
  return passRecord(tx, lane, r, photo);
}

const isCar = (r: Ready) => r.e.EventType === 'CarIn' || r.e.EventType === 'CarOut';

/**
 * The records of a batch's new events, by their place in the batch: car passages of distinct plates set-based
 * (car-batch.ts), anything else one event after another.
 */
async function landRecords(
  tx: Tx,
  lane: LaneContext,
  events: { r: Ready; k: number; photo: string }[],
): Promise<Map<number, number>> {
  const plates = new Set(events.map(({ r }) => r.e.Plate));
  if (events.length > 1 && events.every(({ r }) => isCar(r)) && plates.size === events.length) {
    const of = (type: string): KeyedCarEvent[] =>
      events
        .filter(({ r }) => r.e.EventType === type)
        .map(({ r, k, photo }) => ({
          key: k,
          plate: r.e.Plate,
          at: r.at,
          photo,
          paidMoney: r.e.PaidMoney,
          payMethod: r.e.PayMethod,
        }));
    const ins = of('CarIn');
    const outs = of('CarOut');
    return new Map([
      ...(ins.length ? await carInBatch(tx, lane, ins) : []),
      ...(outs.length ? await carOutBatch(tx, lane, outs) : []),
    ]);
  }
  const ids = new Map<number, number>();
  for (const { r, k, photo } of events) ids.set(k, await landRecord(tx, lane, r, photo));
  return ids;
}

const accepted = (EventId: string, RecordId: number): EventResult => ({
  EventId,
  Status: 'accepted',
  Reason: '',
  RecordId,
});
const duplicate = (EventId: string, RecordId: number | null): EventResult => ({
  EventId,
  Status: 'duplicate',
  Reason: '',
  RecordId,
});

interface Batch {
  device: DeviceAuth;
  lane: LaneContext;
  ready: Ready[];
  photos: string[];
  now: Date;
}

/**
 * The whole batch in three kinds of statement: its EventIds claimed at once, each record written, and every claim
 * linked to its record at once; no savepoint per event. Duplicates answer the RecordId their first post made. Any
 * fault throws, the caller's transaction rolls back, and the batch is landed again event by event.
 */
async function landBatch(tx: Tx, { device, lane, ready, photos, now }: Batch): Promise<Map<number, EventResult>> {
  const rows = ready.map((r, k) => ({
    ord: k,
    event_id: r.e.EventId,
    event_type: r.e.EventType,
    occur_time: r.at.toISOString(),
    payload: payloadOf(r.e, photos[k] ?? ''),
  }));
  const claimed = await sqlRows<{ id: number; event_id: string }>(
    tx,
    sql`insert into device_events (cmp_id, lane_id, event_id, event_type, occur_time, payload, received_time)
      select ${device.cmpId}, ${lane.id}, x.event_id, x.event_type, x.occur_time, x.payload, ${now}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(ord int, event_id text, event_type text, occur_time timestamptz, payload jsonb)
      order by x.ord
      on conflict (lane_id, event_id) do nothing returning id, event_id`,
  );
  const claimOf = new Map(claimed.map((c) => [c.event_id, Number(c.id)]));
  const taken = ready.filter((r) => !claimOf.has(r.e.EventId)).map((r) => r.e.EventId);
  const before = new Map<string, number | null>();
  if (taken.length) {
    const old = await sqlRows<{ event_id: string; record_id: number | null }>(
      tx,
      sql`select event_id, record_id from device_events
        where lane_id = ${lane.id} and cmp_id = ${device.cmpId}
          and event_id in (select jsonb_array_elements_text(${JSON.stringify(taken)}::jsonb))`,
    );
    for (const o of old) before.set(o.event_id, o.record_id == null ? null : Number(o.record_id));
  }
  const out = new Map<number, EventResult>();
  const fresh: number[] = [];
  for (const [k, r] of ready.entries()) {
    if (claimOf.has(r.e.EventId)) fresh.push(k);
    else out.set(r.index, duplicate(r.e.EventId, before.get(r.e.EventId) ?? null));
  }
  const recordOf = await landRecords(
    tx,
    lane,
    fresh.map((k) => ({ r: ready[k]!, k, photo: photos[k] ?? '' })),
  );
  const links: { id: number; record_id: number }[] = [];
  for (const k of fresh) {
    const r = ready[k]!;
    const recordId = recordOf.get(k)!;
    links.push({ id: claimOf.get(r.e.EventId)!, record_id: recordId });
    out.set(r.index, accepted(r.e.EventId, recordId));
  }
  if (links.length)
    await tx.execute(sql`update device_events d set record_id = x.record_id
      from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(id bigint, record_id bigint)
      where d.id = x.id and d.cmp_id = ${device.cmpId}`);
  return out;
}

/** One event in its own savepoint: a fault of ours rejects that event alone and the batch goes on. */
async function landOne(tx: Tx, b: Batch, r: Ready, k: number): Promise<EventResult> {
  const { e } = r;
  const photo = b.photos[k] ?? '';
  return tx.transaction(async (sp) => {
    const [ins] = await sqlRows<{ id: number }>(
      sp,
      sql`insert into device_events (cmp_id, lane_id, event_id, event_type, occur_time, payload, received_time)
        values (${b.device.cmpId}, ${b.lane.id}, ${e.EventId}, ${e.EventType}, ${r.at},
          ${JSON.stringify(payloadOf(e, photo))}::jsonb, ${b.now})
        on conflict (lane_id, event_id) do nothing returning id`,
    );
    if (!ins) {
      const [old] = await sqlRows<{ record_id: number | null }>(
        sp,
        sql`select record_id from device_events where lane_id = ${b.lane.id} and event_id = ${e.EventId}
          and cmp_id = ${b.device.cmpId}`,
      );
      return duplicate(e.EventId, old?.record_id == null ? null : Number(old.record_id));
    }
    const recordId = await landRecord(sp, b.lane, r, photo);
    await sp.execute(
      sql`update device_events set record_id = ${recordId} where id = ${ins.id} and cmp_id = ${b.device.cmpId}`,
    );
    return accepted(e.EventId, recordId);
  });
}

export async function pushEvents(
  deps: AppDeps,
  device: DeviceAuth,
  events: unknown[],
  log: { error(o: object, m: string): void },
) {
  const { db } = deps.database;
  const now = deps.now();
  const lane = (await loadLane(db, device.cmpId, device.laneId, device.timeZone))!;
  const results: EventResult[] = new Array(events.length);
  const ready: Ready[] = [];
  events.forEach((raw, i) => {
    const r = prepare(raw, i, lane, now);
    if ('Status' in r) results[i] = r;
    else ready.push(r);
  });
  ready.sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index);
  // Photos are written before the transaction: a rolled-back event leaves an unreferenced file, never a record
  // pointing at a missing one.
  const photos = await Promise.all(
    ready.map((r) => (r.photo ? storePhoto(deps.config.dataDir, device.cmpId, r.at, r.photo) : Promise.resolve(''))),
  );
  const batch: Batch = { device, lane, ready, photos, now };
  // An EventId twice in one batch: its second post must see the first's record, so those batches go event by event.
  const distinct = new Set(ready.map((r) => r.e.EventId)).size === ready.length;
  const fast = ready.length && distinct ? await db.transaction((tx) => landBatch(tx, batch)).catch(() => null) : null;
  if (fast) for (const [i, res] of fast) results[i] = res;
  else if (ready.length)
    await db.transaction(async (tx) => {
      for (const [k, r] of ready.entries()) {
        try {
          results[r.index] = await landOne(tx, batch, r, k);
        } catch (err) {
          // A fault of ours in one event: that event is rejected and logged, the batch goes on.
          log.error({ err, eventId: r.e.EventId }, 'device event failed');
          results[r.index] = { EventId: r.e.EventId, Status: 'rejected', Reason: '事件处理失败', RecordId: null };
        }
      }
    });
  const count = (s: EventResult['Status']) => results.filter((x) => x.Status === s).length;
  return { Accepted: count('accepted'), Duplicate: count('duplicate'), Rejected: count('rejected'), Results: results };
}
