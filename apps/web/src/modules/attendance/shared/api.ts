import type { GroupSaveBody, HolidaySaveBody, LeaveAddBody, MakeUpBody, ShiftSaveBody } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams, Option, TreeOption } from '../../../components/crud';

/** The attendance calls (sms-attendance.md "Calls"); every query key starts with 'attendance'. */
export const ATTENDANCE = 'attendance';

export interface ShiftRow {
  Id: number;
  Name: string;
  WorkStart: string;
  WorkEnd: string;
  CrossDay: boolean;
  RestStart: string;
  RestEnd: string;
  OnBefore: number;
  OffAfter: number;
  LateGrace: number;
  EarlyGrace: number;
  MissAfter: number;
  GroupCount: number;
}

export interface GroupRow {
  Id: number;
  Name: string;
  Kind: number;
  KindName: string;
  ShiftId: number | null;
  ShiftNames: string;
  WorkDays: number[];
  WorkDaysText: string;
  PunchWays: string;
  MemberCount: number;
  LeaderId: number | null;
  LeaderName: string;
  UseHolidays: boolean;
  AllowOutside: boolean;
}

export type GroupDetail = GroupRow & {
  UserIds: number[];
  ShiftIds: number[];
  Places: GroupSaveBody['Places'];
  Wifis: GroupSaveBody['Wifis'];
};

export interface HolidayRow {
  Id: number;
  Day: string;
  Kind: number;
  KindName: string;
  Name: string;
  Weekday: string;
}

export interface PunchRow {
  DayId: number;
  UserId: number;
  UserName: string;
  JobNo: string;
  DptName: string;
  GroupName: string;
  Day: string;
  ShiftName: string;
  Kind: number;
  KindName: string;
  DueTime: string;
  PunchTime: string;
  PunchId: number | null;
  State: number;
  StateName: string;
  StateText: string;
  Minutes: number;
  Outside: boolean;
  MakeUp: boolean;
  Source: number;
  SourceName: string;
  PlaceName: string;
  Ssid: string;
  PhotoPath: string;
  Remark: string;
  Reason: string;
}

export interface LogRow {
  Id: number;
  UserName: string;
  JobNo: string;
  DptName: string;
  PunchTime: string;
  SourceName: string;
  PlaceName: string;
  Ssid: string;
  Outside: boolean;
  DeviceSn: string;
  Remark: string;
  MakeUp: boolean;
  KindName: string;
  Reason: string;
}

export interface LeaveRow {
  Id: number;
  UserName: string;
  KindName: string;
  StartTime: string;
  EndTime: string;
  Hours: string;
  Reason: string;
  CreateTime: string;
}

export interface StatRow {
  UserId: number;
  UserName: string;
  JobNo: string;
  DptName: string;
  ShouldDays: number;
  ActualDays: number;
  LateCount: number;
  LateMinutes: number;
  EarlyCount: number;
  EarlyMinutes: number;
  MissingCount: number;
  AbsentDays: number;
  LeaveDays: number;
  LeaveDetail: { Kind: number; KindName: string; Days: number }[];
  OutsideCount: number;
  AttendRate: number;
}

export interface StatDay {
  Day: string;
  Weekday: string;
  Due: boolean;
  ShiftName: string;
  WorkTime: string;
  OnTime: string;
  OnStateName: string;
  LateMinutes: number;
  OffTime: string;
  OffStateName: string;
  EarlyMinutes: number;
  LeaveDays: number;
  AbsentDays: number;
  Summary: string;
  Punches: string[];
}

export interface RosterData {
  GroupId: number;
  GroupName: string;
  Month: string;
  Days: string[];
  Shifts: { Id: number; Name: string; WorkStart: string; WorkEnd: string }[];
  Rows: { UserId: number; UserName: string; JobNo: string; Days: Record<string, number> }[];
}

interface DptNode {
  DptId: number;
  DptName: string;
  Children: DptNode[];
  Users: { UserId: number; UserName: string; JobNo: string; GroupId: number; GroupName: string }[];
}

export const shiftList = () => requestEnvelope<ShiftRow[]>('/Attendance/ShiftList', {});
export const shiftSave = (v: Partial<ShiftSaveBody>) => request<{ Id: number }>('/Attendance/ShiftSave', v);
export const shiftDel = (Id: number) => request('/Attendance/ShiftDel', { Id });
export const groupList = (p: ListParams) => requestEnvelope<GroupRow[]>('/Attendance/GroupList', p);
export const groupGet = (Id: number) => request<GroupDetail>('/Attendance/GroupGet', { Id });
export const groupSave = (v: Partial<GroupSaveBody>) =>
  request<{ Id: number }>('/Attendance/GroupSave', v, { json: true, silent: true });
export const groupDel = (Id: number) => request('/Attendance/GroupDel', { Id });
export const holidayList = (p: ListParams) => requestEnvelope<HolidayRow[]>('/Attendance/HolidayList', p);
export const holidaySave = (v: Partial<HolidaySaveBody>) => request<{ Id: number }>('/Attendance/HolidaySave', v);
export const holidayDel = (Id: number) => request('/Attendance/HolidayDel', { Id });
export const rosterGet = (GroupId: number, Month: string) =>
  request<RosterData>('/Attendance/RosterGet', { GroupId, Month });
export const rosterSave = (GroupId: number, Month: string, Rows: { UserId: number; Days: Record<string, number> }[]) =>
  request('/Attendance/RosterSave', { GroupId, Month, Rows }, { json: true });
export const punchList = (p: ListParams) => requestEnvelope<PunchRow[]>('/Attendance/PunchList', p);
export const logList = (p: ListParams) => requestEnvelope<LogRow[]>('/Attendance/LogList', p);
export const leaveList = (p: ListParams) => requestEnvelope<LeaveRow[]>('/Attendance/LeaveList', p);
export const makeUp = (v: MakeUpBody) => request<{ Id: number }>('/Attendance/MakeUp', v);
export const makeUpDel = (Id: number) => request('/Attendance/MakeUpDel', { Id });
export const leaveAdd = (v: LeaveAddBody) => request<{ Id: number }>('/Attendance/LeaveAdd', v);
export const leaveDel = (Id: number) => request('/Attendance/LeaveDel', { Id });
export const statMonth = (p: ListParams) => requestEnvelope<StatRow[]>('/Attendance/StatMonth', p);
export const statDays = (UserId: number, Month: string) =>
  request<{ UserName: string; Days: StatDay[] }>('/Attendance/StatDays', { UserId, Month });
export const recalc = (Month: string) => request<{ RunId: number }>('/Attendance/Recalc', { Month });
export const recalcProgress = (RunId: number) =>
  request<{ Total: number; Done: number; State: string; Error: string }>('/Attendance/RecalcProgress', { RunId });

/** The department tree with its staff (GetDptUser): people as leaves ('u<id>'), for the member picker. */
export function useDptUsers() {
  return useQuery({
    queryKey: [ATTENDANCE, 'dpt-users'],
    queryFn: () => request<DptNode[]>('/Attendance/GetDptUser', {}),
    staleTime: 30_000,
    select: (roots) => {
      const people: (Option & { group: string; groupId: number })[] = [];
      const map = (n: DptNode): TreeOption => ({
        value: `d${n.DptId}`,
        title: n.DptName,
        children: [
          ...n.Children.map(map),
          ...n.Users.map((u) => {
            people.push({ value: u.UserId, label: u.UserName, group: u.GroupName, groupId: u.GroupId });
            return { value: u.UserId, title: u.GroupName ? `${u.UserName}（${u.GroupName}）` : u.UserName };
          }),
        ],
      });
      return { tree: roots.map(map), people };
    },
  });
}

export function useShifts() {
  return useQuery({ queryKey: [ATTENDANCE, 'shifts'], queryFn: shiftList, select: (r) => r.data });
}

export function useGroupOptions() {
  return useQuery({
    queryKey: [ATTENDANCE, 'groups', 'options'],
    queryFn: () => groupList({ PgIndex: 1, PgSize: 500 }),
    select: (r) => r.data.map((g) => ({ value: g.Id, label: g.Name })),
  });
}
