import { normalisePlate } from '@linli/shared';
import { and, eq, not } from 'drizzle-orm';
import { todayIn } from '../../core/dates';
import type { Tx } from '../../db/client';
import { parkingLots, vehicles } from '../../db/schema';
import { type PassageType, passageType } from './passage-type';

export interface PassageQuery {
  cmpId: number;
  lotId: number;
  /** Normalised here too, so a device's '粤b·12345' finds 粤B12345. */
  plate: string;
  /** The passage time; its day in `timeZone` decides whether a monthly card has lapsed. */
  at: Date;
  timeZone: string;
  /** The lane's Rules.ExpiredCard (1按临停 2禁止). */
  expiredCard?: number;
}

/**
 * The type a plate passes as at a lane of `lotId` (parking-access.md "Type at passage"), for Verify, PushEvents and
 * 修正车牌. One indexed read of the lot's vehicle (vehicles_lot_plate_uq) joined to the lot for ExpiredAsTemp.
 */
export async function lookupPassageType(tx: Tx, q: PassageQuery): Promise<PassageType> {
  const plate = normalisePlate(q.plate);
  // The lot's ExpiredAsTemp and the plate's vehicle in one round trip (vehicles_lot_plate_uq): Verify's path.
  const [row] = await tx
    .select({
      expiredAsTemp: parkingLots.expiredAsTemp,
      id: vehicles.id,
      vehicleType: vehicles.vehicleType,
      status: vehicles.status,
      validEnd: vehicles.validEnd,
    })
    .from(parkingLots)
    .leftJoin(
      vehicles,
      and(
        eq(vehicles.lotId, parkingLots.id),
        eq(vehicles.cmpId, q.cmpId),
        eq(vehicles.plate, plate),
        not(vehicles.isDeleted),
      ),
    )
    .where(and(eq(parkingLots.id, q.lotId), eq(parkingLots.cmpId, q.cmpId)));
  const lot = row;
  const v =
    row && row.id !== null && plate
      ? { id: row.id, vehicleType: row.vehicleType!, status: row.status!, validEnd: row.validEnd }
      : undefined;
  return passageType(v ?? null, {
    today: todayIn(q.at, q.timeZone),
    expiredAsTemp: lot?.expiredAsTemp ?? true,
    expiredCard: q.expiredCard,
  });
}
