import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { parkingLots } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { lotId } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

const lot = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  CommunityId: sunny,
  Name: '访客停车场',
  LotType: 1,
  SpaceCount: 20,
  FreeMinutes: 15,
  FirstMinutes: 60,
  FirstMoney: '5',
  UnitMinutes: 60,
  UnitMoney: '2',
  DailyCapMoney: '30',
  ...over,
});

describe('车场管理 (cwcl_ccgl)', () => {
  it('lists the demo lots with their figures and the tariff as text', async () => {
    const r = await t.api<Record<string, unknown>[]>('/ParkingLot/List', { CommunityId: sunny }, admin);
    expect(r.count).toBe(2);
    const ground = r.data.find((l) => l.Name === '地上停车场')!;
    expect(ground).toMatchObject({
      LotTypeName: '地上',
      SpaceCount: 80,
      EnteredCount: 50,
      SoldCount: 50,
      StatusName: '启用',
      FirstMoney: '5.00',
      ExpiredAsTemp: true,
      TariffText: '免费15分钟，首1小时5.00元，之后2.00元/小时，每日封顶30.00元',
    });
    const under = r.data.find((l) => l.Name === '地下车库')!;
    expect(under).toMatchObject({ SpaceCount: 200, EnteredCount: 100, SoldCount: 10, RentedCount: 40, FreeCount: 45 });
  });

  it('saves a lot, refuses a second of the same name in the community and keeps SpaceCount above the spaces entered', async () => {
    const r = await t.api<{ Id: number }>('/ParkingLot/Save', lot(), admin);
    expect(r).toMatchObject({ ret: 0, msg: '保存成功' });
    const [row] = await t.db.select().from(parkingLots).where(eq(parkingLots.id, r.data.Id));
    expect(row).toMatchObject({ firstMoney: '5.00', dailyCapMoney: '30.00', expiredAsTemp: true, tempEnabled: true });
    const dup = await t.api('/ParkingLot/Save', lot(), admin);
    expect(dup).toMatchObject({
      ret: 400,
      msg: '该小区已存在同名车场',
      data: { Errors: { Name: '该小区已存在同名车场' } },
    });
    const under = await lotId(t, '地下车库');
    const shrink = await t.api(
      '/ParkingLot/Save',
      lot({ Id: under, Name: '地下车库', LotType: 2, SpaceCount: 99 }),
      admin,
    );
    expect(shrink).toMatchObject({
      msg: '车位总数不能小于已录入车位数 100',
      data: { Errors: { SpaceCount: expect.any(String) } },
    });
    const [kept] = await t.db.select().from(parkingLots).where(eq(parkingLots.id, under));
    expect(kept!.spaceCount).toBe(200);
  });

  it('checks the form: cap below the first segment, ranges, required fields', async () => {
    expect(await t.api('/ParkingLot/Save', lot({ Name: 'X1', DailyCapMoney: '4.99' }), admin)).toMatchObject({
      msg: '每日封顶金额不能小于首段金额',
      data: { Errors: { DailyCapMoney: '每日封顶金额不能小于首段金额' } },
    });
    // 0 means no cap.
    expect((await t.api('/ParkingLot/Save', lot({ Name: 'X2', DailyCapMoney: '0' }), admin)).ret).toBe(0);
    expect((await t.api('/ParkingLot/Save', lot({ Name: 'X3', SpaceCount: 0 }), admin)).msg).toBe('车位总数需为1-9999');
    expect((await t.api('/ParkingLot/Save', lot({ Name: 'X4', FreeMinutes: 1441 }), admin)).msg).toBe(
      '免费时长需为0-1440分钟',
    );
    expect((await t.api('/ParkingLot/Save', lot({ Name: '' }), admin)).msg).toBe('请输入车场名称');
    expect((await t.api('/ParkingLot/Save', lot({ Name: 'X5', FirstMoney: '1.234' }), admin)).msg).toBe(
      '首段金额最多两位小数',
    );
  });

  it('试算 prices with the lot tariff, and with the form fields sent before saving', async () => {
    const ground = await lotId(t, '地上停车场');
    const q = (b: Record<string, unknown>) => t.api<Record<string, unknown>>('/ParkingLot/Quote', b, admin);
    expect((await q({ LotId: ground, InTime: '2026-11-10 08:00:00', OutTime: '2026-11-10 10:30:00' })).data).toEqual({
      FeeMoney: '9.00',
      DurationMinutes: 150,
      DurationText: '2小时30分',
    });
    expect((await q({ LotId: ground, InTime: '2026-11-10 08:00', OutTime: '2026-11-11 10:00' })).data).toMatchObject({
      FeeMoney: '37.00',
    });
    expect((await q({ LotId: ground, InTime: '2026-11-10 08:00', OutTime: '2026-11-10 08:10' })).data).toMatchObject({
      FeeMoney: '0.00',
    });
    const unsaved = await q({
      InTime: '2026-11-10 08:00',
      OutTime: '2026-11-10 10:30',
      FreeMinutes: 0,
      FirstMinutes: 30,
      FirstMoney: '3',
      UnitMinutes: 30,
      UnitMoney: '1.5',
      DailyCapMoney: '0',
    });
    expect(unsaved.data).toMatchObject({ FeeMoney: '9.00' });
    expect(await q({ LotId: ground, InTime: '2026-11-10 10:00', OutTime: '2026-11-10 09:00' })).toMatchObject({
      msg: '出场时间不能早于入场时间',
    });
    expect((await q({ LotId: ground, InTime: '昨天', OutTime: '2026-11-10 09:00' })).msg).toBe('入场时间格式不正确');
  });

  it('试算 honours 临停收费 off: the lot’s own switch, or the form’s before saving', async () => {
    const q = (b: Record<string, unknown>) => t.api<Record<string, unknown>>('/ParkingLot/Quote', b, admin);
    const saved = await t.api<{ Id: number }>('/ParkingLot/Save', lot({ Name: '免费车场', TempEnabled: 0 }), admin);
    expect(saved.ret, saved.msg).toBe(0);
    const span = { InTime: '2026-11-10 08:00', OutTime: '2026-11-10 10:30' };
    expect((await q({ LotId: saved.data.Id, ...span })).data).toMatchObject({ FeeMoney: '0.00', DurationMinutes: 150 });
    // The form switched it back on before saving: priced by the tariff.
    expect((await q({ LotId: saved.data.Id, ...span, TempEnabled: 1 })).data).toMatchObject({ FeeMoney: '9.00' });
    const ground = await lotId(t, '地上停车场');
    expect((await q({ LotId: ground, ...span, TempEnabled: 0 })).data).toMatchObject({ FeeMoney: '0.00' });
    await t.api('/ParkingLot/Delete', { Id: saved.data.Id }, admin);
  });

  it('refuses to delete a lot with spaces or lanes, and deletes an empty one', async () => {
    expect(await t.api('/ParkingLot/Delete', { Id: await lotId(t, '地下车库') }, admin)).toMatchObject({
      ret: 400,
      msg: '该车场下存在车位，不能删除',
    });
    const r = await t.api<{ Id: number }>('/ParkingLot/Save', lot({ Name: '临时车场' }), admin);
    await t.db.execute(`update lanes set lot_id = ${r.data.Id} where name = '东门入口'` as never);
    expect((await t.api('/ParkingLot/Delete', { Id: r.data.Id }, admin)).msg).toBe('该车场下存在车道，不能删除');
    await t.db.execute(`update lanes set lot_id = null where name = '东门入口'` as never);
    expect(await t.api('/ParkingLot/Delete', { Id: r.data.Id }, admin)).toMatchObject({ ret: 0, msg: '删除成功' });
  });

  it('Options lists the lots of the caller scope; export has the list rows', async () => {
    const o = await t.api<{ Name: string }[]>('/ParkingLot/Options', { CommunityId: sunny }, admin);
    expect(o.data.map((l) => l.Name)).toEqual(expect.arrayContaining(['地上停车场', '地下车库']));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ParkingLot/Export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('answers 403 without the buttons and nothing to a position limited to another community', async () => {
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'cwcl_ccgl', Btn: '' }]);
    expect((await t.api('/ParkingLot/Save', lot({ Name: '无权' }), viewer)).ret).toBe(403);
    expect((await t.api('/ParkingLot/Delete', { Id: 1 }, viewer)).ret).toBe(403);
    expect((await t.api('/ParkingLot/Export', {}, viewer)).ret).toBe(403);
    expect((await t.api('/ParkingLot/List', {}, viewer)).ret).toBe(0);
    const other = await communityId(t, '翠湖天地');
    const narrow = await clerkWith(t, admin, [{ RoleKey: 'cwcl_ccgl', Btn: 'add,edit,del' }], [other]);
    expect((await t.api('/ParkingLot/List', {}, narrow)).count).toBe(0);
    const ground = await lotId(t, '地上停车场');
    expect(await t.api('/ParkingLot/Get', { Id: ground }, narrow)).toMatchObject({ ret: 404 });
    expect((await t.api('/ParkingLot/Save', lot({ Name: '越权' }), narrow)).ret).toBe(404);
    expect(
      (await t.api('/ParkingLot/Quote', { LotId: ground, InTime: '2026-11-10', OutTime: '2026-11-11' }, narrow)).ret,
    ).toBe(404);
  });
});
