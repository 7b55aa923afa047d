import {
  decCmp,
  decMul,
  decSub,
  decText,
  FeeBillSource,
  FeeKind,
  FeeMeterReadingSource,
  FeeMeterReadingState,
  type MeterReadingBatchBody,
} from '@linli/shared';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { todayIn } from '../../core/dates';
import { ApiError, fail, notFound, RET } from '../../core/errors';
import { anyId, idList } from '../../core/filters';
import { assertCommunity, communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { feeMeterReadings, meters } from '../../db/schema';
import { generate, loadStandard, priced } from './generator';
import { baseAmountSql, billAmountSql } from './pricing-sql';

/** 水表 → 水费, 电表 → 电费, 燃气表 → 燃气费 (FeeItem.Category of the metered item a reading bills). */
export const CATEGORY_OF_METER: Record<number, number> = { 1: 2, 2: 3, 3: 4 };

/** How far above the average of the last 3 readings a usage turns 异常. */
export const ABNORMAL_FACTOR = 3;

interface GridRow {
  MeterId: number;
  MeterNo: string;
  RoomId: number;
  RoomName: string;
  Multiplier: string;
  PrevReading: string;
  AvgUsage: string | null;
  ReadingId: number;
  CurrReading: string | null;
  IsPrepaid: boolean;
}

/**
 * The previous reading of each meter before `period` (the last not-void reading, else the meter's LastReading or
 * initial reading) and the average usage of up to 3 readings before it.
 */
function meterStateSql(cmpId: number, period: string) {
  return sql`
    coalesce((select x.curr_reading from fee_meter_readings x
        where x.meter_id = m.id and x.state <> 4 and x.period < ${period} order by x.period desc limit 1)::text,
      m.last_reading::text) as prev_reading,
    (select round(avg(y.usage), 2)::text from (select usage from fee_meter_readings z
        where z.meter_id = m.id and z.state <> 4 and z.period < ${period} and z.cmp_id = ${cmpId}
        order by z.period desc limit 3) y) as avg_usage`;
}

/** MeterReading/Grid: a row per active meter of a community and type for a period. */
export async function readingGrid(
  tx: Tx,
  auth: Auth,
  b: { CommunityId: number; MeterType: number; Period: string; BuildingId?: number | undefined; MeterIds?: number[] },
): Promise<GridRow[]> {
  await assertCommunity(tx, auth, b.CommunityId);
  const rows = await sqlRows<Record<string, unknown>>(
    tx,
    sql`select m.id, m.meter_no, m.room_id, coalesce(r.full_name, '') as room_name, m.multiplier::text, m.is_prepaid,
        ${meterStateSql(auth.cmpId, b.Period)},
        cur.id as reading_id, cur.curr_reading::text as curr_reading
      from meters m
      left join rooms r on r.id = m.room_id
      left join fee_meter_readings cur on cur.meter_id = m.id and cur.period = ${b.Period} and cur.state <> 4
      where m.cmp_id = ${auth.cmpId} and m.community_id = ${b.CommunityId} and m.meter_type = ${b.MeterType}
        and m.status = 1 ${b.BuildingId ? sql`and r.building_id = ${b.BuildingId}` : sql``}
        ${b.MeterIds ? sql`and ${anyId(sql`m.id`, b.MeterIds)}` : sql``}
      order by r.full_name nulls last, m.meter_no`,
  );
  return rows.map((r) => ({
    MeterId: Number(r.id),
    MeterNo: r.meter_no as string,
    RoomId: Number(r.room_id ?? 0),
    RoomName: r.room_name as string,
    Multiplier: r.multiplier as string,
    PrevReading: r.prev_reading as string,
    AvgUsage: (r.avg_usage as string | null) ?? null,
    ReadingId: Number(r.reading_id ?? 0),
    CurrReading: (r.curr_reading as string | null) ?? null,
    IsPrepaid: Boolean(r.is_prepaid),
  }));
}

/** Usage of a reading: (Curr − Prev) × Multiplier; a replaced meter adds both meters' parts; a rollover wraps. */
export function usageOf(
  prev: string,
  r: {
    CurrReading: string;
    IsReplace: boolean;
    OldEndReading?: string | undefined;
    NewStartReading?: string | undefined;
    IsRollover: boolean;
  },
  multiplier: string,
): string | null {
  let raw;
  if (r.IsReplace) {
    if (r.OldEndReading === undefined || r.NewStartReading === undefined) return null;
    raw = decSub(decSub(r.OldEndReading, prev), decSub(r.NewStartReading, r.CurrReading));
  } else if (r.IsRollover) {
    const digits = prev.split('.')[0]!.replace('-', '').length;
    raw = decSub(decSub(`1${'0'.repeat(digits)}`, prev), decSub(0, r.CurrReading));
  } else {
    raw = decSub(r.CurrReading, prev);
  }
  if (decCmp(raw, 0) < 0) return null;
  return decText(decMul(raw, multiplier), 2);
}

/** MeterReading/BatchSave: all rows or none; abnormal usage asks for confirmation (ret 409). */
export async function batchSave(
  tx: Tx,
  auth: Auth,
  b: MeterReadingBatchBody,
  now: Date,
  source: number = FeeMeterReadingSource.Reading,
) {
  // Only the meters of the batch: an import saves one row at a time.
  const grid = await readingGrid(tx, auth, { ...b, MeterIds: b.Rows.map((r) => r.MeterId) });
  const byId = new Map(grid.map((g) => [g.MeterId, g]));
  const abnormal: { MeterId: number; Usage: string; AvgUsage: string }[] = [];
  const seen = new Set<number>();
  const values = [];
  const today = todayIn(now, auth.timeZone);
  for (const r of b.Rows) {
    const g = byId.get(r.MeterId);
    if (!g) throw notFound('仪表不存在或已停用');
    const tag = `表号${g.MeterNo}：`;
    if (seen.has(r.MeterId)) throw fail(`${tag}重复录入`);
    seen.add(r.MeterId);
    if (g.ReadingId) throw fail(`${tag}该表本期已抄表`);
    if (!r.IsReplace && !r.IsRollover && decCmp(r.CurrReading, g.PrevReading) < 0)
      throw fail(`${tag}本期读数不能小于上期读数`, {
        Errors: { Rows: `${tag}本期读数不能小于上期读数` },
        MeterId: r.MeterId,
      });
    if (r.IsReplace && (r.OldEndReading === undefined || r.NewStartReading === undefined))
      throw fail(`${tag}换表需填写旧表止码和新表起码`);
    const usage = usageOf(g.PrevReading, r, g.Multiplier);
    if (usage === null) throw fail(`${tag}本期读数不能小于上期读数`);
    const isAbnormal =
      g.AvgUsage !== null && decCmp(g.AvgUsage, 0) > 0 && decCmp(usage, decMul(g.AvgUsage, ABNORMAL_FACTOR)) > 0;
    if (isAbnormal) abnormal.push({ MeterId: r.MeterId, Usage: usage, AvgUsage: g.AvgUsage! });
    values.push({
      cmpId: auth.cmpId,
      communityId: b.CommunityId,
      meterId: r.MeterId,
      roomId: g.RoomId || null,
      period: b.Period,
      prevReading: g.PrevReading,
      currReading: r.CurrReading,
      multiplier: g.Multiplier,
      usage,
      isReplace: r.IsReplace,
      oldEndReading: r.OldEndReading ?? null,
      newStartReading: r.NewStartReading ?? null,
      isRollover: r.IsRollover,
      isAbnormal,
      readDate: r.ReadDate ?? today,
      state: FeeMeterReadingState.Pending,
      source,
      remark: r.Remark ?? '',
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (abnormal.length && !b.ConfirmAbnormal)
    throw new ApiError(RET.CONFLICT, `有${abnormal.length}条读数用量异常，请确认后保存`, { Abnormal: abnormal });
  const inserted = await tx
    .insert(feeMeterReadings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: feeMeterReadings.id });
  // A reading saved meanwhile by someone else: nothing of this batch stays.
  if (inserted.length !== values.length) throw fail('该表本期已抄表');
  await setLastReadings(
    tx,
    auth.cmpId,
    values.map((v) => v.meterId),
    now,
  );
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'meter_reading.save',
      entity: 'fee_meter_reading',
      detail: { Period: b.Period, Saved: values.length, Abnormal: abnormal.length },
    },
    now,
  );
  return { Saved: values.length, Abnormal: abnormal.length };
}

/** Each meter's LastReading follows its newest not-void reading. */
export async function setLastReadings(tx: Tx, cmpId: number, meterIds: number[], now: Date) {
  if (!meterIds.length) return;
  await tx.execute(sql`update meters m set last_reading = coalesce(x.curr_reading, m.initial_reading),
      last_read_time = ${now}, updated_at = ${now}
    from (select mm.id, (select curr_reading from fee_meter_readings r where r.meter_id = mm.id and r.state <> 4
            order by r.period desc, r.id desc limit 1) as curr_reading
          from meters mm where mm.cmp_id = ${cmpId} and mm.id = any(${idList(meterIds)}::int[])) x
    where m.id = x.id and m.cmp_id = ${cmpId}`);
}

export async function lockedReadings(tx: Tx, auth: Auth, ids: number[]) {
  const scope = await communityIdsOf(tx, auth);
  const rows = await tx
    .select()
    .from(feeMeterReadings)
    .where(
      and(
        eq(feeMeterReadings.cmpId, auth.cmpId),
        anyId(feeMeterReadings.id, ids),
        anyId(feeMeterReadings.communityId, scope),
      ),
    )
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound('抄表记录不存在');
  return rows;
}

/** 审核 (待审核 → 已审核) and 作废 (待审核 → 作废). */
export async function moveReadings(tx: Tx, auth: Auth, ids: number[], to: 'approve' | 'void', now: Date) {
  const rows = await lockedReadings(tx, auth, ids);
  if (rows.some((r) => r.state !== FeeMeterReadingState.Pending))
    throw fail(to === 'approve' ? '只有待审核的读数可以审核' : '只有待审核的读数可以作废');
  await tx
    .update(feeMeterReadings)
    .set(
      to === 'approve'
        ? { state: FeeMeterReadingState.Approved, approvedBy: auth.userId, approvedAt: now, updatedAt: now }
        : { state: FeeMeterReadingState.Void, updatedAt: now },
    )
    .where(and(eq(feeMeterReadings.cmpId, auth.cmpId), anyId(feeMeterReadings.id, ids)));
  if (to === 'void')
    await setLastReadings(
      tx,
      auth.cmpId,
      rows.map((r) => r.meterId),
      now,
    );
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: `meter_reading.${to}`,
      entity: 'fee_meter_reading',
      detail: { Ids: ids },
    },
    now,
  );
  return { Count: rows.length };
}

/**
 * 出账: approved readings become 抄表出账 bills through the generator, priced by the metered standard of the
 * meter's type that the room is bound to (a room's meters of one type add up into one bill per period).
 */
export async function billReadings(tx: Tx, auth: Auth, ids: number[], now: Date) {
  const rows = await lockedReadings(tx, auth, ids);
  const failures: { Id: number; Reason: string }[] = [];
  const ready = rows.filter((r) => {
    if (r.state !== FeeMeterReadingState.Approved) failures.push({ Id: r.id, Reason: '只有已审核的读数可以出账' });
    else if (!r.roomId) failures.push({ Id: r.id, Reason: '仪表未绑定房间' });
    else return true;
    return false;
  });
  if (!ready.length) return { Created: 0, Failed: failures.length, Failures: failures };
  const match = await sqlRows<{ id: number; standard_id: number | null; is_prepaid: boolean }>(
    tx,
    sql`select rd.id, m.is_prepaid,
        (select fb.standard_id from fee_bindings fb join fee_items i on i.id = fb.item_id
          where fb.cmp_id = ${auth.cmpId} and fb.payer_type = 1 and fb.payer_id = rd.room_id and fb.state = 1
            and i.kind = ${FeeKind.Metered} and i.category = (case m.meter_type when 1 then 2 when 2 then 3 else 4 end)
          order by fb.id limit 1) as standard_id
      from fee_meter_readings rd join meters m on m.id = rd.meter_id
      where rd.cmp_id = ${auth.cmpId} and ${anyId(
        sql`rd.id`,
        ready.map((r) => r.id),
      )}`,
  );
  const groups = new Map<number, number[]>();
  for (const m of match) {
    if (m.is_prepaid) failures.push({ Id: Number(m.id), Reason: '预付费电表不出账' });
    else if (!m.standard_id) failures.push({ Id: Number(m.id), Reason: '房间未绑定抄表类收费标准' });
    else groups.set(Number(m.standard_id), [...(groups.get(Number(m.standard_id)) ?? []), Number(m.id)]);
  }
  let created = 0;
  for (const [standardId, readingIds] of groups) {
    const s = (await loadStandard(tx, auth.cmpId, standardId))!;
    const usage = sql`g.usage`;
    const base = baseAmountSql(priced(s), {
      area: sql`r.build_area`,
      inner: sql`r.inner_area`,
      coef: sql`r.fee_coefficient`,
      floor: sql`r.floor`,
      usage,
      price: sql`null`,
    });
    const amount = billAmountSql(priced(s), base.amount);
    const candidates = sql`select 1 as payer_type, g.room_id as payer_id, g.room_id, r.building_id, r.community_id,
        r.full_name::varchar(80) as payer_name, g.period, g.ps as period_start, (g.ps + interval '1 month' - interval '1 day')::date as period_end,
        (g.ps + interval '1 month')::date + ${s.billDay - 1}::int as bill_date,
        (g.ps + interval '1 month')::date + ${s.billDay - 1 + s.dueDays}::int as due_date,
        ${base.quantity} as quantity, ${amount} as amount, ${base.reason} as reason
      from (select room_id, period, to_date(period, 'YYYY-MM') as ps, sum(usage) as usage from fee_meter_readings
            where cmp_id = ${auth.cmpId} and ${anyId(sql`id`, readingIds)} group by room_id, period) g
      join rooms r on r.id = g.room_id and r.cmp_id = ${auth.cmpId}`;
    const g = await generate(tx, {
      cmpId: auth.cmpId,
      standard: s,
      candidates,
      source: FeeBillSource.Meter,
      ctx: { cmpId: auth.cmpId, userId: auth.userId, at: now },
    });
    created += g.created;
    await tx.execute(sql`update fee_meter_readings rd set state = ${FeeMeterReadingState.Billed}, bill_id = b.id, updated_at = ${now}
      from fee_bills b
      where rd.cmp_id = ${auth.cmpId} and ${anyId(sql`rd.id`, readingIds)} and b.cmp_id = ${auth.cmpId}
        and b.payer_type = 1 and b.payer_id = rd.room_id and b.standard_id = ${standardId} and b.period = rd.period`);
    const left = await tx
      .select({ id: feeMeterReadings.id })
      .from(feeMeterReadings)
      .where(
        and(
          eq(feeMeterReadings.cmpId, auth.cmpId),
          anyId(feeMeterReadings.id, readingIds),
          eq(feeMeterReadings.state, FeeMeterReadingState.Approved),
        ),
      );
    for (const l of left) failures.push({ Id: l.id, Reason: '无法计费' });
  }
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'meter_reading.bill',
      entity: 'fee_meter_reading',
      detail: { Ids: ids, Created: created },
    },
    now,
  );
  return { Created: created, Failed: failures.length, Failures: failures };
}

/** The meters of a handover written as reading rows (source 交房, 已审核): the base of the next reading. */
export async function handoverReadings(
  tx: Tx,
  e: {
    cmpId: number;
    userId: number;
    roomId: number;
    readings: { MeterId: number; Reading: string }[];
    today: string;
    now: Date;
  },
) {
  for (const r of e.readings) {
    const [m] = await tx
      .select()
      .from(meters)
      .where(and(eq(meters.id, r.MeterId), eq(meters.cmpId, e.cmpId)));
    if (!m) continue;
    const [prev] = await sqlRows<{ prev: string | null }>(
      tx,
      sql`select coalesce((select curr_reading::text from fee_meter_readings where meter_id = ${m.id} and state <> 4
        and period < ${e.today.slice(0, 7)} order by period desc limit 1), ${m.initialReading}) as prev`,
    );
    const prevReading = prev?.prev ?? m.initialReading;
    const usage =
      decCmp(r.Reading, prevReading) >= 0 ? decText(decMul(decSub(r.Reading, prevReading), m.multiplier), 2) : '0.00';
    await tx
      .insert(feeMeterReadings)
      .values({
        cmpId: e.cmpId,
        communityId: m.communityId,
        meterId: m.id,
        roomId: e.roomId,
        period: e.today.slice(0, 7),
        prevReading,
        currReading: r.Reading,
        multiplier: m.multiplier,
        usage,
        readDate: e.today,
        state: FeeMeterReadingState.Approved,
        source: FeeMeterReadingSource.Handover,
        remark: '交房读数',
        approvedBy: e.userId,
        approvedAt: e.now,
        createdBy: e.userId,
        createdAt: e.now,
        updatedAt: e.now,
      })
      .onConflictDoNothing();
  }
}
