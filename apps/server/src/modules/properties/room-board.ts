import { ROOM_STATUS } from '@linli/shared';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { residents, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { buildingOf, unitsOf } from './buildings.service';
import { maskName } from '../../core/masks';
import { todayIn } from '../../core/dates';
import { roomsInArrears } from '../fees/fee-seams';

/**
 * 房态图 of one building (properties.md): floors top first, columns grouped by unit, every room in one answer (a
 * 40 × 4 × 6 building is 960 small cells). A room is in arrears (the red dot) when a bill of it is past due unpaid.
 */
export async function roomBoard(deps: AppDeps, auth: Auth, buildingId: number) {
  const { db } = deps.database;
  const bld = await buildingOf(db, auth, buildingId);
  const units = await unitsOf(db, buildingId);
  const list = await db
    .select({
      Id: rooms.id,
      RoomNo: rooms.roomNo,
      Floor: rooms.floor,
      UnitId: rooms.unitId,
      Status: rooms.status,
      RoomType: rooms.roomType,
      BuildArea: rooms.buildArea,
      OwnerName: residents.name,
    })
    .from(rooms)
    .leftJoin(residents, eq(residents.id, rooms.ownerResidentId))
    .where(eq(rooms.buildingId, buildingId))
    .orderBy(rooms.unitId, rooms.floor, rooms.roomNo);
  const arrears = await roomsInArrears(db, auth.cmpId, buildingId, todayIn(deps.now(), auth.timeZone));
  const top = Math.max(bld.floorsAbove, ...list.map((r) => r.Floor));
  const bottom = Math.min(-bld.floorsBelow, ...list.map((r) => r.Floor));
  const floors: number[] = [];
  for (let f = top; f >= bottom; f--) if (f !== 0) floors.push(f);
  const byStatus = ROOM_STATUS.map((name, status) => ({ Status: status, Name: name, Count: 0 }));
  for (const r of list) byStatus[r.Status]!.Count++;
  const sold = list.filter((r) => r.Status !== 0).length;
  const lived = list.filter((r) => r.Status === 2 || r.Status === 3).length;
  return {
    Building: { Id: bld.id, Name: bld.name, FloorsAbove: bld.floorsAbove, FloorsBelow: bld.floorsBelow },
    Units: units,
    Floors: floors,
    Rooms: list.map(({ OwnerName, ...r }) => ({ ...r, OwnerMask: maskName(OwnerName), Arrears: arrears.has(r.Id) })),
    Counts: {
      Total: list.length,
      ByStatus: byStatus,
      // Same rule as the community list: (已入住 + 已出租) ÷ sold rooms.
      OccupancyRate: sold ? (Math.round((lived * 1000) / sold) / 10).toFixed(1) : '0.0',
    },
  };
}
