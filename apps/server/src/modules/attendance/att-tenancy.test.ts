import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  attDays,
  attGroups,
  attHolidays,
  attLeaves,
  attPunchLogs,
  attShifts,
  communities,
  userCommunities,
} from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { person } from './att-test-helpers';

/** Company B never sees or changes A's attendance; a scoped account sees only the colleagues of his communities. */
let t: TestApp;
let b: string;
let a: {
  group: number;
  shift: number;
  holiday: number;
  punch: number;
  makeUp: number;
  leave: number;
  user: number;
  jobNo: string;
};
beforeAll(async () => {
  t = await createTestApp();
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  b = await t.login('bieadmin', 'Other2026');
  const kefu = await person(t, 'kefu1');
  const [g] = await t.db.select().from(attGroups).limit(1);
  const [s] = await t.db.select().from(attShifts).limit(1);
  const [h] = await t.db.select().from(attHolidays).limit(1);
  const [p] = await t.db.select().from(attPunchLogs).where(eq(attPunchLogs.makeUp, false)).limit(1);
  const [m] = await t.db.select().from(attPunchLogs).where(eq(attPunchLogs.makeUp, true)).limit(1);
  const [l] = await t.db.select().from(attLeaves).limit(1);
  a = {
    group: g!.id,
    shift: s!.id,
    holiday: h!.id,
    punch: p!.id,
    makeUp: m!.id,
    leave: l!.id,
    user: kefu.id,
    jobNo: kefu.jobNo,
  };
});
afterAll(() => t.close());

const NF = { ret: 404, msg: '数据不存在' };

describe('tenancy', () => {
  it('B lists nothing of A', async () => {
    for (const path of [
      '/Attendance/GroupList',
      '/Attendance/ShiftList',
      '/Attendance/PunchList',
      '/Attendance/LogList',
      '/Attendance/LeaveList',
    ])
      expect((await t.api(path, {}, b)).count, path).toBe(0);
    expect((await t.api('/Attendance/HolidayList', {}, b)).count).toBe(0);
    expect((await t.api('/Attendance/StatMonth', { Month: '2026-11' }, b)).count).toBe(0);
    const shifts = await t.api<{ ShiftName: string; Users: unknown[] }[]>('/Attendance/GetEmployesGroupByShift', {}, b);
    expect(shifts.data.flatMap((x) => x.Users)).toHaveLength(1);
  });

  it("B cannot read or change A's settings", async () => {
    expect(await t.api('/Attendance/GroupGet', { Id: a.group }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/GroupDel', { Id: a.group }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/RosterGet', { GroupId: a.group, Month: '2026-11' }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/RosterSave', { GroupId: a.group, Month: '2026-11', Rows: [] }, b)).toMatchObject(
      NF,
    );
    expect(
      await t.api('/Attendance/ShiftSave', { Id: a.shift, Name: '被改了', WorkStart: '08:00', WorkEnd: '09:00' }, b),
    ).toMatchObject(NF);
    expect(await t.api('/Attendance/ShiftDel', { Id: a.shift }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/HolidaySave', { Id: a.holiday, Day: '2026-12-31', Kind: 1 }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/HolidayDel', { Id: a.holiday }, b)).toMatchObject(NF);
    const [s] = await t.db.select().from(attShifts).where(eq(attShifts.id, a.shift));
    expect(s!.name).not.toBe('被改了');
    // B's group cannot take A's people or A's shift.
    const own = await t.api<{ Id: number }>(
      '/Attendance/ShiftSave',
      { Name: 'B班', WorkStart: '09:00', WorkEnd: '18:00' },
      b,
    );
    const grab = await t.api(
      '/Attendance/GroupSave',
      { Name: 'B组', Kind: 1, ShiftId: own.data.Id, WorkDays: [1], UserIds: [a.user], Wifis: [{ Ssid: 'b' }] },
      b,
    );
    expect(grab.msg).toBe('员工不存在');
    const theirShift = await t.api(
      '/Attendance/GroupSave',
      { Name: 'B组', Kind: 1, ShiftId: a.shift, WorkDays: [1], UserIds: [1], Wifis: [{ Ssid: 'b' }] },
      b,
    );
    expect(theirShift.ret).toBe(400);
  });

  it("B cannot punch, make up, import or take leave for A's staff, nor delete A's records", async () => {
    expect(
      (await t.api('/Attendance/MakeUp', { UserId: a.user, Day: '2026-11-02', Kind: 1, Time: '09:00', Reason: 'x' }, b))
        .msg,
    ).toBe('员工不存在');
    expect(
      (
        await t.api(
          '/Attendance/LeaveAdd',
          { UserId: a.user, Kind: 1, StartTime: '2026-11-02 09:00', EndTime: '2026-11-02 18:00' },
          b,
        )
      ).msg,
    ).toBe('员工不存在');
    const imp = await t.api<{ Imported: number; Errors: { Msg: string }[] }>(
      '/Attendance/ImportPunch',
      {
        Rows: [
          { JobNo: a.jobNo, PunchTime: '2026-11-02 09:00:00' },
          { UserId: a.user, PunchTime: '2026-11-02 09:00:00' },
        ],
      },
      b,
    );
    expect(imp.data.Imported).toBe(0);
    expect(imp.data.Errors.map((e) => e.Msg)).toEqual([`工号${a.jobNo}不存在`, '员工不存在']);
    expect(await t.api('/Attendance/MakeUpDel', { Id: a.makeUp }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/LeaveDel', { Id: a.leave }, b)).toMatchObject(NF);
    expect(await t.api('/Attendance/StatDays', { UserId: a.user, Month: '2026-11' }, b)).toMatchObject(NF);
    expect((await t.api('/Attendance/Recalc', { Month: '2026-11', UserIds: [a.user] }, b)).msg).toBe('员工不存在');
    expect(await t.db.select().from(attPunchLogs).where(eq(attPunchLogs.id, a.makeUp))).toHaveLength(1);
    expect(await t.db.select().from(attLeaves).where(eq(attLeaves.id, a.leave))).toHaveLength(1);
  });

  it("a device key only reaches its own company: A's 考勤机 cannot punch for B's people", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Attendance/DevicePunch',
      payload: 'JobNo=E9999',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-device-sn': 'HK-FACE-0006',
        'x-device-key': 'demo-HK-FACE-0006',
      },
    });
    expect(res.json().msg).toBe('工号不存在');
  });
});

describe('scope', () => {
  it('an account limited to 翠湖天地 sees only the colleagues serving it', async () => {
    const wang = await person(t, 'weixiu2');
    const [first] = await t.db.select().from(communities).where(eq(communities.name, '阳光花园'));
    // 赵师傅 now serves only 阳光花园, which 周经理 (xmjl1) does not.
    await t.db.delete(userCommunities).where(and(eq(userCommunities.userId, wang.id)));
    await t.db.insert(userCommunities).values({ userId: wang.id, communityId: first!.id });
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const rows = await t.api<{ UserId: number }[]>('/Attendance/PunchList', { PgSize: 500 }, xmjl);
    expect(rows.count).toBeGreaterThan(0);
    expect(rows.data.map((r) => r.UserId)).not.toContain(wang.id);
    const stats = await t.api<{ UserId: number }[]>('/Attendance/StatMonth', { Month: '2026-11', PgSize: 500 }, xmjl);
    expect(stats.data.map((r) => r.UserId)).not.toContain(wang.id);
    expect(await t.api('/Attendance/StatDays', { UserId: wang.id, Month: '2026-11' }, xmjl)).toMatchObject(NF);
    const [d] = await t.db.select().from(attDays).where(eq(attDays.userId, wang.id)).limit(1);
    expect(
      (await t.api('/Attendance/MakeUp', { UserId: wang.id, Day: d!.day, Kind: 2, Time: '18:05', Reason: 'x' }, xmjl))
        .msg,
    ).toBe('员工不存在');
    // The administrator sees him.
    const admin = await t.login('admin', 'Admin@123');
    expect((await t.api('/Attendance/PunchList', { UserId: wang.id }, admin)).count).toBeGreaterThan(0);
  });
});
