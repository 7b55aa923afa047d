import { HANDOVER_SOURCES, HANDOVER_STATUS, zOptionalText } from '@linli/shared';
import { and, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { pageOf, pagingFields } from '../../core/paging';
import { inScope } from '../../core/scope';
import { sortFields, sortOf } from '../../core/sorting';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { communities, handoverAppointments, handoverRecords, meters, residents, rooms, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { likeText, optionalInt } from '../../core/filters';
import { appointmentOf } from './handover-book';
import { configGet } from './handover-config';
import { maskMobile } from '../../core/masks';
import { meterView } from './room-detail';

const dateText = z.preprocess(
  (v) => (v == null || v === '' ? undefined : String(v).slice(0, 10)),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional(),
);
export const HandoverFilter = z.object({
  ...pagingFields,
  ...sortFields,
  CommunityId: optionalInt(),
  DateFrom: dateText,
  DateTo: dateText,
  Status: optionalInt(),
  Keyword: zOptionalText(30, '关键字'),
});
export type HandoverFilter = z.infer<typeof HandoverFilter>;

const h = handoverAppointments;
const reception = alias(users, 'reception');

function whereOf(auth: Auth, f: HandoverFilter): SQL {
  const kw = f.Keyword ? likeText(f.Keyword) : null;
  return and(
    eq(h.cmpId, auth.cmpId),
    inScope(auth, h.communityId),
    f.CommunityId ? eq(h.communityId, f.CommunityId) : undefined,
    f.DateFrom ? sql`${h.apptDate} >= ${f.DateFrom}` : undefined,
    f.DateTo ? sql`${h.apptDate} <= ${f.DateTo}` : undefined,
    f.Status ? eq(h.status, f.Status) : undefined,
    kw
      ? or(ilike(h.apptNo, kw), ilike(rooms.fullName, kw), ilike(h.contactName, kw), ilike(h.contactMobile, kw))
      : undefined,
  )!;
}

const select = (db: Tx) =>
  db
    .select({
      a: h,
      communityName: communities.name,
      roomName: rooms.fullName,
      ownerName: residents.name,
      receptionName: reception.name,
      handoverDate: handoverRecords.handoverDate,
    })
    .from(h)
    .innerJoin(communities, eq(communities.id, h.communityId))
    .innerJoin(rooms, eq(rooms.id, h.roomId))
    .leftJoin(residents, eq(residents.id, h.residentId))
    .leftJoin(reception, eq(reception.id, h.receptionUserId))
    .leftJoin(handoverRecords, eq(handoverRecords.appointmentId, h.id));
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const view = (r: Row, tz: string) => ({
  Id: r.a.id,
  ApptNo: r.a.apptNo,
  CommunityId: r.a.communityId,
  CommunityName: r.communityName,
  RoomId: r.a.roomId,
  RoomName: r.roomName,
  ResidentId: r.a.residentId ?? 0,
  OwnerName: r.ownerName ?? '',
  ContactName: r.a.contactName,
  ContactMobile: r.a.contactMobile,
  ContactMobileMask: maskMobile(r.a.contactMobile),
  ApptDate: r.a.apptDate,
  SlotStart: r.a.slotStart,
  SlotEnd: r.a.slotEnd,
  Slot: `${r.a.slotStart}-${r.a.slotEnd}`,
  Source: r.a.source,
  SourceName: HANDOVER_SOURCES[r.a.source] ?? '',
  Status: r.a.status,
  StatusName: HANDOVER_STATUS[r.a.status] ?? '',
  ReceptionUserId: r.a.receptionUserId ?? 0,
  ReceptionName: r.receptionName ?? '',
  Reason: r.a.reason,
  ParentId: r.a.parentId ?? 0,
  HandoverDate: r.handoverDate ?? '',
  CreateTime: fmtTime(r.a.createdAt, tz),
  ConfirmTime: fmtTime(r.a.confirmedAt, tz),
  CheckInTime: fmtTime(r.a.checkedInAt, tz),
  InspectTime: fmtTime(r.a.inspectAt, tz),
  CompleteTime: fmtTime(r.a.completedAt, tz),
  CancelTime: fmtTime(r.a.cancelledAt ?? r.a.rejectedAt, tz),
});
export type HandoverView = ReturnType<typeof view>;

export async function handoverList(deps: AppDeps, auth: Auth, f: HandoverFilter) {
  const { db } = deps.database;
  const where = whereOf(auth, f);
  const p = pageOf(f);
  const rows = await select(db)
    .where(where)
    .orderBy(
      ...sortOf(
        f,
        { ApptNo: h.apptNo, ApptDate: h.apptDate, Slot: h.slotStart, Status: h.status, RoomName: rooms.fullName },
        [desc(h.apptDate), h.slotStart, h.id],
      ),
    )
    .limit(p.limit)
    .offset(p.offset);
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(h)
    .innerJoin(rooms, eq(rooms.id, h.roomId))
    .where(where);
  return new Page(
    rows.map((r) => view(r, auth.timeZone)),
    c?.n ?? 0,
  );
}

export function handoverBatch(deps: AppDeps, auth: Auth, f: HandoverFilter) {
  return async (after: number, size: number) =>
    (
      await select(deps.database.db)
        .where(and(whereOf(auth, f), gt(h.id, after)))
        .orderBy(h.id)
        .limit(size)
    ).map((r) => ({ ...view(r, auth.timeZone), id: r.a.id }));
}

/**
 * The appointment, its record, and the room's bound meters: 办理交房 asks a reading for each, and a clerk who holds
 * only 交房预约 cannot call /Meter/ByRoom (房间管理), so the meters come with the appointment.
 */
export async function handoverGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const a = await appointmentOf(db, auth, id);
  const [r] = await select(db).where(eq(h.id, id));
  const [rec] = await db.select().from(handoverRecords).where(eq(handoverRecords.appointmentId, id));
  const bound = await db.select().from(meters).where(eq(meters.roomId, a.roomId)).orderBy(meters.meterType, meters.id);
  return {
    ...view(r!, auth.timeZone),
    Meters: bound.map(meterView),
    Record: rec
      ? {
          InspectResults: rec.inspectResults,
          Keys: rec.keys,
          MeterReadings: rec.meterReadings,
          SignatureImg: rec.signatureImg,
          OwnerSigned: rec.ownerSigned,
          RoomStatusAfter: rec.roomStatusAfter,
          HandoverDate: rec.handoverDate,
        }
      : null,
  };
}

/** 打印确认单: what the printed confirmation shows; the web lays it out. */
export async function handoverPrint(deps: AppDeps, auth: Auth, id: number) {
  const a = await handoverGet(deps, auth, id);
  const cfg = await configGet(deps, auth, a.CommunityId);
  const [cm] = await deps.database.db
    .select({ phone: communities.servicePhone, address: communities.address })
    .from(communities)
    .where(eq(communities.id, a.CommunityId));
  return {
    Title: `${a.CommunityName}交房预约确认单`,
    ApptNo: a.ApptNo,
    CommunityName: a.CommunityName,
    Address: cm?.address ?? '',
    ServicePhone: cm?.phone ?? '',
    RoomName: a.RoomName,
    OwnerName: a.OwnerName,
    ContactName: a.ContactName,
    ContactMobile: a.ContactMobileMask,
    ApptDate: a.ApptDate,
    Slot: a.Slot,
    StatusName: a.StatusName,
    InspectItems: cfg.InspectItems,
    KeyItems: cfg.KeyItems,
    Notes: ['请业主本人携带身份证、购房合同按时到场办理', '如需改期请提前一天联系物业服务中心'],
    PrintTime: fmtTime(deps.now(), auth.timeZone),
  };
}
