import { VEHICLE_STATUS_CODE, VEHICLE_TYPE } from '@linli/shared';
import { daysBetween } from '../../core/dates';

/**
 * Type at passage (domain/parking-access.md "States and rules"): what a plate counts as at a lane of a lot. The pure
 * rule is `passageType`; `lookupPassageType` (passage-lookup.ts) reads the vehicle and the lot for it.
 */

export interface PassageVehicle {
  id: number;
  vehicleType: number;
  status: number;
  validEnd: string | null;
}

export interface PassageType {
  /** The registered vehicle, null for an unknown plate (or a 停用 one, which passes as 临时). */
  VehicleId: number | null;
  /** The type it is charged and recorded as: a lapsed 月租 card under 按临停 becomes 3临时. */
  VehicleType: number;
  /** The registered vehicle's own type, null when there is none. */
  RegisteredType: number | null;
  /** A 月租 card past its ValidEnd. */
  Expired: boolean;
  /** '黑名单车辆' or '月卡已过期' when the plate is denied; null when it may pass (fee aside). */
  Deny: string | null;
  /** ValidEnd − today for a 月租 card; null otherwise. */
  DaysLeft: number | null;
  ValidEnd: string | null;
}

export interface PassageRules {
  /** The day of the passage in the company's zone. */
  today: string;
  /** The lot's ExpiredAsTemp. */
  expiredAsTemp: boolean;
  /** The lane's Rules.ExpiredCard: 1按临停 2禁止 (default 1). The stricter of the lot and the lane wins. */
  expiredCard?: number;
}

export function passageType(v: PassageVehicle | null, rules: PassageRules): PassageType {
  const temp: PassageType = {
    VehicleId: null,
    VehicleType: VEHICLE_TYPE.temp,
    RegisteredType: null,
    Expired: false,
    Deny: null,
    DaysLeft: null,
    ValidEnd: null,
  };
  if (!v) return temp;
  if (v.status === VEHICLE_STATUS_CODE.blacklist)
    return { ...temp, VehicleId: v.id, RegisteredType: v.vehicleType, Deny: '黑名单车辆', ValidEnd: v.validEnd };
  if (v.status !== VEHICLE_STATUS_CODE.normal) return temp;
  const own = {
    ...temp,
    VehicleId: v.id,
    VehicleType: v.vehicleType,
    RegisteredType: v.vehicleType,
    ValidEnd: v.validEnd,
  };
  if (v.vehicleType !== VEHICLE_TYPE.monthly) return own;
  const daysLeft = v.validEnd ? daysBetween(rules.today, v.validEnd) : null;
  const expired = daysLeft === null || daysLeft < 0;
  if (!expired) return { ...own, DaysLeft: daysLeft };
  const asTemp = rules.expiredAsTemp && (rules.expiredCard ?? 1) === 1;
  return asTemp
    ? { ...own, VehicleType: VEHICLE_TYPE.temp, Expired: true, DaysLeft: daysLeft }
    : { ...own, Expired: true, DaysLeft: daysLeft, Deny: '月卡已过期' };
}
