import { decCmp, decMul, FeeMeterReadingState, type MeterReadingEditBody } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { ApiError, fail, RET } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { ABNORMAL_FACTOR, lockedReadings, setLastReadings, usageOf } from './meter-readings.service';

/**
 * MeterReading/Save: corrects a 待审核 reading (本期读数, 抄表日期, 换表 or 翻表, 备注). Its meter, period and previous
 * reading stay; the usage and the 异常 mark are computed again with BatchSave's rules. A meter with a reading of a
 * later period is refused: that reading was based on this one.
 */
export async function editReading(tx: Tx, auth: Auth, b: MeterReadingEditBody, now: Date) {
  const [row] = await lockedReadings(tx, auth, [b.Id]);
  const r = row!;
  if (r.state !== FeeMeterReadingState.Pending) throw fail('只有待审核的读数可以修改');
  const [m] = await sqlRows<{ meter_no: string; later: boolean; avg: string | null }>(
    tx,
    sql`select m.meter_no,
        exists (select 1 from fee_meter_readings x where x.meter_id = m.id and x.state <> 4 and x.period > ${r.period}) as later,
        (select round(avg(y.usage), 2)::text from (select usage from fee_meter_readings z where z.meter_id = m.id
          and z.state <> 4 and z.period < ${r.period} order by z.period desc limit 3) y) as avg
      from meters m where m.id = ${r.meterId} and m.cmp_id = ${auth.cmpId}`,
  );
  const tag = `表号${m!.meter_no}：`;
  if (m!.later) throw fail(`${tag}已有后续账期的读数，不能修改`);
  if (b.IsReplace && (b.OldEndReading === undefined || b.NewStartReading === undefined))
    throw fail(`${tag}换表需填写旧表止码和新表起码`, { Errors: { OldEndReading: '请填写旧表止码和新表起码' } });
  if (!b.IsReplace && !b.IsRollover && decCmp(b.CurrReading, r.prevReading) < 0)
    throw fail(`${tag}本期读数不能小于上期读数`, { Errors: { CurrReading: '本期读数不能小于上期读数' } });
  const usage = usageOf(r.prevReading, b, r.multiplier);
  if (usage === null)
    throw fail(`${tag}本期读数不能小于上期读数`, { Errors: { CurrReading: '本期读数不能小于上期读数' } });
  const avg = m!.avg;
  const isAbnormal = avg !== null && decCmp(avg, 0) > 0 && decCmp(usage, decMul(avg, ABNORMAL_FACTOR)) > 0;
  if (isAbnormal && !b.ConfirmAbnormal)
    throw new ApiError(RET.CONFLICT, '有1条读数用量异常，请确认后保存', {
      Abnormal: [{ MeterId: r.meterId, Usage: usage, AvgUsage: avg }],
    });
  await tx.execute(sql`update fee_meter_readings set curr_reading = ${b.CurrReading}, usage = ${usage},
      is_replace = ${b.IsReplace}, old_end_reading = ${b.IsReplace ? (b.OldEndReading ?? null) : null},
      new_start_reading = ${b.IsReplace ? (b.NewStartReading ?? null) : null}, is_rollover = ${b.IsRollover},
      is_abnormal = ${isAbnormal}, read_date = coalesce(${b.ReadDate ?? null}::date, read_date),
      remark = ${b.Remark ?? r.remark}, updated_at = ${now}
    where id = ${r.id} and cmp_id = ${auth.cmpId}`);
  await setLastReadings(tx, auth.cmpId, [r.meterId], now);
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'meter_reading.edit',
      entity: 'fee_meter_reading',
      entityId: r.id,
      detail: {
        Before: { CurrReading: r.currReading, Usage: r.usage },
        After: { CurrReading: b.CurrReading, Usage: usage },
      },
    },
    now,
  );
  return { Id: r.id, Usage: usage, IsAbnormal: isAbnormal };
}
