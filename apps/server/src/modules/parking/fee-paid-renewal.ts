import { VEHICLE_TYPE } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import { onFeePaid } from '../fees/fee-paid-events';
import { renewVehicles } from './vehicle-renew';

/** Whole months from a period's first to its last day (a quarterly 停车费 bill: 3). */
export function periodMonths(start: string, end: string): number {
  const [ys, ms] = start.split('-').map(Number) as [number, number];
  const [ye, me] = end.split('-').map(Number) as [number, number];
  return (ye - ys) * 12 + (me - ms) + 1;
}

/**
 * FeePaid(停车费) triggers Renew (parking-access.md "Events consumed"): a 月租 vehicle whose 停车费 bill a payment
 * settled in full is renewed by the bill's months, through the same renewal as the screen's 续期, inside the
 * payment's transaction and once per payment (its PaymentId). Other vehicle types pay their fee without a card.
 */
export function registerFeePaidRenewal(): () => void {
  return onFeePaid(async (tx, e) => {
    const ids = e.bills.map((b) => b.PayerId);
    const monthly = await sqlRows<{ id: number }>(
      tx,
      sql`select id from vehicles where cmp_id = ${e.cmpId} and id = any(${`{${ids.join(',')}}`}::int[])
        and vehicle_type = ${VEHICLE_TYPE.monthly} and not is_deleted`,
    );
    const renew = new Set(monthly.map((v) => Number(v.id)));
    // The payment was taken in the cashier's scope; the renewal acts for the company on the vehicle it paid for.
    const system: Auth = {
      sessionId: 0,
      userId: e.userId ?? 0,
      cmpId: e.cmpId,
      account: '',
      name: '系统',
      isAdmin: true,
      allCommunity: true,
      timeZone: e.timeZone,
      access: [],
      buttons: new Map(),
    };
    // One payment may settle several months' bills of one vehicle: its renewal is their months together, in one
    // call, because a renewal is kept once per payment and vehicle.
    const months = new Map<number, number>();
    for (const b of e.bills) {
      if (renew.has(b.PayerId))
        months.set(b.PayerId, (months.get(b.PayerId) ?? 0) + periodMonths(b.PeriodStart, b.PeriodEnd));
    }
    for (const [id, n] of months) {
      await renewVehicles(tx, system, { Ids: [id], Months: n, PaymentId: e.paymentId }, e.now, '');
    }
  });
}
