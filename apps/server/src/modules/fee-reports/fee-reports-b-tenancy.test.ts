import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { clerkWith } from '../properties/test-helpers';

/** Tenancy and permissions of the part-B report calls (fee-reports.md "API shapes · Calls"). */
let t: TestApp;
let admin: string;
let other: string;
let sunny: number;
const CALLS = [
  'CostDetails',
  'CostCollect',
  'ItemCollect',
  'PaymentMethodCollect',
  'RateCollect',
  'AnnulCommunity',
  'AnnulItem',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  await createCompany(t.db, { name: '别家物业', account: 'otheradmin', password: 'Other@12345' });
  other = await t.login('otheradmin', 'Other@12345');
  const [c] = await sqlRows<{ id: number }>(t.db, sql`select id from communities where name = '阳光花园'`);
  sunny = c!.id;
});
afterAll(() => t.close());

describe('part-B reports: tenancy and permissions', () => {
  it("another company's administrator sees nothing of ours and cannot name our community", async () => {
    for (const name of CALLS) {
      const sum = await t.api<Record<string, unknown>>(`/FeeReport/${name}Sum`, { Year: 2026 }, other);
      expect(sum.ret).toBe(0);
      for (const [k, v] of Object.entries(sum.data)) if (k.endsWith('Money')) expect([k, v]).toEqual([k, '0.00']);
      const named = await t.api(`/FeeReport/${name}List`, { Year: 2026, CommunityIds: [sunny] }, other);
      expect([name, named.ret, named.msg]).toEqual([name, 404, '数据不存在']);
    }
    const house = await t.api('/FeeReport/AnnulHouseList', { Year: 2026, CommunityId: sunny }, other);
    expect(house.msg).toBe('数据不存在');
    const rec = await t.api('/FeeReport/Reconcile', { CommunityIds: [sunny] }, other);
    expect(rec.msg).toBe('数据不存在');
  });

  it('without sfgl_sfbb every call answers 403; without export the Export answers 403', async () => {
    const none = await clerkWith(t, admin, [{ RoleKey: 'sfgl_jft', Btn: 'pay' }]);
    for (const name of CALLS) expect((await t.api(`/FeeReport/${name}List`, {}, none)).ret).toBe(403);
    expect((await t.api('/FeeReport/Reconcile', {}, none)).ret).toBe(403);
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfbb', Btn: 'print' }]);
    expect((await t.api('/FeeReport/CostDetailsList', {}, viewer)).ret).toBe(0);
    expect((await t.api('/FeeReport/CostDetailsExport', {}, viewer)).ret).toBe(403);
  });

  it('bad input answers the domain message and nothing else', async () => {
    const r = await t.api('/FeeReport/CostDetailsList', { DateFrom: '2025-01-01', DateTo: '2026-03-01' }, admin);
    expect(r.msg).toBe('查询时间跨度不能超过一年');
    const b = await t.api('/FeeReport/AnnulHouseList', { Year: 2026, CommunityId: sunny, Basis: 2, Measure: 1 }, admin);
    expect(b.msg).toBe('按收款日期只能统计实收');
    expect((await t.api('/FeeReport/AnnulHouseList', { Year: 2026 }, admin)).msg).toBe('请选择小区');
  });
});
