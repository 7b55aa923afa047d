import { registerArrearsRooms } from '../sms';
import { arrearsRooms } from './fee-seams';

const todayInChina = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/**
 * The SMS module's 欠费住户 target answered from the bills (fees.md "Other modules"): registered once when the fee
 * calls load, so SMS never imports fees. The day is the date in China, the zone the bills' due dates are kept in.
 */
export function registerFeeArrears(today: () => string = todayInChina): void {
  registerArrearsRooms(async (q) =>
    (await arrearsRooms(q.db, q.CmpId, q, today())).map((r) => ({
      RoomId: r.RoomId,
      Money: r.ArrearsMoney,
      Months: r.Months,
    })),
  );
}
