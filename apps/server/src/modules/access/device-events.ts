import { DeviceEventBody, MSG_EVENT_TIME } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { DeviceAuth } from '../../core/device-auth';
import { todayIn } from '../../core/dates';
import { sqlRows } from '../../core/sql-rows';
import { parseApiTime } from '../../core/time';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { carIn, carOut, type LaneContext, loadLane } from './car-passage';
import { type CardAtLane, checkCard, checkFace } from './card-check';
import { decodePhoto, storePhoto } from './device-photos';

/**
 * PushEvents (parking-access.md "Device calls"): up to 20 events in OccurTime order, each in its own savepoint,
 * idempotent by (LaneId, EventId). A malformed event is rejected alone with its reason; the rest still lands.
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
  if (ready.length)
    await db.transaction(async (tx) => {
      for (const [k, r] of ready.entries()) {
        const { e } = r;
        try {
          results[r.index] = await tx.transaction(async (sp) => {
            const payload = {
              Plate: e.Plate,
              CardNo: e.CardNo,
              ResidentId: e.ResidentId ?? null,
              Opened: e.Opened,
              DenyReason: e.DenyReason ?? '',
              PaidMoney: e.PaidMoney ?? null,
              PayMethod: e.PayMethod,
              Photo: photos[k] ?? '',
            };
            const [ins] = await sqlRows<{ id: number }>(
              sp,
              sql`insert into device_events (cmp_id, lane_id, event_id, event_type, occur_time, payload, received_time)
                values (${device.cmpId}, ${lane.id}, ${e.EventId}, ${e.EventType}, ${r.at}, ${JSON.stringify(payload)}::jsonb, ${now})
                on conflict (lane_id, event_id) do nothing returning id`,
            );
            if (!ins) {
              const [old] = await sqlRows<{ record_id: number | null }>(
                sp,
                sql`select record_id from device_events where lane_id = ${lane.id} and event_id = ${e.EventId}
                  and cmp_id = ${device.cmpId}`,
              );
              const recordId = old?.record_id == null ? null : Number(old.record_id);
              return { EventId: e.EventId, Status: 'duplicate', Reason: '', RecordId: recordId } satisfies EventResult;
            }
            const car = {
              plate: e.Plate,
              at: r.at,
              photo: photos[k] ?? '',
              paidMoney: e.PaidMoney,
              payMethod: e.PayMethod,
            };
            const recordId =
              e.EventType === 'CarIn'
                ? await carIn(sp, lane, car)
                : e.EventType === 'CarOut'
                  ? await carOut(sp, lane, car)
                  : await passRecord(sp, lane, r, photos[k] ?? '');
            await sp.execute(
              sql`update device_events set record_id = ${recordId} where id = ${ins.id} and cmp_id = ${device.cmpId}`,
            );
            return { EventId: e.EventId, Status: 'accepted', Reason: '', RecordId: recordId } satisfies EventResult;
          });
        } catch (err) {
          // A fault of ours in one event: that event is rejected and logged, the batch goes on.
          log.error({ err, eventId: e.EventId }, 'device event failed');
          results[r.index] = { EventId: e.EventId, Status: 'rejected', Reason: '事件处理失败', RecordId: null };
        }
      }
    });
  const count = (s: EventResult['Status']) => results.filter((x) => x.Status === s).length;
  return { Accepted: count('accepted'), Duplicate: count('duplicate'), Rejected: count('rejected'), Results: results };
}
