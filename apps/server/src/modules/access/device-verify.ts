import { codeName, VEHICLE_TYPE, VEHICLE_TYPES } from '@linli/shared';
import type { DeviceAuth } from '../../core/device-auth';
import { todayIn } from '../../core/dates';
import { fail } from '../../core/errors';
import { fmtTime, parseApiTime } from '../../core/time';
import type { AppDeps } from '../../deps';
import { lookupPassageType } from '../parking/passage-lookup';
import { passageFee } from '../parking/temp-fee';
import { loadLane, loadTariff, lotFull, openRecord } from './car-passage';
import { checkCard, checkFace } from './card-check';

export interface VerifyInput {
  Kind: 'Plate' | 'Card' | 'Face';
  Plate: string;
  CardNo: string;
  ResidentId?: number | undefined;
  Time?: string | undefined;
}

export interface VerifyAnswer {
  Allow: 0 | 1;
  Reason: string;
  VehicleType: number | null;
  VehicleTypeName: string;
  FeeMoney: string;
  InTime: string;
  ValidEnd: string;
}

const answer = (allow: boolean, reason: string, more: Partial<VerifyAnswer> = {}): VerifyAnswer => ({
  Allow: allow ? 1 : 0,
  Reason: reason,
  VehicleType: null,
  VehicleTypeName: '',
  FeeMoney: '0.00',
  InTime: '',
  ValidEnd: '',
  ...more,
});

/**
 * Verify (parking-access.md "Device calls"): whether a plate, card or face may pass this lane now; it reads only.
 * A plate's fee comes from its 在场 record in the lane's lot, priced up to Time by the one temp-fee function.
 */
export async function verify(deps: AppDeps, device: DeviceAuth, b: VerifyInput): Promise<VerifyAnswer> {
  const { db } = deps.database;
  const at = b.Time ? parseApiTime(b.Time, device.timeZone) : deps.now();
  if (!at) throw fail('时间格式不正确');
  const lane = (await loadLane(db, device.cmpId, device.laneId, device.timeZone))!;
  const today = todayIn(at, device.timeZone);
  if (b.Kind === 'Card') {
    if (!b.CardNo) throw fail('请输入卡号');
    if (lane.kind === 2 && lane.rules.AllowCard === false) return answer(false, '该通道不允许刷卡');
    const c = await checkCard(db, { cmpId: device.cmpId, laneId: lane.id, cardNo: b.CardNo, today });
    return answer(!c.deny, c.deny ?? c.personName, { ValidEnd: c.validTo ?? '' });
  }
  if (b.Kind === 'Face') {
    if (lane.kind === 2 && lane.rules.AllowFace === false) return answer(false, '该通道不允许刷脸');
    const f = await checkFace(db, { cmpId: device.cmpId, residentId: b.ResidentId, communityId: lane.communityId });
    return answer(!f.deny, f.deny ?? f.personName);
  }
  if (!b.Plate) throw fail('请输入车牌号');
  if (lane.kind !== 1 || !lane.lotId) return answer(false, '该通道不是车行通道');
  const type = await lookupPassageType(db, {
    cmpId: device.cmpId,
    lotId: lane.lotId,
    plate: b.Plate,
    at,
    timeZone: device.timeZone,
    expiredCard: Number(lane.rules.ExpiredCard ?? 1),
  });
  const base = {
    VehicleType: type.VehicleType,
    VehicleTypeName: codeName(VEHICLE_TYPES, type.VehicleType),
    ValidEnd: type.ValidEnd ?? '',
  };
  if (type.Deny) return answer(false, type.Deny, base);
  const [tariff, open] = await Promise.all([
    loadTariff(db, device.cmpId, lane.lotId),
    openRecord(db, device.cmpId, lane.lotId, b.Plate, at),
  ]);
  const fee = open && tariff ? passageFee(tariff, open.vehicleType, open.inTime, at) : null;
  const more = {
    ...base,
    FeeMoney: fee?.FeeMoney ?? '0.00',
    InTime: open ? fmtTime(open.inTime, device.timeZone) : '',
  };
  const due = fee && fee.feeFen > 0 ? ` 请缴费${fee.FeeMoney}元` : '';
  if (type.Expired) return answer(true, `月卡已过期${due}`, more);
  const temp = type.VehicleType === VEHICLE_TYPE.temp;
  const entering = !open && lane.direction !== 2;
  if (temp && entering) {
    const tempRule = Number(lane.rules.TempCar ?? 1);
    if (tempRule === 2 || tariff?.tempEnabled === false) return answer(false, '临时车禁止通行', more);
    if (lane.rules.FullDenyTemp && tariff && (await lotFull(db, device.cmpId, lane.lotId, tariff.spaceCount)))
      return answer(false, '车位已满', more);
    if (tempRule === 3) return answer(false, '请等待岗亭确认', more);
  }
  const monthly = type.VehicleType === VEHICLE_TYPE.monthly || type.VehicleType === VEHICLE_TYPE.owned;
  const free = type.VehicleType === VEHICLE_TYPE.internal || type.VehicleType === VEHICLE_TYPE.free;
  if ((monthly && lane.rules.AutoOpenMonthly === false) || (free && lane.rules.AutoOpenFree === false))
    return answer(false, '请等待岗亭确认', more);
  const left = type.VehicleType === VEHICLE_TYPE.monthly && type.DaysLeft !== null ? ` 剩余${type.DaysLeft}天` : '';
  return answer(true, `${base.VehicleTypeName}车${left}${due}`, more);
}
