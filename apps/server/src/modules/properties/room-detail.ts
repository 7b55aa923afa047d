import { HANDOVER_STATUS, METER_TYPES } from '@linli/shared';
import { desc, eq } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fmtTime } from '../../core/time';
import { handoverAppointments, handoverRecords, meters, residentRooms, residents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { maskMobile } from '../../core/masks';
import { roomGet } from './rooms.service';
import { todayIn } from '../../core/dates';
import { roomParking } from '../parking/resident-parking';

const ROLES = ['', '业主', '家属', '租户'];

/** 详情 tabs: 基本信息, 住户 (current and past), 车位车辆 (parking's spaces and vehicles of the room), 仪表, 交房记录. */
export async function roomDetail(deps: AppDeps, auth: Auth, id: number) {
  const base = await roomGet(deps, auth, id);
  const { db } = deps.database;
  const people = await db
    .select({ link: residentRooms, name: residents.name, mobile: residents.mobile })
    .from(residentRooms)
    .innerJoin(residents, eq(residents.id, residentRooms.residentId))
    .where(eq(residentRooms.roomId, id))
    .orderBy(desc(residentRooms.id));
  const ms = await db.select().from(meters).where(eq(meters.roomId, id)).orderBy(meters.meterType, meters.id);
  const appts = await db
    .select({ a: handoverAppointments, handoverDate: handoverRecords.handoverDate })
    .from(handoverAppointments)
    .leftJoin(handoverRecords, eq(handoverRecords.appointmentId, handoverAppointments.id))
    .where(eq(handoverAppointments.roomId, id))
    .orderBy(desc(handoverAppointments.id));
  return {
    ...base,
    Residents: people.map(({ link, name, mobile }) => ({
      Id: link.id,
      ResidentId: link.residentId,
      Name: name,
      Mobile: maskMobile(mobile),
      Role: link.role,
      RoleName: ROLES[link.role] ?? '',
      IsPrimary: link.isPrimary,
      MoveInDate: link.moveInDate ?? '',
      MoveOutDate: link.moveOutDate ?? '',
      Current: link.moveOutDate === null,
    })),
    Parking: await roomParking(db, auth.cmpId, id, todayIn(deps.now(), auth.timeZone)),
    Meters: ms.map(meterView),
    Handovers: appts.map(({ a, handoverDate }) => ({
      Id: a.id,
      ApptNo: a.apptNo,
      ApptDate: a.apptDate,
      Slot: `${a.slotStart}-${a.slotEnd}`,
      Status: a.status,
      StatusName: HANDOVER_STATUS[a.status] ?? '',
      HandoverDate: handoverDate ?? '',
      CreateTime: fmtTime(a.createdAt, auth.timeZone),
    })),
  };
}

export function meterView(m: typeof meters.$inferSelect) {
  return {
    Id: m.id,
    CommunityId: m.communityId,
    RoomId: m.roomId ?? 0,
    MeterType: m.meterType,
    MeterTypeName: METER_TYPES[m.meterType] ?? '',
    MeterNo: m.meterNo,
    Multiplier: m.multiplier,
    InitialReading: m.initialReading,
    LastReading: m.lastReading,
    LastReadTime: fmtTime(m.lastReadTime),
    IsPrepaid: m.isPrepaid,
    DeviceSn: m.deviceSn,
    Status: m.status,
    StatusName: m.status === 1 ? '正常' : '停用',
  };
}
