import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addDays } from '../../core/dates';
import { midnightOf } from './att-judge';
import { todayOf } from './att-common';
import { OFFICE, person, type PunchRow } from './att-test-helpers';

/**
 * When a missing punch is 未打卡 and when it becomes 缺卡 (sms-attendance.md: 7 未打卡 = the window is still open; 下班's
 * window closes at end + OffAfter), which days a rule change recomputes (every day not yet final), and the yearly
 * holidays. The clock is moved to the day after the demo's last day, 17:00 in Shanghai.
 */
let t: TestApp;
let admin: string;
let li: { id: number; name: string; jobNo: string };
let shiftId: number;
let day: string;
const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;

const rows = async (d: string) =>
  (
    await t.api<(PunchRow & { ShiftName: string; DueTime: string })[]>(
      '/Attendance/PunchList',
      { UserId: li.id, DateFrom: d, DateTo: d },
      admin,
    )
  ).data;
const shift = (extra: Record<string, unknown> = {}) => ({
  Name: '窗口班',
  WorkStart: '09:00',
  WorkEnd: '18:00',
  RestStart: '12:00',
  RestEnd: '13:00',
  ...extra,
});
const runJob = (Name: string) => t.api<{ State: string; Summary: Record<string, number> }>('/Job/Run', { Name }, admin);

beforeAll(async () => {
  t = await createTestApp();
  t.freeze();
  day = addDays(todayOf(t.deps.now(), TZ), 1);
  t.advance(midnightOf(day, TZ) + 17 * HOUR - t.deps.now().getTime());
  admin = await t.login('admin', 'Admin@123');
  li = await person(t, 'weixiu2');
});
afterAll(() => t.close());

const groupSave = (Name: string, ShiftId: number) =>
  t.api(
    '/Attendance/GroupSave',
    {
      Id: 0,
      Name,
      Kind: 1,
      ShiftId,
      WorkDays: [1, 2, 3, 4, 5, 6, 7],
      UseHolidays: false,
      AllowOutside: false,
      UserIds: [li.id],
      Places: [OFFICE],
      Wifis: [],
      MoveMembers: true,
    },
    admin,
  );

describe('打卡记录 windows and recomputation', () => {
  it('a group change recomputes every day not yet final, not only today', async () => {
    const a = await t.api<{ Id: number }>('/Attendance/ShiftSave', shift(), admin);
    expect(a.ret, a.msg).toBe(0);
    expect((await groupSave('窗口组', a.data.Id)).ret).toBe(0);
    expect((await rows(day)).map((r) => r.ShiftName)).toEqual(['窗口班', '窗口班']);
    // 00:30 the next day: the day before is not final until 01:00; moving him to another group rejudges it too.
    t.advance(7.5 * HOUR);
    day = addDays(day, 1);
    const b = await t.api<{ Id: number }>('/Attendance/ShiftSave', shift({ Name: '换组班' }), admin);
    shiftId = b.data.Id;
    const g = await groupSave('换组', shiftId);
    expect(g.ret, g.msg).toBe(0);
    expect((await rows(addDays(day, -1))).map((r) => r.ShiftName)).toEqual(['换组班', '换组班']);
  });

  it('下班 is 未打卡 while its window is open and 缺卡 once end + OffAfter has passed; a shift edit rejudges at once', async () => {
    t.advance(16.5 * HOUR); // 17:00
    const imp = await t.api(
      '/Attendance/ImportPunch',
      { Rows: [{ UserId: li.id, PunchTime: `${day} 08:55:00` }] },
      admin,
    );
    expect(imp.ret, imp.msg).toBe(0);
    // The 下班 window (13:30 – 22:00) is open.
    expect((await rows(day)).map((r) => [r.Kind, r.StateName])).toEqual([
      [1, '正常'],
      [2, '未打卡'],
    ]);
    // The shift now starts 08:30: 08:55 is 迟到 25 (5 min grace) at once.
    const e = await t.api('/Attendance/ShiftSave', shift({ Id: shiftId, Name: '换组班', WorkStart: '08:30' }), admin);
    expect(e.ret, e.msg).toBe(0);
    expect((await rows(day))[0]).toMatchObject({ DueTime: `${day} 08:30`, StateName: '迟到', Minutes: 25 });
    t.advance(4 * HOUR); // 21:00: still open (OffAfter 240 min).
    expect((await runJob('attendance.close')).data.State).toBe('done');
    expect((await rows(day))[1]!.StateName).toBe('未打卡');
    t.advance(HOUR + 60_000); // 22:01: closed.
    expect((await runJob('attendance.close')).data.State).toBe('done');
    expect((await rows(day))[1]!.StateName).toBe('缺卡');
  });
});

describe('节假日 seeded yearly', () => {
  it('from December the coming year gets its holidays; a year already kept is left alone', async () => {
    const next = String(Number(day.slice(0, 4)) + 1);
    const list = async (Year: string) =>
      (await t.api<{ Day: string }[]>('/Attendance/HolidayList', { Year }, admin)).data;
    const before = (await list(day.slice(0, 4))).length;
    expect(before).toBeGreaterThan(0);
    expect(await list(next)).toHaveLength(0);
    t.advance(midnightOf(`${day.slice(0, 4)}-12-01`, TZ) + 3 * HOUR - t.deps.now().getTime());
    expect((await runJob('attendance.holidays')).data.State).toBe('done');
    const added = await list(next);
    expect(added.map((h) => h.Day)).toContain(`${next}-01-01`);
    expect((await list(day.slice(0, 4))).length).toBe(before);
  });
});
