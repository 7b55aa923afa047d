import { ATT_PUNCH_KINDS, ATT_PUNCH_SOURCES, ATT_PUNCH_STATES } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import {
  attDays,
  attGroupMembers,
  attGroups,
  attPunchLogs,
  attShifts,
  departments,
  employeeArchives,
  users,
} from '../../db/schema';
import { colleaguesInScope } from '../staff/staff-query';
import { codeName } from './att-common';

/** 打卡记录: one row per expected punch (a due day × 上班/下班), and the raw punches (原始打卡). */

export interface PunchFilter {
  DptId?: number | undefined;
  GroupId?: number | undefined;
  UserId?: number | undefined;
  DateFrom?: string | undefined;
  DateTo?: string | undefined;
  State?: number | undefined;
  Source?: number | undefined;
  Kind?: number | undefined;
}

/** A department and everything under it. */
export const inDepartment = (auth: Auth, dptId: number) =>
  sql`${users.dptId} in (with recursive t as (select id from ${departments} where id = ${dptId} and cmp_id = ${auth.cmpId}
    union all select d.id from ${departments} d join t on d.parent_id = t.id) select id from t)`;

/** The people the caller may see: his company and, for a scoped account, the colleagues of his communities. */
export const staffWhere = (auth: Auth) => {
  const scope = colleaguesInScope(auth);
  return scope ? sql`${users.cmpId} = ${auth.cmpId} and ${scope}` : sql`${users.cmpId} = ${auth.cmpId}`;
};

const kindState = sql`case k.kind when 1 then ${attDays.onState} else ${attDays.offState} end`;
const kindSource = sql`case k.kind when 1 then ${attDays.onSource} else ${attDays.offSource} end`;

function dayWhere(auth: Auth, f: PunchFilter): SQL {
  const parts: SQL[] = [sql`${attDays.cmpId} = ${auth.cmpId}`, staffWhere(auth)];
  if (f.DptId) parts.push(inDepartment(auth, f.DptId));
  if (f.GroupId) parts.push(sql`${attDays.groupId} = ${f.GroupId}`);
  if (f.UserId) parts.push(sql`${attDays.userId} = ${f.UserId}`);
  if (f.DateFrom) parts.push(sql`${attDays.day} >= ${f.DateFrom}`);
  if (f.DateTo) parts.push(sql`${attDays.day} <= ${f.DateTo}`);
  if (f.Kind) parts.push(sql`k.kind = ${f.Kind}`);
  if (f.State) parts.push(sql`${kindState} = ${f.State}`);
  if (f.Source) parts.push(sql`${kindSource} = ${f.Source}`);
  return sql.join(parts, sql` and `);
}

const dayFrom = sql`${attDays} join ${users} on ${users.id} = ${attDays.userId} cross join (values (1), (2)) k(kind)`;

interface PunchRowDb {
  DayId: number;
  UserId: number;
  UserName: string;
  JobNo: string;
  DptName: string;
  GroupName: string;
  Day: string;
  ShiftName: string;
  Kind: number;
  DueTime: string;
  PunchTime: string;
  PunchId: number | null;
  State: number;
  Minutes: number;
  Outside: boolean;
  MakeUp: boolean;
  Source: number;
  PlaceName: string;
  Ssid: string;
  PhotoPath: string;
  Remark: string;
  Reason: string;
}

export async function punchRows(db: Tx, auth: Auth, f: PunchFilter, page: { limit: number; offset: number }) {
  const tz = auth.timeZone;
  const fmt = (col: SQL) => sql`coalesce(to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS'), '')`;
  // The page is chosen on the day rows alone (top-N of an index-ordered scan), then only its rows are joined for
  // display: joining every filtered row first made a 40,000-day list take a second per page.
  const rows = await sqlRows<PunchRowDb>(
    db,
    sql`with k as (
      select ${attDays.id} as day_id, k.kind from ${dayFrom} where ${dayWhere(auth, f)}
      order by ${attDays.day} desc, ${attDays.userId}, k.kind limit ${page.limit} offset ${page.offset})
    select ${attDays.id} as "DayId", ${users.id} as "UserId", ${users.name} as "UserName",
      coalesce(a.employee_no, '') as "JobNo", coalesce(dp.name, '') as "DptName", coalesce(g.name, '') as "GroupName",
      to_char(${attDays.day}, 'YYYY-MM-DD') as "Day", s.name as "ShiftName", k.kind as "Kind",
      to_char((case k.kind when 1 then ${attDays.dueOn} else ${attDays.dueOff} end) at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "DueTime",
      ${fmt(sql`case k.kind when 1 then ${attDays.onTime} else ${attDays.offTime} end`)} as "PunchTime",
      case k.kind when 1 then ${attDays.onPunchId} else ${attDays.offPunchId} end as "PunchId",
      ${kindState} as "State",
      case k.kind when 1 then ${attDays.lateMinutes} else ${attDays.earlyMinutes} end as "Minutes",
      case k.kind when 1 then ${attDays.onOutside} else ${attDays.offOutside} end as "Outside",
      case k.kind when 1 then ${attDays.onMakeUp} else ${attDays.offMakeUp} end as "MakeUp",
      ${kindSource} as "Source",
      coalesce(p.place_name, '') as "PlaceName", coalesce(p.ssid, '') as "Ssid", coalesce(p.photo_path, '') as "PhotoPath",
      coalesce(p.remark, '') as "Remark", coalesce(p.reason, '') as "Reason"
    from k join ${attDays} on ${attDays.id} = k.day_id join ${users} on ${users.id} = ${attDays.userId}
    left join ${employeeArchives} a on a.user_id = ${users.id}
    left join ${departments} dp on dp.id = ${users.dptId}
    left join ${attGroups} g on g.id = ${attDays.groupId}
    join ${attShifts} s on s.id = ${attDays.shiftId}
    left join ${attPunchLogs} p on p.id = (case k.kind when 1 then ${attDays.onPunchId} else ${attDays.offPunchId} end)
    order by ${attDays.day} desc, ${attDays.userId}, k.kind`,
  );
  return rows.map((r) => ({
    ...r,
    KindName: codeName(ATT_PUNCH_KINDS, r.Kind),
    StateName: codeName(ATT_PUNCH_STATES, r.State),
    SourceName: codeName(ATT_PUNCH_SOURCES, r.Source),
  }));
}
export type PunchRow = Awaited<ReturnType<typeof punchRows>>[number];

export async function punchCount(db: Tx, auth: Auth, f: PunchFilter): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${dayFrom} where ${dayWhere(auth, f)}`,
  );
  return r?.n ?? 0;
}

/** 迟到 7分钟 / 早退 10分钟 / 正常 (补卡) — the screen's and the export's wording. */
export function stateText(r: { State: number; Minutes: number; MakeUp: boolean; Outside: boolean }): string {
  let s = codeName(ATT_PUNCH_STATES, r.State);
  if ((r.State === 2 || r.State === 3) && r.Minutes) s += ` ${r.Minutes}分钟`;
  if (r.Outside && r.State !== 5) s += '（外勤）';
  if (r.MakeUp) s += '（补卡）';
  return s;
}

function logWhere(auth: Auth, f: PunchFilter): SQL {
  const tz = auth.timeZone;
  const parts: SQL[] = [sql`${attPunchLogs.cmpId} = ${auth.cmpId}`, staffWhere(auth)];
  if (f.DptId) parts.push(inDepartment(auth, f.DptId));
  if (f.GroupId)
    parts.push(
      sql`exists (select 1 from ${attGroupMembers} m where m.user_id = ${users.id} and m.group_id = ${f.GroupId})`,
    );
  if (f.UserId) parts.push(sql`${attPunchLogs.userId} = ${f.UserId}`);
  if (f.DateFrom) parts.push(sql`(${attPunchLogs.punchTime} at time zone ${tz})::date >= ${f.DateFrom}::date`);
  if (f.DateTo) parts.push(sql`(${attPunchLogs.punchTime} at time zone ${tz})::date <= ${f.DateTo}::date`);
  if (f.Source) parts.push(sql`${attPunchLogs.source} = ${f.Source}`);
  return sql.join(parts, sql` and `);
}

const logFrom = sql`${attPunchLogs} join ${users} on ${users.id} = ${attPunchLogs.userId}`;

interface LogRowDb {
  Id: number;
  UserId: number;
  UserName: string;
  JobNo: string;
  DptName: string;
  PunchTime: string;
  Source: number;
  PlaceName: string;
  Ssid: string;
  Bssid: string;
  Lng: string | null;
  Lat: string | null;
  Outside: boolean;
  PhotoPath: string;
  DeviceSn: string;
  Remark: string;
  MakeUp: boolean;
  Kind: number;
  Reason: string;
}

export async function logRows(db: Tx, auth: Auth, f: PunchFilter, page: { limit: number; offset: number }) {
  const rows = await sqlRows<LogRowDb>(
    db,
    sql`with pg as (select ${attPunchLogs.id} as id from ${logFrom} where ${logWhere(auth, f)}
      order by ${attPunchLogs.punchTime} desc, ${attPunchLogs.id} desc limit ${page.limit} offset ${page.offset})
    select ${attPunchLogs.id} as "Id", ${users.id} as "UserId", ${users.name} as "UserName",
      coalesce(a.employee_no, '') as "JobNo", coalesce(dp.name, '') as "DptName",
      to_char(${attPunchLogs.punchTime} at time zone ${auth.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as "PunchTime",
      ${attPunchLogs.source} as "Source", ${attPunchLogs.placeName} as "PlaceName", ${attPunchLogs.ssid} as "Ssid",
      ${attPunchLogs.bssid} as "Bssid", ${attPunchLogs.lng}::text as "Lng", ${attPunchLogs.lat}::text as "Lat",
      ${attPunchLogs.outside} as "Outside", ${attPunchLogs.photoPath} as "PhotoPath", ${attPunchLogs.deviceSn} as "DeviceSn",
      ${attPunchLogs.remark} as "Remark", ${attPunchLogs.makeUp} as "MakeUp", ${attPunchLogs.kind} as "Kind",
      ${attPunchLogs.reason} as "Reason"
    from pg join ${attPunchLogs} on ${attPunchLogs.id} = pg.id join ${users} on ${users.id} = ${attPunchLogs.userId}
    left join ${employeeArchives} a on a.user_id = ${users.id}
    left join ${departments} dp on dp.id = ${users.dptId}
    order by ${attPunchLogs.punchTime} desc, ${attPunchLogs.id} desc`,
  );
  return rows.map((r) => ({
    ...r,
    SourceName: codeName(ATT_PUNCH_SOURCES, r.Source),
    KindName: codeName(ATT_PUNCH_KINDS, r.Kind),
  }));
}

export async function logCount(db: Tx, auth: Auth, f: PunchFilter): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${logFrom} where ${logWhere(auth, f)}`,
  );
  return r?.n ?? 0;
}
