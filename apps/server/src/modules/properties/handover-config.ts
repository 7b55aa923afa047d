import { DEFAULT_INSPECT_ITEMS, DEFAULT_KEY_ITEMS, type HandoverConfigBody } from '@linli/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { assertCommunity } from '../../core/scope';
import type { Tx } from '../../db/client';
import { handoverAppointments, handoverConfigs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { addDays, daysBetween, todayIn, weekdayOf } from '../../core/dates';

/** Appointments that no longer hold a place: 已拒绝, 已取消. */
export const FREED = [7, 8];

export type HandoverConfig = typeof handoverConfigs.$inferSelect;

export async function configOf(db: Tx, communityId: number): Promise<HandoverConfig | undefined> {
  const [c] = await db.select().from(handoverConfigs).where(eq(handoverConfigs.communityId, communityId));
  return c;
}

const view = (c: HandoverConfig) => ({
  CommunityId: c.communityId,
  StartDate: c.startDate,
  EndDate: c.endDate,
  Weekdays: c.weekdays,
  Slots: c.slots,
  ClosedDates: c.closedDates,
  LeadDays: c.leadDays,
  MaxDaysAhead: c.maxDaysAhead,
  InspectItems: c.inspectItems,
  KeyItems: c.keyItems,
});

export async function configGet(deps: AppDeps, auth: Auth, communityId: number) {
  const { db } = deps.database;
  await assertCommunity(db, auth, communityId);
  const c = await configOf(db, communityId);
  if (c) return { ...view(c), Saved: true };
  const today = todayIn(deps.now(), auth.timeZone);
  // Not set yet: the form opens on the usual delivery-week setup.
  return {
    CommunityId: communityId,
    StartDate: today,
    EndDate: addDays(today, 30),
    Weekdays: [1, 2, 3, 4, 5, 6],
    Slots: ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'].map((s) => ({
      Start: s,
      End: `${String(Number(s.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      Capacity: 3,
    })),
    ClosedDates: [] as string[],
    LeadDays: 1,
    MaxDaysAhead: 30,
    InspectItems: DEFAULT_INSPECT_ITEMS,
    KeyItems: DEFAULT_KEY_ITEMS,
    Saved: false,
  };
}

export async function configSave(deps: AppDeps, auth: Auth, b: HandoverConfigBody, ip: string) {
  const { db } = deps.database;
  await assertCommunity(db, auth, b.CommunityId);
  const slots = [...b.Slots].sort((x, y) => x.Start.localeCompare(y.Start));
  for (let i = 1; i < slots.length; i++) {
    if (slots[i]!.Start < slots[i - 1]!.End) throw fail(`时段 ${slots[i]!.Start}-${slots[i]!.End} 与其他时段重叠`);
  }
  const now = deps.now();
  const values = {
    startDate: b.StartDate,
    endDate: b.EndDate,
    weekdays: [...new Set(b.Weekdays)].sort((x, y) => x - y),
    slots,
    closedDates: [...new Set(b.ClosedDates)].sort(),
    leadDays: b.LeadDays,
    maxDaysAhead: b.MaxDaysAhead,
    inspectItems: b.InspectItems.length ? b.InspectItems : DEFAULT_INSPECT_ITEMS,
    keyItems: b.KeyItems.length ? b.KeyItems : DEFAULT_KEY_ITEMS,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(handoverConfigs)
      .values({ ...values, cmpId: auth.cmpId, communityId: b.CommunityId, createdBy: auth.userId, createdAt: now })
      .onConflictDoUpdate({ target: handoverConfigs.communityId, set: values });
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'handover.config',
        entity: 'community',
        entityId: b.CommunityId,
        ip,
      },
      now,
    );
  });
  return null;
}

/** Whether the community takes bookings on `date` (the window counted from today). */
export function dayOpen(c: HandoverConfig, date: string, today: string): boolean {
  const ahead = daysBetween(today, date);
  return (
    date >= c.startDate &&
    date <= c.endDate &&
    c.weekdays.includes(weekdayOf(date)) &&
    !c.closedDates.includes(date) &&
    ahead >= c.leadDays &&
    ahead <= c.maxDaysAhead
  );
}

/** Places taken in each slot of each day: appointments that are neither cancelled nor rejected. */
export async function bookedCounts(db: Tx, communityId: number, from: string, to: string) {
  const rows = await db
    .select({
      date: handoverAppointments.apptDate,
      start: handoverAppointments.slotStart,
      n: sql<number>`count(*)::int`,
    })
    .from(handoverAppointments)
    .where(
      and(
        eq(handoverAppointments.communityId, communityId),
        sql`${handoverAppointments.apptDate} between ${from} and ${to}`,
        notInArray(handoverAppointments.status, FREED),
      ),
    )
    .groupBy(handoverAppointments.apptDate, handoverAppointments.slotStart);
  return new Map(rows.map((r) => [`${r.date} ${r.start}`, Number(r.n)]));
}

export async function availability(
  deps: AppDeps,
  auth: Auth,
  f: { CommunityId: number; DateFrom?: string | undefined; DateTo?: string | undefined },
) {
  const { db } = deps.database;
  await assertCommunity(db, auth, f.CommunityId);
  const today = todayIn(deps.now(), auth.timeZone);
  const from = f.DateFrom ?? today;
  const to = f.DateTo ?? addDays(from, 30);
  const span = daysBetween(from, to);
  if (span < 0) throw fail('结束日期不能早于开始日期');
  if (span > 92) throw fail('日期范围不能超过92天');
  const c = await configOf(db, f.CommunityId);
  const booked = await bookedCounts(db, f.CommunityId, from, to);
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const open = !!c && dayOpen(c, d, today);
    const slots = (c?.slots ?? []).map((s) => ({ ...s, Booked: booked.get(`${d} ${s.Start}`) ?? 0 }));
    days.push({
      Date: d,
      Open: open,
      Slots: slots.map((s) => ({ ...s, Left: open ? Math.max(0, s.Capacity - s.Booked) : 0 })),
      Booked: slots.reduce((n, s) => n + s.Booked, 0),
      Capacity: open ? slots.reduce((n, s) => n + s.Capacity, 0) : 0,
    });
  }
  return days;
}
