import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { parkingLots, parkingSpaces, residents } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { lotId, ownerWithRoom, spaceOf } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
let ground: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
  ground = await lotId(t, '地上停车场');
});
afterAll(() => t.close());

const space = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  LotId: ground,
  SpaceNo: 'V-01',
  SpaceType: 1,
  Status: 1,
  ...over,
});

describe('车位管理 (cwcl_cwgl)', () => {
  it('lists with the filters: lot, number, type, status, owner or plate', async () => {
    const list = (f: Record<string, unknown>) => t.api<Record<string, unknown>[]>('/ParkingSpace/List', f, admin);
    expect((await list({ CommunityId: sunny })).count).toBe(150);
    expect((await list({ LotId: ground })).count).toBe(50);
    expect((await list({ Status: 3 })).count).toBe(40);
    expect((await list({ SpaceType: 2 })).count).toBe(5);
    const a1 = (await list({ SpaceNo: 'A-001' })).data[0]!;
    expect(a1).toMatchObject({ LotName: '地上停车场', SpaceTypeName: '子母', StatusName: '已售', Area: '25.00' });
    expect(a1.OwnerName).not.toBe('');
    expect(a1.RoomText).not.toBe('');
    const plates = a1.Plates as string[];
    expect(plates).toHaveLength(1);
    expect((await list({ Keyword: plates[0]!.slice(2) })).data.map((s) => s.SpaceNo)).toContain('A-001');
    expect((await list({ Keyword: a1.OwnerName })).data.map((s) => s.SpaceNo)).toContain('A-001');
  });

  it('saves a space with the owner rules and a unique number in the lot', async () => {
    expect((await t.api('/ParkingSpace/Save', space({ Status: 2 }), admin)).msg).toBe('已售/已租车位必须选择业主');
    const o = await ownerWithRoom(t, sunny, 3);
    const rent = space({ Status: 3, OwnerResidentId: o.residentId, RoomId: o.roomId });
    expect((await t.api('/ParkingSpace/Save', rent, admin)).msg).toBe('已租车位必须填写租期开始日期');
    expect(
      (await t.api('/ParkingSpace/Save', { ...rent, RentStart: '2026-05-01', RentEnd: '2026-04-01' }, admin)).msg,
    ).toBe('结束日期不能早于开始日期');
    const ok = await t.api<{ Id: number }>(
      '/ParkingSpace/Save',
      { ...rent, RentStart: '2026-01-01', RentEnd: '2026-12-31', Area: '13.5' },
      admin,
    );
    expect(ok).toMatchObject({ ret: 0 });
    const [row] = await t.db.select().from(parkingSpaces).where(eq(parkingSpaces.id, ok.data.Id));
    expect(row).toMatchObject({
      status: 3,
      ownerResidentId: o.residentId,
      roomId: o.roomId,
      area: '13.50',
      rentEnd: '2026-12-31',
    });
    expect((await t.api('/ParkingSpace/Save', space(), admin)).msg).toBe('车位编号已存在');
    const other = await ownerWithRoom(t, sunny, 40);
    expect(
      (
        await t.api(
          '/ParkingSpace/Save',
          space({ SpaceNo: 'V-02', Status: 2, OwnerResidentId: o.residentId, RoomId: other.roomId }),
          admin,
        )
      ).msg,
    ).toBe('请选择该业主名下的房屋');
  });

  it('批量新增 B1-style numbers up to the lot capacity, refusing beyond it', async () => {
    const under = await lotId(t, '地下车库');
    const add = (b: Record<string, unknown>) => t.api<{ Count: number }>('/ParkingSpace/BatchAdd', b, admin);
    expect(await add({ LotId: under, Prefix: 'C-', From: 1, To: 101, Width: 3 })).toMatchObject({
      msg: '车位数量已达车场车位总数 200',
    });
    expect((await add({ LotId: under, Prefix: 'B1-', From: 99, To: 101, Width: 3 })).msg).toBe(
      '车位编号已存在：B1-099、B1-100',
    );
    expect(await add({ LotId: under, Prefix: 'C-', From: 1, To: 100, Width: 3, SpaceType: 3 })).toMatchObject({
      ret: 0,
      data: { Count: 100 },
    });
    const c = await t.db
      .select()
      .from(parkingSpaces)
      .where(and(eq(parkingSpaces.lotId, under), eq(parkingSpaces.spaceNo, 'C-007')));
    expect(c[0]).toMatchObject({ spaceType: 3, status: 1, communityId: sunny });
    expect((await t.api('/ParkingSpace/Save', { ...space({ LotId: under, SpaceNo: 'C-999' }) }, admin)).msg).toBe(
      '车位数量已达车场车位总数 200',
    );
    expect((await add({ LotId: under, Prefix: 'C-', From: 5, To: 1, Width: 3 })).msg).toBe('结束编号不能小于起始编号');
  });

  it('释放 and delete are refused while vehicles are bound; 释放 frees an unbound space', async () => {
    const a1 = await spaceOf(t, '地上停车场', 'A-001');
    expect((await t.api('/ParkingSpace/Release', { Id: a1.id }, admin)).msg).toBe('该车位已绑定车辆，请先解绑');
    expect((await t.api('/ParkingSpace/Delete', { Id: a1.id }, admin)).msg).toBe('该车位已绑定车辆，请先解绑');
    const b = await spaceOf(t, '地下车库', 'B1-055'); // 自用, no car
    expect(await t.api('/ParkingSpace/Release', { Id: b.id }, admin)).toMatchObject({ ret: 0, msg: '已释放' });
    const [freed] = await t.db.select().from(parkingSpaces).where(eq(parkingSpaces.id, b.id));
    expect(freed).toMatchObject({ status: 1, ownerResidentId: null, roomId: null });
    expect(await t.api('/ParkingSpace/Delete', { Id: b.id }, admin)).toMatchObject({ ret: 0 });
  });

  it('imports a file: each row checked by the same rules, the good rows written at commit', async () => {
    const [owner] = await t.db
      .select({ mobile: residents.mobile })
      .from(residents)
      .where(eq(residents.id, (await ownerWithRoom(t, sunny, 5)).residentId));
    const head = [
      '小区名称',
      '车场名称',
      '车位编号',
      '车位类型',
      '面积',
      '状态',
      '业主手机',
      '房屋',
      '租期开始',
      '租期结束',
    ];
    const file = await makeXlsx([
      head,
      ['阳光花园', '地上停车场', 'I-01', '充电', '12', '空闲', '', '', '', ''],
      ['阳光花园', '地上停车场', 'I-02', '', '', '已售', owner!.mobile, '', '', ''],
      ['阳光花园', '地上停车场', 'I-01', '', '', '', '', '', '', ''],
      ['阳光花园', '没有的车场', 'I-03', '', '', '', '', '', '', ''],
      ['阳光花园', '地上停车场', 'I-04', '', '', '已售', '', '', '', ''],
    ]);
    const p = await uploadXlsx<{ ImportId: number; Summary: Record<string, number>; Rows: { Messages: string[] }[] }>(
      t,
      '/ParkingSpace/ImportPreview',
      file,
      admin,
    );
    expect(p.data.Summary).toEqual({ Total: 5, Ok: 2, Error: 3 });
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      [],
      [],
      ['第4行：车位编号已存在'],
      ['第5行：车场不存在'],
      ['第6行：已售/已租车位必须选择业主'],
    ]);
    // The preview wrote nothing.
    expect((await t.api('/ParkingSpace/List', { SpaceNo: 'I-0' }, admin)).count).toBe(0);
    const c = await t.api('/ParkingSpace/ImportCommit', { ImportId: p.data.ImportId }, admin);
    expect(c).toMatchObject({ ret: 0, data: { Count: 2, Error: 3 } });
    expect((await t.api('/ParkingSpace/List', { SpaceNo: 'I-0' }, admin)).count).toBe(2);
    expect((await t.api('/ParkingSpace/ImportCommit', { ImportId: p.data.ImportId }, admin)).msg).toBe('该批次已导入');
    const errors = await download(t, '/ParkingSpace/ImportErrors', { ImportId: p.data.ImportId }, admin);
    expect((await sheetRows(errors.body)).length).toBe(4);
  });

  it('Options lists a lot’s spaces with the plates on each', async () => {
    const o = await t.api<{ SpaceNo: string; Plates: string[] }[]>('/ParkingSpace/Options', { LotId: ground }, admin);
    expect(o.data.find((s) => s.SpaceNo === 'A-006')!.Plates).toHaveLength(1);
    expect(o.data.find((s) => s.SpaceNo === 'A-001')!.Plates).toHaveLength(1);
  });

  it('exports the filtered rows', async () => {
    const data = await download(t, '/ParkingSpace/Export', { LotId: ground }, admin);
    const rows = await sheetRows(data.body);
    expect(rows[0]).toContain('绑定车辆');
    expect(rows.length - 1).toBe((await t.api('/ParkingSpace/List', { LotId: ground }, admin)).count);
  });

  it('a position without add sees 403 on Save Id 0 and BatchAdd; one limited to another community sees nothing', async () => {
    const noAdd = await clerkWith(t, admin, [{ RoleKey: 'cwcl_cwgl', Btn: 'edit,del' }]);
    expect((await t.api('/ParkingSpace/Save', space({ SpaceNo: 'N-1' }), noAdd)).ret).toBe(403);
    expect((await t.api('/ParkingSpace/BatchAdd', { LotId: ground, From: 1, To: 2 }, noAdd)).ret).toBe(403);
    expect((await t.api('/ParkingSpace/ImportPreview', {}, noAdd)).ret).toBe(403);
    const other = await clerkWith(
      t,
      admin,
      [{ RoleKey: 'cwcl_cwgl', Btn: 'add,edit,del' }],
      [await communityId(t, '翠湖天地')],
    );
    expect((await t.api('/ParkingSpace/List', {}, other)).count).toBe(0);
    const a2 = await spaceOf(t, '地上停车场', 'A-002');
    expect((await t.api('/ParkingSpace/Get', { Id: a2.id }, other)).ret).toBe(404);
    expect((await t.api('/ParkingSpace/Release', { Id: a2.id }, other)).ret).toBe(404);
    expect((await t.api('/ParkingSpace/Save', space({ SpaceNo: 'N-2' }), other)).msg).toBe('车场不存在');
    const [lot] = await t.db.select().from(parkingLots).where(eq(parkingLots.id, ground));
    expect(lot!.spaceCount).toBe(80);
  });
});
