import { VEHICLE_TYPE } from '@linli/shared';
import { describe, expect, it } from 'vitest';
import { passageType } from './passage-type';
import { passageFee, stayMinutes, type Tariff, tempFeeFen } from './temp-fee';

// The domain file's example: free 15 min, 5.00 for the first hour, 2.00 per hour after, cap 30.00.
const ground: Tariff = {
  freeMinutes: 15,
  firstMinutes: 60,
  firstMoney: '5.00',
  unitMinutes: 60,
  unitMoney: '2.00',
  dailyCapMoney: '30.00',
};
const at = (hhmm: string, day = '2026-11-10') => new Date(`${day}T${hhmm}:00+08:00`);

describe('temp fee (parking-access.md "Temp fee")', () => {
  it('matches the domain example: 10 min → 0, 2 h 30 → 9.00, 26 h → 37.00', () => {
    expect(tempFeeFen(ground, 10)).toBe(0);
    expect(tempFeeFen(ground, 150)).toBe(900);
    expect(tempFeeFen(ground, 26 * 60)).toBe(3700);
  });

  it('does not deduct the free minutes once past them, and rounds the stay up to the minute', () => {
    expect(tempFeeFen(ground, 15)).toBe(0);
    expect(tempFeeFen(ground, 16)).toBe(500);
    expect(tempFeeFen(ground, 60)).toBe(500);
    expect(tempFeeFen(ground, 61)).toBe(700);
    expect(stayMinutes(at('08:00'), new Date(at('08:15').getTime() + 1))).toBe(16);
    expect(stayMinutes(at('09:00'), at('08:00'))).toBe(0);
  });

  it('caps each 24 h block counted from entry, over stays of several days', () => {
    expect(tempFeeFen(ground, 1440)).toBe(3000);
    expect(tempFeeFen(ground, 1441)).toBe(3500);
    expect(tempFeeFen(ground, 3 * 1440 + 30)).toBe(3 * 3000 + 500);
    // A block's own cost below the cap is not raised to it.
    expect(tempFeeFen(ground, 1440 + 5 * 60)).toBe(3000 + 500 + 4 * 200);
  });

  it('charges without a cap when DailyCapMoney is 0, and takes odd segments and cents exactly', () => {
    const t: Tariff = {
      freeMinutes: 0,
      firstMinutes: 30,
      firstMoney: '0.10',
      unitMinutes: 15,
      unitMoney: '0.20',
      dailyCapMoney: '0',
    };
    expect(tempFeeFen(t, 1)).toBe(10);
    expect(tempFeeFen(t, 31)).toBe(30);
    expect(tempFeeFen(t, 1440)).toBe(10 + 94 * 20);
    expect(tempFeeFen(t, 2 * 1440)).toBe(2 * (10 + 94 * 20));
  });

  it('only 临时 pays: 月租/产权/内部/免费 pass for 0, and the answer is a 2-decimal string', () => {
    expect(passageFee(ground, VEHICLE_TYPE.temp, at('08:00'), at('10:30'))).toEqual({
      DurationMinutes: 150,
      feeFen: 900,
      FeeMoney: '9.00',
    });
    for (const type of [1, 2, 4, 5]) expect(passageFee(ground, type, at('08:00'), at('10:30')).FeeMoney).toBe('0.00');
  });
});

describe('type at passage (parking-access.md "Type at passage")', () => {
  const monthly = (validEnd: string | null, status = 1) => ({ id: 7, vehicleType: 1, status, validEnd });
  const rules = { today: '2026-11-10', expiredAsTemp: true };

  it('a registered 正常 vehicle uses its own type; 月租 adds the days left', () => {
    expect(passageType(monthly('2026-11-22'), rules)).toMatchObject({ VehicleType: 1, DaysLeft: 12, Deny: null });
    expect(passageType(monthly('2026-11-10'), rules)).toMatchObject({ VehicleType: 1, DaysLeft: 0, Expired: false });
    expect(passageType({ id: 8, vehicleType: 2, status: 1, validEnd: null }, rules).VehicleType).toBe(2);
  });

  it('an unknown or 停用 plate is 临时; 黑名单 is denied', () => {
    expect(passageType(null, rules)).toMatchObject({ VehicleType: 3, VehicleId: null, Deny: null });
    expect(passageType(monthly('2027-01-01', 2), rules)).toMatchObject({ VehicleType: 3, VehicleId: null });
    expect(passageType(monthly('2027-01-01', 3), rules).Deny).toBe('黑名单车辆');
  });

  it('a lapsed 月租 card is charged as temp from entry under ExpiredAsTemp, else denied; the stricter setting wins', () => {
    const lapsed = monthly('2026-11-09');
    const asTemp = passageType(lapsed, rules);
    expect(asTemp).toMatchObject({ VehicleType: 3, RegisteredType: 1, Expired: true, Deny: null, DaysLeft: -1 });
    expect(passageFee(ground, asTemp.VehicleType, at('08:00'), at('10:30')).FeeMoney).toBe('9.00');
    expect(passageType(lapsed, { ...rules, expiredAsTemp: false }).Deny).toBe('月卡已过期');
    expect(passageType(lapsed, { ...rules, expiredCard: 2 }).Deny).toBe('月卡已过期');
  });
});
