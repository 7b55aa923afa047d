import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildingUnits, rooms } from '../../db/schema';
import { buildingId, communityId } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Building {
  Id: number;
  Name: string;
  UnitCount: number;
  RoomCount: number;
  OccupiedCount: number;
  BuildingTypeName: string;
  Units: { Id: number; UnitNo: number; Name: string; FloorsAbove: number }[];
}
interface Board {
  Units: { Id: number; Name: string }[];
  Floors: number[];
  Rooms: {
    Id: number;
    RoomNo: string;
    Floor: number;
    UnitId: number;
    Status: number;
    BuildArea: string;
    OwnerMask: string;
  }[];
  Counts: { Total: number; OccupancyRate: string; ByStatus: { Status: number; Count: number }[] };
}
const units = (n: number, floors?: number) =>
  Array.from({ length: n }, (_, i) => ({
    UnitNo: i + 1,
    Name: `${i + 1}单元`,
    ...(floors ? { FloorsAbove: floors } : {}),
  }));

describe('楼宇管理', () => {
  it('acceptance 1: 测试小区, 2 units × 6 floors, 2 rooms a floor → 24 rooms and a 6 × 2 grey board', async () => {
    const cm = await t.api<{ Id: number }>(
      '/Community/Save',
      { Id: 0, Name: '测试小区', Province: '浙江省', City: '杭州市', District: '滨江区', Address: '江南大道1号' },
      admin,
    );
    const b = await t.api<{ Id: number }>(
      '/Building/Save',
      { Id: 0, CommunityId: cm.data.Id, Name: '1栋', FloorsAbove: 6, Units: units(2) },
      admin,
    );
    expect(b).toMatchObject({ ret: 0, msg: '保存成功' });
    const got = await t.api<Building>('/Building/Get', { Id: b.data.Id }, admin);
    const body = {
      BuildingId: b.data.Id,
      UnitIds: got.data.Units.map((u) => u.Id),
      FloorFrom: 1,
      FloorTo: 6,
      PerFloor: 2,
      Positions: [
        { Seq: 1, BuildArea: '89.50', InnerArea: '72.30' },
        { Seq: 2, BuildArea: '126.80', InnerArea: '102.40' },
      ],
      RoomType: 1,
      Status: 0,
    };
    const preview = await t.api('/Building/GenerateRooms', { ...body, Preview: 1 }, admin);
    expect(preview.data).toMatchObject({ Create: 24, Skip: 0, Message: '将生成 24 间' });
    expect(await t.db.select().from(rooms).where(eq(rooms.buildingId, b.data.Id))).toHaveLength(0);
    const done = await t.api('/Building/GenerateRooms', body, admin);
    expect(done.data).toMatchObject({ Create: 24, Skip: 0 });
    const list = await t.api('/Room/List', { BuildingId: b.data.Id }, admin);
    expect(list.count).toBe(24);
    const board = (await t.api<Board>('/Room/Board', { BuildingId: b.data.Id }, admin)).data;
    expect(board.Floors).toEqual([6, 5, 4, 3, 2, 1]);
    expect(board.Units.map((u) => u.Name)).toEqual(['1单元', '2单元']);
    expect(board.Rooms).toHaveLength(24);
    expect(board.Rooms.every((r) => r.Status === 0)).toBe(true);
    const r601 = board.Rooms.find((r) => r.RoomNo === '601' && r.UnitId === got.data.Units[0]!.Id)!;
    expect(r601).toMatchObject({ Floor: 6, BuildArea: '89.50' });
    expect(board.Counts.Total).toBe(24);

    // Again with one more floor's worth: existing rooms are skipped, the preview says how many.
    const more = await t.api(
      '/Building/GenerateRooms',
      { ...body, PerFloor: 3, Positions: [...body.Positions, { Seq: 3, BuildArea: '60' }], Preview: 1 },
      admin,
    );
    expect(more.data).toMatchObject({ Create: 12, Skip: 24, Message: '将生成 12 间，已存在 24 间将跳过' });
  });

  it('refuses a missing position area, a duplicate name, removing a unit with rooms, deleting with rooms', async () => {
    const id = await buildingId(t, '阳光花园', '1栋');
    const got = (await t.api<Building>('/Building/Get', { Id: id }, admin)).data;
    expect(got).toMatchObject({ UnitCount: 2, RoomCount: 144, BuildingTypeName: '住宅楼' });
    const gen = await t.api(
      '/Building/GenerateRooms',
      {
        BuildingId: id,
        UnitIds: [got.Units[0]!.Id],
        FloorFrom: 1,
        FloorTo: 2,
        PerFloor: 2,
        Positions: [{ Seq: 1, BuildArea: '80' }],
        Preview: 1,
      },
      admin,
    );
    expect(gen.msg).toBe('请填写第02户的建筑面积');
    const cm = await communityId(t, '阳光花园');
    const dup = await t.api<{ Errors: Record<string, string> }>(
      '/Building/Save',
      { Id: 0, CommunityId: cm, Name: '2栋', FloorsAbove: 3, Units: units(1) },
      admin,
    );
    expect(dup.data.Errors.Name).toBe('该小区已存在同名楼宇');
    const drop = await t.api(
      '/Building/Save',
      { Id: id, CommunityId: cm, Name: '1栋', FloorsAbove: 18, FloorsBelow: 1, Units: [{ ...got.Units[0] }] },
      admin,
    );
    expect(drop.msg).toBe('2单元下存在房间，不能删除');
    expect(await t.api('/Building/Delete', { Id: id }, admin)).toMatchObject({
      ret: 400,
      msg: '该楼宇下存在房间，不能删除',
    });
    const bad = await t.api<{ Errors: Record<string, string> }>(
      '/Building/Save',
      { Id: 0, CommunityId: cm, Name: '9栋', FloorsAbove: 100, Units: [] },
      admin,
    );
    expect(bad.data.Errors).toMatchObject({ FloorsAbove: '地上层数需为1-99', Units: '至少需要1个单元' });
  });

  it('renaming a unit renames its rooms; an empty building deletes with its units', async () => {
    const cm = await communityId(t, '翠湖天地');
    const b = await t.api<{ Id: number }>(
      '/Building/Save',
      { Id: 0, CommunityId: cm, Name: '9栋', FloorsAbove: 3, Units: units(2) },
      admin,
    );
    const got = (await t.api<Building>('/Building/Get', { Id: b.data.Id }, admin)).data;
    await t.api('/Room/Save', { UnitId: got.Units[0]!.Id, Floor: 1, RoomNo: '101', BuildArea: '90' }, admin);
    const renamed = await t.api(
      '/Building/Save',
      { Id: b.data.Id, CommunityId: cm, Name: '9号楼', FloorsAbove: 3, Units: [{ ...got.Units[0], Name: '东单元' }] },
      admin,
    );
    expect(renamed.ret).toBe(0);
    const [room] = await t.db.select().from(rooms).where(eq(rooms.buildingId, b.data.Id));
    expect(room!.fullName).toBe('9号楼-东单元-101');
    expect(await t.db.select().from(buildingUnits).where(eq(buildingUnits.buildingId, b.data.Id))).toHaveLength(1);
    await t.api('/Room/Delete', { Id: room!.id }, admin);
    expect(await t.api('/Building/Delete', { Id: b.data.Id }, admin)).toMatchObject({ ret: 0 });
    expect(await t.db.select().from(buildingUnits).where(eq(buildingUnits.buildingId, b.data.Id))).toHaveLength(0);
  });

  it('pickers and lists keep to the caller’s communities', async () => {
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const sunny = await communityId(t, '阳光花园');
    expect((await t.api('/Building/Options', { CommunityId: sunny }, xmjl)).data).toEqual([]);
    expect((await t.api('/Building/Options', { CommunityId: sunny }, admin)).data).toHaveLength(3);
    const list = await t.api<Building[]>('/Building/List', {}, xmjl);
    expect(list.data.every((b) => ['5栋', '6栋', '9号楼'].includes(b.Name))).toBe(true);
    const one = await buildingId(t, '阳光花园', '1栋');
    expect(await t.api('/Building/Get', { Id: one }, xmjl)).toMatchObject({ ret: 404, msg: '数据不存在' });
    expect(await t.api('/Building/UnitOptions', { BuildingId: one }, xmjl)).toMatchObject({ ret: 404 });
    expect(await t.api('/Room/Board', { BuildingId: one }, xmjl)).toMatchObject({ ret: 404 });
    expect((await t.api<unknown[]>('/Building/UnitOptions', { BuildingId: one }, admin)).data).toHaveLength(2);
  });

  it('exports the filtered buildings', async () => {
    const f = await download(t, '/Building/Export', { CommunityId: await communityId(t, '阳光花园') }, admin);
    const rows = await sheetRows(f.body);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['1栋', '2栋', '3栋']);
    expect(rows[3]![3]).toBe('商业楼');
  });
});
