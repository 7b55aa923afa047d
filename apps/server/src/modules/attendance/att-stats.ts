import { ATT_LEAVE_KINDS, ATT_PUNCH_STATES, WEEKDAY_NAMES } from '@linli/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Auth } from '../../core/auth';
import { addDays, weekdayOf } from '../../core/dates';
import { FileAnswer, XLSX_TYPE } from '../../core/excel';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import {
  attDays,
  attGroupMembers,
  attPunchLogs,
  attShifts,
  departments,
  employeeArchives,
  users,
} from '../../db/schema';
import { codeName, monthRange } from './att-common';
import { inDepartment, staffWhere } from './att-punch-query';

/** 考勤统计: a person's month is the sum of his day records, nothing else (sms-attendance.md StatMonth). */

export interface StatFilter {
  Month: string;
  DptId?: number | undefined;
  GroupId?: number | undefined;
  UserId?: number | undefined;
}

function statParts(auth: Auth, f: StatFilter) {
  const [from, to] = monthRange(f.Month);
  const agg = sql`select ${attDays.userId} as user_id,
      count(*)::int as should, count(*) filter (where ${attDays.present})::int as actual,
      count(*) filter (where ${attDays.onState} = 2)::int as late_count, coalesce(sum(${attDays.lateMinutes}), 0)::int as late_minutes,
      count(*) filter (where ${attDays.offState} = 3)::int as early_count, coalesce(sum(${attDays.earlyMinutes}), 0)::int as early_minutes,
      (count(*) filter (where ${attDays.onState} = 4 and ${attDays.absentDays} = 0)
        + count(*) filter (where ${attDays.offState} = 4 and ${attDays.absentDays} = 0))::int as missing,
      coalesce(sum(${attDays.absentDays}), 0)::text as absent, coalesce(sum(${attDays.leaveDays}), 0)::text as leave,
      (count(*) filter (where ${attDays.onOutside}) + count(*) filter (where ${attDays.offOutside}))::int as outside
    from ${attDays} where ${attDays.cmpId} = ${auth.cmpId} and ${attDays.day} between ${from} and ${to}
    ${f.GroupId ? sql`and ${attDays.groupId} = ${f.GroupId}` : sql``}
    group by ${attDays.userId}`;
  const where: SQL[] = [staffWhere(auth), sql`${users.isDel} = false`];
  // Who is counted: anyone with a day in the month, or (without a group filter) a current member with none yet.
  where.push(
    f.GroupId
      ? sql`agg.user_id is not null`
      : sql`(agg.user_id is not null or exists (select 1 from ${attGroupMembers} m where m.user_id = ${users.id}))`,
  );
  if (f.DptId) where.push(inDepartment(auth, f.DptId));
  if (f.UserId) where.push(sql`${users.id} = ${f.UserId}`);
  return { agg, where: sql.join(where, sql` and `), from, to };
}

interface StatDb {
  UserId: number;
  UserName: string;
  JobNo: string;
  DptName: string;
  should: number | null;
  actual: number | null;
  late_count: number | null;
  late_minutes: number | null;
  early_count: number | null;
  early_minutes: number | null;
  missing: number | null;
  absent: string | null;
  leave: string | null;
  outside: number | null;
}

export async function statRows(db: Tx, auth: Auth, f: StatFilter, page?: { limit: number; offset: number }) {
  const p = statParts(auth, f);
  const rows = await sqlRows<StatDb>(
    db,
    sql`with agg as (${p.agg})
    select ${users.id} as "UserId", ${users.name} as "UserName", coalesce(a.employee_no, '') as "JobNo",
      coalesce(dp.name, '') as "DptName", agg.*
    from ${users} left join agg on agg.user_id = ${users.id}
    left join ${employeeArchives} a on a.user_id = ${users.id}
    left join ${departments} dp on dp.id = ${users.dptId}
    where ${p.where}
    order by ${users.id}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  const ids = rows.map((r) => r.UserId);
  const detail = new Map<number, { Kind: number; KindName: string; Days: number }[]>();
  if (ids.length) {
    const leaves = await sqlRows<{ user_id: number; kind: number; days: string }>(
      db,
      sql`select ${attDays.userId} as user_id, e.key::int as kind, sum(e.value::numeric)::text as days
        from ${attDays}, jsonb_each_text(${attDays.leaveDetail}) e
        where ${attDays.cmpId} = ${auth.cmpId} and ${attDays.day} between ${p.from} and ${p.to}
          and ${attDays.userId} = any(${`{${ids.join(',')}}`}::int[])
          ${f.GroupId ? sql`and ${attDays.groupId} = ${f.GroupId}` : sql``}
        group by 1, 2 order by 1, 2`,
    );
    for (const l of leaves) {
      const list = detail.get(l.user_id) ?? [];
      list.push({ Kind: l.kind, KindName: codeName(ATT_LEAVE_KINDS, l.kind), Days: Number(l.days) });
      detail.set(l.user_id, list);
    }
  }
  return rows.map((r) => {
    const should = r.should ?? 0;
    const actual = r.actual ?? 0;
    return {
      UserId: r.UserId,
      UserName: r.UserName,
      JobNo: r.JobNo,
      DptName: r.DptName,
      Month: f.Month,
      ShouldDays: should,
      ActualDays: actual,
      LateCount: r.late_count ?? 0,
      LateMinutes: r.late_minutes ?? 0,
      EarlyCount: r.early_count ?? 0,
      EarlyMinutes: r.early_minutes ?? 0,
      MissingCount: r.missing ?? 0,
      AbsentDays: Number(r.absent ?? 0),
      LeaveDays: Number(r.leave ?? 0),
      LeaveDetail: detail.get(r.UserId) ?? [],
      OutsideCount: r.outside ?? 0,
      AttendRate: should ? Math.round((actual / should) * 10_000) / 10_000 : 0,
    };
  });
}
export type StatRow = Awaited<ReturnType<typeof statRows>>[number];

export async function statCount(db: Tx, auth: Auth, f: StatFilter): Promise<number> {
  const p = statParts(auth, f);
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`with agg as (${p.agg}) select count(*)::int as n from ${users} left join agg on agg.user_id = ${users.id} where ${p.where}`,
  );
  return r?.n ?? 0;
}

interface DayDb {
  user_id: number;
  day: string;
  shift_name: string;
  work_start: string;
  work_end: string;
  on_time: string;
  on_state: number;
  late_minutes: number;
  on_outside: boolean;
  on_make_up: boolean;
  off_time: string;
  off_state: number;
  early_minutes: number;
  off_outside: boolean;
  off_make_up: boolean;
  present: boolean;
  leave_days: string;
  leave_detail: Record<string, number>;
  absent_days: string;
}

/** Every day of the month for the people: due days with their record, the others as 休息; raw punch times beside. */
export async function statDays(db: Tx, auth: Auth, userIds: number[], month: string) {
  const [from, to] = monthRange(month);
  const tz = auth.timeZone;
  const idArr = `{${userIds.join(',')}}`;
  const hm = (col: SQLWrapper) => sql`coalesce(to_char(${col} at time zone ${tz}, 'HH24:MI'), '')`;
  const [days, punches] = await Promise.all([
    sqlRows<DayDb>(
      db,
      sql`select ${attDays.userId} as user_id, to_char(${attDays.day}, 'YYYY-MM-DD') as day, s.name as shift_name,
        s.work_start, s.work_end, ${hm(attDays.onTime)} as on_time, ${attDays.onState} as on_state,
        ${attDays.lateMinutes} as late_minutes, ${attDays.onOutside} as on_outside, ${attDays.onMakeUp} as on_make_up,
        ${hm(attDays.offTime)} as off_time, ${attDays.offState} as off_state, ${attDays.earlyMinutes} as early_minutes,
        ${attDays.offOutside} as off_outside, ${attDays.offMakeUp} as off_make_up, ${attDays.present} as present,
        ${attDays.leaveDays}::text as leave_days, ${attDays.leaveDetail} as leave_detail, ${attDays.absentDays}::text as absent_days
      from ${attDays} join ${attShifts} s on s.id = ${attDays.shiftId}
      where ${attDays.cmpId} = ${auth.cmpId} and ${attDays.userId} = any(${idArr}::int[]) and ${attDays.day} between ${from} and ${to}`,
    ),
    sqlRows<{ user_id: number; day: string; t: string }>(
      db,
      sql`select ${attPunchLogs.userId} as user_id, to_char(${attPunchLogs.punchTime} at time zone ${tz}, 'YYYY-MM-DD') as day,
        to_char(${attPunchLogs.punchTime} at time zone ${tz}, 'HH24:MI') as t
      from ${attPunchLogs}
      where ${attPunchLogs.cmpId} = ${auth.cmpId} and ${attPunchLogs.userId} = any(${idArr}::int[])
        and (${attPunchLogs.punchTime} at time zone ${tz})::date between ${from}::date and ${to}::date
      order by ${attPunchLogs.punchTime}`,
    ),
  ]);
  const dayOf = new Map(days.map((d) => [`${d.user_id}|${d.day}`, d]));
  const punchesOf = new Map<string, string[]>();
  for (const p of punches) {
    const k = `${p.user_id}|${p.day}`;
    punchesOf.set(k, [...(punchesOf.get(k) ?? []), p.t]);
  }
  const out = new Map<number, ReturnType<typeof dayView>[]>();
  for (const userId of userIds) {
    const list: ReturnType<typeof dayView>[] = [];
    for (let d = from; d <= to; d = addDays(d, 1))
      list.push(dayView(d, dayOf.get(`${userId}|${d}`), punchesOf.get(`${userId}|${d}`) ?? []));
    out.set(userId, list);
  }
  return out;
}

function dayView(day: string, d: DayDb | undefined, punches: string[]) {
  const base = { Day: day, Weekday: WEEKDAY_NAMES[weekdayOf(day)], Punches: punches };
  if (!d)
    return {
      ...base,
      Due: false,
      ShiftName: '',
      WorkTime: '',
      OnTime: '',
      OnState: 0,
      OnStateName: '',
      LateMinutes: 0,
      OnMakeUp: false,
      OffTime: '',
      OffState: 0,
      OffStateName: '',
      EarlyMinutes: 0,
      OffMakeUp: false,
      Present: false,
      LeaveDays: 0,
      LeaveDetail: [],
      AbsentDays: 0,
      Summary: '休息',
    };
  const leaveDetail = Object.entries(d.leave_detail ?? {}).map(([k, v]) => ({
    Kind: Number(k),
    KindName: codeName(ATT_LEAVE_KINDS, Number(k)),
    Days: v,
  }));
  const absent = Number(d.absent_days);
  const leave = Number(d.leave_days);
  const bad = [d.on_state, d.off_state].some((s) => s === 2 || s === 3 || s === 4);
  const summary =
    absent > 0
      ? '旷工'
      : leave >= 1
        ? '请假'
        : bad
          ? '异常'
          : [d.on_state, d.off_state].includes(7)
            ? '未完成'
            : '正常';
  return {
    ...base,
    Due: true,
    ShiftName: d.shift_name,
    WorkTime: `${d.work_start}-${d.work_end}`,
    OnTime: d.on_time,
    OnState: d.on_state,
    OnStateName: codeName(ATT_PUNCH_STATES, d.on_state),
    LateMinutes: d.late_minutes,
    OnMakeUp: d.on_make_up,
    OffTime: d.off_time,
    OffState: d.off_state,
    OffStateName: codeName(ATT_PUNCH_STATES, d.off_state),
    EarlyMinutes: d.early_minutes,
    OffMakeUp: d.off_make_up,
    Present: d.present,
    LeaveDays: leave,
    LeaveDetail: leaveDetail,
    AbsentDays: absent,
    Summary: summary,
  };
}

const pct = (r: number) => `${(r * 100).toFixed(2)}%`;

/** The month as an xlsx: sheet 汇总 (one row a person) and sheet 每日明细 (one row a person and due day). */
export async function statWorkbook(db: Tx, auth: Auth, f: StatFilter): Promise<FileAnswer> {
  const rows = await statRows(db, auth, f);
  const wb = new ExcelJS.Workbook();
  const sum = wb.addWorksheet('汇总');
  sum.columns = [
    ['员工', 12],
    ['工号', 10],
    ['部门', 12],
    ['应出勤天数', 12],
    ['实际出勤天数', 14],
    ['迟到次数', 10],
    ['迟到分钟', 10],
    ['早退次数', 10],
    ['早退分钟', 10],
    ['缺卡次数', 10],
    ['旷工天数', 10],
    ['请假天数', 10],
    ['请假明细', 18],
    ['外勤次数', 10],
    ['出勤率', 10],
  ].map(([header, width]) => ({ header: String(header), width: Number(width) }));
  sum.getRow(1).font = { bold: true };
  for (const r of rows)
    sum.addRow([
      r.UserName,
      r.JobNo,
      r.DptName,
      r.ShouldDays,
      r.ActualDays,
      r.LateCount,
      r.LateMinutes,
      r.EarlyCount,
      r.EarlyMinutes,
      r.MissingCount,
      r.AbsentDays,
      r.LeaveDays,
      r.LeaveDetail.map((l) => `${l.KindName}${l.Days}天`).join('，'),
      r.OutsideCount,
      pct(r.AttendRate),
    ]);
  const daily = wb.addWorksheet('每日明细');
  daily.columns = [
    ['员工', 12],
    ['工号', 10],
    ['日期', 12],
    ['星期', 8],
    ['班次', 12],
    ['上班打卡', 10],
    ['上班状态', 12],
    ['下班打卡', 10],
    ['下班状态', 12],
    ['请假天数', 10],
    ['旷工天数', 10],
    ['当日打卡', 24],
  ].map(([header, width]) => ({ header: String(header), width: Number(width) }));
  daily.getRow(1).font = { bold: true };
  const ids = rows.map((r) => r.UserId);
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const days = await statDays(db, auth, chunk, f.Month);
    for (const r of rows.filter((x) => chunk.includes(x.UserId)))
      for (const d of days.get(r.UserId) ?? [])
        if (d.Due)
          daily.addRow([
            r.UserName,
            r.JobNo,
            d.Day,
            d.Weekday,
            d.ShiftName,
            d.OnTime,
            d.OnStateName + (d.LateMinutes ? ` ${d.LateMinutes}分钟` : '') + (d.OnMakeUp ? '（补卡）' : ''),
            d.OffTime,
            d.OffStateName + (d.EarlyMinutes ? ` ${d.EarlyMinutes}分钟` : '') + (d.OffMakeUp ? '（补卡）' : ''),
            d.LeaveDays,
            d.AbsentDays,
            d.Punches.join(' '),
          ]);
  }
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return new FileAnswer(`考勤统计${f.Month}.xlsx`, buf, XLSX_TYPE);
}
