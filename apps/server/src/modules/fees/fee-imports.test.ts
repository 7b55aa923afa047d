import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { clerkWith, communityId } from '../properties/test-helpers';
import { count } from './desk-test-helpers';
import { makeItem, makeStandard } from './test-helpers';

/** 抄表 导入 and 导入绑定: per-row preview, only good rows written at commit, the error report re-imports. */
let t: TestApp;
let admin: string;
let sunny: number;

interface Preview {
  ImportId: number;
  Summary: { Total: number; Ok: number; Error: number };
  Rows: { Row: number; Status: string; Messages: string[] }[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
});
afterAll(() => t.close());

const READING_HEAD = [
  '小区名称',
  '表类型',
  '表号',
  '账期',
  '本期读数',
  '抄表日期',
  '换表',
  '旧表止码',
  '新表起码',
  '翻表',
  '备注',
];

describe('抄表 导入', () => {
  it('previews every row with its message, writes only the good rows, and reports the bad ones', async () => {
    const meters = await sqlRows<{ id: number; meter_no: string; last: string }>(
      t.db,
      sql`select m.id, m.meter_no, m.last_reading::text as last from meters m where m.community_id = ${sunny}
          and m.meter_type = 1 and not exists (select 1 from fee_meter_readings r where r.meter_id = m.id and r.period = '2099-01')
          order by m.id limit 4`,
    );
    const [a, b, c, d] = meters;
    const up = (m: typeof a, n: number) => (Number(m!.last) + n).toFixed(2);
    const file = await makeXlsx([
      READING_HEAD,
      ['阳光花园', '水表', a!.meter_no, '2099-01', up(a, 8), '2099-01-28', '', '', '', '', ''],
      ['阳光花园', '水表', 'SB-0102', '2099-01', '10', '', '', '', '', '', ''],
      ['阳光花园', '水表', b!.meter_no, '2099-01', up(b, -1), '', '', '', '', '', ''],
      ['阳光花园', '水表', c!.meter_no, '2099-01', '3', '', '是', up(c, 2), '0', '', '换表'],
      ['阳光花园', '水表', a!.meter_no, '2099-01', up(a, 9), '', '', '', '', '', ''],
      ['阳光花园', '燃气', d!.meter_no, '2099-01', '1', '', '', '', '', '', ''],
      ['阳光花园', '水表', d!.meter_no, '2099-13', '1', '', '', '', '', '', ''],
    ]);
    const readings = await count(t, 'fee_meter_readings');
    const p = await uploadXlsx<Preview>(t, '/MeterReading/ImportPreview', file, admin);
    expect(p.ret, p.msg).toBe(0);
    expect(p.data.Summary).toEqual({ Total: 7, Ok: 2, Error: 5 });
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      [],
      ['第3行：表号SB-0102不存在'],
      [`第4行：表号${b!.meter_no}：本期读数不能小于上期读数`],
      [],
      [`第6行：表号${a!.meter_no}与第2行重复`],
      [`第7行：表号${d!.meter_no}不存在`],
      ['第8行：账期格式不正确'],
    ]);
    // A preview writes nothing.
    expect(await count(t, 'fee_meter_readings')).toBe(readings);

    const done = await t.api<{ Count: number; Error: number }>(
      '/MeterReading/ImportCommit',
      { ImportId: p.data.ImportId },
      admin,
    );
    expect(done).toMatchObject({ ret: 0, data: { Count: 2, Error: 5 } });
    expect(await count(t, 'fee_meter_readings')).toBe(readings + 2);
    const saved = await sqlRows<{
      meter_id: number;
      usage: string;
      source: number;
      state: number;
      is_replace: boolean;
    }>(
      t.db,
      sql`select meter_id, usage::text, source, state, is_replace from fee_meter_readings where period = '2099-01'
          and meter_id = any(${`{${a!.id},${c!.id}}`}::int[]) order by meter_id`,
    );
    expect(saved).toEqual([
      { meter_id: a!.id, usage: '8.00', source: 2, state: 1, is_replace: false },
      { meter_id: c!.id, usage: '5.00', source: 2, state: 1, is_replace: true },
    ]);
    // A second commit of the same batch is refused.
    expect((await t.api('/MeterReading/ImportCommit', { ImportId: p.data.ImportId }, admin)).ret).not.toBe(0);

    const report = await download(t, '/MeterReading/ImportErrors', { ImportId: p.data.ImportId }, admin);
    const rows = await sheetRows(report.body);
    expect(rows[0]).toEqual(['行号', ...READING_HEAD, '错误原因']);
    expect(rows.length).toBe(6);
    expect(rows[1]![rows[1]!.length - 1]).toBe('第3行：表号SB-0102不存在');
  });

  it('the template names the columns; rights and scope hold', async () => {
    const tpl = await sheetRows((await download(t, '/MeterReading/ImportTemplate', {}, admin)).body);
    expect(tpl[0]).toEqual(
      READING_HEAD.map((h) => (['小区名称', '表类型', '表号', '账期', '本期读数'].includes(h) ? `${h}*` : h)),
    );
    const noImport = await clerkWith(t, admin, [{ RoleKey: 'sfgl_cb', Btn: 'add' }]);
    expect((await t.api('/MeterReading/ImportPreview', {}, noImport)).ret).toBe(403);
    const lake = await clerkWith(t, admin, [{ RoleKey: 'sfgl_cb', Btn: 'import' }], [await communityId(t, '翠湖天地')]);
    const [m] = await sqlRows<{ meter_no: string }>(
      t.db,
      sql`select meter_no from meters where community_id = ${sunny} and meter_type = 1 order by id desc limit 1`,
    );
    const file = await makeXlsx([
      READING_HEAD,
      ['阳光花园', '水表', m!.meter_no, '2099-02', '9999', '', '', '', '', '', ''],
    ]);
    const p = await uploadXlsx<Preview>(t, '/MeterReading/ImportPreview', file, lake);
    expect(p.data.Rows[0]!.Messages).toEqual([`第2行：表号${m!.meter_no}不存在`]);
  });
});

describe('导入绑定', () => {
  it('binds the good rows through FeeBinding/Bind and lists the conflicts per row', async () => {
    const item = await makeItem(t, admin, '导入测试费');
    const std = await makeStandard(t, admin, { ItemId: item, CommunityId: sunny, StandardName: '导入测试标准' });
    const other = await makeStandard(t, admin, { ItemId: item, CommunityId: sunny, StandardName: '导入测试标准二' });
    const bound = await t.api(
      '/FeeBinding/Bind',
      {
        StandardId: other,
        PayerIds: [
          (await sqlRows<{ id: number }>(t.db, sql`select id from rooms where full_name = '1栋-1单元-102'`))[0]!.id,
        ],
        StartDate: '2026-01-01',
      },
      admin,
    );
    expect(bound.ret).toBe(0);
    const head = ['小区名称', '收费标准', '房号', '开始日期'];
    const file = await makeXlsx([
      head,
      ['阳光花园', '导入测试标准', '1栋-1单元-101', '2026-06-01'],
      ['阳光花园', '导入测试标准', '1栋-1单元-102', '2026-06-01'],
      ['阳光花园', '没有的标准', '1栋-1单元-103', '2026-06-01'],
      ['阳光花园', '导入测试标准', '1栋-2单元-1209', '2026-06-01'],
      ['阳光花园', '导入测试标准', '1栋-1单元-101', '2026-06-01'],
      ['阳光花园', '导入测试标准', '1栋-1单元-104', '2026/6/1'],
    ]);
    const bindings = await count(t, 'fee_bindings');
    const p = await uploadXlsx<Preview>(t, '/FeeBinding/ImportPreview', file, admin);
    expect(p.ret, p.msg).toBe(0);
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      [],
      ['第3行：1栋-1单元-102已绑定同项目标准“导入测试标准二”'],
      ['第4行：收费标准“没有的标准”不存在'],
      ['第5行：房间 1栋-2单元-1209 不存在'],
      ['第6行：与第2行重复'],
      ['第7行：开始日期格式不正确'],
    ]);
    expect(await count(t, 'fee_bindings')).toBe(bindings);
    const done = await t.api<{ Count: number }>('/FeeBinding/ImportCommit', { ImportId: p.data.ImportId }, admin);
    expect(done).toMatchObject({ ret: 0, data: { Count: 1 } });
    const list = await t.api<{ PayerName: string; StartDate: string }[]>(
      '/FeeBinding/List',
      { StandardId: std },
      admin,
    );
    expect(list.data).toEqual([expect.objectContaining({ PayerName: '1栋-1单元-101', StartDate: '2026-06-01' })]);
    // The same file again: the bound room is reported, nothing more is written.
    const again = await uploadXlsx<Preview>(t, '/FeeBinding/ImportPreview', file, admin);
    expect(again.data.Rows[0]!.Messages).toEqual(['第2行：1栋-1单元-101已绑定该收费标准']);
    const noImport = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfxm', Btn: 'bind' }]);
    expect((await t.api('/FeeBinding/ImportPreview', {}, noImport)).ret).toBe(403);
  });
});

describe('导入绑定 of 车位 and 车辆', () => {
  it('binds spaces by 车场-编号 and vehicles by plate, and names the bad rows', async () => {
    const lake = await sqlRows<{ id: number; name: string }>(
      t.db,
      sql`select id, name from communities where id <> ${sunny} order by id limit 1`,
    );
    const lakeName = lake[0]!.name;
    const spaceItem = await makeItem(t, admin, '车位导入测试费', { Category: 5, PayerType: 2 });
    const carItem = await makeItem(t, admin, '车辆导入测试费', { Category: 5, PayerType: 3 });
    const spaceStd = await makeStandard(t, admin, {
      ItemId: spaceItem,
      CommunityId: sunny,
      StandardName: '车位导入标准',
      PriceMethod: 3,
      FixedMoney: '100',
    });
    const carStd = await makeStandard(t, admin, {
      ItemId: carItem,
      CommunityId: sunny,
      StandardName: '车辆导入标准',
      PriceMethod: 3,
      FixedMoney: '300',
    });
    await makeStandard(t, admin, {
      ItemId: carItem,
      CommunityId: lake[0]!.id,
      StandardName: '车辆导入标准湖',
      PriceMethod: 3,
      FixedMoney: '300',
    });
    const [space] = await sqlRows<{ id: number; name: string }>(
      t.db,
      sql`select sp.id, l.name || '-' || sp.space_no as name from parking_spaces sp join parking_lots l on l.id = sp.lot_id
          where sp.community_id = ${sunny} order by sp.id limit 1`,
    );
    const [car] = await sqlRows<{ id: number; plate: string }>(
      t.db,
      sql`select v.id, v.plate from vehicles v where v.community_id = ${sunny} and not v.is_deleted
          and (select count(*) from vehicles w where w.plate = v.plate and not w.is_deleted) = 1 order by v.id limit 1`,
    );
    const head = ['小区名称', '收费标准', '缴费对象类型', '缴费对象', '开始日期'];
    const file = await makeXlsx([
      head,
      ['阳光花园', '车位导入标准', '车位', space!.name, '2026-06-01'],
      ['阳光花园', '车辆导入标准', '车辆', car!.plate, '2026-06-01'],
      ['阳光花园', '车位导入标准', '车位', '没有的车场-X999', '2026-06-01'],
      ['阳光花园', '车辆导入标准', '车辆', 'ZZ99999', '2026-06-01'],
      [lakeName, '车辆导入标准湖', '车辆', car!.plate, '2026-06-01'],
      ['阳光花园', '车位导入标准', '车库', space!.name, '2026-06-01'],
      ['阳光花园', '车位导入标准', '房屋', '1栋-1单元-101', '2026-06-01'],
    ]);
    const bindings = await count(t, 'fee_bindings');
    const p = await uploadXlsx<Preview>(t, '/FeeBinding/ImportPreview', file, admin);
    expect(p.ret, p.msg).toBe(0);
    expect(p.data.Rows.map((r) => r.Messages)).toEqual([
      [],
      [],
      ['第4行：车位 没有的车场-X999 不存在'],
      ['第5行：车牌 ZZ99999 不存在'],
      [`第6行：车牌 ${car!.plate} 不属于${lakeName}`],
      ['第7行：缴费对象类型应为房屋、车位或车辆'],
      ['第8行：该收费项目的缴费对象为车位'],
    ]);
    expect(await count(t, 'fee_bindings')).toBe(bindings);
    const done = await t.api<{ Count: number }>('/FeeBinding/ImportCommit', { ImportId: p.data.ImportId }, admin);
    expect(done).toMatchObject({ ret: 0, data: { Count: 2 } });
    const rows = await sqlRows<{ standard_id: number; payer_type: number; payer_id: number }>(
      t.db,
      sql`select standard_id, payer_type, payer_id from fee_bindings where standard_id in (${spaceStd}, ${carStd})
          and state = 1 order by standard_id`,
    );
    expect(rows).toEqual([
      { standard_id: spaceStd, payer_type: 2, payer_id: space!.id },
      { standard_id: carStd, payer_type: 3, payer_id: car!.id },
    ]);
  });
});
