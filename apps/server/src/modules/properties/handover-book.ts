import type { HandoverSaveBody } from '@linli/shared';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { ApiError, fail, fieldError, notFound } from '../../core/errors';
import { inScope } from '../../core/scope';
import type { Tx } from '../../db/client';
import { handoverAppointments, residents, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notify } from '../messages/notify';
import { monthDay, todayIn } from '../../core/dates';
import { configOf, dayOpen, FREED } from './handover-config';
import { usersServing } from './serving';

export const FULL_MSG = '该时段已约满，请选择其他时段';
const ACTIVE = [1, 2, 3, 4];

/**
 * Books (Id 0) or reschedules (改期, same number) an appointment. The capacity check and the insert run in one
 * transaction holding an advisory lock on (community, date, slot): two clerks booking the last place queue on the
 * lock, and the second one counts the first one's booking. Staff bookings start 已确认; owner-app bookings 待确认
 * and tell the community's 交房预约 staff (MsgType 9).
 */
export async function bookHandover(deps: AppDeps, auth: Auth, b: HandoverSaveBody, source: 1 | 2, ip: string) {
  const { db } = deps.database;
  const old = b.Id ? await appointmentOf(db, auth, b.Id) : null;
  if (old && ![1, 2].includes(old.status)) throw fail('当前状态不能改期');
  const roomId = old?.roomId ?? b.RoomId;
  if (!roomId) throw fieldError('RoomId', '请选择房间');
  const [room] = await db
    .select({ room: rooms, owner: residents })
    .from(rooms)
    .leftJoin(residents, eq(residents.id, rooms.ownerResidentId))
    .where(and(eq(rooms.id, roomId), eq(rooms.cmpId, auth.cmpId), inScope(auth, rooms.communityId)));
  if (!room) throw notFound();
  const now = deps.now();
  const today = todayIn(now, auth.timeZone);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${room.room.communityId}::int, hashtext(${`${b.ApptDate} ${b.SlotStart}`}))`,
      );
      if (!old) await roomRules(tx, room.room, room.owner, b.ParentId);
      const config = await configOf(tx, room.room.communityId);
      if (!config || !dayOpen(config, b.ApptDate, today)) throw fieldError('ApptDate', '该日期不开放预约');
      const slot = config.slots.find((s) => s.Start === b.SlotStart);
      if (!slot) throw fieldError('SlotStart', '该时段不开放预约');
      const [taken] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(handoverAppointments)
        .where(
          and(
            eq(handoverAppointments.communityId, room.room.communityId),
            eq(handoverAppointments.apptDate, b.ApptDate),
            eq(handoverAppointments.slotStart, b.SlotStart),
            notInArray(handoverAppointments.status, FREED),
            old ? ne(handoverAppointments.id, old.id) : undefined,
          ),
        );
      if (Number(taken?.n ?? 0) >= slot.Capacity) throw fieldError('SlotStart', FULL_MSG);
      const fields = {
        apptDate: b.ApptDate,
        slotStart: slot.Start,
        slotEnd: slot.End,
        contactName: b.ContactName ?? old?.contactName ?? room.owner?.name ?? '',
        contactMobile: b.ContactMobile ?? old?.contactMobile ?? room.owner?.mobile ?? '',
        receptionUserId: b.ReceptionUserId ?? old?.receptionUserId ?? null,
        updatedAt: now,
      };
      if (old) {
        await tx
          .update(handoverAppointments)
          .set(fields)
          .where(and(eq(handoverAppointments.id, old.id), eq(handoverAppointments.cmpId, auth.cmpId)));
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'handover.reschedule',
            entity: 'handover',
            entityId: old.id,
            detail: { From: `${old.apptDate} ${old.slotStart}`, To: `${b.ApptDate} ${b.SlotStart}` },
            ip,
          },
          now,
        );
        return { Id: old.id, ApptNo: old.apptNo };
      }
      const apptNo = await nextApptNo(tx, auth.cmpId, today);
      const [row] = await tx
        .insert(handoverAppointments)
        .values({
          ...fields,
          cmpId: auth.cmpId,
          apptNo,
          communityId: room.room.communityId,
          roomId,
          residentId: room.owner?.id ?? null,
          source,
          status: source === 1 ? 1 : 2,
          confirmedAt: source === 1 ? null : now,
          parentId: b.ParentId ?? null,
          createdBy: auth.userId,
          createdAt: now,
        })
        .returning({ id: handoverAppointments.id });
      const id = row!.id;
      await audit(
        tx,
        {
          cmpId: auth.cmpId,
          userId: auth.userId,
          action: 'handover.book',
          entity: 'handover',
          entityId: id,
          detail: { ApptNo: apptNo, RoomId: roomId, Source: source },
          ip,
        },
        now,
      );
      if (source === 1) {
        await notify(tx, {
          cmpId: auth.cmpId,
          roleKey: 'fcgl_jfyy',
          userIds: await usersServing(tx, auth.cmpId, room.room.communityId),
          msgType: 9,
          title: `新的交房预约：${room.room.fullName} ${monthDay(b.ApptDate)} ${slot.Start}-${slot.End}`,
          sourceId: id,
        });
      }
      return { Id: id, ApptNo: apptNo };
    });
  } catch (err) {
    // The partial unique index is the last word when two bookings of one room race in different slots.
    if (
      !(err instanceof ApiError) &&
      /handover_appointments_active_room_uq/.test(String((err as { cause?: unknown }).cause ?? err))
    )
      throw fail('该房间已有未完成的交房预约');
    throw err;
  }
}

async function roomRules(
  tx: Tx,
  room: typeof rooms.$inferSelect,
  owner: typeof residents.$inferSelect | null,
  parentId: number | undefined,
) {
  if (room.handoverDate) throw fail('该房间已交房');
  if (!owner) throw fail('该房间未登记业主，不能预约交房');
  const [busy] = await tx
    .select({ id: handoverAppointments.id })
    .from(handoverAppointments)
    .where(and(eq(handoverAppointments.roomId, room.id), inArray(handoverAppointments.status, ACTIVE)))
    .limit(1);
  if (busy) throw fail('该房间已有未完成的交房预约');
  if (parentId) {
    const [p] = await tx
      .select({ status: handoverAppointments.status, roomId: handoverAppointments.roomId })
      .from(handoverAppointments)
      .where(eq(handoverAppointments.id, parentId));
    if (!p || p.roomId !== room.id || p.status !== 6) throw fieldError('ParentId', '复验需选择该房间待整改的预约');
  }
}

/** JF + the booking day + a 4-digit sequence of the company's bookings that day (JF202506010001). */
async function nextApptNo(tx: Tx, cmpId: number, today: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${cmpId}::int, hashtext('handover-appt-no'))`);
  const prefix = `JF${today.replaceAll('-', '')}`;
  const [r] = await tx
    .select({ no: sql<string>`max(${handoverAppointments.apptNo})` })
    .from(handoverAppointments)
    .where(and(eq(handoverAppointments.cmpId, cmpId), sql`${handoverAppointments.apptNo} like ${`${prefix}%`}`));
  const n = r?.no ? Number(r.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

export async function appointmentOf(db: Tx, auth: Auth, id: number) {
  const [a] = await db
    .select()
    .from(handoverAppointments)
    .where(
      and(
        eq(handoverAppointments.id, id),
        eq(handoverAppointments.cmpId, auth.cmpId),
        inScope(auth, handoverAppointments.communityId),
      ),
    );
  if (!a) throw notFound();
  return a;
}
