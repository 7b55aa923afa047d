import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { meterBindLogs, meters, rooms } from '../../db/schema';
import { clerkWith, communityId, roomId } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Meter {
  Id: number;
  MeterNo: string;
  MeterTypeName: string;
  LastReading: string;
  RoomId: number;
}

describe('绑定仪表', () => {
  it('acceptance 6: DB-0001 bound at 100; binding it to a second room names the first', async () => {
    const lake = await communityId(t, '翠湖天地');
    const a = await roomId(t, '翠湖天地', '6栋-1单元-601');
    const b = await roomId(t, '翠湖天地', '6栋-1单元-602');
    const save = await t.api<{ Id: number }>(
      '/Meter/Save',
      { CommunityId: lake, MeterType: 2, MeterNo: 'DB-0001', InitialReading: '100', RoomId: a },
      admin,
    );
    expect(save).toMatchObject({ ret: 0 });
    const byRoom = await t.api<Meter[]>('/Meter/ByRoom', { RoomId: a }, admin);
    expect(byRoom.data).toEqual([
      expect.objectContaining({ MeterNo: 'DB-0001', MeterTypeName: '电表', LastReading: '100.00' }),
    ]);
    const named = '表号 DB-0001 已绑定 6栋-1单元-601';
    const again = await t.api('/Meter/Bind', { MeterId: save.data.Id, RoomId: b, Reading: '100' }, admin);
    expect(again).toMatchObject({ ret: 400, msg: named, data: { Errors: { MeterId: named } } });
    // 新增并绑定 with the same number answers the same way, not a bare '已存在'.
    const dup = await t.api('/Meter/Save', { CommunityId: lake, MeterType: 2, MeterNo: 'DB-0001', RoomId: b }, admin);
    expect(dup).toMatchObject({ ret: 400, msg: named, data: { Errors: { MeterNo: named } } });
    const same = await t.api('/Meter/Bind', { MeterId: save.data.Id, RoomId: a, Reading: '100' }, admin);
    expect(same.msg).toBe('表号 DB-0001 已绑定该房间');
  });

  it('the 绑定已有表 picker finds a bound meter by number only with IncludeBound, naming its room', async () => {
    const lake = await communityId(t, '翠湖天地');
    const free = await t.api<Meter[]>('/Meter/Unbound', { CommunityId: lake, Keyword: 'db-0001' }, admin);
    expect(free.data).toEqual([]);
    const all = await t.api<(Meter & { RoomName: string })[]>(
      '/Meter/Unbound',
      { CommunityId: lake, Keyword: 'db-0001', IncludeBound: 1 },
      admin,
    );
    expect(all.data).toEqual([expect.objectContaining({ MeterNo: 'DB-0001', RoomName: '6栋-1单元-601' })]);
  });

  it('a number bound in another community names that community too', async () => {
    const lake = await communityId(t, '翠湖天地');
    const [m] = await t.db.select().from(meters).where(eq(meters.meterNo, 'SB000001'));
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, m!.roomId!));
    const dup = await t.api('/Meter/Save', { CommunityId: lake, MeterType: m!.meterType, MeterNo: 'SB000001' }, admin);
    expect(dup.msg).toBe(`表号 SB000001 已绑定 阳光花园 ${r!.fullName}`);
  });

  it('unbinding asks for a reading not below the last; the meter is then free to bind elsewhere', async () => {
    const [m] = await t.db.select().from(meters).where(eq(meters.meterNo, 'DB-0001'));
    const b = await roomId(t, '翠湖天地', '6栋-1单元-602');
    const low = await t.api<{ Errors: Record<string, string> }>(
      '/Meter/Unbind',
      { MeterId: m!.id, Reading: '99.99' },
      admin,
    );
    expect(low.data.Errors.Reading).toBe('读数不能小于上次读数');
    expect(await t.api('/Meter/Unbind', { MeterId: m!.id, Reading: '110.5' }, admin)).toMatchObject({
      ret: 0,
      msg: '解绑成功',
    });
    const free = await t.api<Meter[]>('/Meter/Unbound', { CommunityId: m!.communityId, MeterType: 2 }, admin);
    expect(free.data.map((x) => x.MeterNo)).toContain('DB-0001');
    const dup = await t.api('/Meter/Save', { CommunityId: m!.communityId, MeterType: 2, MeterNo: 'DB-0001' }, admin);
    expect(dup.msg).toBe('表号 DB-0001 已存在');
    expect(await t.api('/Meter/Bind', { MeterId: m!.id, RoomId: b, Reading: '110.50' }, admin)).toMatchObject({
      ret: 0,
    });
    const logs = await t.db
      .select()
      .from(meterBindLogs)
      .where(eq(meterBindLogs.meterId, m!.id))
      .orderBy(meterBindLogs.id);
    expect(logs.map((l) => `${l.action}:${l.reading}`)).toEqual(['1:100.00', '2:110.50', '1:110.50']);
  });

  it('refuses a meter of another community and a room out of scope', async () => {
    const sunnyMeter = (await t.db.select().from(meters).where(eq(meters.meterNo, 'SB000001')))[0]!;
    const lakeRoom = await roomId(t, '翠湖天地', '6栋-1单元-501');
    await t.api('/Meter/Unbind', { MeterId: sunnyMeter.id, Reading: '600' }, admin);
    expect((await t.api('/Meter/Bind', { MeterId: sunnyMeter.id, RoomId: lakeRoom, Reading: '600' }, admin)).msg).toBe(
      '仪表与房间不属于同一小区',
    );
    const xmjl = await t.login('xmjl1', 'Linli@123');
    expect(
      await t.api('/Meter/Bind', { MeterId: sunnyMeter.id, RoomId: lakeRoom, Reading: '600' }, xmjl),
    ).toMatchObject({
      ret: 404,
      msg: '数据不存在',
    });
  });

  it('acceptance 8: fcgl_fjgl with "add,edit" may read meters but gets 403 from /Meter/Bind', async () => {
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'fcgl_fjgl', Btn: 'add,edit' }]);
    const info = await t.api<{ Access: string[]; Buttons: { CtlName: string; Btn: string }[] }>(
      '/user/GetInfo',
      {},
      clerk,
    );
    expect(info.data.Buttons.find((b) => b.CtlName === 'fcgl_fjgl')!.Btn).not.toContain('linkmeter');
    expect(info.data.Access).not.toContain('fcgl_jfyy');
    const a = await roomId(t, '翠湖天地', '6栋-1单元-601');
    expect((await t.api('/Meter/ByRoom', { RoomId: a }, clerk)).ret).toBe(0);
    const [m] = await t.db.select().from(meters).where(eq(meters.meterNo, 'DB-0001'));
    expect((await t.api('/Meter/Bind', { MeterId: m!.id, RoomId: a, Reading: '200' }, clerk)).ret).toBe(403);
    expect((await t.api('/Meter/Unbind', { MeterId: m!.id, Reading: '200' }, clerk)).ret).toBe(403);
    expect((await t.api('/Handover/List', {}, clerk)).ret).toBe(403);
  });
});
