import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { todayIn } from '../../core/dates';
import { sqlRows } from '../../core/sql-rows';
import { parkingSpaces, residents, vehicleRenewals, vehicles } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { lotId, ownerWithRoom, spaceOf, vehicleByPlate } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
let ground: number;
let under: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
  ground = await lotId(t, '地上停车场');
  under = await lotId(t, '地下车库');
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const list = (f: Row, token = admin) => t.api<Row[]>('/Vehicle/List', f, token);
const today = () => todayIn(new Date(), 'Asia/Shanghai');
const dateSql = async (expr: string) =>
  (await sqlRows<{ d: string }>(t.db, sql.raw(`select (${expr})::date::text as d`)))[0]!.d;

describe('车辆管理 (cwcl_clgl) list', () => {
  it('shows the demo vehicles with names, chips, days left and the 月卡 filters', async () => {
    expect((await list({ CommunityId: sunny })).count).toBe(120);
    expect((await list({ VehicleType: 1 })).count).toBe(50);
    expect((await list({ VehicleType: 2 })).count).toBe(55);
    expect((await list({ ValidState: 2 })).count).toBe(8);
    expect((await list({ ValidState: 3 })).count).toBe(3);
    const green = (await list({ PgSize: 200 })).data.filter((v) => (v.Plate as string).length === 8);
    expect(green).toHaveLength(10);
    expect((await list({ Plate: String(green[0]!.Plate).toLowerCase() })).count).toBe(1);
    expect(green[0]).toMatchObject({ PlateColor: 3, PlateColorName: '绿' });
    const lapsed = (await list({ ValidState: 3 })).data[0]!;
    expect(lapsed).toMatchObject({
      VehicleTypeName: '月租',
      ValidStateName: '已过期',
      StatusName: '正常',
    });
    // Whether the demo left it 在场 depends on the hour the demo was made: the flag follows the open pass record.
    const open = await sqlRows(
      t.db,
      sql`select 1 from car_pass_records where plate = ${lapsed.Plate as string} and state = 1`,
    );
    expect(lapsed.InLot).toBe(open.length > 0);
    expect(lapsed.DaysLeft as number).toBeLessThan(0);
    expect(lapsed.OwnerMobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const inside = (await list({ ValidState: 2 })).data;
    expect(inside.every((v) => (v.DaysLeft as number) >= 0 && (v.DaysLeft as number) <= 30)).toBe(true);
    const owned = (await list({ VehicleType: 2, PgSize: 1 })).data[0]!;
    expect(owned.SpaceNo).not.toBe('');
    expect((await list({ Keyword: owned.OwnerName })).data.map((v) => v.Id)).toContain(owned.Id);
    expect((await list({ Keyword: '物业内部车' })).count).toBe(6);
  });
});

describe('车辆管理 saves', () => {
  it('checks the plate: 粤B1234 is refused, 粤BD12345 saves as 月租 with a 绿 chip', async () => {
    const o = await ownerWithRoom(t, sunny, 120);
    const base = {
      Id: 0,
      LotId: ground,
      VehicleType: 1,
      OwnerResidentId: o.residentId,
      ValidStart: '2026-01-01',
      ValidEnd: '2027-01-01',
    };
    expect(await t.api('/Vehicle/Save', { ...base, Plate: '粤B1234' }, admin)).toMatchObject({
      msg: '请输入正确的车牌号',
      data: { Errors: { Plate: '请输入正确的车牌号' } },
    });
    const r = await t.api<{ Id: number }>('/Vehicle/Save', { ...base, Plate: '粤bd·12345', RoomId: o.roomId }, admin);
    expect(r.ret).toBe(0);
    const v = (await t.api<Row>('/Vehicle/Get', { Id: r.data.Id }, admin)).data;
    expect(v).toMatchObject({ Plate: '粤BD12345', PlateColor: 3, PlateColorName: '绿', VehicleTypeName: '月租' });
    expect(v.OwnerMobile).toMatch(/^\d{11}$/);
    expect(await t.api('/Vehicle/Save', { ...base, Plate: '粤BD12345' }, admin)).toMatchObject({
      msg: '车牌 粤BD12345 已在该车场登记',
    });
    // The same plate may be registered in another lot.
    expect((await t.api('/Vehicle/Save', { ...base, LotId: under, Plate: '粤BD12345' }, admin)).ret).toBe(0);
  });

  it('refuses a 月租 without dates, an end before the start, and a 月租/产权 without an owner', async () => {
    const o = await ownerWithRoom(t, sunny, 121);
    const base = { Id: 0, LotId: ground, Plate: '粤B77777', VehicleType: 1, OwnerResidentId: o.residentId };
    expect((await t.api('/Vehicle/Save', base, admin)).msg).toBe('月租车必须填写有效期');
    expect(
      (await t.api('/Vehicle/Save', { ...base, ValidStart: '2026-05-01', ValidEnd: '2026-04-01' }, admin)).msg,
    ).toBe('结束日期不能早于开始日期');
    expect((await t.api('/Vehicle/Save', { ...base, OwnerResidentId: '', VehicleType: 2 }, admin)).msg).toBe(
      '月租车和产权车必须选择业主',
    );
    // 临时/内部 take a typed name and mobile instead, with the spec's mobile rule.
    const guest = { Id: 0, LotId: ground, Plate: '粤B66666', VehicleType: 3, OwnerName: '访客' };
    expect((await t.api('/Vehicle/Save', { ...guest, OwnerMobile: '12345' }, admin)).ret).not.toBe(0);
    expect((await t.api('/Vehicle/Save', { ...guest, OwnerMobile: '13912345678' }, admin)).ret).toBe(0);
  });

  it('产权 needs a sold space of that owner; a 普通 space takes 1 vehicle, a 子母 space 2', async () => {
    const a1 = await spaceOf(t, '地上停车场', 'A-001'); // 子母, sold, 1 car
    const a6 = await spaceOf(t, '地上停车场', 'A-006'); // 普通, sold, 1 car
    const [first] = await t.db.select().from(vehicles).where(eq(vehicles.spaceId, a6.id));
    const own = { Id: 0, LotId: ground, VehicleType: 2, OwnerResidentId: a6.ownerResidentId };
    expect(await t.api('/Vehicle/Save', { ...own, Plate: '粤B55551', SpaceId: a6.id }, admin)).toMatchObject({
      msg: `该车位已绑定车辆 ${first!.plate}`,
      data: { Errors: { SpaceId: expect.any(String) } },
    });
    expect((await t.api('/Vehicle/Save', { ...own, Plate: '粤B55552', SpaceId: a1.id }, admin)).msg).toBe(
      '产权车必须绑定该业主名下的已售车位',
    );
    expect((await t.api('/Vehicle/Save', { ...own, Plate: '粤B55553' }, admin)).msg).toBe(
      '产权车必须绑定该业主名下的已售车位',
    );
    const second = { ...own, OwnerResidentId: a1.ownerResidentId, SpaceId: a1.id };
    expect((await t.api('/Vehicle/Save', { ...second, Plate: '粤B55554' }, admin)).ret).toBe(0);
    expect((await t.api('/Vehicle/Save', { ...second, Plate: '粤B55555' }, admin)).msg).toMatch(/^该车位已绑定车辆 /);
    const b61 = await spaceOf(t, '地下车库', 'B1-011'); // 已租 with its 月租 car
    expect(
      (await t.api('/Vehicle/Save', { ...second, LotId: ground, SpaceId: b61.id, Plate: '粤B55556' }, admin)).msg,
    ).toBe('车位不属于该车场');
  });

  it('停用/拉黑 with a reason, and delete frees the space', async () => {
    const v = (await list({ VehicleType: 2, PgSize: 1, PgIndex: 20 })).data[0]!;
    expect(await t.api('/Vehicle/SetStatus', { Id: v.Id, Status: 3, Reason: '欠费逃逸' }, admin)).toMatchObject({
      ret: 0,
    });
    expect((await t.api<Row>('/Vehicle/Get', { Id: v.Id }, admin)).data).toMatchObject({
      StatusName: '黑名单',
      StatusReason: '欠费逃逸',
    });
    expect((await list({ Status: 3 })).count).toBe(1);
    expect(await t.api('/Vehicle/Delete', { Id: v.Id }, admin)).toMatchObject({ ret: 0, msg: '删除成功' });
    const [gone] = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, v.Id as number));
    expect(gone).toMatchObject({ isDeleted: true, spaceId: null });
    expect((await t.api('/Vehicle/Get', { Id: v.Id }, admin)).ret).toBe(404);
    const [space] = await t.db
      .select()
      .from(parkingSpaces)
      .where(eq(parkingSpaces.id, v.SpaceId as number));
    expect((await t.api('/ParkingSpace/Release', { Id: space!.id }, admin)).ret).toBe(0);
  });
});

describe('续期', () => {
  it('continues a valid card from its end (clamped to the month), starts a lapsed one today, writes renewal rows', async () => {
    const [valid, lapsed] = (await list({ VehicleType: 1, ValidState: 1, PgSize: 2 })).data;
    await t.db
      .update(vehicles)
      .set({ validEnd: '2099-01-31' })
      .where(eq(vehicles.id, valid!.Id as number));
    await t.db
      .update(vehicles)
      .set({ validStart: '2019-01-01', validEnd: '2020-01-01' })
      .where(eq(vehicles.id, lapsed!.Id as number));
    const r = await t.api('/Vehicle/Renew', { Ids: [valid!.Id, lapsed!.Id], Months: 1 }, admin);
    expect(r).toMatchObject({ ret: 0, msg: '续期成功', data: { Count: 2 } });
    const get = async (id: unknown) => (await t.api<Row>('/Vehicle/Get', { Id: id }, admin)).data;
    expect(await get(valid!.Id)).toMatchObject({ ValidEnd: '2099-02-28' });
    const d = today();
    expect(await get(lapsed!.Id)).toMatchObject({
      ValidStart: d,
      ValidEnd: await dateSql(`date '${d}' + interval '1 month' - interval '1 day'`),
    });
    const rows = await t.db
      .select()
      .from(vehicleRenewals)
      .where(eq(vehicleRenewals.vehicleId, valid!.Id as number));
    expect(rows).toMatchObject([{ oldEnd: '2099-01-31', newEnd: '2099-02-28', months: 1, paymentId: null }]);
  });

  it('takes an end date instead, refuses one not after the old end, and a PaymentId renews once', async () => {
    const v = (await list({ VehicleType: 1, ValidState: 2, PgSize: 1 })).data[0]!;
    expect((await t.api('/Vehicle/Renew', { Ids: [v.Id], NewEnd: v.ValidEnd }, admin)).msg).toMatch(
      /^到期日期须晚于原到期日期/,
    );
    expect((await t.api('/Vehicle/Renew', { Ids: [v.Id] }, admin)).msg).toBe('请选择续期月数或到期日期');
    expect((await t.api('/Vehicle/Renew', { Ids: [v.Id], Months: 2 }, admin)).msg).toBe('续期月数需为1、3、6或12');
    expect((await t.api('/Vehicle/Renew', { Ids: [v.Id], NewEnd: '2098-12-31' }, admin)).data).toEqual({ Count: 1 });
    const pay = { Ids: [v.Id], Months: 12, PaymentId: 9001 };
    expect((await t.api('/Vehicle/Renew', pay, admin)).data).toEqual({ Count: 1 });
    expect((await t.api('/Vehicle/Renew', pay, admin)).data).toEqual({ Count: 0 });
    expect((await t.api<Row>('/Vehicle/Get', { Id: v.Id }, admin)).data.ValidEnd).toBe('2099-12-31');
    const rows = await t.db
      .select()
      .from(vehicleRenewals)
      .where(eq(vehicleRenewals.vehicleId, v.Id as number));
    expect(rows.map((r) => r.months)).toEqual([0, 12]);
    const temp = (await list({ VehicleType: 3, PgSize: 1 })).data[0]!;
    expect((await t.api('/Vehicle/Renew', { Ids: [temp.Id], Months: 1 }, admin)).msg).toBe(
      `只有月租车可以续期：${temp.Plate}`,
    );
  });
});

describe('车辆 export, import, permissions and scope', () => {
  it('exports as many rows as the filtered list counts (类型=月租)', async () => {
    const file = await download(t, '/Vehicle/Export', { VehicleType: 1 }, admin);
    const rows = await sheetRows(file.body);
    expect(rows.length - 1).toBe((await list({ VehicleType: 1 })).count);
    expect(rows[0]!.slice(0, 3)).toEqual(['小区名称', '车场名称', '车牌号']);
  });

  it('imports with the Save rules per row', async () => {
    const o = await ownerWithRoom(t, sunny, 130);
    const [owner] = await t.db.select().from(residents).where(eq(residents.id, o.residentId));
    const file = await makeXlsx([
      [
        '小区名称',
        '车场名称',
        '车牌号',
        '车牌颜色',
        '车辆类型',
        '业主手机',
        '车主姓名',
        '车主手机',
        '房屋',
        '车位编号',
        '开始日期',
        '结束日期',
        '品牌',
        '颜色',
      ],
      [
        '阳光花园',
        '地上停车场',
        '粤B98765',
        '',
        '月租',
        owner!.mobile,
        '',
        '',
        '',
        '',
        '2026-01-01',
        '2026-12-31',
        '丰田',
        '白色',
      ],
      ['阳光花园', '地上停车场', '粤B9876', '', '临时', '', '张三', '', '', '', '', '', '', ''],
      ['阳光花园', '地上停车场', '粤B98765', '', '临时', '', '', '', '', '', '', '', '', ''],
      ['阳光花园', '地上停车场', '粤B98766', '', '月租', owner!.mobile, '', '', '', '', '', '', '', ''],
    ]);
    const p = await uploadXlsx<{ ImportId: number; Rows: { Messages: string[] }[] }>(
      t,
      '/Vehicle/ImportPreview',
      file,
      admin,
    );
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      [],
      ['第3行：请输入正确的车牌号'],
      ['第4行：车牌 粤B98765 已在该车场登记'],
      ['第5行：月租车必须填写有效期'],
    ]);
    expect(await t.api('/Vehicle/ImportCommit', { ImportId: p.data.ImportId }, admin)).toMatchObject({
      data: { Count: 1 },
    });
    expect(await vehicleByPlate(t, '粤B98765')).toMatchObject({
      vehicleType: 1,
      ownerResidentId: o.residentId,
      brand: '丰田',
    });
  });

  it('answers 403 without the buttons and hides other communities', async () => {
    const bare = await clerkWith(t, admin, [{ RoleKey: 'cwcl_clgl', Btn: '' }]);
    for (const [call, body] of [
      ['/Vehicle/Save', { Id: 0 }],
      ['/Vehicle/Save', { Id: 1 }],
      ['/Vehicle/Delete', { Id: 1 }],
      ['/Vehicle/SetStatus', { Id: 1, Status: 2 }],
      ['/Vehicle/Renew', { Ids: [1], Months: 1 }],
      ['/Vehicle/Export', {}],
      ['/Vehicle/ImportPreview', {}],
    ] as const)
      expect((await t.api(call, body, bare)).ret, call).toBe(403);
    const v = (await list({ PgSize: 1 })).data[0]!;
    // 列表 masks the mobile for a position without view/edit, and so does Get.
    expect((await t.api<Row>('/Vehicle/Get', { Id: v.Id }, bare)).data.OwnerMobile).toMatch(/\*{4}/);
    const other = await clerkWith(
      t,
      admin,
      [{ RoleKey: 'cwcl_clgl', Btn: 'add,edit,del,renew' }],
      [await communityId(t, '翠湖天地')],
    );
    expect((await list({}, other)).count).toBe(0);
    expect((await t.api('/Vehicle/Get', { Id: v.Id }, other)).ret).toBe(404);
    expect((await t.api('/Vehicle/SetStatus', { Id: v.Id, Status: 2 }, other)).ret).toBe(404);
    expect((await t.api('/Vehicle/Renew', { Ids: [v.Id], Months: 1 }, other)).ret).toBe(404);
    expect((await t.api('/Vehicle/Delete', { Id: v.Id }, other)).ret).toBe(404);
    const [kept] = await t.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, v.Id as number)));
    expect(kept).toMatchObject({ status: 1, isDeleted: false });
  });
});
