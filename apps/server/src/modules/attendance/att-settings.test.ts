import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addDays, monthDay } from '../../core/dates';
import { attDays, attGroupMembers, attGroups } from '../../db/schema';
import { todayOf } from './att-common';
import { OFFICE, person } from './att-test-helpers';

/** 考勤设置: shifts, groups (members, places, Wi-Fi), the roster and holidays, with their refusals. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const shift = (b: Record<string, unknown>) => t.api<{ Id: number }>('/Attendance/ShiftSave', b, admin);
type Shift = { Id: number; Name: string; CrossDay: boolean; GroupCount: number; OnBefore: number };

describe('shifts', () => {
  it('equal times are refused (acceptance 5); an earlier end is 跨天; the defaults are 120/240/5/0/120', async () => {
    const same = await shift({ Name: '坏班', WorkStart: '09:00', WorkEnd: '09:00' });
    expect(same).toMatchObject({
      ret: 400,
      msg: '下班时间不能等于上班时间',
      data: { Errors: { WorkEnd: '下班时间不能等于上班时间' } },
    });
    expect((await shift({ Name: '半休', WorkStart: '09:00', WorkEnd: '18:00', RestStart: '12:00' })).msg).toBe(
      '请填写完整的休息时段',
    );
    expect(
      (await shift({ Name: '外休', WorkStart: '09:00', WorkEnd: '18:00', RestStart: '19:00', RestEnd: '20:00' })).msg,
    ).toBe('休息时段须在上下班时间之内');
    expect((await shift({ Name: '宽限', WorkStart: '09:00', WorkEnd: '18:00', LateGrace: 500 })).msg).toBe(
      '迟到宽限需为0-120分钟',
    );
    expect((await shift({ Name: '行政班', WorkStart: '08:00', WorkEnd: '17:00' })).msg).toBe('班次名称已存在');
    const night = await shift({
      Name: '大夜班',
      WorkStart: '22:00',
      WorkEnd: '06:00',
      RestStart: '02:00',
      RestEnd: '03:00',
    });
    expect(night.ret).toBe(0);
    const list = (await t.api<Shift[]>('/Attendance/ShiftList', {}, admin)).data;
    expect(list.find((s) => s.Id === night.data.Id)).toMatchObject({
      CrossDay: true,
      OnBefore: 120,
      OffAfter: 240,
      LateGrace: 5,
      EarlyGrace: 0,
      MissAfter: 120,
    });
    expect(list.find((s) => s.Name === '行政班')!.GroupCount).toBe(1);
    // A shift no group uses counts 0 (the count once compared the group's own id).
    expect(list.find((s) => s.Id === night.data.Id)!.GroupCount).toBe(0);
  });

  it('a shift in use cannot be deleted: 该班次正在使用; an unused one can', async () => {
    const list = (await t.api<Shift[]>('/Attendance/ShiftList', {}, admin)).data;
    const used = list.find((s) => s.Name === '行政班')!;
    expect(await t.api('/Attendance/ShiftDel', { Id: used.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '该班次正在使用',
    });
    const free = await shift({ Name: '临时班', WorkStart: '10:00', WorkEnd: '16:00' });
    expect((await t.api('/Attendance/ShiftDel', { Id: free.data.Id }, admin)).ret).toBe(0);
    expect((await t.api('/Attendance/ShiftDel', { Id: free.data.Id }, admin)).ret).toBe(404);
  });
});

describe('groups', () => {
  const base = async (extra: Record<string, unknown> = {}) => {
    const shifts = (await t.api<Shift[]>('/Attendance/ShiftList', {}, admin)).data;
    return {
      Id: 0,
      Name: '工程考勤组',
      Kind: 1,
      ShiftId: shifts.find((s) => s.Name === '行政班')!.Id,
      WorkDays: '1,2,3,4,5,6',
      UserIds: [(await person(t, 'gongcheng1')).id],
      Places: [OFFICE],
      ...extra,
    };
  };

  it('lists the demo groups with 类型, 班次, 工作日, 打卡方式, 人数, 负责人', async () => {
    const r = await t.api<Record<string, unknown>[]>('/Attendance/GroupList', {}, admin);
    expect(r.count).toBe(2);
    expect(r.data[0]).toMatchObject({
      Name: '行政考勤组',
      KindName: '固定班制',
      ShiftNames: '行政班',
      WorkDaysText: '周一至周五',
      PunchWays: '地点1个，WiFi1个',
      MemberCount: 7,
      LeaderName: '周经理',
    });
    expect(r.data[1]).toMatchObject({
      Name: '保安排班组',
      KindName: '排班制',
      ShiftNames: '保安早班、保安夜班',
      WorkDaysText: '按排班',
    });
  });

  it('refusals: no place or Wi-Fi, a bad radius, no shift, no members — and nothing saved', async () => {
    expect((await t.api('/Attendance/GroupSave', await base({ Places: [] }), admin)).msg).toBe(
      '请至少设置一个打卡地点或WiFi',
    );
    expect((await t.api('/Attendance/GroupSave', await base({ Places: [{ ...OFFICE, Radius: 20 }] }), admin)).msg).toBe(
      '打卡半径需为50-3000米',
    );
    expect((await t.api('/Attendance/GroupSave', await base({ ShiftId: '' }), admin)).msg).toBe('请选择班次');
    expect((await t.api('/Attendance/GroupSave', await base({ Kind: 2, ShiftId: '' }), admin)).msg).toBe('请选择班次');
    expect((await t.api('/Attendance/GroupSave', await base({ UserIds: [] }), admin)).msg).toBe('请选择考勤组成员');
    expect((await t.api('/Attendance/GroupSave', await base({ Wifis: [{ Ssid: 'x', Bssid: 'zz' }] }), admin)).msg).toBe(
      'BSSID格式不正确',
    );
    expect((await t.api('/Attendance/GroupSave', await base({ Name: '行政考勤组', UserIds: [] }), admin)).ret).toBe(
      400,
    );
    expect((await t.api('/Attendance/GroupList', {}, admin)).count).toBe(2);
  });

  it('a member of another group: ret 409 with the question and nothing saved; MoveMembers moves him', async () => {
    const sun = await person(t, 'gongcheng1');
    const r = await t.api('/Attendance/GroupSave', await base(), admin);
    expect(r).toMatchObject({ ret: 409, msg: '孙工已在考勤组行政考勤组，是否移入本组？' });
    expect((await t.api('/Attendance/GroupList', {}, admin)).count).toBe(2);
    const moved = await t.api<{ Id: number }>('/Attendance/GroupSave', await base({ MoveMembers: true }), admin);
    expect(moved.ret).toBe(0);
    const [m] = await t.db.select().from(attGroupMembers).where(eq(attGroupMembers.userId, sun.id));
    expect(m!.groupId).toBe(moved.data.Id);
    const got = await t.api<Record<string, unknown>>('/Attendance/GroupGet', { Id: moved.data.Id }, admin);
    expect(got.data).toMatchObject({ UserIds: [sun.id], WorkDays: [1, 2, 3, 4, 5, 6], Places: [OFFICE], Wifis: [] });
    // Today is computed with the new group at once.
    const today = todayOf(t.deps.now(), 'Asia/Shanghai');
    const [d] = await t.db
      .select()
      .from(attDays)
      .where(and(eq(attDays.userId, sun.id), eq(attDays.day, today)));
    if (d) expect(d.groupId).toBe(moved.data.Id);
    // A group with members cannot be deleted.
    expect(await t.api('/Attendance/GroupDel', { Id: moved.data.Id }, admin)).toMatchObject({
      msg: '请先移除考勤组成员',
    });
    // Give him back; the empty group goes.
    const office = (await t.api<{ Id: number }[]>('/Attendance/GroupList', { Keyword: '行政' }, admin)).data[0]!;
    const og = (await t.api<{ UserIds: number[] }>('/Attendance/GroupGet', { Id: office.Id }, admin)).data;
    expect(
      (
        await t.api(
          '/Attendance/GroupSave',
          { ...og, Id: office.Id, UserIds: [...og.UserIds, sun.id], MoveMembers: true },
          admin,
        )
      ).ret,
    ).toBe(0);
    expect((await t.api('/Attendance/GroupDel', { Id: moved.data.Id }, admin)).ret).toBe(0);
    expect(await t.db.select().from(attGroups).where(eq(attGroups.id, moved.data.Id))).toEqual([]);
  });
});

describe('roster', () => {
  it('RosterGet: members × days of the month with the allowed shifts', async () => {
    const g = (await t.api<{ Id: number }[]>('/Attendance/GroupList', { Keyword: '保安' }, admin)).data[0]!;
    const month = todayOf(t.deps.now(), 'Asia/Shanghai').slice(0, 7);
    const r = await t.api<{
      Days: string[];
      Shifts: { Name: string }[];
      Rows: { UserName: string; Days: Record<string, number> }[];
    }>('/Attendance/RosterGet', { GroupId: g.Id, Month: month }, admin);
    expect(r.data.Days[0]).toBe(`${month}-01`);
    expect(r.data.Shifts.map((s) => s.Name)).toEqual(['保安早班', '保安夜班']);
    expect(r.data.Rows.map((x) => x.UserName)).toEqual(['刘保安', '何保安']);
    expect(Object.keys(r.data.Rows[0]!.Days)).toHaveLength(r.data.Days.length);
  });

  it('RosterSave: overlapping shifts are refused; a saved cell decides whether the day is due', async () => {
    const g = (await t.api<{ Id: number }[]>('/Attendance/GroupList', { Keyword: '保安' }, admin)).data[0]!;
    const long = await shift({ Name: '长夜班', WorkStart: '19:00', WorkEnd: '09:00' });
    const get = (
      await t.api<{ Shifts: { Id: number; Name: string }[]; Rows: { UserId: number }[] }>(
        '/Attendance/GroupGet',
        { Id: g.Id },
        admin,
      )
    ).data as unknown as { ShiftIds: number[]; UserIds: number[]; Places: unknown[] };
    const form = Object.fromEntries(Object.entries(get).filter(([, v]) => v !== null));
    const saved = await t.api(
      '/Attendance/GroupSave',
      { ...form, Id: g.Id, Name: '保安排班组', Kind: 2, ShiftIds: [...get.ShiftIds, long.data.Id] },
      admin,
    );
    expect(saved.msg).toBe('保存成功');
    const early = get.ShiftIds[0]!;
    const liu = await person(t, 'baoan1');
    // Last month, so the days are in the past and computed.
    const today = todayOf(t.deps.now(), 'Asia/Shanghai');
    const month = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const d1 = `${month}-10`;
    const d2 = `${month}-11`;
    const bad = await t.api(
      '/Attendance/RosterSave',
      { GroupId: g.Id, Month: month, Rows: [{ UserId: liu.id, Days: { [d1]: long.data.Id, [d2]: early } }] },
      admin,
    );
    expect(bad.msg).toBe(`刘保安${monthDay(d2)}的班次与前一天的班次时间重叠`);
    const wrong = await t.api(
      '/Attendance/RosterSave',
      { GroupId: g.Id, Month: month, Rows: [{ UserId: liu.id, Days: { [`${today.slice(0, 7)}-01`]: early } }] },
      admin,
    );
    expect(wrong.msg).toBe('日期不在所选月份内');
    const ok = await t.api(
      '/Attendance/RosterSave',
      { GroupId: g.Id, Month: month, Rows: [{ UserId: liu.id, Days: { [d1]: early, [d2]: 0 } }] },
      admin,
    );
    expect(ok.ret).toBe(0);
    const days = await t.db.select().from(attDays).where(eq(attDays.userId, liu.id));
    expect(days.find((d) => d.day === d1)!.shiftId).toBe(early);
    expect(days.find((d) => d.day === d2)).toBeUndefined();
    // A fixed group has no roster.
    const office = (await t.api<{ Id: number }[]>('/Attendance/GroupList', { Keyword: '行政' }, admin)).data[0]!;
    expect((await t.api('/Attendance/RosterSave', { GroupId: office.Id, Month: month, Rows: [] }, admin)).msg).toBe(
      '固定班制无需排班',
    );
  });
});

describe('holidays', () => {
  it("this year's holidays are seeded; a day is set once; a 休 removes a fixed group's due day", async () => {
    const year = Number(todayOf(t.deps.now(), 'Asia/Shanghai').slice(0, 4));
    const list = await t.api<{ Day: string; KindName: string }[]>('/Attendance/HolidayList', { Year: year }, admin);
    expect(list.count).toBeGreaterThan(5);
    expect(list.data[0]).toMatchObject({ Day: `${year}-01-01`, KindName: '休' });
    expect((await t.api('/Attendance/HolidaySave', { Day: `${year}-01-01`, Kind: 1 }, admin)).msg).toBe('该日期已设置');
    // A past workday of the office group becomes 休: its due rows disappear.
    const cashier = await person(t, 'cashier');
    const [day] = await t.db
      .select({ day: attDays.day })
      .from(attDays)
      .where(and(eq(attDays.userId, cashier.id)))
      .limit(1);
    const h = await t.api<{ Id: number }>(
      '/Attendance/HolidaySave',
      { Day: day!.day, Kind: 1, Name: '公司活动' },
      admin,
    );
    expect(h.ret).toBe(0);
    const left = await t.db
      .select()
      .from(attDays)
      .where(and(eq(attDays.userId, cashier.id), eq(attDays.day, day!.day)));
    expect(left).toEqual([]);
    expect((await t.api('/Attendance/HolidayDel', { Id: h.data.Id }, admin)).ret).toBe(0);
    const back = await t.db
      .select()
      .from(attDays)
      .where(and(eq(attDays.userId, cashier.id), eq(attDays.day, day!.day)));
    expect(back).toHaveLength(1);
  });
});

describe('rights', () => {
  it('settings need kqgl_kqsz; statistics kqgl_kqtj; ClockIn needs a group', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    for (const path of [
      '/Attendance/GroupList',
      '/Attendance/ShiftList',
      '/Attendance/PunchList',
      '/Attendance/StatMonth',
    ])
      expect((await t.api(path, { Month: '2026-01' }, cashier)).ret, path).toBe(403);
    expect(
      (await t.api('/Attendance/ShiftSave', { Name: 'x', WorkStart: '09:00', WorkEnd: '10:00' }, cashier)).ret,
    ).toBe(403);
    const me = await t.login('admin', 'Admin@123');
    expect((await t.api('/Attendance/ClockIn', { Lng: 120, Lat: 30 }, me)).msg).toBe('您未加入考勤组，无需打卡');
  });
});
