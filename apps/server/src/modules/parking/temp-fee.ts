import { fenToMoney, toFen, VEHICLE_TYPE } from '@linli/shared';

/**
 * The temp fee (domain/parking-access.md "Temp fee"): the one function behind Quote (试算), Verify, PushEvents'
 * CarOut and 手动出场, so the lane display and the passage record agree. Integer fen throughout.
 */

/** A lot's tariff as stored: money as decimal text ('5.00'), DailyCapMoney '0' for no cap. */
export interface Tariff {
  /** Off: temp cars park free. */
  tempEnabled?: boolean;
  freeMinutes: number;
  firstMinutes: number;
  firstMoney: string;
  unitMinutes: number;
  unitMoney: string;
  dailyCapMoney: string;
}

const DAY_MINUTES = 1440;

/** The stay in whole minutes, rounded up; 0 when the exit is not after the entry. */
export function stayMinutes(inTime: Date, outTime: Date): number {
  const ms = outTime.getTime() - inTime.getTime();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

/**
 * The fee of a temp car's stay of `minutes`: nothing within the free minutes (and past them they are not deducted);
 * else every 24 h block from entry costs the first segment plus each started unit segment, capped per block.
 */
export function tempFeeFen(tariff: Tariff, minutes: number): number {
  if (tariff.tempEnabled === false || minutes <= 0 || minutes <= tariff.freeMinutes) return 0;
  const first = toFen(tariff.firstMoney);
  const unit = toFen(tariff.unitMoney);
  const cap = toFen(tariff.dailyCapMoney);
  const block = (b: number) => {
    const units = tariff.unitMinutes > 0 ? Math.ceil(Math.max(0, b - tariff.firstMinutes) / tariff.unitMinutes) : 0;
    const cost = first + units * unit;
    return cap > 0 ? Math.min(cost, cap) : cost;
  };
  const fullDays = Math.floor(minutes / DAY_MINUTES);
  const rest = minutes % DAY_MINUTES;
  return fullDays * block(DAY_MINUTES) + (rest > 0 ? block(rest) : 0);
}

export interface StayFee {
  DurationMinutes: number;
  feeFen: number;
  /** '9.00' */
  FeeMoney: string;
}

/**
 * The fee of a passage charged as `chargedType` (passage-type.ts: an expired 月租 card under ExpiredAsTemp is charged
 * as 临时 from entry): only 临时 pays; 月租, 产权, 内部 and 免费 pay 0.
 */
export function passageFee(tariff: Tariff, chargedType: number, inTime: Date, outTime: Date): StayFee {
  const minutes = stayMinutes(inTime, outTime);
  const feeFen = chargedType === VEHICLE_TYPE.temp ? tempFeeFen(tariff, minutes) : 0;
  return { DurationMinutes: minutes, feeFen, FeeMoney: fenToMoney(feeFen) };
}
