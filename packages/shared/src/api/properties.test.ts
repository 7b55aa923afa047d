import { describe, expect, it } from 'vitest';
import { GenerateRoomsBody, HandoverConfigBody, RoomSaveBody } from './properties';
import { MSG_HM_FORMAT, zDecimal, zHm } from './property-rules';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('properties schemas', () => {
  it('keeps areas as exact two-place text and checks their range in cents', () => {
    const d = zDecimal('建筑面积', 0.01, 99999.99);
    expect(d.parse('89.5')).toBe('89.50');
    expect(d.parse(126.8)).toBe('126.80');
    expect(d.safeParse('0').error?.issues[0]?.message).toBe('建筑面积需为0.01-99999.99');
    expect(d.safeParse('1.005').error?.issues[0]?.message).toBe('建筑面积最多两位小数');
    expect(d.safeParse('').error?.issues[0]?.message).toBe('请输入建筑面积');
  });

  it('a room names 套内面积 above 建筑面积 and floor 0 on their fields; blank coefficient is 1.00', () => {
    const base = { UnitId: 3, Floor: '12', RoomNo: '1201', BuildArea: '90' };
    expect(issues(RoomSaveBody.safeParse({ ...base, InnerArea: '100' }))).toEqual({
      InnerArea: '套内面积不能大于建筑面积',
    });
    expect(issues(RoomSaveBody.safeParse({ ...base, Floor: '0' }))).toEqual({ Floor: '楼层不能为0' });
    const ok = RoomSaveBody.parse({ ...base, FeeCoefficient: '' });
    expect(ok).toMatchObject({ Floor: 12, FeeCoefficient: '1.00', Status: 0, RoomType: 1 });
  });

  it('生成房间 names the 户 whose 套内面积 is above its 建筑面积', () => {
    const r = GenerateRoomsBody.safeParse({
      BuildingId: 1,
      UnitIds: '[1]',
      FloorFrom: 1,
      FloorTo: 2,
      PerFloor: 2,
      Positions: JSON.stringify([
        { Seq: 1, BuildArea: '90' },
        { Seq: 2, BuildArea: '80', InnerArea: '85' },
      ]),
    });
    expect(issues(r)).toEqual({ Positions: '第2户：套内面积不能大于建筑面积' });
  });

  it('生成房间 checks the floor range and per-floor count', () => {
    const r = GenerateRoomsBody.safeParse({ BuildingId: 1, UnitIds: '[1]', FloorFrom: 5, FloorTo: 2, PerFloor: 51 });
    expect(issues(r)).toMatchObject({ PerFloor: '每层户数需为1-50' });
    const s = GenerateRoomsBody.safeParse({ BuildingId: 1, UnitIds: '[1]', FloorFrom: 5, FloorTo: 2, PerFloor: 2 });
    expect(issues(s)).toEqual({ FloorTo: '结束楼层不能小于起始楼层' });
  });

  it('时段设置: capacity 1–99, end after start', () => {
    const body = {
      CommunityId: 1,
      StartDate: '2026-06-01',
      EndDate: '2026-06-30',
      Weekdays: [1],
      Slots: [{ Start: '09:00', End: '08:00', Capacity: 100 }],
    };
    const r = HandoverConfigBody.safeParse(body);
    expect(r.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['容量需为1-99', '结束时间需晚于开始时间']),
    );
  });
});

describe('zHm', () => {
  const first = (v: unknown) => zHm('请输入上班时间').safeParse(v).error?.issues[0]?.message;
  it('says what is missing when blank, and that the format is wrong for a time that is not one', () => {
    expect(first('')).toBe('请输入上班时间');
    expect(first(undefined)).toBe('请输入上班时间');
    expect(first('25:00')).toBe(MSG_HM_FORMAT);
    expect(first('8:00')).toBe(MSG_HM_FORMAT);
    expect(zHm().parse(' 23:59 ')).toBe('23:59');
  });
});
