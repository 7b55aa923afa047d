import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uploadPng } from '../../../test/uploads';
import { addDays } from '../../core/dates';
import { drainJobs } from '../jobs';
import { OFFICE, person, type PunchRow, quietMonday, type StatRow } from './att-test-helpers';

/**
 * Acceptance 5–8 of sms-attendance.md on a group of one (张师傅, moved out of the demo's office group) on quiet past
 * days: judging, 补卡, leave, 旷工, the month's statistics as the sum of the day records, and the export.
 */
let t: TestApp;
let admin: string;
let zhang: { id: number; name: string; jobNo: string };
let shiftId: number;
let groupId: number;
let mon: string;
const month = () => mon.slice(0, 7);

const punches = async (day: string) =>
  (await t.api<PunchRow[]>('/Attendance/PunchList', { UserId: zhang.id, DateFrom: day, DateTo: day }, admin)).data;
const stat = async () =>
  (await t.api<StatRow[]>('/Attendance/StatMonth', { Month: month(), UserId: zhang.id }, admin)).data[0]!;
const importRows = (rows: Record<string, unknown>[], token = admin) =>
  t.api<{ Total: number; Imported: number; Errors: { Row: number; Msg: string }[] }>(
    '/Attendance/ImportPunch',
    { Rows: rows },
    token,
  );
const groupBody = (extra: Record<string, unknown> = {}) => ({
  Id: groupId ?? 0,
  Name: '测试考勤组',
  Kind: 1,
  ShiftId: shiftId,
  WorkDays: [1, 2, 3, 4, 5, 6, 7],
  UseHolidays: false,
  AllowOutside: false,
  UserIds: [zhang.id],
  Places: [OFFICE],
  Wifis: [{ Ssid: 'Test-WiFi', Bssid: 'AA-BB-CC-DD-EE-01' }],
  MoveMembers: true,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  zhang = await person(t, 'weixiu1');
  mon = quietMonday(t);
  const s = await t.api<{ Id: number }>(
    '/Attendance/ShiftSave',
    { Name: '测试班', WorkStart: '09:00', WorkEnd: '18:00', RestStart: '12:00', RestEnd: '13:00', LateGrace: 5 },
    admin,
  );
  shiftId = s.data.Id;
  const g = await t.api<{ Id: number }>('/Attendance/GroupSave', groupBody(), admin);
  expect(g.ret).toBe(0);
  groupId = g.data.Id;
});
afterAll(() => t.close());

describe('judging punches (acceptance 5)', () => {
  it('09:07 and 17:50 are 迟到 7分钟 and 早退 10分钟; the statistics show 1/7 and 1/10', async () => {
    const r = await importRows([
      { JobNo: zhang.jobNo, PunchTime: `${mon} 09:07:00`, DeviceSn: 'KQ-9' },
      { JobNo: zhang.jobNo, PunchTime: `${mon} 17:50:30` },
    ]);
    expect(r.data).toMatchObject({ Total: 2, Imported: 2, Errors: [] });
    const [on, off] = await punches(mon);
    expect(on).toMatchObject({ Kind: 1, State: 2, Minutes: 7, StateText: '迟到 7分钟', Source: 4 });
    expect(off).toMatchObject({ Kind: 2, State: 3, Minutes: 10, StateText: '早退 10分钟', Source: 4 });
    const s = await stat();
    expect(s).toMatchObject({ LateCount: 1, LateMinutes: 7, EarlyCount: 1, EarlyMinutes: 10, ActualDays: 1 });
  });

  it('the grace and MissAfter edges: 09:05 正常, 11:01 (121 min late) 缺卡; the earliest 上班 and latest 下班 count', async () => {
    const d = addDays(mon, 7);
    await importRows([
      { JobNo: zhang.jobNo, PunchTime: `${d} 09:05:59` },
      { JobNo: zhang.jobNo, PunchTime: `${d} 09:30:00` },
      { JobNo: zhang.jobNo, PunchTime: `${d} 18:00:00` },
      { JobNo: zhang.jobNo, PunchTime: `${d} 19:30:00` },
    ]);
    const [on, off] = await punches(d);
    expect(on).toMatchObject({ State: 1, PunchTime: `${d} 09:05:59` });
    expect(off).toMatchObject({ State: 1, PunchTime: `${d} 19:30:00` });
    const d2 = addDays(mon, 8);
    await importRows([{ JobNo: zhang.jobNo, PunchTime: `${d2} 11:01:00` }]);
    expect((await punches(d2))[0]).toMatchObject({ State: 4, StateName: '缺卡' });
    // A punch before start − OnBefore (06:59) belongs to no window.
    const d3 = addDays(mon, 9);
    await importRows([{ JobNo: zhang.jobNo, PunchTime: `${d3} 06:59:00` }]);
    expect((await punches(d3)).map((p) => p.State)).toEqual([4, 4]);
  });

  it('ImportPunch: per-row errors, good rows saved, a repeat skipped', async () => {
    const d = addDays(mon, 10);
    const r = await importRows([
      { JobNo: zhang.jobNo, PunchTime: `${d} 08:58:00` },
      { JobNo: 'NOPE99', PunchTime: `${d} 09:00:00` },
      { JobNo: zhang.jobNo, PunchTime: '昨天早上' },
      { JobNo: zhang.jobNo, PunchTime: '' },
      { JobNo: zhang.jobNo, PunchTime: '2999-01-01 09:00:00' },
      { JobNo: zhang.jobNo, PunchTime: `${d} 08:58:00` },
    ]);
    expect(r.data.Total).toBe(6);
    expect(r.data.Imported).toBe(1);
    expect(r.data.Errors).toEqual([
      { Row: 2, Msg: '工号NOPE99不存在' },
      { Row: 3, Msg: '打卡时间格式不正确' },
      { Row: 4, Msg: '请填写打卡时间' },
      { Row: 5, Msg: '打卡时间不能晚于当前时间' },
    ]);
    const logs = await t.api<unknown[]>('/Attendance/LogList', { UserId: zhang.id, DateFrom: d, DateTo: d }, admin);
    expect(logs.count).toBe(1);
  });

  it('ImportPunch reads an xlsx (工号, 打卡时间, 设备)', async () => {
    const d = addDays(mon, 11);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['工号', '打卡时间', '设备']);
    ws.addRow([zhang.jobNo, `${d} 08:50:00`, 'KQ-1']);
    ws.addRow([zhang.jobNo, `${d} 18:10:00`, 'KQ-1']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const { multipartBody } = await import('../upload/fixtures');
    const { body, contentType } = multipartBody([{ name: 'file', filename: 'p.xlsx', data }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Attendance/ImportPunch',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
    });
    expect(res.json()).toMatchObject({ ret: 0, data: { Total: 2, Imported: 2 } });
    expect((await punches(d)).map((p) => p.State)).toEqual([1, 1]);
  });
});

describe('补卡 and leave (acceptance 7)', () => {
  it('a day with no 下班 punch shows 缺卡; 补卡 18:05 turns it 正常 (补卡); deleting the 补卡 restores 缺卡', async () => {
    const d = addDays(mon, 1);
    await importRows([{ JobNo: zhang.jobNo, PunchTime: `${d} 08:55:00` }]);
    expect((await punches(d))[1]).toMatchObject({ Kind: 2, State: 4, PunchTime: '' });
    const outside = await t.api(
      '/Attendance/MakeUp',
      { UserId: zhang.id, Day: d, Kind: 2, Time: '08:00', Reason: '忘记打卡' },
      admin,
    );
    expect(outside).toMatchObject({ ret: 400, msg: '补卡时间不在打卡时段内' });
    const noReason = await t.api('/Attendance/MakeUp', { UserId: zhang.id, Day: d, Kind: 2, Time: '18:05' }, admin);
    expect(noReason.msg).toBe('请填写补卡原因');
    const ok = await t.api<{ Id: number }>(
      '/Attendance/MakeUp',
      { UserId: zhang.id, Day: d, Kind: 2, Time: '18:05', Reason: '忘记打卡' },
      admin,
    );
    expect(ok.ret).toBe(0);
    const off = (await punches(d))[1]!;
    expect(off).toMatchObject({
      State: 1,
      MakeUp: true,
      Source: 3,
      PunchTime: `${d} 18:05:00`,
      StateText: '正常（补卡）',
    });
    // 上班 09:07 by 补卡 is judged like a punch: 迟到 7.
    const d2 = addDays(mon, 12);
    await t.api('/Attendance/MakeUp', { UserId: zhang.id, Day: d2, Kind: 1, Time: '09:07', Reason: '卡机故障' }, admin);
    expect((await punches(d2))[0]).toMatchObject({ State: 2, Minutes: 7, MakeUp: true });
    // Only a 补卡 may be deleted; a raw punch stays.
    const raw = (await punches(d))[0]!;
    expect((await t.api('/Attendance/MakeUpDel', { Id: raw.PunchId }, admin)).msg).toBe('只能删除补卡记录');
    expect((await t.api('/Attendance/MakeUpDel', { Id: ok.data.Id }, admin)).ret).toBe(0);
    expect((await punches(d))[1]).toMatchObject({ State: 4, MakeUp: false });
    await t.api('/Attendance/MakeUp', { UserId: zhang.id, Day: d, Kind: 2, Time: '18:05', Reason: '忘记打卡' }, admin);
  });

  it('补卡 needs kqgl_dkjl:add — without it ret 403 and nothing saved', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    const r = await t.api(
      '/Attendance/MakeUp',
      { UserId: zhang.id, Day: addDays(mon, 2), Kind: 1, Time: '09:00', Reason: 'x' },
      cashier,
    );
    expect(r.ret).toBe(403);
    expect(
      (
        await t.api(
          '/Attendance/LogList',
          { UserId: zhang.id, DateFrom: addDays(mon, 2), DateTo: addDays(mon, 2) },
          admin,
        )
      ).count,
    ).toBe(0);
  });

  it('a full-day 事假 gives 请假 1, 旷工 0; an overlapping leave is refused; a day without punch or leave is 旷工 1', async () => {
    const d = addDays(mon, 2);
    const leave = await t.api<{ Id: number }>(
      '/Attendance/LeaveAdd',
      { UserId: zhang.id, Kind: 1, StartTime: `${d} 09:00`, EndTime: `${d} 18:00`, Reason: '家中有事' },
      admin,
    );
    expect(leave.ret).toBe(0);
    expect((await punches(d)).map((p) => p.State)).toEqual([6, 6]);
    const clash = await t.api(
      '/Attendance/LeaveAdd',
      { UserId: zhang.id, Kind: 2, StartTime: `${d} 14:00`, EndTime: `${d} 20:00` },
      admin,
    );
    expect(clash.msg).toBe('该时段已有请假记录');
    const back = await t.api(
      '/Attendance/LeaveAdd',
      { UserId: zhang.id, Kind: 2, StartTime: `${d} 14:00`, EndTime: `${d} 10:00` },
      admin,
    );
    expect(back.msg).toBe('结束时间须晚于开始时间');
    const list = await t.api<{ Id: number; Hours: string; KindName: string }[]>(
      '/Attendance/LeaveList',
      { UserId: zhang.id },
      admin,
    );
    expect(list.data[0]).toMatchObject({ Id: leave.data.Id, Hours: '8.00', KindName: '事假' });
    // A half-day 病假 (09:00–12:00 of an 8-hour shift) rounds to 0.5.
    const d2 = addDays(mon, 3);
    await t.api(
      '/Attendance/LeaveAdd',
      { UserId: zhang.id, Kind: 2, StartTime: `${d2} 09:00`, EndTime: `${d2} 12:00` },
      admin,
    );
    await importRows([{ JobNo: zhang.jobNo, PunchTime: `${d2} 18:02:00` }]);
    expect((await punches(d2)).map((p) => p.State)).toEqual([6, 1]);
  });

  it('Recalc computes the whole month; StatMonth equals the sum over the day records', async () => {
    const r = await t.api<{ RunId: number }>('/Attendance/Recalc', { Month: month(), UserIds: [zhang.id] }, admin);
    expect(r.ret).toBe(0);
    await drainJobs(t.deps);
    const p = await t.api<{ State: string; Total: number; Done: number }>(
      '/Attendance/RecalcProgress',
      { RunId: r.data.RunId },
      admin,
    );
    expect(p.data).toMatchObject({ State: 'done', Total: 1, Done: 1 });
    const rows = (
      await t.api<PunchRow[]>(
        '/Attendance/PunchList',
        { UserId: zhang.id, DateFrom: `${month()}-01`, DateTo: `${month()}-31`, PgSize: 500 },
        admin,
      )
    ).data;
    const byDay = new Map<string, PunchRow[]>();
    for (const x of rows) byDay.set(x.Day, [...(byDay.get(x.Day) ?? []), x]);
    const absent = [...byDay.values()].filter((ps) => ps.every((x) => !x.PunchTime && x.State === 4)).length;
    const s = await stat();
    expect(s.ShouldDays).toBe(byDay.size);
    expect(s.LateCount).toBe(rows.filter((x) => x.Kind === 1 && x.State === 2).length);
    expect(s.LateMinutes).toBe(rows.filter((x) => x.Kind === 1).reduce((a, x) => a + x.Minutes, 0));
    expect(s.EarlyCount).toBe(rows.filter((x) => x.Kind === 2 && x.State === 3).length);
    expect(s.EarlyMinutes).toBe(rows.filter((x) => x.Kind === 2).reduce((a, x) => a + x.Minutes, 0));
    expect(s.MissingCount).toBe(rows.filter((x) => x.State === 4).length - 2 * absent);
    expect(s.AbsentDays).toBe(absent);
    expect(s.ActualDays).toBe(
      [...byDay.values()].filter((ps) => ps.some((x) => x.PunchTime) && !ps.every((x) => x.State === 6)).length,
    );
    expect(s.LeaveDays).toBe(1.5);
    expect(s.LeaveDetail).toEqual([
      { Kind: 1, KindName: '事假', Days: 1 },
      { Kind: 2, KindName: '病假', Days: 0.5 },
    ]);
    expect(s.AbsentDays).toBeGreaterThan(0);
    expect(s.AttendRate).toBe(Math.round((s.ActualDays / s.ShouldDays) * 10_000) / 10_000);
    // The drill-down: every day of the month, the leave day coloured 请假.
    const days = await t.api<{ Days: { Day: string; Due: boolean; Summary: string; LeaveDays: number }[] }>(
      '/Attendance/StatDays',
      { UserId: zhang.id, Month: month() },
      admin,
    );
    expect(days.data.Days.find((x) => x.Day === addDays(mon, 2))).toMatchObject({
      Due: true,
      Summary: '请假',
      LeaveDays: 1,
    });
    expect(days.data.Days.find((x) => x.Day === mon)!.Summary).toBe('异常');
  });

  it('the whole company: Σ of StatMonth equals the count of day records by state', async () => {
    const m = month();
    const all = await t.api<StatRow[]>('/Attendance/StatMonth', { Month: m, PgSize: 500 }, admin);
    const count = async (f: Record<string, unknown>) =>
      (await t.api('/Attendance/PunchList', { DateFrom: `${m}-01`, DateTo: `${m}-31`, ...f }, admin)).count!;
    const sum = (k: keyof StatRow) => all.data.reduce((a, r) => a + Number(r[k]), 0);
    expect(sum('LateCount')).toBe(await count({ Kind: 1, State: 2 }));
    expect(sum('EarlyCount')).toBe(await count({ Kind: 2, State: 3 }));
    expect(sum('ShouldDays') * 2).toBe(await count({}));
  });
});

describe('export and the month job (acceptance 8)', () => {
  it('StatExport: sheet 汇总 and sheet 每日明细 with the person', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Attendance/StatExport',
      payload: `Month=${month()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${admin}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['汇总', '每日明细']);
    const names = (ws: ExcelJS.Worksheet) => ws.getColumn(1).values.map(String);
    expect(names(wb.getWorksheet('汇总')!)).toContain(zhang.name);
    expect(names(wb.getWorksheet('每日明细')!)).toContain(zhang.name);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/Attendance/PunchExport',
      payload: `UserId=${zhang.id}&DateFrom=${mon}&DateTo=${mon}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${admin}` },
    });
    const pw = new ExcelJS.Workbook();
    await pw.xlsx.load(out.rawPayload as unknown as ArrayBuffer);
    expect(pw.worksheets[0]!.getColumn(10).values.map(String)).toContain('迟到 7分钟');
  });

  it("attendance.finalise runs by hand and tells kqgl_dkjl holders of yesterday's exceptions", async () => {
    // 张师傅 is due every day and has no punch yesterday: at least one exception.
    const r = await t.api<{ State: string; Summary: { Day: string; Exceptions: number } }>(
      '/Job/Run',
      { Name: 'attendance.finalise' },
      admin,
    );
    expect(r.data.State).toBe('done');
    expect(r.data.Summary.Exceptions).toBeGreaterThan(0);
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const msgs = await t.api<{ Title: string }[]>('/SysMessage/MessageList', {}, xmjl);
    expect(msgs.data.map((m) => m.Title)).toContain(`昨日考勤异常${r.data.Summary.Exceptions}人`);
  });

  it("工作台 shows today's attendance to kqgl_dkjl holders only", async () => {
    type Desk = { Cards: { Key: string; Value: string }[] };
    const d = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, admin)).data;
    expect(d.Cards.find((c) => c.Key === 'attendance')!.Value).toMatch(/^\d+\/\d+$/);
    const cashier = await t.login('cashier', 'Cashier@123');
    const c = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, cashier)).data;
    expect(c.Cards.find((x) => x.Key === 'attendance')).toBeUndefined();
  });
});

describe('ClockIn and DevicePunch (acceptance 6)', () => {
  it('2 km away with 外勤 off: 不在考勤范围内, nothing saved; inside the radius or on the Wi-Fi it is valid', async () => {
    const token = await t.login('weixiu1', 'Linli@123');
    const before = (await t.api('/Attendance/LogList', { UserId: zhang.id }, admin)).count;
    const far = { Lng: OFFICE.Lng, Lat: OFFICE.Lat + 0.018 }; // ≈ 2 km north
    expect(await t.api('/Attendance/ClockIn', far, token)).toMatchObject({ ret: 400, msg: '不在考勤范围内' });
    expect((await t.api('/Attendance/LogList', { UserId: zhang.id }, admin)).count).toBe(before);
    const near = await t.api<{ Outside: boolean; PlaceName: string }>(
      '/Attendance/ClockIn',
      { Lng: OFFICE.Lng + 0.001, Lat: OFFICE.Lat },
      token,
    );
    expect(near.data).toMatchObject({ Outside: false, PlaceName: '测试办公室' });
    t.advance(61_000);
    const wifi = await t.api<{ Outside: boolean }>(
      '/Attendance/ClockIn',
      { Ssid: 'Test-WiFi', Bssid: 'aa:bb:cc:dd:ee:01' },
      token,
    );
    expect(wifi.data.Outside).toBe(false);
  });

  it('with 外勤 allowed the far punch is 外勤 (photo and remark required)', async () => {
    expect((await t.api('/Attendance/GroupSave', groupBody({ AllowOutside: true }), admin)).ret).toBe(0);
    const token = await t.login('weixiu1', 'Linli@123');
    const far = { Lng: OFFICE.Lng, Lat: OFFICE.Lat + 0.018 };
    t.advance(61_000);
    expect((await t.api('/Attendance/ClockIn', far, token)).msg).toBe('外勤打卡需拍照并填写备注');
    const photo = await uploadPng(t, token);
    const r = await t.api<{ Outside: boolean; Id: number }>(
      '/Attendance/ClockIn',
      { ...far, PhotoPath: photo.name, Remark: '业主家维修' },
      token,
    );
    expect(r).toMatchObject({ ret: 0, data: { Outside: true } });
    const logs = await t.api<{ Id: number; Outside: boolean; Source: number }[]>(
      '/Attendance/LogList',
      { UserId: zhang.id },
      admin,
    );
    expect(logs.data.find((l) => l.Id === r.data.Id)).toMatchObject({ Outside: true, Source: 1 });
  });

  it('DevicePunch: a device key punches by 工号 in its own company; a bad key is refused', async () => {
    const punch = (key: string, jobNo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Attendance/DevicePunch',
        payload: `JobNo=${jobNo}&PunchTime=${encodeURIComponent(`${addDays(mon, 20)} 08:59:00`)}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-device-sn': 'HK-FACE-0006',
          'x-device-key': key,
        },
      });
    expect((await punch('wrong', zhang.jobNo)).json().ret).toBe(401);
    expect((await punch('demo-HK-FACE-0006', 'NOPE')).json().msg).toBe('工号不存在');
    const ok = (await punch('demo-HK-FACE-0006', zhang.jobNo)).json();
    expect(ok).toMatchObject({ ret: 0, data: { Repeated: false } });
    expect((await punch('demo-HK-FACE-0006', zhang.jobNo)).json().data.Repeated).toBe(true);
    expect((await punches(addDays(mon, 20)))[0]).toMatchObject({ State: 1, Source: 2 });
  });
});
