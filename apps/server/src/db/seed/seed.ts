import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { communities, companies } from '../schema';
import { seedDemoOrg } from './demo-org';
import { seedDemoProperties } from './demo-properties';
import { seedDemoResidents } from './demo-residents';
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
    return true;
  });
}
