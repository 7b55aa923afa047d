import { VEHICLE_TYPE, type VehicleRenewBody } from '@linli/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { todayIn } from '../../core/dates';
import { inScope } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { vehicles } from '../../db/schema';
import { sql } from 'drizzle-orm';

/**
 * 续期 / 批量续期 (domain/parking-access.md "Console actions"), also what the cashier's 停车费 calls with a PaymentId.
 * By the company's today: a valid card (ValidEnd ≥ today) gets ValidEnd + N months; a lapsed one starts today and
 * ends today + N months − 1 day; months add as PostgreSQL's date + interval. One set-based statement renews every
 * vehicle and writes its VehicleRenewal row; with a PaymentId, a vehicle already renewed by that payment is skipped.
 */
export async function renewVehicles(
  tx: Tx,
  auth: Auth,
  b: VehicleRenewBody,
  now: Date,
  ip: string,
): Promise<{ Count: number }> {
  const ids = [...new Set(b.Ids)];
  const today = todayIn(now, auth.timeZone);
  const rows = await tx
    .select({ id: vehicles.id, plate: vehicles.plate, type: vehicles.vehicleType, end: vehicles.validEnd })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.cmpId, auth.cmpId),
        inArray(vehicles.id, ids),
        eq(vehicles.isDeleted, false),
        inScope(auth, vehicles.communityId),
      ),
    )
    .for('update');
  if (rows.length !== ids.length) throw notFound();
  const notMonthly = rows.find((r) => r.type !== VEHICLE_TYPE.monthly);
  if (notMonthly) throw fail(`只有月租车可以续期：${notMonthly.plate}`);
  if (b.NewEnd && !b.Months) {
    if (b.NewEnd < today) throw fieldError('NewEnd', '到期日期不能早于今天');
    const later = rows.find((r) => r.end && r.end >= b.NewEnd!);
    if (later) throw fieldError('NewEnd', `到期日期须晚于原到期日期：${later.plate} ${later.end}`);
  }
  const months = b.Months ?? 0;
  const newEnd = b.Months
    ? sql`case when v.valid_end >= ${today}::date then (v.valid_end + make_interval(months => ${months}::int))::date
        else (${today}::date + make_interval(months => ${months}::int) - interval '1 day')::date end`
    : sql`${b.NewEnd}::date`;
  const paid = b.PaymentId
    ? sql`and not exists (select 1 from vehicle_renewals r where r.vehicle_id = v.id and r.payment_id = ${b.PaymentId}::int)`
    : sql``;
  const done = await sqlRows<{ id: number }>(
    tx,
    sql`with upd as (
        update vehicles v set
          valid_start = case when v.valid_end >= ${today}::date then v.valid_start else ${today}::date end,
          valid_end = ${newEnd},
          updated_at = ${now}
        from vehicles o
        where o.id = v.id and v.cmp_id = ${auth.cmpId}::int and v.id = any(${`{${ids.join(',')}}`}::int[]) ${paid}
        returning v.id, o.valid_end as old_end, v.valid_end as new_end
      )
      insert into vehicle_renewals (cmp_id, vehicle_id, old_end, new_end, months, payment_id, created_at, updated_at, created_by)
      select ${auth.cmpId}::int, upd.id, upd.old_end, upd.new_end, ${months}::smallint, ${b.PaymentId ?? null}::int,
        ${now}, ${now}, ${auth.userId}::int
      from upd
      returning vehicle_id as id`,
  );
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'vehicle.renew',
      entity: 'vehicle',
      entityId: ids.length === 1 ? ids[0]! : null,
      detail: { Ids: ids, Months: months, NewEnd: b.NewEnd ?? null, PaymentId: b.PaymentId ?? null },
      ip,
    },
    now,
  );
  return { Count: done.length };
}
