import { type HandoverCompleteBody, toFen } from '@linli/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError } from '../../core/errors';
import { assertOwnUploads } from '../../core/upload-refs';
import type { Tx } from '../../db/client';
import { handoverAppointments, handoverRecords, meters, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { todayIn } from '../../core/dates';
import { appointmentOf } from './handover-book';
import { emitRoomHandedOver } from './room-events';
import { changeRoomStatus, STATUS_SOURCE } from './room-status';

type Appt = typeof handoverAppointments.$inferSelect;

/** Each step of the appointment's life: allowed from-states, the new state, the moment it stamps. */
const STEPS = {
  confirm: { from: [1], to: 2, stamp: 'confirmedAt', refusal: '只有待确认的预约可以确认' },
  reject: { from: [1], to: 7, stamp: 'rejectedAt', refusal: '只有待确认的预约可以拒绝' },
  // 取消 is allowed only before 已签到.
  cancel: { from: [1, 2], to: 8, stamp: 'cancelledAt', refusal: '已签到的预约不能取消' },
  checkin: { from: [2], to: 3, stamp: 'checkedInAt', refusal: '只有已确认的预约可以签到' },
  inspect: { from: [3], to: 4, stamp: 'inspectAt', refusal: '只有已签到的预约可以开始验房' },
} as const;
export type Step = keyof typeof STEPS;

/**
 * One transition in one transaction: the update is guarded by the from-state, so two clerks clicking at once
 * cannot both move it; an audit row records who did it.
 */
export async function moveAppointment(deps: AppDeps, auth: Auth, id: number, step: Step, reason: string, ip: string) {
  const { db } = deps.database;
  const a = await appointmentOf(db, auth, id);
  const s = STEPS[step];
  if (!(s.from as readonly number[]).includes(a.status)) throw fail(s.refusal);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(handoverAppointments)
      .set({
        status: s.to,
        [s.stamp]: now,
        ...(reason ? { reason } : {}),
        ...(step === 'checkin' && !a.receptionUserId ? { receptionUserId: auth.userId } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(handoverAppointments.id, id),
          eq(handoverAppointments.cmpId, auth.cmpId),
          inArray(handoverAppointments.status, [...s.from]),
        ),
      )
      .returning({ id: handoverAppointments.id });
    if (!moved.length) throw fail(s.refusal);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: `handover.${step}`,
        entity: 'handover',
        entityId: id,
        detail: { From: a.status, To: s.to, Reason: reason },
        ip,
      },
      now,
    );
  });
  return null;
}

/**
 * 办理交房 (properties.md "Completing a handover"), one transaction: the record, the appointment 已交房, the room's
 * HandoverDate and status (logged, source 交房), and each bound meter's reading as its LastReading. When the owner
 * refuses the keys the appointment goes to 待整改 instead and the room stays as it is; a 复验 booking follows.
 */
export async function completeHandover(deps: AppDeps, auth: Auth, b: HandoverCompleteBody, ip: string) {
  const { db } = deps.database;
  const a = await appointmentOf(db, auth, b.Id);
  if (a.status !== 4) throw fail('只有验房中的预约可以办理交房');
  if (b.Accepted && !b.SignatureImg && !b.OwnerSigned)
    throw fieldError('OwnerSigned', '请上传业主签名或勾选业主已签字确认');
  if (!b.Accepted && !b.Reason) throw fieldError('Reason', '请输入整改原因');
  const photos = b.InspectResults.flatMap((r) => r.Photos ?? []);
  await assertOwnUploads(db, auth, { name: 'SignatureImg', label: '图片', msg: '图片不存在，请重新上传' }, [
    b.SignatureImg,
    ...photos,
  ]);
  const now = deps.now();
  const today = todayIn(now, auth.timeZone);
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(handoverAppointments)
      .set({ status: b.Accepted ? 5 : 6, completedAt: now, reason: b.Reason ?? a.reason, updatedAt: now })
      .where(
        and(
          eq(handoverAppointments.id, a.id),
          eq(handoverAppointments.cmpId, auth.cmpId),
          eq(handoverAppointments.status, 4),
        ),
      )
      .returning({ id: handoverAppointments.id });
    if (!moved.length) throw fail('只有验房中的预约可以办理交房');
    const readings = b.Accepted ? await applyReadings(tx, a, b.MeterReadings, now) : [];
    await tx.insert(handoverRecords).values({
      cmpId: auth.cmpId,
      appointmentId: a.id,
      roomId: a.roomId,
      inspectResults: b.InspectResults,
      keys: b.Keys,
      meterReadings: readings,
      signatureImg: b.SignatureImg ?? '',
      ownerSigned: b.OwnerSigned,
      roomStatusAfter: b.RoomStatusAfter,
      handoverDate: today,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    if (b.Accepted) {
      await tx
        .update(rooms)
        .set({ handoverDate: today, updatedAt: now })
        .where(and(eq(rooms.id, a.roomId), eq(rooms.cmpId, auth.cmpId)));
      await changeRoomStatus(tx, auth, [a.roomId], b.RoomStatusAfter, STATUS_SOURCE.HANDOVER, `交房 ${a.apptNo}`, now);
      await emitRoomHandedOver(tx, {
        cmpId: auth.cmpId,
        userId: auth.userId,
        communityId: a.communityId,
        roomId: a.roomId,
        handoverDate: today,
        readings: readings.map((r) => ({ MeterId: r.MeterId, Reading: r.Reading })),
        now,
      });
    }
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: b.Accepted ? 'handover.complete' : 'handover.rectify',
        entity: 'handover',
        entityId: a.id,
        detail: { RoomId: a.roomId, Readings: readings },
        ip,
      },
      now,
    );
    return { Id: a.id, Status: b.Accepted ? 5 : 6, HandoverDate: b.Accepted ? today : '' };
  });
}

/** A reading for each bound meter, not below its last one; stored as the meter's LastReading. */
async function applyReadings(tx: Tx, a: Appt, given: HandoverCompleteBody['MeterReadings'], now: Date) {
  const bound = await tx
    .select()
    .from(meters)
    .where(and(eq(meters.roomId, a.roomId), eq(meters.cmpId, a.cmpId)))
    .for('update');
  const out: { MeterId: number; MeterNo: string; Reading: string; Previous: string }[] = [];
  for (const m of bound) {
    const r = given.find((g) => g.MeterId === m.id);
    if (!r) throw fieldError('MeterReadings', `请填写表号 ${m.meterNo} 的读数`);
    if (toFen(r.Reading) < toFen(m.lastReading)) throw fieldError('MeterReadings', '读数不能小于上次读数');
    await tx
      .update(meters)
      .set({ lastReading: r.Reading, lastReadTime: now, updatedAt: now })
      .where(and(eq(meters.id, m.id), eq(meters.cmpId, a.cmpId)));
    out.push({ MeterId: m.id, MeterNo: m.meterNo, Reading: r.Reading, Previous: m.lastReading });
  }
  return out;
}
