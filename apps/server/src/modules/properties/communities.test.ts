import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, communities } from '../../db/schema';
import { communityId } from './test-helpers';

let t: TestApp;
let admin: string;
let xmjl: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  xmjl = await t.login('xmjl1', 'Linli@123');
});
afterAll(() => t.close());

interface Community {
  Id: number;
  Name: string;
  Code: string;
  BuildingCount: number;
  RoomCount: number;
  OccupancyRate: string;
  StatusName: string;
}
const base = {
  Name: '测试小区',
  Province: '浙江省',
  City: '杭州市',
  District: '拱墅区',
  Address: '莫干山路1号',
  ServicePhone: '0571-88880000',
};

describe('地区 filter', () => {
  it('matches part of the district or city name', async () => {
    const names = async (District: string) =>
      (await t.api<Community[]>('/Community/List', { District }, admin)).data.map((c) => c.Name);
    expect(await names('余杭')).toEqual(['翠湖天地']);
    expect(await names('杭州')).toEqual(expect.arrayContaining(['阳光花园', '翠湖天地']));
    expect(await names('滨江')).toEqual([]);
    expect(await names('%')).toEqual([]);
  });
});

describe('小区管理', () => {
  it('lists the demo communities with their figures', async () => {
    const r = await t.api<Community[]>('/Community/List', {}, admin);
    expect(r.count).toBe(2);
    const sunny = r.data.find((c) => c.Name === '阳光花园')!;
    expect(sunny).toMatchObject({ Code: 'XQ0001', BuildingCount: 3, RoomCount: 198, StatusName: '启用' });
    // 178 sold (every status but 未售), of which 119 + 30 live there or rent: (已入住+已出租) ÷ sold.
    expect(Number(sunny.OccupancyRate)).toBeGreaterThan(80);
    expect((await t.api<Community[]>('/Community/List', { Keyword: '翠湖' }, admin)).data.map((c) => c.Name)).toEqual([
      '翠湖天地',
    ]);
    expect((await t.api('/Community/List', { District: '余杭区' }, admin)).count).toBe(1);
  });

  it('pages with the filtered total, also past the last page', async () => {
    const first = await t.api<Community[]>('/Community/List', { PgIndex: 1, PgSize: 1, SortField: 'Name' }, admin);
    const second = await t.api<Community[]>('/Community/List', { PgIndex: 2, PgSize: 1, SortField: 'Name' }, admin);
    expect([first.count, second.count]).toEqual([2, 2]);
    expect([...first.data, ...second.data].map((c) => c.Name).sort()).toEqual(['翠湖天地', '阳光花园']);
    expect(await t.api('/Community/List', { PgIndex: 9, PgSize: 1 }, admin)).toMatchObject({ data: [], count: 2 });
  });

  it('creates with a generated code, names a taken name and a bad phone on their fields', async () => {
    const r = await t.api<{ Id: number }>('/Community/Save', { Id: 0, ...base }, admin);
    expect(r).toMatchObject({ ret: 0, msg: '保存成功' });
    const got = await t.api<Community>('/Community/Get', { Id: r.data.Id }, admin);
    expect(got.data).toMatchObject({ Name: '测试小区', Code: 'XQ0003', BuildingCount: 0, OccupancyRate: '0.0' });
    const dup = await t.api<{ Errors: Record<string, string> }>('/Community/Save', { Id: 0, ...base }, admin);
    expect(dup).toMatchObject({ ret: 400, msg: '小区名称已存在', data: { Errors: { Name: '小区名称已存在' } } });
    const phone = await t.api<{ Errors: Record<string, string> }>(
      '/Community/Save',
      { Id: 0, ...base, Name: '另一个', ServicePhone: '12345' },
      admin,
    );
    expect(phone.data.Errors.ServicePhone).toBe('请输入正确的联系电话');
    const missing = await t.api<{ Errors: Record<string, string> }>(
      '/Community/Save',
      { Id: 0, Name: '缺地址' },
      admin,
    );
    expect(missing.data.Errors.Address).toBe('请输入详细地址');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'community.add'));
    expect(audit).toBeTruthy();
  });

  it('acceptance 2: deleting 阳光花园 is refused while it has buildings, and the row stays', async () => {
    const id = await communityId(t, '阳光花园');
    expect(await t.api('/Community/Delete', { Id: id }, admin)).toMatchObject({
      ret: 400,
      msg: '该小区下存在楼宇，不能删除',
    });
    expect(await t.db.select().from(communities).where(eq(communities.id, id))).toHaveLength(1);
  });

  it('deletes an empty community; 停用 hides it from the picker', async () => {
    const r = await t.api<{ Id: number }>('/Community/Save', { Id: 0, ...base, Name: '待删小区' }, admin);
    await t.api('/Community/Save', { Id: r.data.Id, ...base, Name: '待删小区', Status: 0 }, admin);
    const opts = await t.api<{ Name: string }[]>('/Community/Options', {}, admin);
    expect(opts.data.map((o) => o.Name)).not.toContain('待删小区');
    expect(await t.api('/Community/Delete', { Id: r.data.Id }, admin)).toMatchObject({ ret: 0, msg: '删除成功' });
    expect(await t.api('/Community/Get', { Id: r.data.Id }, admin)).toMatchObject({ ret: 404, msg: '数据不存在' });
  });

  it('xmjl1 serves only 翠湖天地: 阳光花园 is 数据不存在 to him', async () => {
    const list = await t.api<Community[]>('/Community/List', {}, xmjl);
    expect(list.data.map((c) => c.Name)).toEqual(['翠湖天地']);
    const sunny = await communityId(t, '阳光花园');
    expect(await t.api('/Community/Get', { Id: sunny }, xmjl)).toMatchObject({ ret: 404, msg: '数据不存在' });
    expect(await t.api('/Community/Delete', { Id: sunny }, xmjl)).toMatchObject({ ret: 404 });
    expect(await t.api('/Community/Save', { Id: sunny, ...base, Name: '改名' }, xmjl)).toMatchObject({ ret: 404 });
  });

  it('needs fcgl_xqgl: 收费员 gets 403', async () => {
    const cashier = await t.login('cashier', 'Cashier@123');
    expect((await t.api('/Community/List', {}, cashier)).ret).toBe(403);
    expect((await t.api('/Community/Save', { Id: 0, ...base, Name: 'x' }, cashier)).ret).toBe(403);
  });

  it('exports exactly the filtered list', async () => {
    const f = await download(t, '/Community/Export', { Keyword: '阳光' }, admin);
    expect(f.type).toContain('spreadsheetml');
    expect(f.disposition).toContain(encodeURIComponent('小区列表.xlsx'));
    const rows = await sheetRows(f.body);
    expect(rows[0]).toEqual([
      '名称',
      '编码',
      '地区',
      '地址',
      '建筑面积',
      '楼宇数',
      '房间数',
      '入住率',
      '服务电话',
      '状态',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['阳光花园']);
    expect(rows[1]![6]).toBe('198');
  });
});
