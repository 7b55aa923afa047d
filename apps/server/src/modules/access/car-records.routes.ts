import { CarRecordFixPlateBody, CarRecordManualOutBody, fenToMoney, toFen, zId } from '@linli/shared';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { call } from '../../core/calls';
import { todayIn } from '../../core/dates';
import { fail, notFound } from '../../core/errors';
import { xlsxExport } from '../../core/excel';
import { optionalInt } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { sqlRows } from '../../core/sql-rows';
import { parseApiTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { carPassRecords } from '../../db/schema';
import { lookupPassageType } from '../parking/passage-lookup';
import { passageFee } from '../parking/temp-fee';
import { loadTariff } from './car-passage';
import {
  CarRecordFilters,
  type CarRecordRaw,
  carRecordSelect,
  type CarRecordView,
  carRecordView,
  carRecordWhere,
} from './car-records-query';

const ROLE = 'txgl_cxjl';
const IdBody = z.object({ Id: zId() });

async function recordOf(db: Tx, auth: Auth, id: number): Promise<CarRecordRaw> {
  const [r] = await carRecordSelect(db).where(and(eq(carPassRecords.id, id), carRecordWhere(auth, {}, null)));
  if (!r) throw notFound();
  return r;
}

/** A 在场 record's fee if it left at `at`, by the type it entered as. */
async function feeAt(db: Tx, auth: Auth, r: CarRecordRaw, at: Date) {
  const tariff = await loadTariff(db, auth.cmpId, r.LotId);
  return passageFee(tariff!, r.VehicleType, r.InTime ?? at, at);
}

const exportColumns = [
  { header: '车牌', value: (r: CarRecordView) => r.Plate },
  { header: '类型', value: (r: CarRecordView) => r.VehicleTypeName },
  { header: '车场', value: (r: CarRecordView) => r.LotName },
  { header: '入场通道', value: (r: CarRecordView) => r.InLaneName },
  { header: '入场时间', width: 20, value: (r: CarRecordView) => r.InTime },
  { header: '出场通道', value: (r: CarRecordView) => r.OutLaneName },
  { header: '出场时间', width: 20, value: (r: CarRecordView) => r.OutTime },
  { header: '时长', value: (r: CarRecordView) => r.DurationText },
  { header: '应收', value: (r: CarRecordView) => r.FeeMoney },
  { header: '实收', value: (r: CarRecordView) => r.PaidMoney },
  { header: '支付方式', value: (r: CarRecordView) => r.PayMethodName },
  { header: '状态', value: (r: CarRecordView) => r.StateName },
  { header: '备注', width: 24, value: (r: CarRecordView) => r.AbnormalReason || r.Remark },
];

/** 车行记录 (txgl_cxjl): the lot's passages, today's figures, 手动出场 and 修正车牌. */
export const carRecordCalls = [
  call({
    path: '/CarRecord/List',
    role: ROLE,
    reads: true,
    body: CarRecordFilters,
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = carRecordWhere(auth, f, deps.now());
      return listWithCount(db, f, {
        table: carPassRecords,
        where,
        rows: async (p) =>
          (
            await carRecordSelect(db)
              .where(where)
              .orderBy(desc(carPassRecords.recTime), desc(carPassRecords.id))
              .limit(p.limit)
              .offset(p.offset)
          ).map((r) => carRecordView(r, auth.timeZone)),
      });
    },
  }),
  call({
    path: '/CarRecord/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const r = await recordOf(db, auth, b.Id);
      // What 手动出场 would charge now.
      const fee = r.State === 1 ? await feeAt(db, auth, r, deps.now()) : null;
      return { ...carRecordView(r, auth.timeZone), CurrentFeeMoney: fee?.FeeMoney ?? r.FeeMoney ?? '0.00' };
    },
  }),
  call({
    path: '/CarRecord/Summary',
    role: ROLE,
    reads: true,
    body: z.object({ CommunityId: optionalInt(), LotId: optionalInt() }),
    handler: async (f, { deps, auth }) => {
      const today = todayIn(deps.now(), auth.timeZone);
      const start = parseApiTime(today, auth.timeZone)!;
      const end = new Date(start.getTime() + 86400_000);
      const where = and(
        carRecordWhere(auth, { CommunityId: f.CommunityId, LotId: f.LotId }, null),
        // 在场 records are at most 30 days old (the 03:00 clean-up); today's exits entered within 31 days.
        sql`${carPassRecords.recTime} >= ${new Date(start.getTime() - 31 * 86400_000)}`,
      );
      const [r] = await deps.database.db
        .select({
          TodayIn: sql<number>`count(*) filter (where ${carPassRecords.inTime} >= ${start} and ${carPassRecords.inTime} < ${end})::int`,
          TodayOut: sql<number>`count(*) filter (where ${carPassRecords.outTime} >= ${start} and ${carPassRecords.outTime} < ${end})::int`,
          InLot: sql<number>`count(*) filter (where ${carPassRecords.state} = 1)::int`,
          TodayTempMoney: sql<string>`coalesce(sum(${carPassRecords.paidMoney}) filter (where ${carPassRecords.outTime} >= ${start}
            and ${carPassRecords.outTime} < ${end} and ${carPassRecords.vehicleType} = 3), 0)::numeric(14,2)::text`,
        })
        .from(carPassRecords)
        .where(where);
      return r;
    },
  }),
  call({
    path: '/CarRecord/ManualOut',
    role: ROLE,
    btn: 'edit',
    body: CarRecordManualOutBody,
    okMsg: '操作成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => {
        const r = await recordOf(tx, auth, b.Id);
        if (r.State !== 1) throw fail('只有在场记录可以手动出场');
        const now = deps.now();
        const out = b.OutTime ? parseApiTime(b.OutTime, auth.timeZone) : now;
        if (!out) throw fail('出场时间格式不正确');
        if (r.InTime && out < r.InTime) throw fail('出场时间不能早于入场时间');
        if (out.getTime() > now.getTime() + 60_000) throw fail('出场时间不能晚于当前时间');
        const fee = await feeAt(tx, auth, r, out);
        const paid = fenToMoney(toFen(b.PaidMoney));
        // Nothing taken, nothing tendered: a free exit (a 月租 car, a stay inside the free minutes) is 无, whatever
        // the dialog's default method was.
        const method = toFen(b.PaidMoney) > 0 ? b.PayMethod : 0;
        await tx.execute(sql`update car_pass_records set state = 2, out_time = ${out}, duration_minutes = ${fee.DurationMinutes},
            fee_money = ${fee.FeeMoney}, paid_money = ${paid}, pay_method = ${method},
            remark = ${`手动出场：${b.Reason}`.slice(0, 200)}, updated_at = ${now}
          where id = ${r.Id} and rec_time = ${r.RecTime} and cmp_id = ${auth.cmpId}`);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'carrecord.manualout',
            entity: 'carrecord',
            entityId: r.Id,
            detail: {
              Plate: r.Plate,
              FeeMoney: fee.FeeMoney,
              PaidMoney: paid,
              PayMethod: method,
              Reason: b.Reason,
            },
            ip,
          },
          now,
        );
        return { FeeMoney: fee.FeeMoney, DurationMinutes: fee.DurationMinutes };
      }),
  }),
  call({
    path: '/CarRecord/FixPlate',
    role: ROLE,
    btn: 'edit',
    body: CarRecordFixPlateBody,
    okMsg: '修正成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => {
        const r = await recordOf(tx, auth, b.Id);
        if (b.Plate === r.Plate) throw fail('新车牌与原车牌相同');
        const at = r.InTime ?? r.OutTime ?? deps.now();
        const [laneRules] = await sqlRows<{ rules: Record<string, unknown> }>(
          tx,
          sql`select rules from lanes where id = ${r.InLaneId ?? r.OutLaneId} and cmp_id = ${auth.cmpId}`,
        );
        const type = await lookupPassageType(tx, {
          cmpId: auth.cmpId,
          lotId: r.LotId,
          plate: b.Plate,
          at,
          timeZone: auth.timeZone,
          expiredCard: Number(laneRules?.rules?.ExpiredCard ?? 1),
        });
        const fee =
          r.InTime && r.OutTime ? await feeAt(tx, auth, { ...r, VehicleType: type.VehicleType }, r.OutTime) : null;
        const now = deps.now();
        await tx.execute(sql`update car_pass_records set plate = ${b.Plate},
            orig_plate = case when orig_plate = '' then plate else orig_plate end,
            vehicle_id = ${type.VehicleId}, vehicle_type = ${type.VehicleType},
            fee_money = ${fee ? fee.FeeMoney : sql`fee_money`},
            remark = ${`修正车牌：${b.Reason}`.slice(0, 200)}, updated_at = ${now}
          where id = ${r.Id} and rec_time = ${r.RecTime} and cmp_id = ${auth.cmpId}`);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'carrecord.fixplate',
            entity: 'carrecord',
            entityId: r.Id,
            detail: { From: r.Plate, To: b.Plate, Reason: b.Reason },
            ip,
          },
          now,
        );
        return null;
      }),
  }),
  call({
    path: '/CarRecord/Export',
    role: ROLE,
    btn: 'export',
    body: CarRecordFilters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = carRecordWhere(auth, f, deps.now());
      async function* rows() {
        let last: { t: Date; id: number } | null = null;
        for (;;) {
          const page: CarRecordRaw[] = await carRecordSelect(db)
            .where(
              and(
                where,
                last
                  ? or(
                      lt(carPassRecords.recTime, last.t),
                      and(eq(carPassRecords.recTime, last.t), lt(carPassRecords.id, last.id)),
                    )
                  : undefined,
              ),
            )
            .orderBy(desc(carPassRecords.recTime), desc(carPassRecords.id))
            .limit(500);
          for (const r of page) yield carRecordView(r, auth.timeZone);
          if (page.length < 500) return;
          const end = page[page.length - 1]!;
          last = { t: end.RecTime, id: end.Id };
        }
      }
      return xlsxExport('车行记录', exportColumns, rows());
    },
  }),
];
