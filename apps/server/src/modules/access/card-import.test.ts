import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { shanghai } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

type Preview = { ImportId: number; Summary: Record<string, number>; Rows: { Messages: string[] }[] };

describe('卡片导入 (AccessCard/ImportPreview, ImportCommit, ImportErrors)', () => {
  it('previews per row without writing, commits the good rows with their grants, and hands back the bad ones', async () => {
    const [owner] = await sqlRows<{ mobile: string; room: string }>(
      t.db,
      sql`select e.mobile, r.full_name as room from residents e
        join resident_rooms rr on rr.resident_id = e.id and rr.move_out_date is null
        join rooms r on r.id = rr.room_id join communities c on c.id = rr.community_id
        where c.name = '阳光花园' and e.mobile <> '' and not e.is_deleted order by e.id limit 1`,
    );
    const today = shanghai(t.deps.now()).slice(0, 10);
    const head = [
      '小区名称',
      '卡号',
      '卡片类型',
      '住户手机',
      '持卡人姓名',
      '持卡人手机',
      '房屋',
      '授权通道',
      '生效日期',
      '到期日期',
    ];
    const file = await makeXlsx([
      head,
      ['阳光花园', 'imp001', '业主卡', owner!.mobile, '', '', owner!.room, '南门人行', today, '2099-01-01'],
      ['阳光花园', 'IMP002', '临时卡', '', '访客甲', '13900002222', '', '南门人行、1栋1单元门', today, '2099-01-01'],
      ['阳光花园', 'YG00010037', '业主卡', owner!.mobile, '', '', '', '南门人行', today, '2099-01-01'],
      ['阳光花园', 'IMP004', '临时卡', '', '访客乙', '13900003333', '', '北门', today, '2099-01-01'],
      ['阳光花园', 'IMP005', '会员卡', '', '访客丙', '13900004444', '', '南门人行', today, '2099-01-01'],
    ]);
    const p = await uploadXlsx<Preview>(t, '/AccessCard/ImportPreview', file, admin);
    expect(p.ret, p.msg).toBe(0);
    expect(p.data.Summary).toEqual({ Total: 5, Ok: 2, Error: 3 });
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      [],
      [],
      ['第4行：卡号已存在'],
      ['第5行：授权通道不存在'],
      ['第6行：卡片类型不正确'],
    ]);
    // The preview wrote nothing.
    expect((await t.api('/AccessCard/List', { CardNo: 'IMP' }, admin)).count).toBe(0);

    const c = await t.api('/AccessCard/ImportCommit', { ImportId: p.data.ImportId }, admin);
    expect(c).toMatchObject({ ret: 0, data: { Count: 2, Error: 3 } });
    const list = await t.api<{ CardNo: string; LaneNames: string[]; RoomText: string }[]>(
      '/AccessCard/List',
      { CardNo: 'IMP' },
      admin,
    );
    const lanesOf = (no: string) => [...list.data.find((r) => r.CardNo === no)!.LaneNames].sort();
    expect(list.count).toBe(2);
    // The owner's card also opens the unit door of the room (a unit door grants the cards of its rooms).
    expect(lanesOf('IMP001')).toContain('南门人行');
    expect(lanesOf('IMP002')).toEqual(['1栋1单元门', '南门人行'].sort());
    // Rooms are named as everywhere else, so an exported row imports again.
    expect(list.data.find((r) => r.CardNo === 'IMP001')!.RoomText).toBe(owner!.room);
    expect((await t.api('/AccessCard/ImportCommit', { ImportId: p.data.ImportId }, admin)).msg).toBe('该批次已导入');

    const errors = await download(t, '/AccessCard/ImportErrors', { ImportId: p.data.ImportId }, admin);
    const rows = await sheetRows(errors.body);
    expect(rows.length).toBe(4);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['YG00010037', 'IMP004', 'IMP005']);
  });

  it('answers a file without the required columns with a clear message and writes nothing', async () => {
    const file = await makeXlsx([['卡号'], ['X1']]);
    const p = await uploadXlsx<Preview>(t, '/AccessCard/ImportPreview', file, admin);
    expect(p.ret).not.toBe(0);
    expect(p.msg).toMatch(/小区名称|模板/);
    expect((await t.api('/AccessCard/List', { CardNo: 'X1' }, admin)).count).toBe(0);
  });
});
