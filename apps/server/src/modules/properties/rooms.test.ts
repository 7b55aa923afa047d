import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { residentRooms, residents, rooms, roomStatusLogs } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { buildingId, communityId, roomId } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Room {
  Id: number;
  FullName: string;
  Status: number;
  StatusName: string;
  OwnerName: string;
  OwnerMobile: string;
  Layout: string;
  ResidentCount: number;
  MeterCount: number;
  BuildArea: string;
  FeeCoefficient: string;
}
const unitOf = async (community: string, building: string) => {
  const units = await t.api<{ Id: number }[]>(
    '/Building/UnitOptions',
    { BuildingId: await buildingId(t, community, building) },
    admin,
  );
  return units.data[0]!.Id;
};

describe('房间管理', () => {
  it('lists 阳光花园 rooms with owner, layout and meters; filters by status, owner and 有无业主', async () => {
    const sunny = await communityId(t, '阳光花园');
    const all = await t.api<Room[]>('/Room/List', { CommunityId: sunny, PgSize: 10 }, admin);
    expect(all.count).toBe(198);
    expect(all.data).toHaveLength(10);
    const first = all.data[0]!;
    expect(first.FullName).toBe('1栋-1单元-101');
    expect(first.Layout).toBe('2室2厅1卫');
    expect(first.OwnerMobile).toMatch(/^139\*{4}\d{4}$/);
    expect(first.MeterCount).toBeGreaterThanOrEqual(2);
    const rented = await t.api<Room[]>('/Room/List', { CommunityId: sunny, Status: 3, PgSize: 100 }, admin);
    expect(rented.count).toBeGreaterThan(20);
    expect(rented.data.every((r) => r.StatusName === '已出租')).toBe(true);
    const unsold = await t.api('/Room/List', { CommunityId: sunny, HasOwner: 0 }, admin);
    const unsoldByStatus = await t.api('/Room/List', { CommunityId: sunny, Status: 0 }, admin);
    expect(unsold.count).toBe(unsoldByStatus.count);
    const big = await t.api<Room[]>(
      '/Room/List',
      { CommunityId: sunny, SortField: 'BuildArea', SortOrder: 'descend' },
      admin,
    );
    expect(big.data[0]!.BuildArea).toBe('126.80');
    const forged = await t.api<Room[]>('/Room/List', { CommunityId: sunny, SortField: 'pwd_hash', PgSize: 1 }, admin);
    expect(forged.data[0]!.Id).toBe(first.Id);
    const byOwner = await t.api<Room[]>('/Room/List', { OwnerKey: first.OwnerName }, admin);
    expect(byOwner.data.map((r) => r.Id)).toContain(first.Id);
  });

  it('acceptance 4: 套内面积 above 建筑面积 and a taken 房号 are named on their fields', async () => {
    const unit = await unitOf('阳光花园', '1栋');
    const inner = await t.api<{ Errors: Record<string, string> }>(
      '/Room/Save',
      { UnitId: unit, Floor: 12, RoomNo: '1299', BuildArea: '90', InnerArea: '100' },
      admin,
    );
    expect(inner).toMatchObject({ ret: 400, msg: '套内面积不能大于建筑面积' });
    expect(inner.data.Errors.InnerArea).toBe('套内面积不能大于建筑面积');
    const dup = await t.api<{ Errors: Record<string, string> }>(
      '/Room/Save',
      { UnitId: unit, Floor: 12, RoomNo: '1201', BuildArea: '90' },
      admin,
    );
    expect(dup.data.Errors.RoomNo).toBe('该单元已存在房号 1201');
    const floor = await t.api<{ Errors: Record<string, string> }>(
      '/Room/Save',
      { UnitId: unit, Floor: 30, RoomNo: '3001', BuildArea: '90' },
      admin,
    );
    expect(floor.data.Errors.Floor).toBe('楼层超出该楼宇的层数范围');
    const coef = await t.api<{ Errors: Record<string, string> }>(
      '/Room/Save',
      { UnitId: unit, Floor: 3, RoomNo: '3009', BuildArea: '0', FeeCoefficient: '12' },
      admin,
    );
    expect(coef.data.Errors).toMatchObject({
      BuildArea: '建筑面积需为0.01-99999.99',
      FeeCoefficient: '收费系数需为0.01-9.99',
    });
  });

  it('creates a room exactly (numeric areas), logs a status change and links an owner (未售 → 空置)', async () => {
    const unit = await unitOf('阳光花园', '1栋');
    const r = await t.api<{ Id: number }>(
      '/Room/Save',
      {
        UnitId: unit,
        Floor: -1,
        RoomNo: 'B101',
        BuildArea: '0.01',
        InnerArea: '0.01',
        RoomType: 3,
        FeeCoefficient: '9.99',
      },
      admin,
    );
    expect(r).toMatchObject({ ret: 0 });
    const got = (await t.api<Room>('/Room/Get', { Id: r.data.Id }, admin)).data;
    expect(got).toMatchObject({
      FullName: '1栋-1单元-B101',
      BuildArea: '0.01',
      FeeCoefficient: '9.99',
      StatusName: '未售',
    });
    const [owner] = await t.db
      .insert(residents)
      .values({
        cmpId: (await t.db.select().from(rooms).where(eq(rooms.id, r.data.Id)))[0]!.cmpId,
        name: '钱多多',
        mobile: '13600009999',
      })
      .returning();
    const save = {
      Id: r.data.Id,
      UnitId: unit,
      Floor: -1,
      RoomNo: 'B101',
      BuildArea: '0.01',
      RoomType: 3,
      OwnerResidentId: owner!.id,
    };
    expect((await t.api('/Room/Save', save, admin)).ret).toBe(0);
    const after = (
      await t.api<Room & { Residents: { Name: string; IsPrimary: boolean }[] }>('/Room/Get', { Id: r.data.Id }, admin)
    ).data;
    expect(after).toMatchObject({ OwnerName: '钱多多', OwnerMobile: '136****9999', StatusName: '空置' });
    expect(after.Residents).toEqual([expect.objectContaining({ Name: '钱多多', IsPrimary: true })]);
    await t.api('/Room/Save', { ...save, Status: 4, Reason: '业主装修' }, admin);
    const log = await t.api<{ FromStatusName: string; ToStatusName: string; SourceName: string; Reason: string }[]>(
      '/Room/StatusLog',
      { Id: r.data.Id },
      admin,
    );
    expect(log.data.map((l) => `${l.FromStatusName}→${l.ToStatusName} ${l.SourceName} ${l.Reason}`)).toEqual([
      '空置→装修中 手动 业主装修',
      '未售→空置 住户 登记业主',
    ]);
  });

  it('批量改状态 changes many rooms in one statement and logs each change', async () => {
    const b = await buildingId(t, '阳光花园', '2栋');
    const list = await t.api<Room[]>('/Room/List', { BuildingId: b, Status: 0, PgSize: 100 }, admin);
    const ids = list.data.map((r) => r.Id);
    expect(ids.length).toBeGreaterThan(1);
    const none = await t.api('/Room/BatchStatus', { Ids: ids, Status: 1 }, admin);
    expect(none.msg).toBe('请输入变更原因');
    const r = await t.api<{ Changed: number }>('/Room/BatchStatus', { Ids: ids, Status: 1, Reason: '开盘' }, admin);
    expect(r.data.Changed).toBe(ids.length);
    const logs = await t.db
      .select()
      .from(roomStatusLogs)
      .where(and(eq(roomStatusLogs.source, 2), eq(roomStatusLogs.reason, '开盘')));
    expect(logs).toHaveLength(ids.length);
    const xmjl = await t.login('xmjl1', 'Linli@123');
    expect(await t.api('/Room/BatchStatus', { Ids: ids, Status: 0, Reason: '越权' }, xmjl)).toMatchObject({ ret: 404 });
  });

  it('delete names what blocks it and removes a free room', async () => {
    const lived = await roomId(t, '阳光花园', '1栋-1单元-101');
    expect((await t.api('/Room/Delete', { Id: lived }, admin)).msg).toBe('该房间已有住户，不能删除');
    await t.db.delete(residentRooms).where(eq(residentRooms.roomId, lived));
    expect((await t.api('/Room/Delete', { Id: lived }, admin)).msg).toBe('该房间已绑定仪表，不能删除');
    const handed = await roomId(t, '翠湖天地', '6栋-1单元-101');
    await t.db.delete(residentRooms).where(eq(residentRooms.roomId, handed));
    expect((await t.api('/Room/Delete', { Id: handed }, admin)).msg).toBe('该房间已有交房记录，不能删除');
    const unit = await unitOf('翠湖天地', '6栋');
    const fresh = await t.api<{ Id: number }>(
      '/Room/Save',
      { UnitId: unit, Floor: 6, RoomNo: '699', BuildArea: '50' },
      admin,
    );
    expect(await t.api('/Room/Delete', { Id: fresh.data.Id }, admin)).toMatchObject({ ret: 0, msg: '删除成功' });
  });

  it('acceptance 5: 状态=已出租 exports exactly the listed rooms, in the import columns', async () => {
    const list = await t.api('/Room/List', { Status: 3 }, admin);
    const f = await download(t, '/Room/Export', { Status: 3 }, admin);
    const rows = await sheetRows(f.body);
    expect(rows[0]!.slice(0, 7)).toEqual(['小区名称', '楼宇名称', '单元', '楼层', '房号', '房间类型', '建筑面积']);
    expect(rows.length - 1).toBe(list.count);
    expect(rows.slice(1).every((r) => r[10] === '已出租')).toBe(true);
  });

  it('xmjl1 sees only 翠湖天地 rooms; another company sees none of them', async () => {
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const mine = await t.api<Room[]>('/Room/List', { PgSize: 500 }, xmjl);
    expect(mine.count).toBe(20);
    const sunnyRoom = await roomId(t, '阳光花园', '1栋-1单元-102');
    expect(await t.api('/Room/Get', { Id: sunnyRoom }, xmjl)).toMatchObject({ ret: 404, msg: '数据不存在' });
    expect(await t.api('/Room/Delete', { Id: sunnyRoom }, xmjl)).toMatchObject({ ret: 404 });
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const other = await t.login('bieadmin', 'Other2026');
    expect((await t.api('/Room/List', {}, other)).count).toBe(0);
    expect(await t.api('/Room/Get', { Id: sunnyRoom }, other)).toMatchObject({ ret: 404 });
    expect(await t.api('/Room/StatusLog', { Id: sunnyRoom }, other)).toMatchObject({ ret: 404 });
    const unit = await unitOf('阳光花园', '1栋');
    const into = await t.api<{ Errors: Record<string, string> }>(
      '/Room/Save',
      { UnitId: unit, Floor: 1, RoomNo: '199', BuildArea: '9' },
      other,
    );
    expect(into.data.Errors.UnitId).toBe('单元不存在');
    expect((await t.api('/Room/Options', { UnitId: unit }, other)).data).toEqual([]);
  });

  it('the 房态图 of 1栋 draws every room with masked owners and the legend', async () => {
    const b = await buildingId(t, '阳光花园', '1栋');
    const board = (
      await t.api<{
        Floors: number[];
        Rooms: { OwnerMask: string; Status: number }[];
        Counts: { Total: number; OccupancyRate: string };
      }>('/Room/Board', { BuildingId: b }, admin)
    ).data;
    expect(board.Floors[0]).toBe(18);
    expect(board.Floors.at(-1)).toBe(-1);
    expect(board.Rooms.length).toBe(board.Counts.Total);
    const owned = board.Rooms.find((r) => r.Status === 2)!;
    expect(owned.OwnerMask).toMatch(/^\S\*+$/);
  });
});
