import { FeeBillRunState, FeeBillSource } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import { bindingCandidates, generate, loadStandard } from '../../modules/fees/generator';
import { billReadings, moveReadings } from '../../modules/fees/meter-readings.service';
import { addMonths, periodsBetween } from '../../modules/fees/periods';
import type { Tx } from '../client';
import { feeBillRuns } from '../schema';

/**
 * 阳光花园's fees (domain/fees.md "Demo data"): the items and standards of the file, bindings, three months of water
 * readings (one 异常) and 14 months of bills, made set-based by the same generator as 批量出账 (a run per standard).
 * The payments (85 % paid by two cashiers) are the cashier side's demo.
 */
export async function seedDemoFees(tx: Tx, cmpId: number, sunny: number, today: string, now: Date) {
  const [admin] = await sqlRows<{ id: number }>(
    tx,
    sql`select id from users where cmp_id = ${cmpId} and is_admin order by id limit 1`,
  );
  const auth: Auth = {
    sessionId: 0,
    userId: admin!.id,
    cmpId,
    account: 'admin',
    name: '系统',
    isAdmin: true,
    allCommunity: true,
    timeZone: 'Asia/Shanghai',
    access: [],
    buttons: new Map(),
  };
  const items = await sqlRows<{ id: number; item_name: string }>(
    tx,
    sql`insert into fee_items (cmp_id, item_name, category, kind, payer_type) values
      (${cmpId}, '物业费', 1, 1, 1), (${cmpId}, '水费', 2, 3, 1), (${cmpId}, '电费', 3, 3, 1),
      (${cmpId}, '停车费', 5, 1, 2), (${cmpId}, '公摊费', 6, 1, 1), (${cmpId}, '垃圾清运费', 10, 1, 1),
      (${cmpId}, '装修押金', 8, 4, 1)
      returning id, item_name`,
  );
  const item = (name: string) => items.find((i) => i.item_name === name)!.id;
  const tiers = JSON.stringify([
    { UpTo: '20', UnitPrice: '3.4500' },
    { UpTo: '30', UnitPrice: '4.8300' },
    { UpTo: null, UnitPrice: '6.2100' },
  ]);
  const stds = await sqlRows<{ id: number; standard_name: string }>(
    tx,
    sql`insert into fee_standards (cmp_id, item_id, community_id, standard_name, price_method, unit_price, fixed_money,
        tiers, formula, cycle_months, charge_mode, bill_day, due_days, late_fee_rate, late_fee_unit, auto_deduct,
        auto_generate, auto_bind_on_handover)
      values
      (${cmpId}, ${item('物业费')}, ${sunny}, '住宅物业费', 1, 2.5, 0, '[]', '', 1, 1, 1, 15, 0.5, 1, true, true, true),
      (${cmpId}, ${item('物业费')}, ${sunny}, '商铺物业费', 1, 4, 0, '[]', '', 1, 1, 1, 15, 0.5, 1, true, true, false),
      (${cmpId}, ${item('水费')}, ${sunny}, '阶梯水价', 5, 0, 0, ${tiers}::jsonb, '', 1, 2, 5, 15, 0.5, 1, false, false, false),
      (${cmpId}, ${item('电费')}, ${sunny}, '居民电价', 4, 0.5283, 0, '[]', '', 1, 2, 5, 15, 0, 1, false, false, false),
      (${cmpId}, ${item('停车费')}, ${sunny}, '月租车位', 3, 0, 300, '[]', '', 3, 1, 1, 15, 0.5, 1, false, false, false),
      (${cmpId}, ${item('公摊费')}, ${sunny}, '公摊水电', 6, 0, 0, '[]', 'area*0.15*coef', 1, 1, 1, 15, 0, 1, false, false, false),
      (${cmpId}, ${item('垃圾清运费')}, ${sunny}, '垃圾费', 3, 0, 10, '[]', '', 1, 1, 1, 15, 0, 1, false, false, false),
      (${cmpId}, ${item('装修押金')}, ${sunny}, '装修押金', 3, 0, 2000, '[]', '', 1, 1, 1, 0, 0, 1, false, false, false)
      returning id, standard_name`,
  );
  const std = (name: string) => stds.find((s) => s.standard_name === name)!.id;
  const first = addMonths(today.slice(0, 7), -13);
  const bind = (standard: number, itemId: number, where: ReturnType<typeof sql>) =>
    tx.execute(sql`insert into fee_bindings (cmp_id, standard_id, item_id, community_id, building_id, payer_type,
        payer_id, room_id, start_date, state, created_by)
      select ${cmpId}, ${standard}, ${itemId}, ${sunny}, r.building_id, 1, r.id, r.id, ${`${first}-01`}::date, 1, ${admin!.id}
      from rooms r where r.cmp_id = ${cmpId} and r.community_id = ${sunny} and r.status <> 0 and ${where}`);
  await bind(std('住宅物业费'), item('物业费'), sql`r.room_type = 1`);
  await bind(std('商铺物业费'), item('物业费'), sql`r.room_type = 2`);
  await bind(std('公摊水电'), item('公摊费'), sql`true`);
  await bind(std('垃圾费'), item('垃圾清运费'), sql`r.room_type = 1`);
  await bind(std('阶梯水价'), item('水费'), sql`true`);
  await bind(std('居民电价'), item('电费'), sql`true`);

  // 14 months of periodic bills, one 已完成 run per standard.
  const ctx = { cmpId, userId: admin!.id, at: now };
  for (const name of ['住宅物业费', '商铺物业费', '公摊水电', '垃圾费']) {
    const s = (await loadStandard(tx, cmpId, std(name)))!;
    const to = today.slice(0, 7);
    const [run] = await tx
      .insert(feeBillRuns)
      .values({
        cmpId,
        communityId: sunny,
        standardIds: [s.id],
        periodFrom: first,
        periodTo: to,
        state: FeeBillRunState.Running,
        total: 1,
        createdBy: admin!.id,
      })
      .returning({ id: feeBillRuns.id });
    const g = await generate(tx, {
      cmpId,
      standard: s,
      candidates: bindingCandidates(cmpId, s, periodsBetween(first, to, s), {}),
      source: FeeBillSource.Run,
      runId: run!.id,
      ctx,
    });
    await tx.execute(sql`update fee_bill_runs set state = ${FeeBillRunState.Done}, done = 1, created = ${g.created},
      failed = ${g.failed}, amount_money = ${g.amountMoney}::numeric, finished_at = ${now}
      where id = ${run!.id} and cmp_id = ${cmpId}`);
  }

  // Water: three months of readings, ~8–15 m³ each; the last month waits for 审核 and one of it is 35 m³ (异常).
  for (const back of [3, 2, 1]) {
    const period = addMonths(today.slice(0, 7), -back);
    await tx.execute(sql`insert into fee_meter_readings (cmp_id, community_id, meter_id, room_id, period, prev_reading,
        curr_reading, multiplier, usage, is_abnormal, read_date, state, source, created_by)
      select ${cmpId}, m.community_id, m.id, m.room_id, ${period},
        m.last_reading, m.last_reading + u.usage, m.multiplier, u.usage * m.multiplier, u.abnormal,
        ${`${period}-25`}::date, 1, 1, ${admin!.id}
      from meters m
      cross join lateral (select case when ${back} = 1 and m.id = (select min(id) from meters where community_id = ${sunny} and meter_type = 1)
          then 35 else 8 + (m.id + ${back}) % 8 end::numeric as usage,
        (${back} = 1 and m.id = (select min(id) from meters where community_id = ${sunny} and meter_type = 1)) as abnormal) u
      where m.cmp_id = ${cmpId} and m.community_id = ${sunny} and m.meter_type = 1 and m.room_id is not null`);
    await tx.execute(sql`update meters m set last_reading = r.curr_reading, last_read_time = ${now}
      from fee_meter_readings r where r.meter_id = m.id and r.period = ${period} and m.cmp_id = ${cmpId}`);
    if (back === 1) continue;
    const ids = await sqlRows<{ id: number }>(
      tx,
      sql`select id from fee_meter_readings where cmp_id = ${cmpId} and period = ${period}`,
    );
    await moveReadings(
      tx,
      auth,
      ids.map((r) => Number(r.id)),
      'approve',
      now,
    );
    await billReadings(
      tx,
      auth,
      ids.map((r) => Number(r.id)),
      now,
    );
  }

  // The demo stands for 14 months of history made in one go: each bill's 出账 is dated on its BillDate (01:00, when
  // the auto-generate job runs), not at seed time, so a report as of a past day sees the bills its payments paid
  // (fee-reports.md "As of T means EventTime ≤ T").
  await tx.execute(sql`with d as (
      select b.id, least((b.bill_date + time '01:00') at time zone 'Asia/Shanghai', ${now}::timestamptz) as at
      from fee_bills b where b.cmp_id = ${cmpId} and b.community_id = ${sunny})
    update fee_journal j set event_time = d.at, created_at = d.at, updated_at = d.at
    from d where j.bill_id = d.id and j.event_type = 1 and j.cmp_id = ${cmpId}`);
  await tx.execute(sql`update fee_bills b
    set created_at = least((b.bill_date + time '01:00') at time zone 'Asia/Shanghai', ${now}::timestamptz)
    where b.cmp_id = ${cmpId} and b.community_id = ${sunny}`);
}
