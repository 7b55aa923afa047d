import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { importBatches, residents, rooms } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { importExpiryJob } from './handover-jobs';
import { ROOM_IMPORT_HEADERS } from './room-import-check';
import { buildingId, clerkWith, communityId } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

interface Preview {
  ImportId: number;
  Summary: {
    Total: number;
    Ok: number;
    Error: number;
    NewBuildings: number;
    NewUnits: number;
    NewRooms: number;
    Existing: number;
  };
  Rows: { Row: number; Status: string; Messages: string[] }[];
}
const HEAD = ROOM_IMPORT_HEADERS.map((h) =>
  ['小区名称', '楼宇名称', '单元', '楼层', '房号', '房间类型', '建筑面积'].includes(h) ? `${h}*` : h,
);
const row = (o: Partial<Record<(typeof ROOM_IMPORT_HEADERS)[number], string | number>>) =>
  ROOM_IMPORT_HEADERS.map((h) => o[h] ?? '');

describe('房间导入', () => {
  it('acceptance 3: 10 rows, one area 0 and one duplicate → 8 正确 2 错误, 8 rooms, a 2-row error report', async () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      row({
        小区名称: '翠湖天地',
        楼宇名称: '8栋',
        单元: '1单元',
        楼层: 1 + Math.floor(i / 2),
        房号: String(101 + Math.floor(i / 2) * 100 + (i % 2)),
        房间类型: '住宅',
        建筑面积: 95.5,
        户型: '3室2厅2卫',
      }),
    );
    rows[3] = row({ ...Object.fromEntries(ROOM_IMPORT_HEADERS.map((h, k) => [h, rows[3]![k]!])), 建筑面积: 0 });
    rows[7] = rows[6]!; // the 8th data row (sheet row 9) repeats sheet row 8
    const file = await makeXlsx([HEAD, ...rows]);
    const p = await uploadXlsx<Preview>(t, '/Room/ImportPreview', file, admin);
    expect(p.ret).toBe(0);
    expect(p.data.Summary).toMatchObject({ Total: 10, Ok: 8, Error: 2, NewBuildings: 1, NewUnits: 1, NewRooms: 8 });
    const bad = p.data.Rows.filter((r) => r.Status === '错误');
    expect(bad.map((r) => r.Messages[0])).toEqual(['第5行：建筑面积必须大于0', '第9行：房号与第8行重复']);
    expect(await t.db.select().from(rooms).where(eq(rooms.fullName, '8栋-1单元-101'))).toHaveLength(0);

    const c = await t.api<{ Created: number; NewBuildings: number }>(
      '/Room/ImportCommit',
      { ImportId: p.data.ImportId },
      admin,
    );
    expect(c).toMatchObject({ ret: 0, msg: '导入成功', data: { Created: 8, NewBuildings: 1 } });
    const b = await buildingId(t, '翠湖天地', '8栋');
    expect((await t.api('/Room/List', { BuildingId: b }, admin)).count).toBe(8);
    const status = await t.api('/Room/ImportStatus', { ImportId: p.data.ImportId }, admin);
    expect(status.data).toMatchObject({ StatusName: '完成', Progress: 100 });
    expect((await t.api('/Room/ImportCommit', { ImportId: p.data.ImportId }, admin)).msg).toBe('该批次已导入');

    const report = await download(t, '/Room/ImportErrors', { ImportId: p.data.ImportId }, admin);
    const sheet = await sheetRows(report.body);
    expect(sheet).toHaveLength(3);
    expect(sheet[0]!.at(-1)).toBe('错误原因');
    expect(sheet.slice(1).map((r) => r.at(-1))).toEqual(['第5行：建筑面积必须大于0', '第9行：房号与第8行重复']);
  });

  it('names unknown communities, bad types and owners row by row; xmjl1 cannot import into 阳光花园', async () => {
    const file = await makeXlsx([
      HEAD,
      row({ 小区名称: '不存在小区', 楼宇名称: '1栋', 单元: '1', 楼层: 1, 房号: '101', 房间类型: '住宅', 建筑面积: 90 }),
      row({
        小区名称: '翠湖天地',
        楼宇名称: '1栋',
        单元: '1',
        楼层: 0,
        房号: '101',
        房间类型: '别墅',
        建筑面积: 90,
        套内面积: 100,
      }),
      row({
        小区名称: '翠湖天地',
        楼宇名称: '1栋',
        单元: '1',
        楼层: 2,
        房号: '201',
        房间类型: '住宅',
        建筑面积: 90,
        业主姓名: '张三',
        业主手机: '123',
      }),
    ]);
    const p = await uploadXlsx<Preview>(t, '/Room/ImportPreview', file, admin);
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      ['第2行：小区“不存在小区”不存在'],
      [
        '第3行：楼层需为-9至99且不为0的整数',
        '第3行：房间类型需为住宅、商铺、车库、办公或其他',
        '第3行：套内面积不能大于建筑面积',
      ],
      [expect.stringMatching(/^第4行：业主手机：/)],
    ]);
    const xmjl = await t.login('xmjl1', 'Linli@123');
    const sunny = await makeXlsx([
      HEAD,
      row({ 小区名称: '阳光花园', 楼宇名称: '1栋', 单元: '1', 楼层: 1, 房号: '109', 房间类型: '住宅', 建筑面积: 90 }),
    ]);
    const q = await uploadXlsx<Preview>(t, '/Room/ImportPreview', sunny, xmjl);
    expect(q.data.Rows[0]!.Messages).toEqual(['第2行：小区“阳光花园”不存在']);
    // Another company's batch id is 数据不存在; a clerk without `import` is refused.
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const other = await t.login('bieadmin', 'Other2026');
    expect(await t.api('/Room/ImportCommit', { ImportId: p.data.ImportId }, other)).toMatchObject({
      ret: 404,
      msg: '数据不存在',
    });
    expect(await t.api('/Room/ImportStatus', { ImportId: p.data.ImportId }, other)).toMatchObject({ ret: 404 });
    const noImport = await clerkWith(
      t,
      admin,
      [{ RoleKey: 'fcgl_fjgl', Btn: 'add,edit' }],
      [await communityId(t, '翠湖天地')],
    );
    expect((await t.api('/Room/ImportCommit', { ImportId: p.data.ImportId }, noImport)).ret).toBe(403);
  });

  it('refuses a file that is not xlsx and a sheet without the template columns', async () => {
    const notXlsx = await uploadXlsx(t, '/Room/ImportPreview', Buffer.from('a,b,c\n1,2,3'), admin);
    expect(notXlsx.msg).toBe('请上传xlsx格式的文件');
    const wrong = await uploadXlsx(t, '/Room/ImportPreview', await makeXlsx([['姓名'], ['x']]), admin);
    expect(wrong.msg).toMatch(/^模板不正确，缺少列：小区名称/);
    const cashier = await t.login('cashier', 'Cashier@123');
    expect((await uploadXlsx(t, '/Room/ImportPreview', await makeXlsx([HEAD]), cashier)).ret).toBe(403);
  });

  it('1,000 rooms round-trip: import → list and 房态图 → export → re-import as updates', async () => {
    const rows = [];
    for (let u = 1; u <= 2; u++)
      for (let f = 1; f <= 25; f++)
        for (let s = 1; s <= 20; s++)
          rows.push(
            row({
              小区名称: '阳光花园',
              楼宇名称: '9栋',
              单元: `${u}单元`,
              楼层: f,
              房号: String(f * 100 + s),
              房间类型: '住宅',
              建筑面积: s % 2 ? '89.50' : '126.80',
              套内面积: s % 2 ? '72.30' : '102.40',
              房间状态: s <= 10 ? '已入住' : '空置',
              业主姓名: `业主${u}${f}${s}`,
              业主手机: `135${String(u * 100000 + f * 100 + s).padStart(8, '0')}`,
            }),
          );
    const p = await uploadXlsx<Preview>(t, '/Room/ImportPreview', await makeXlsx([HEAD, ...rows]), admin);
    expect(p.data.Summary).toMatchObject({
      Total: 1000,
      Ok: 1000,
      Error: 0,
      NewBuildings: 1,
      NewUnits: 2,
      NewRooms: 1000,
    });
    const c = await t.api<{ Created: number }>('/Room/ImportCommit', { ImportId: p.data.ImportId }, admin);
    expect(c.data.Created).toBe(1000);
    const b = await buildingId(t, '阳光花园', '9栋');
    const board = await t.api<{ Floors: number[]; Rooms: { OwnerMask: string }[] }>(
      '/Room/Board',
      { BuildingId: b },
      admin,
    );
    expect(board.data.Floors).toHaveLength(25);
    expect(board.data.Rooms).toHaveLength(1000);
    expect(board.data.Rooms[0]!.OwnerMask).toMatch(/^业\*+$/);
    expect((await t.db.select().from(residents).where(eq(residents.source, 3))).length).toBe(1000);

    const exported = await download(t, '/Room/Export', { BuildingId: b }, admin);
    const sheet = await sheetRows(exported.body);
    expect(sheet).toHaveLength(1001);
    // The export is a valid import file: edited and sent back in 更新 mode, it updates instead of creating.
    const edited = sheet.map((r, i) => (i > 0 && i <= 10 ? r.map((v, k) => (k === 6 ? '130.00' : v)) : r));
    const again = await uploadXlsx<Preview>(t, '/Room/ImportPreview', await makeXlsx(edited), admin);
    expect(again.data.Summary).toMatchObject({ Ok: 1000, NewRooms: 0, Existing: 1000 });
    const upd = await t.api<{ Created: number; Updated: number }>(
      '/Room/ImportCommit',
      { ImportId: again.data.ImportId, Mode: 2 },
      admin,
    );
    expect(upd.data).toMatchObject({ Created: 0, Updated: 1000 });
    const changed = await t.api('/Room/List', { BuildingId: b, PgSize: 1 }, admin);
    expect(changed.count).toBe(1000);
    const [first] = await t.db.select().from(rooms).where(eq(rooms.fullName, '9栋-1单元-101'));
    expect(first!.buildArea).toBe('130.00');
  });

  it('an uncommitted preview expires after 30 minutes (hourly job) and can no longer be committed', async () => {
    const file = await makeXlsx([
      HEAD,
      row({ 小区名称: '翠湖天地', 楼宇名称: '7栋', 单元: '1', 楼层: 1, 房号: '101', 房间类型: '住宅', 建筑面积: 80 }),
    ]);
    const p = await uploadXlsx<Preview>(t, '/Building/ImportPreview', file, admin);
    t.advance(31 * 60_000);
    expect((await t.api('/Building/ImportCommit', { ImportId: p.data.ImportId }, admin)).msg).toBe(
      '导入已过期，请重新上传文件',
    );
    await importExpiryJob.run(t.deps, { runKey: 'x', now: t.deps.now() });
    const [batch] = await t.db.select().from(importBatches).where(eq(importBatches.id, p.data.ImportId));
    expect(batch!.status).toBe(5);
    expect(batch!.rows).toEqual([]);
  });
});
