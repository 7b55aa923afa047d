import {
  FEE_METER_READING_SOURCE,
  FEE_METER_READING_STATE,
  METER_TYPES,
  MeterReadingBatchBody,
  MeterReadingEditBody,
  MeterReadingIdsBody,
  feeName,
  zFlag,
  zId,
  zIntIn,
  zOptionalText,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { call, Page } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { anyId, likeText, optionalInt } from '../../core/filters';
import { pageOf, pagingFields } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { editReading } from './meter-reading-edit';
import { batchSave, billReadings, moveReadings, readingGrid } from './meter-readings.service';

const Filters = {
  CommunityId: optionalInt(),
  BuildingId: optionalInt(),
  MeterType: optionalInt(),
  Period: zOptionalText(7, '账期'),
  State: optionalInt(),
  OnlyAbnormal: zFlag().optional(),
  Keyword: zOptionalText(50, '关键字'),
};
const ListBody = z.object({ ...pagingFields, ...Filters });
type F = z.infer<typeof ListBody>;

async function whereOf(db: Tx, auth: Auth, f: F): Promise<SQL> {
  const c: SQL[] = [sql`rd.cmp_id = ${auth.cmpId}`, anyId(sql`rd.community_id`, await communityIdsOf(db, auth))];
  if (f.CommunityId !== undefined) c.push(sql`rd.community_id = ${f.CommunityId}`);
  if (f.BuildingId !== undefined) c.push(sql`r.building_id = ${f.BuildingId}`);
  if (f.MeterType !== undefined) c.push(sql`m.meter_type = ${f.MeterType}`);
  if (f.Period) c.push(sql`rd.period = ${f.Period}`);
  if (f.State !== undefined) c.push(sql`rd.state = ${f.State}`);
  if (f.OnlyAbnormal) c.push(sql`rd.is_abnormal`);
  if (f.Keyword) c.push(sql`(m.meter_no ilike ${likeText(f.Keyword)} or r.full_name ilike ${likeText(f.Keyword)})`);
  return sql.join(c, sql` and `);
}

const FROM = sql`from fee_meter_readings rd join meters m on m.id = rd.meter_id left join rooms r on r.id = rd.room_id`;

async function readingRows(db: Tx, where: SQL, page?: { limit: number; offset: number }) {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select rd.*, rd.prev_reading::text as prev, rd.curr_reading::text as curr, rd.usage::text as use,
        rd.multiplier::text as mult, m.meter_no, m.meter_type, coalesce(r.full_name, '') as room_name,
        to_char(rd.read_date, 'YYYY-MM-DD') as read_day,
        (select round(avg(y.usage), 2)::text from (select usage from fee_meter_readings z where z.meter_id = rd.meter_id
          and z.state <> 4 and z.period < rd.period order by z.period desc limit 3) y) as avg_usage
      ${FROM} where ${where}
      order by rd.period desc, r.full_name, m.meter_no, rd.id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    Id: Number(r.id),
    CommunityId: Number(r.community_id),
    MeterId: Number(r.meter_id),
    MeterNo: r.meter_no as string,
    MeterType: Number(r.meter_type),
    MeterTypeName: METER_TYPES[Number(r.meter_type)] ?? '',
    RoomId: Number(r.room_id ?? 0),
    RoomName: r.room_name as string,
    Period: r.period as string,
    PrevReading: r.prev as string,
    CurrReading: r.curr as string,
    Multiplier: r.mult as string,
    Usage: r.use as string,
    AvgUsage: (r.avg_usage as string | null) ?? '',
    IsReplace: Boolean(r.is_replace),
    IsRollover: Boolean(r.is_rollover),
    OldEndReading: (r.old_end_reading as string | null) ?? '',
    NewStartReading: (r.new_start_reading as string | null) ?? '',
    IsAbnormal: Boolean(r.is_abnormal),
    ReadDate: r.read_day as string,
    State: Number(r.state),
    StateName: feeName(FEE_METER_READING_STATE, Number(r.state)),
    Source: Number(r.source),
    SourceName: feeName(FEE_METER_READING_SOURCE, Number(r.source)),
    BillId: Number(r.bill_id ?? 0),
    Remark: r.remark as string,
    CreateTime: fmtTime(r.created_at as string),
  }));
}

/** 抄表 (sfgl_cb): readings, the entry grid, 审核, 出账 and 作废. */
export const meterReadingCalls = [
  call({
    path: '/MeterReading/List',
    role: 'sfgl_cb',
    reads: true,
    body: ListBody,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = await whereOf(db, auth, f);
      const [rows, [n]] = await Promise.all([
        readingRows(db, where, pageOf(f)),
        sqlRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`),
      ]);
      return new Page(rows, Number(n?.n ?? 0));
    },
  }),
  call({
    path: '/MeterReading/Export',
    role: 'sfgl_cb',
    btn: 'export',
    body: z.object(Filters),
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const rows = await readingRows(db, await whereOf(db, auth, f));
      return xlsxExport<(typeof rows)[number]>(
        '抄表记录',
        [
          { header: '房号', value: (r) => r.RoomName },
          { header: '表类型', value: (r) => r.MeterTypeName },
          { header: '表号', value: (r) => r.MeterNo },
          { header: '账期', value: (r) => r.Period },
          { header: '上期读数', value: (r) => r.PrevReading },
          { header: '本期读数', value: (r) => r.CurrReading },
          { header: '倍率', value: (r) => r.Multiplier },
          { header: '用量', value: (r) => r.Usage },
          { header: '抄表日期', value: (r) => r.ReadDate },
          { header: '状态', value: (r) => r.StateName },
          { header: '异常', value: (r) => (r.IsAbnormal ? '异常' : '') },
        ],
        rows,
      );
    },
  }),
  call({
    path: '/MeterReading/Grid',
    role: 'sfgl_cb',
    reads: true,
    body: z.object({
      CommunityId: zId('请选择小区').pipe(z.number().min(1, '请选择小区')),
      MeterType: zIntIn(1, 3, '请选择仪表类型'),
      Period: zOptionalText(7, '账期').pipe(z.string({ error: '请选择账期' }).regex(/^\d{4}-\d{2}$/, '账期格式不正确')),
      BuildingId: optionalInt(),
    }),
    handler: (b, { deps, auth }) => readingGrid(deps.database.db, auth, b),
  }),
  call({
    path: '/MeterReading/BatchSave',
    role: 'sfgl_cb',
    btn: 'add',
    body: MeterReadingBatchBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth }) => deps.database.db.transaction((tx) => batchSave(tx, auth, b, deps.now())),
  }),
  call({
    path: '/MeterReading/Save',
    role: 'sfgl_cb',
    btn: 'edit',
    body: MeterReadingEditBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth }) => deps.database.db.transaction((tx) => editReading(tx, auth, b, deps.now())),
  }),
  call({
    path: '/MeterReading/Approve',
    role: 'sfgl_cb',
    btn: 'approve',
    body: MeterReadingIdsBody,
    okMsg: '审核成功',
    handler: (b, { deps, auth }) =>
      deps.database.db.transaction((tx) => moveReadings(tx, auth, b.Ids, 'approve', deps.now())),
  }),
  call({
    path: '/MeterReading/Void',
    role: 'sfgl_cb',
    btn: 'del',
    body: MeterReadingIdsBody,
    okMsg: '已作废',
    handler: (b, { deps, auth }) =>
      deps.database.db.transaction((tx) => moveReadings(tx, auth, b.Ids, 'void', deps.now())),
  }),
  call({
    path: '/MeterReading/Bill',
    role: 'sfgl_cb',
    btn: 'bill',
    body: MeterReadingIdsBody,
    handler: (b, { deps, auth }) => deps.database.db.transaction((tx) => billReadings(tx, auth, b.Ids, deps.now())),
  }),
];
