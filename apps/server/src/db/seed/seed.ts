import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { communities, companies } from '../schema';
import { seedDemoAttendance } from './demo-attendance';
import { seedDemoAccess } from './demo-access';
import { seedDemoFeePayments } from './demo-fee-payments';
import { seedDemoDeskDay } from './demo-fee-desk-day';
import { seedDemoOrg } from './demo-org';
import { seedDemoParking } from './demo-parking';
import { seedDemoProperties } from './demo-properties';
import { seedDemoFees } from './demo-fees';
import { seedDemoResidents } from './demo-residents';
import { seedDemoSms } from './demo-sms';
import { todayIn } from '../../core/dates';

/** A database that holds any company is never seeded over; the lock keeps two starting processes from both seeding. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7310002)`);
    const [row] = await tx.select({ n: count() }).from(companies);
    if ((row?.n ?? 0) > 0) return false;
    const now = new Date();
    const cmpId = await seedDemoOrg(tx, now);
    const ids = await tx
      .select({ id: communities.id })
      .from(communities)
      .where(eq(communities.cmpId, cmpId))
      .orderBy(communities.id);
    const today = todayIn(now, 'Asia/Shanghai');
    await seedDemoProperties(
      tx,
      cmpId,
      ids.map((c) => c.id),
      today,
    );
    await seedDemoResidents(
      tx,
      cmpId,
      ids.map((c) => c.id),
      today,
    );
    await seedDemoAttendance(tx, cmpId, now, today);
    await seedDemoParking(tx, cmpId, ids[0]!.id, today);
    await seedDemoSms(tx, cmpId, ids[0]!.id, now);
    await seedDemoAccess(tx, cmpId, ids[0]!.id, today, now);
    await seedDemoFees(tx, cmpId, ids[0]!.id, today, now);
    // After the demo bills: pays 85 % of them, prepaid, one void, one pending refund.
    await seedDemoFeePayments(tx, cmpId, today, now);
    // The fee reports' demo day: 追欠 by both cashiers, a prepaid deduction, yesterday's payment refunded today.
    await seedDemoDeskDay(tx, cmpId, ids[0]!.id, today, now);
    return true;
  });
}
