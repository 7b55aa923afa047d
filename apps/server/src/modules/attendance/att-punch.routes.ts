import {
  ATT_LEAVE_KINDS,
  ClockInBody,
  ImportPunchBody,
  isDateTime,
  LeaveAddBody,
  MakeUpBody,
  PunchListFilter,
  zDate,
  zId,
  zRequiredText,
} from '@linli/shared';
import { desc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, Page } from '../../core/calls';
import { readSheet, readUpload, xlsxExport } from '../../core/excel';
import { pageOf, pagingFields } from '../../core/paging';
import { sqlRows } from '../../core/sql-rows';
import { attLeaves, users } from '../../db/schema';
import { codeName } from './att-common';
import { logCount, logRows, punchCount, punchRows, staffWhere, stateText } from './att-punch-query';
import { clockIn, devicePunch, importPunches, leaveAdd, leaveDel, makeUp, makeUpDel } from './att-punch.service';

const ROLE = 'kqgl_dkjl';
const IdBody = z.object({ Id: zId() });
const Filters = z.object({ ...pagingFields, ...PunchListFilter });

/** 打卡记录 (kqgl_dkjl), the staff app's ClockIn and the 考勤机's DevicePunch. */
export const attPunchCalls = [
  call({
    path: '/Attendance/PunchList',
    role: ROLE,
    reads: true,
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const [rows, count] = await Promise.all([punchRows(db, auth, f, pageOf(f)), punchCount(db, auth, f)]);
      return new Page(
        rows.map((r) => ({ ...r, StateText: stateText(r) })),
        count,
      );
    },
  }),
  call({
    path: '/Attendance/LogList',
    role: ROLE,
    reads: true,
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const [rows, count] = await Promise.all([logRows(db, auth, f, pageOf(f)), logCount(db, auth, f)]);
      return new Page(rows, count);
    },
  }),
  call({
    path: '/Attendance/PunchExport',
    role: ROLE,
    btn: 'export',
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      async function* all() {
        for (let offset = 0; ; offset += 1000) {
          const rows = await punchRows(db, auth, f, { limit: 1000, offset });
          yield* rows;
          if (rows.length < 1000) return;
        }
      }
      return xlsxExport(
        '打卡记录',
        [
          { header: '员工', value: (r) => r.UserName },
          { header: '工号', value: (r) => r.JobNo },
          { header: '部门', value: (r) => r.DptName },
          { header: '考勤组', value: (r) => r.GroupName },
          { header: '日期', value: (r) => r.Day },
          { header: '班次', value: (r) => r.ShiftName },
          { header: '上班/下班', value: (r) => r.KindName },
          { header: '应打卡时间', width: 18, value: (r) => r.DueTime },
          { header: '实际打卡时间', width: 20, value: (r) => r.PunchTime },
          { header: '状态', width: 16, value: (r) => stateText(r) },
          { header: '地点/WiFi', width: 16, value: (r) => r.PlaceName || r.Ssid },
          { header: '来源', value: (r) => r.SourceName },
          { header: '备注', width: 20, value: (r) => r.Reason || r.Remark },
        ],
        all(),
      );
    },
  }),
  call({
    path: '/Attendance/MakeUp',
    role: ROLE,
    btn: 'add',
    body: MakeUpBody,
    okMsg: '补卡成功',
    handler: (b, { deps, auth, ip }) => makeUp(deps, auth, b, ip),
  }),
  call({
    path: '/Attendance/MakeUpDel',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => makeUpDel(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Attendance/ImportPunch',
    role: ROLE,
    btn: 'import',
    body: ImportPunchBody,
    handler: async (b, { deps, auth, ip, req }) => {
      if (req.isMultipart()) {
        const file = await readUpload(req);
        const rows = await readSheet(file.data, ['工号', '打卡时间', '设备']);
        return importPunches(
          deps,
          auth,
          rows.map((r) => ({ JobNo: r.values['工号'], PunchTime: r.values['打卡时间'], DeviceSn: r.values['设备'] })),
          rows[0]?.row ?? 2,
          ip,
        );
      }
      return importPunches(deps, auth, b.Rows, 1, ip);
    },
  }),
  call({
    path: '/Attendance/LeaveAdd',
    role: ROLE,
    btn: 'leave',
    body: LeaveAddBody,
    okMsg: '登记成功',
    handler: (b, { deps, auth, ip }) => leaveAdd(deps, auth, b, ip),
  }),
  call({
    path: '/Attendance/LeaveList',
    role: ROLE,
    reads: true,
    body: z.object({
      ...pagingFields,
      UserId: PunchListFilter.UserId,
      DateFrom: zDate('开始日期'),
      DateTo: zDate('结束日期'),
    }),
    handler: async (f, { deps, auth }) => {
      const tz = auth.timeZone;
      const parts: SQL[] = [sql`${attLeaves.cmpId} = ${auth.cmpId}`, staffWhere(auth)];
      if (f.UserId) parts.push(sql`${attLeaves.userId} = ${f.UserId}`);
      if (f.DateTo) parts.push(sql`(${attLeaves.startTime} at time zone ${tz})::date <= ${f.DateTo}::date`);
      if (f.DateFrom) parts.push(sql`(${attLeaves.endTime} at time zone ${tz})::date >= ${f.DateFrom}::date`);
      const where = sql.join(parts, sql` and `);
      const p = pageOf(f);
      const { db } = deps.database;
      const fmt = (c: SQL) => sql`to_char(${c} at time zone ${tz}, 'YYYY-MM-DD HH24:MI')`;
      const [rows, [n]] = await Promise.all([
        sqlRows<{
          Id: number;
          UserId: number;
          UserName: string;
          Kind: number;
          StartTime: string;
          EndTime: string;
          Hours: string;
          Reason: string;
          CreateTime: string;
        }>(
          db,
          sql`select ${attLeaves.id} as "Id", ${users.id} as "UserId", ${users.name} as "UserName", ${attLeaves.kind} as "Kind",
            ${fmt(sql`${attLeaves.startTime}`)} as "StartTime", ${fmt(sql`${attLeaves.endTime}`)} as "EndTime",
            ${attLeaves.hours}::text as "Hours", ${attLeaves.reason} as "Reason", ${fmt(sql`${attLeaves.createdAt}`)} as "CreateTime"
          from ${attLeaves} join ${users} on ${users.id} = ${attLeaves.userId}
          where ${where} order by ${desc(attLeaves.startTime)}, ${attLeaves.id} desc limit ${p.limit} offset ${p.offset}`,
        ),
        sqlRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${attLeaves} join ${users} on ${users.id} = ${attLeaves.userId} where ${where}`,
        ),
      ]);
      return new Page(
        rows.map((r) => ({ ...r, KindName: codeName(ATT_LEAVE_KINDS, r.Kind) })),
        n?.n ?? 0,
      );
    },
  }),
  call({
    path: '/Attendance/LeaveDel',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => leaveDel(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Attendance/ClockIn',
    self: true,
    body: ClockInBody,
    okMsg: '打卡成功',
    handler: (b, { deps, auth, ip }) => clockIn(deps, auth, b, ip),
  }),
  call({
    path: '/Attendance/DevicePunch',
    device: true,
    body: z.object({
      JobNo: zRequiredText('请填写工号', 30, '工号'),
      PunchTime: z.preprocess(
        (v) => (v === '' || v == null ? undefined : String(v).trim()),
        z.string().refine(isDateTime, '打卡时间格式不正确').optional(),
      ),
    }),
    handler: (b, { deps, device }) => devicePunch(deps, device, b),
  }),
];
